"""When a card falls due, as a player reads it: one wording for the terminal and the app.

"today 20:57" and "tomorrow 09:10" for the next two days, else the date in full, "Wed 5 Jan
2028 20:14": a due time far off (after answers given under a wrong clock, say) must never
read as a time this week.
"""

from __future__ import annotations

from datetime import datetime, timedelta, tzinfo

from trainer.scheduler.today import Counts


def due_text(when: datetime, now: datetime, zone: tzinfo | None = None) -> str:
    """``when`` in local time (``zone``, default this machine's), named against ``now``'s
    day: 'today 20:57', 'tomorrow 09:10', else 'Wed 5 Jan 2028 20:14'."""
    local, today = when.astimezone(zone), now.astimezone(zone).date()
    if local.date() == today:
        return f"today {local:%H:%M}"
    if local.date() == today + timedelta(days=1):
        return f"tomorrow {local:%H:%M}"
    return f"{local:%a} {local.day} {local:%b %Y %H:%M}"


def done_words(counts: Counts | None, next_due: datetime | None, now: datetime) -> str:
    """'Done for today; the next card is due tomorrow 09:10', or, while learning cards come
    back later today, 'Done for now; 3 learning cards come back today from 20:24' (one
    wording for the terminal and the window)."""
    when = due_text(next_due, now) if next_due is not None else ""
    if counts is not None and not counts.finished and when:
        later = counts.today - counts.now
        cards = f"{later} card comes" if later == 1 else f"{later} cards come"
        day, _, clock = when.rpartition(" ")
        return f"Done for now; {cards} back {day} from {clock}"
    return "Done for today" + (f"; the next card is due {when}" if when else "")
