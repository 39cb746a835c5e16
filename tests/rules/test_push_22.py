"""Results against the dealer: win, push, bust, and the dealer's 22 that pushes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.rules import Action, Bets, Outcome, Seat

from .conftest import (
    EVOLUTION,
    POT_OF_GOLD,
    assert_all_dealt,
    deal,
    deal_seats,
    hand_nets,
    outcomes,
    play,
)

BOTH = pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)


@BOTH
def test_dealer_22_pushes_hand_in_play(rules) -> None:
    """docs/rules/evolution.md#dealer-22 and docs/rules/pot-of-gold.md#dealer-22: a dealer total
    of 22 pushes every hand still in play."""
    rnd = deal(rules, "10h 10s 8d 6c 6h", balance=100)
    play(rnd, Action.STAND)  # 18 against 16 + 6 = 22
    assert outcomes(rnd) == [Outcome.PUSH_22]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


@BOTH
def test_dealer_22_player_blackjack_wins_other_seat_pushes(rules) -> None:
    """docs/rules/evolution.md#dealer-22: against a dealer 22 a player blackjack wins, another
    seat's hand pushes."""
    rnd = deal_seats(rules, "Ah 10c 10s Kd 8h 6c 6h",
                     [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(10)))])
    play(rnd, Action.STAND)  # seat 1 stands on 18; dealer 10 + 6 + 6 = 22
    assert outcomes(rnd, 0) == [Outcome.BLACKJACK]
    assert hand_nets(rnd, 0) == [15]
    assert outcomes(rnd, 1) == [Outcome.PUSH_22]
    assert hand_nets(rnd, 1) == [0]
    assert_all_dealt(rnd)


@BOTH
def test_dealer_22_busted_player_loses(rules) -> None:
    """docs/rules/evolution.md#dealer-22: a hand that busted has lost already; a dealer 22 does
    not push it."""
    rnd = deal(rules, "8h 10s 8d 6c 6d 10d 10c 6h", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.HIT, Action.STAND)  # 8 + 6 + 10 busts; 8 + 10 = 18
    assert outcomes(rnd) == [Outcome.BUST, Outcome.PUSH_22]
    assert hand_nets(rnd) == [-10, 0]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


@BOTH
def test_dealer_22_pushes_doubled_hand(rules) -> None:
    """docs/rules/evolution.md#dealer-22 and docs/rules/money.md#win-push-lose: a doubled hand
    pushes too (the real stake comes back, the free stake is taken away)."""
    rnd = deal(rules, "7h 10s 5d 6c 8c 6h", balance=100)
    play(rnd, Action.DOUBLE)  # 20 against 22
    assert outcomes(rnd) == [Outcome.PUSH_22]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


@BOTH
def test_dealer_bust_over_22_pays(rules) -> None:
    """docs/rules/evolution.md#outcomes: a dealer passing 21 with a total other than 22 loses to
    every hand in play."""
    rnd = deal(rules, "10h 10s 8d 6c 7h")
    play(rnd, Action.STAND)  # 18 against 23
    assert outcomes(rnd) == [Outcome.WIN]
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)


@BOTH
def test_closer_to_21_wins_1_to_1(rules) -> None:
    """docs/rules/evolution.md#outcomes and docs/rules/money.md#win-push-lose: a hand closer to
    21 than the dealer's wins, paid even money."""
    rnd = deal(rules, "10h 10s 9d 8c", balance=100)
    play(rnd, Action.STAND)
    assert outcomes(rnd) == [Outcome.WIN]
    assert rnd.seats[0].balance == 110
    assert_all_dealt(rnd)


@BOTH
def test_equal_values_push(rules) -> None:
    """docs/rules/evolution.md#outcomes: equal totals push."""
    rnd = deal(rules, "10h 10s 8d 8c", balance=100)
    play(rnd, Action.STAND)
    assert outcomes(rnd) == [Outcome.PUSH]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


@BOTH
def test_player_bust_loses(rules) -> None:
    """docs/rules/evolution.md#outcomes: a hand over 21 busts and loses."""
    rnd = deal(rules, "10h 10s 6d 7c 9c", balance=100)
    play(rnd, Action.HIT)
    assert outcomes(rnd) == [Outcome.BUST]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_push_22_rule_field_off_pays_dealer_22() -> None:
    """docs/rules/rulings.md#every-rule-a-field: push 22 is a rule-set field (off: 22 is an
    ordinary dealer bust)."""
    rnd = deal(EVOLUTION.standard_counterpart(), "10h 10s 8d 6c 6h")
    play(rnd, Action.STAND)
    assert outcomes(rnd) == [Outcome.WIN]
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)
