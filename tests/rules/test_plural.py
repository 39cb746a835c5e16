"""A count said with its noun in agreement, for every page and command (one place)."""

from __future__ import annotations

from trainer.rules.plural import counted


def test_one_is_singular_and_every_other_number_plural() -> None:
    assert counted(1, "decision") == "1 decision"
    assert counted(0, "decision") == "0 decisions"
    assert counted(1200, "card") == "1,200 cards"
    assert counted(2, "deviation missed") == "2 deviations missed"
    assert counted(3, "index play", "index plays") == "3 index plays"


def test_a_share_of_a_deck_is_plural_and_a_whole_one_said_without_a_point() -> None:
    assert counted(1.0, "deck") == "1 deck"
    assert counted(0.5, "deck") == "0.5 decks"
    assert counted(1.5, "deck") == "1.5 decks"
    assert counted(4.0, "deck") == "4 decks"
