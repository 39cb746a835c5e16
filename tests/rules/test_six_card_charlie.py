"""Six Card Charlie (evolution only): six cards totalling 21 or less win at once."""

from __future__ import annotations

from fractions import Fraction

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

FOUR_HITS = (Action.HIT,) * 4


def test_charlie_beats_ten_up_dealer_blackjack() -> None:
    """Doc 000: "The Six Card Charlie rule lets you win automatically if your hand consists of six
    cards with a total card value of 21 or less, even if the dealer has Blackjack." """
    rnd = deal(EVOLUTION, "2h Ks 3d Ac 2c 2d 3s 4c", balance=100)
    play(rnd, *FOUR_HITS)  # 2 3 2 2 3 4 = 16 on six cards; the dealer turns K-A
    assert rnd.dealer_blackjack
    assert outcomes(rnd) == [Outcome.CHARLIE]
    assert hand_nets(rnd) == [10]
    assert rnd.seats[0].balance == 110
    assert_all_dealt(rnd)


def test_charlie_wins_at_once_and_beats_dealer_22() -> None:
    """RULINGS (evolution): "a hand that reaches six cards totalling 21 or less wins at once, 1:1
    on all its stakes, whatever the dealer holds later (a dealer 22 ...)"."""
    rnd = deal_seats(EVOLUTION, "2h 10h 10s 3d 8h 6c 2c 2d 3s 4c 6h",
                     [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(10)))])
    play(rnd, *FOUR_HITS)
    assert rnd.phase is Phase.PLAYER
    assert rnd.current == (1, 0)  # no decision after the sixth card
    play(rnd, Action.STAND)  # seat 1 on 18; the dealer draws to 22
    assert outcomes(rnd, 0) == [Outcome.CHARLIE]
    assert hand_nets(rnd, 0) == [10]
    assert outcomes(rnd, 1) == [Outcome.PUSH_22]
    assert_all_dealt(rnd)


def test_charlie_split_hands_evaluated_individually() -> None:
    """Doc 000: "In the case of a Split hand, each hand is evaluated individually." RULINGS: "wins
    at once, 1:1 on all its stakes" (here the free stake of the split hand)."""
    rnd = deal(EVOLUTION, "2h 10s 2s 7c 10c 3c 2c 3d 4c 2d", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, *FOUR_HITS)  # 12 stands; 2 3 2 3 4 2 = 16
    assert outcomes(rnd) == [Outcome.LOSE, Outcome.CHARLIE]
    assert hand_nets(rnd) == [-10, 10]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


def test_six_cards_over_21_bust() -> None:
    """Doc 000: "Six Card Charlie: you win if you have six cards with a value of 21 or less." (not
    over 21)"""
    rnd = deal(EVOLUTION, "2h 10s 3d 7c 2c 2d 3s 10c")
    play(rnd, *FOUR_HITS)  # 2 3 2 2 3 10 = 22
    assert outcomes(rnd) == [Outcome.BUST]
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


def test_five_card_21_is_no_charlie() -> None:
    """Doc 000: "Six Card Charlie: you win if you have six cards" (five cards are not enough)."""
    rnd = deal(EVOLUTION, "2h 10s 3d 6c 2c 4d 10h 5h")
    play(rnd, Action.HIT, Action.HIT, Action.HIT)  # 2 3 2 4 10 = 21 on five cards
    assert outcomes(rnd) == [Outcome.PUSH]  # against the dealer's 10 + 6 + 5 = 21
    assert_all_dealt(rnd)


def test_charlie_not_available_after_dealer_blackjack_at_peek() -> None:
    """Doc 000: "If the dealer has Blackjack after the insurance offer, the Six Card Charlie is not
    available". RULINGS: "It does not exist in a round that ended at the peek." """
    rnd = deal(EVOLUTION, "2h As 3d Kc")
    play(rnd, Action.NO_INSURANCE)
    assert rnd.phase is Phase.SETTLED
    assert hand_cards(rnd) == ["2♥ 3♦"]
    assert outcomes(rnd) == [Outcome.LOSE]
    assert_all_dealt(rnd)


def test_no_charlie_in_pot_of_gold() -> None:
    """RULINGS (pot-of-gold): "No Six Card Charlie." """
    rnd = deal(POT_OF_GOLD, "2h 10s 3d 7c 2c 2d 3s 4c 2s")
    play(rnd, *FOUR_HITS)  # six cards, 16: play goes on
    assert rnd.phase is Phase.PLAYER
    assert Action.HIT in rnd.legal_actions()
    play(rnd, Action.HIT, Action.STAND)  # 18 on seven cards against 17
    assert outcomes(rnd) == [Outcome.WIN]
    assert_all_dealt(rnd)
