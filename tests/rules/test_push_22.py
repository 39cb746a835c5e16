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
    """Doc 000: "If the dealer's hand consists of cards with a total value of 22, then your bet
    is returned, and the game round ends in a push". Doc 001: "Dealer pushes on 22"."""
    rnd = deal(rules, "10h 10s 8d 6c 6h", balance=100)
    play(rnd, Action.STAND)  # 18 against 16 + 6 = 22
    assert outcomes(rnd) == [Outcome.PUSH_22]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


@BOTH
def test_dealer_22_player_blackjack_wins_other_seat_pushes(rules) -> None:
    """Doc 000: "If the player has Blackjack, it is a win for the player. If the player has
    another score on other seats, then it is a push." """
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
    """Doc 000: "your bet is returned ... except if the player busts. In this case, the game does
    not end in a tie and the player loses." """
    rnd = deal(rules, "8h 10s 8d 6c 6d 10d 10c 6h", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.HIT, Action.STAND)  # 8 + 6 + 10 busts; 8 + 10 = 18
    assert outcomes(rnd) == [Outcome.BUST, Outcome.PUSH_22]
    assert hand_nets(rnd) == [-10, 0]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


@BOTH
def test_dealer_22_pushes_doubled_hand(rules) -> None:
    """RULINGS: "Dealer 22: every hand still in play pushes" (a push returns the real stake and
    removes the free stake)."""
    rnd = deal(rules, "7h 10s 5d 6c 8c 6h", balance=100)
    play(rnd, Action.DOUBLE)  # 20 against 22
    assert outcomes(rnd) == [Outcome.PUSH_22]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


@BOTH
def test_dealer_bust_over_22_pays(rules) -> None:
    """Doc 000: "You win when ... the dealer busts, except when the dealer busts with a score of
    22." """
    rnd = deal(rules, "10h 10s 8d 6c 7h")
    play(rnd, Action.STAND)  # 18 against 23
    assert outcomes(rnd) == [Outcome.WIN]
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)


@BOTH
def test_closer_to_21_wins_1_to_1(rules) -> None:
    """Doc 000: "You win when the value of your final hand is closer to 21 than the dealer's
    hand"; "A winning hand pays 1:1." """
    rnd = deal(rules, "10h 10s 9d 8c", balance=100)
    play(rnd, Action.STAND)
    assert outcomes(rnd) == [Outcome.WIN]
    assert rnd.seats[0].balance == 110
    assert_all_dealt(rnd)


@BOTH
def test_equal_values_push(rules) -> None:
    """Doc 000: "Your bet is returned when hands are of equal value." """
    rnd = deal(rules, "10h 10s 8d 8c", balance=100)
    play(rnd, Action.STAND)
    assert outcomes(rnd) == [Outcome.PUSH]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


@BOTH
def test_player_bust_loses(rules) -> None:
    """Doc 000: "If the sum of your hand exceeds 21, you bust and lose your bet on that hand." """
    rnd = deal(rules, "10h 10s 6d 7c 9c", balance=100)
    play(rnd, Action.HIT)
    assert outcomes(rnd) == [Outcome.BUST]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_push_22_rule_field_off_pays_dealer_22() -> None:
    """RULINGS: "Every rule below is a field of the rule set" (push_22 off: 22 is an ordinary
    dealer bust)."""
    rnd = deal(EVOLUTION.standard_counterpart(), "10h 10s 8d 6c 6h")
    play(rnd, Action.STAND)
    assert outcomes(rnd) == [Outcome.WIN]
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)
