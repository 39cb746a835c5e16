"""Six Card Charlie (evolution only): six cards totalling 21 or less win at once."""

from __future__ import annotations

from fractions import Fraction

from trainer.rules import Action, Bets, Outcome, Phase, Round, Seat

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
    """docs/rules/evolution.md#six-card-charlie: six cards without passing 21 win at once, even
    against a blackjack turned over later with a ten up."""
    rnd = deal(EVOLUTION, "2h Ks 3d Ac 2c 2d 3s 4c", balance=100)
    play(rnd, *FOUR_HITS)  # 2 3 2 2 3 4 = 16 on six cards; the dealer turns K-A
    assert rnd.dealer_blackjack
    assert outcomes(rnd) == [Outcome.CHARLIE]
    assert hand_nets(rnd) == [10]
    assert rnd.seats[0].balance == 110
    assert_all_dealt(rnd)


def test_charlie_wins_at_once_and_beats_dealer_22() -> None:
    """docs/rules/evolution.md#six-card-charlie: a Charlie wins at once, even money on all its
    stakes, whatever the dealer makes afterwards (a 22 too)."""
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
    """docs/rules/evolution.md#six-card-charlie: each hand of a split counts on its own, and a
    Charlie is paid on all its stakes (here the free stake of the split hand)."""
    rnd = deal(EVOLUTION, "2h 10s 2s 7c 10c 3c 2c 3d 4c 2d", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, *FOUR_HITS)  # 12 stands; 2 3 2 3 4 2 = 16
    assert outcomes(rnd) == [Outcome.LOSE, Outcome.CHARLIE]
    assert hand_nets(rnd) == [-10, 10]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


def test_six_cards_over_21_bust() -> None:
    """docs/rules/evolution.md#six-card-charlie: only six cards of 21 or less make a Charlie;
    over 21 they bust."""
    rnd = deal(EVOLUTION, "2h 10s 3d 7c 2c 2d 3s 10c")
    play(rnd, *FOUR_HITS)  # 2 3 2 2 3 10 = 22
    assert outcomes(rnd) == [Outcome.BUST]
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


def test_five_card_21_is_no_charlie() -> None:
    """docs/rules/evolution.md#six-card-charlie: it takes six cards; five are not enough."""
    rnd = deal(EVOLUTION, "2h 10s 3d 6c 2c 4d 10h 5h")
    play(rnd, Action.HIT, Action.HIT, Action.HIT)  # 2 3 2 4 10 = 21 on five cards
    assert outcomes(rnd) == [Outcome.PUSH]  # against the dealer's 10 + 6 + 5 = 21
    assert_all_dealt(rnd)


def test_charlie_not_available_after_dealer_blackjack_at_peek() -> None:
    """docs/rules/rulings.md#charlie-and-the-peek: in a round that ended at the peek there is no
    Charlie."""
    rnd = deal(EVOLUTION, "2h As 3d Kc")
    play(rnd, Action.NO_INSURANCE)
    assert rnd.phase is Phase.SETTLED
    assert hand_cards(rnd) == ["2♥ 3♦"]
    assert outcomes(rnd) == [Outcome.LOSE]
    assert_all_dealt(rnd)


def test_no_charlie_in_pot_of_gold() -> None:
    """docs/rules/pot-of-gold.md#no-six-card-charlie: the table game has no Six Card Charlie."""
    rnd = deal(POT_OF_GOLD, "2h 10s 3d 7c 2c 2d 3s 4c 2s")
    play(rnd, *FOUR_HITS)  # six cards, 16: play goes on
    assert rnd.phase is Phase.PLAYER
    assert Action.HIT in rnd.legal_actions()
    play(rnd, Action.HIT, Action.STAND)  # 18 on seven cards against 17
    assert outcomes(rnd) == [Outcome.WIN]
    assert_all_dealt(rnd)


def _six_card_21_beside_an_18(dealer_draw: str) -> Round:
    """Seat 0 hits 2 3 to 21 on six cards; seat 1 stands on 18, so the dealer (10 6) plays on
    and draws ``dealer_draw``."""
    rnd = deal_seats(EVOLUTION, f"2h 10h 10s 3d 8h 6c 2c 4d 5h 5s {dealer_draw}",
                     [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(10)))])
    play(rnd, *FOUR_HITS)  # 2 3 2 4 5 5 = 21 on six cards: no decision after the sixth card
    assert rnd.current == (1, 0)
    return play(rnd, Action.STAND)


def test_six_card_21_is_a_charlie_against_a_dealer_21() -> None:
    """docs/rules/evolution.md#six-card-charlie: "21 or less" takes in 21 itself: six cards
    making 21 win at once, where a 21 that is no Charlie would push the dealer's 21."""
    rnd = _six_card_21_beside_an_18("5c")  # the dealer 10 6 5 = 21
    assert outcomes(rnd, 0) == [Outcome.CHARLIE]
    assert hand_nets(rnd, 0) == [10]
    assert outcomes(rnd, 1) == [Outcome.LOSE]
    assert_all_dealt(rnd)


def test_six_card_21_is_a_charlie_against_a_dealer_22() -> None:
    """docs/rules/evolution.md#six-card-charlie: six cards making 21 win even money against the
    dealer's 22, which pushes any other standing hand."""
    rnd = _six_card_21_beside_an_18("6h")  # the dealer 10 6 6 = 22
    assert outcomes(rnd, 0) == [Outcome.CHARLIE]
    assert hand_nets(rnd, 0) == [10]
    assert outcomes(rnd, 1) == [Outcome.PUSH_22]
    assert_all_dealt(rnd)
