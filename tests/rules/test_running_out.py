"""How much of the shoe one round can take (trainer.rules.running_out): the bound the shoe's
reshuffle rule uses, pinned by the hands that reach it."""

from __future__ import annotations

from dataclasses import replace

from trainer.rules import Action, Outcome
from trainer.rules.running_out import can_finish_round, round_points

from .conftest import EVOLUTION, assert_all_dealt, deal, outcomes, play

NO_AUTO_STAND = replace(EVOLUTION, auto_stand_21=False)


def test_a_player_hand_can_end_on_a_hard_31() -> None:
    """A hard 21 that may still hit (no auto-stand), hit with a ten, ends on 31: the most a
    player hand can take, and what the bound counts per hand."""
    rnd = deal(NO_AUTO_STAND, "10h 10s 5d 6c 6h 10c")
    play(rnd, Action.HIT)                       # 10 5 6 = hard 21, and still a decision
    assert rnd.hand.hard_total == 21
    play(rnd, Action.HIT)                       # a ten on 21
    assert rnd.seats[0].hands[0].hard_total == 31   # PLAYER_END
    assert outcomes(rnd) == [Outcome.BUST]
    assert_all_dealt(rnd)


def test_a_round_takes_at_most_31_a_hand_and_26_for_the_dealer() -> None:
    """Every hand of every seat split to the most hands, each on 31, and the dealer on 26."""
    assert round_points(EVOLUTION, 1) == 2 * 31 + 26 == 88
    assert round_points(replace(EVOLUTION, max_hands=4), 3) == 3 * 4 * 31 + 26 == 398


def test_cards_worth_more_than_the_bound_finish_a_round_and_no_fewer_are_sure_to() -> None:
    """At the evolution table (two hands a seat) one seat's round is sure to finish only with
    cards worth more than 88 points: 88 are not enough for the rule, 89 are."""
    eighty_eight = (0, 0, 0, 0, 0, 0, 0, 1, 0, 8)   # an 8 and eight tens
    eighty_nine = (0, 0, 0, 0, 0, 0, 0, 0, 1, 8)    # a 9 and eight tens
    assert not can_finish_round(EVOLUTION, 1, eighty_eight)
    assert can_finish_round(EVOLUTION, 1, eighty_nine)
