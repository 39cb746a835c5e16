"""When a card falls due, as a player reads it: one wording for the terminal and the app.

"today 20:57" and "tomorrow 09:10" for the next two days, else the date in full, "Wed 5 Jan
2028 20:14": a due time far off (after answers given under a wrong clock, say) must never
read as a time this week.
"""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo


def due_text(when: datetime, now: datetime, zone: tzinfo | None = None) -> str:
    """``when`` in local time (``zone``, default this machine's), named against ``now``'s
    day: 'today 20:57', 'tomorrow 09:10', else 'Wed 5 Jan 2028 20:14'."""
    local, today = when.astimezone(zone), now.astimezone(zone).date()
    if local.date() == today:
        return f"today {local:%H:%M}"
    if local.date() == today + timedelta(days=1):
        return f"tomorrow {local:%H:%M}"
    return f"{local:%a} {local.day} {local:%b %Y %H:%M}"
