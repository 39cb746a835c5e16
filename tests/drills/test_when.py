"""When a card is due, in words: today, tomorrow, else the date in full with its year."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from trainer.drills.when import due_text

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


def test_today_and_tomorrow_by_name_other_days_by_their_date() -> None:
    assert due_text(NOW + timedelta(hours=2, minutes=57), NOW, UTC) == "today 20:57"
    assert due_text(NOW + timedelta(hours=15, minutes=10), NOW, UTC) == "tomorrow 09:10"
    assert due_text(datetime(2028, 1, 5, 20, 14, tzinfo=UTC), NOW, UTC) == (
        "Wed 5 Jan 2028 20:14")
    assert due_text(NOW + timedelta(days=2), NOW, UTC) == "Tue 1 Dec 2026 18:00"
    assert due_text(NOW - timedelta(days=3), NOW, UTC) == "Thu 26 Nov 2026 18:00"


def test_the_day_is_the_players_local_day() -> None:
    """At 18:00 UTC it is already the 30th in Tokyo: a card due at 20:00 UTC is due today
    there, and one due at 16:00 UTC the next day is tomorrow."""
    tokyo = timezone(timedelta(hours=9))
    assert due_text(NOW + timedelta(hours=2), NOW, tokyo) == "today 05:00"
    assert due_text(NOW + timedelta(hours=22), NOW, tokyo) == "tomorrow 01:00"
    assert due_text(NOW - timedelta(hours=18, minutes=1), NOW, tokyo) == "Sun 29 Nov 2026 08:59"
