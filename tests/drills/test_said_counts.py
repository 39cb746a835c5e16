"""A count of one is said in the singular wherever the count and the counting drills say one:
before, "Hi-Lo true count, 1 decks left" (the review's plays) and "true count with 1 decks
left" (what is due)."""

from __future__ import annotations

from trainer.drills.counting.due import DueToday
from trainer.drills.counting.keys import TRUE, CountingKey


def test_one_deck_left_is_one_deck() -> None:
    assert CountingKey("evolution", TRUE, "hilo", "d1").describe() == \
        "Hi-Lo true count, 1 deck left"
    assert CountingKey("evolution", TRUE, "hilo", "d1.5").describe() == \
        "Hi-Lo true count, 1.5 decks left"
    assert DueToday((), (1.0,), None).text().startswith("Due today: true count with 1 deck left")
    assert "with 1, 2 decks left" in DueToday((), (1.0, 2.0), None).text()
