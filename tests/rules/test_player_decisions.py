"""The player's decisions on a hand: hit, stand, and the hands that get no decision."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.rules import Action, Bets, Outcome, Phase, Seat

from .conftest import (
    EVOLUTION,
    POT_OF_GOLD,
    assert_all_dealt,
    deal,
    deal_seats,
    hand_cards,
    hand_nets,
    outcomes,
    play,
)

BOTH = pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)


@BOTH
def test_hit_more_than_once(rules) -> None:
    """docs/rules/evolution.md#decisions: a hand may hit as often as it likes, then stand."""
    rnd = deal(rules, "2h 9s 3d 8c 2c 2d 4s")
    play(rnd, Action.HIT, Action.HIT, Action.HIT)
    assert hand_cards(rnd) == ["2♥ 3♦ 2♣ 2♦ 4♠"]
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}
    play(rnd, Action.STAND)  # 13 against 17
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


@BOTH
def test_soft_21_gets_no_decision(rules) -> None:
    """docs/rules/evolution.md#decisions: a soft 21 gets no decision; it stands."""
    rnd = deal(rules, "Ah 9s 5d 8c 5c")
    play(rnd, Action.HIT)  # A + 5 + 5 = soft 21
    assert rnd.phase is Phase.SETTLED
    assert outcomes(rnd) == [Outcome.WIN]
    assert_all_dealt(rnd)


@BOTH
def test_hard_21_gets_no_decision(rules) -> None:
    """docs/rules/rulings.md#every-21-stands: a hard 21 gets no decision either."""
    rnd = deal_seats(rules, "10h 10c 9s 5d 8h 8c 6c",
                     [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(10)))])
    play(rnd, Action.HIT)  # 10 + 5 + 6 = 21: play moves to seat 1 at once
    assert rnd.current == (1, 0)
    play(rnd, Action.STAND)
    assert hand_nets(rnd, 0) == [10]
    assert_all_dealt(rnd)


@BOTH
def test_21_after_paid_split_gets_no_decision(rules) -> None:
    """docs/rules/rulings.md#every-21-stands: no 21 gets a decision, after a split too (ten + ace
    after a split: 21, not a blackjack)."""
    rnd = deal(rules, "Kh 9s Qd 8c Ac 9d")
    play(rnd, Action.SPLIT)  # K + A = 21: straight on to the second hand
    assert rnd.current == (0, 1)
    assert hand_cards(rnd) == ["K♥ A♣", "Q♦ 9♦"]
    play(rnd, Action.STAND)
    assert outcomes(rnd) == [Outcome.WIN, Outcome.WIN]
    assert hand_nets(rnd) == [10, 10]
    assert_all_dealt(rnd)


@BOTH
def test_stand_ends_the_hand(rules) -> None:
    """docs/rules/evolution.md#decisions: a hand that stands gets no more cards."""
    rnd = deal(rules, "10h 9s 2d 8c")
    play(rnd, Action.STAND)  # 12 against 17
    assert hand_cards(rnd) == ["10♥ 2♦"]
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


@BOTH
def test_initial_hand_offers_hit_stand_and_double(rules) -> None:
    """docs/rules/evolution.md#decisions: the first decision comes with the first two cards (hit,
    stand or double)."""
    rnd = deal(rules, "10h 9s 5d 8c")
    assert rnd.legal_actions() == {Action.HIT, Action.STAND, Action.DOUBLE}


def test_seats_play_in_turn() -> None:
    """docs/rules/evolution.md#decisions: the seats act in turn."""
    rnd = deal_seats(EVOLUTION, "10h 10c 9s 5d 8h 8c 2c",
                     [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(10)))])
    assert rnd.current == (0, 0)
    play(rnd, Action.HIT)
    assert rnd.current == (0, 0)
    play(rnd, Action.STAND)  # seat 0 on 17
    assert rnd.current == (1, 0)
    play(rnd, Action.STAND)  # seat 1 on 18
    assert hand_nets(rnd, 0) == [0]
    assert hand_nets(rnd, 1) == [10]
    assert_all_dealt(rnd)
