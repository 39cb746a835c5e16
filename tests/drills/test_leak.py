"""A situation's leak in words: the fix and what the player did, and whether a single answer
is worth listing (only a blunder is)."""

from __future__ import annotations

import pytest

from trainer.drills.leak import Recent, situation_leak
from trainer.teaching.records import BLUNDER_FROM


def test_a_leak_says_the_fix_and_what_the_player_did() -> None:
    leak = situation_leak("k", [Recent("stand", "hit", 0.05), Recent("hit", "hit", 0.0),
                                Recent("stand", "hit", 0.04), Recent("double", "hit", 0.3)],
                          0.01)
    assert leak.fix() == "Hit — you stood 2 of 4"
    assert leak.per_100 == pytest.approx(100 * 0.01 * 0.39 / 4)
    assert leak.blunder and leak.worth_listing
    split = situation_leak("k", [Recent("split", "free_split", 0.0)], 0.01)
    assert split.fix() == "Free Split — you split 1 of 1"
    right = situation_leak("k", [Recent("hit", "hit", 0.0)], 0.01)
    assert right.fix() == "Hit"


def test_single_answers_are_listed_only_when_they_were_blunders() -> None:
    slip = situation_leak("k", [Recent("stand", "hit", BLUNDER_FROM - 0.001)], 0.5)
    blunder = situation_leak("k", [Recent("stand", "hit", BLUNDER_FROM)], 0.001)
    twice = situation_leak("k", [Recent("stand", "hit", 0.01), Recent("hit", "hit", 0.0)], 0.1)
    assert (slip.worth_listing, blunder.worth_listing, twice.worth_listing) == (
        False, True, True)


def test_a_time_out_is_said_as_such_not_as_the_table_s_play() -> None:
    """Before: two time-outs at a hand the table hits read "you hit 2 of 3"."""
    leak = situation_leak("k", [Recent("hit", "stand", 0.2, timed_out=True),
                                Recent("stand", "stand", 0.0),
                                Recent("hit", "stand", 0.2, timed_out=True)], 0.01)
    assert leak.fix() == "Stand — you timed out 2 of 3"
    assert leak.played == {"timeout": 2, "stand": 1}


def test_the_card_browser_says_a_time_out() -> None:
    from trainer.drills.browse import Try
    assert [Try("t", False, "timeout").words(), Try("t", True, "free_double").words()] == [
        "time out", "right (free double)"]
