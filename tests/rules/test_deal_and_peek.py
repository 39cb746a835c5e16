"""The deal, blackjack, the dealer's peek and a dealer blackjack turned over after play."""

from __future__ import annotations

from fractions import Fraction

from trainer.rules import Action, Bets, Outcome, Phase, Seat, cards

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


def test_deal_order_seat_card_up_card_seat_card_hole_card() -> None:
    """docs/rules/evolution.md#the-deal: a card up to each seat, the dealer's up card, a second
    card up to each seat, the dealer's hole card face down."""
    rnd = deal_seats(EVOLUTION, "2h 3s 4d 5c 6h 7s",
                     [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(10)))])
    assert hand_cards(rnd, 0) == ["2♥ 5♣"]
    assert hand_cards(rnd, 1) == ["3♠ 6♥"]
    assert rnd.dealer_cards == cards("4d 7s")
    assert rnd.seats[0].initial_cards == tuple(cards("2h 5c"))
    assert rnd.current == (0, 0)


def test_hole_card_face_down_until_dealer_turns_it() -> None:
    """docs/rules/evolution.md#the-deal: the hole card is dealt face down and turned when the
    seats have played."""
    rnd = deal(EVOLUTION, "10h 9s Kd 8c")
    assert rnd.dealer_visible == cards("9s")
    assert not rnd.hole_revealed
    play(rnd, Action.STAND)
    assert rnd.dealer_visible == cards("9s 8c")
    assert_all_dealt(rnd)


def test_initial_two_card_21_is_blackjack_and_pays_3_to_2() -> None:
    """docs/rules/evolution.md#blackjack: 21 in the initial two cards is a blackjack, paid 3 to
    2."""
    rnd = deal(EVOLUTION, "Ah 9s Kd 8c", balance=100)
    assert rnd.phase is Phase.SETTLED  # no decision on a blackjack
    assert outcomes(rnd) == [Outcome.BLACKJACK]
    assert hand_nets(rnd) == [15]
    assert rnd.seats[0].balance == 115


def test_blackjack_beats_dealer_three_card_21() -> None:
    """docs/rules/evolution.md#blackjack: a blackjack beats any other 21."""
    rnd = deal_seats(EVOLUTION, "Ah 10c 6s Kd 8h 5c 10h",
                     [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(10)))])
    play(rnd, Action.STAND)  # seat 1 stands on 18; the dealer draws to 6 + 5 + 10 = 21
    assert outcomes(rnd, 0) == [Outcome.BLACKJACK]
    assert hand_nets(rnd, 0) == [15]
    assert outcomes(rnd, 1) == [Outcome.LOSE]
    assert_all_dealt(rnd)


def test_you_compete_only_against_the_dealer() -> None:
    """docs/rules/evolution.md#the-deal: each seat plays against the dealer alone, never against
    another seat."""
    rnd = deal_seats(EVOLUTION, "10h 10c 9s 9d 7h 8s",
                     [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(20)))])
    play(rnd, Action.STAND, Action.STAND)  # seat 0: 19, seat 1: 17, dealer 17
    assert hand_nets(rnd, 0) == [10]
    assert hand_nets(rnd, 1) == [0]
    assert_all_dealt(rnd)


def test_evolution_no_peek_with_ten_up() -> None:
    """docs/rules/evolution.md#the-peek: with a ten-value up there is no insurance and no peek."""
    rnd = deal(EVOLUTION, "10h Ks 7d Ah")
    assert rnd.phase is Phase.PLAYER
    assert not rnd.hole_revealed
    assert rnd.legal_actions() == {Action.HIT, Action.STAND, Action.DOUBLE}
    play(rnd, Action.STAND)
    assert outcomes(rnd) == [Outcome.LOSE]
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


def test_peek_on_ace_ends_round_when_dealer_has_blackjack() -> None:
    """docs/rules/evolution.md#the-peek: with an ace up, a dealer blackjack ends the round and
    beats every hand but a blackjack."""
    rnd = deal(EVOLUTION, "10h As 7d Kh", balance=100)
    play(rnd, Action.NO_INSURANCE)
    assert rnd.phase is Phase.SETTLED
    assert rnd.hole_revealed
    assert hand_cards(rnd) == ["10♥ 7♦"]  # no decision was ever asked
    assert hand_nets(rnd) == [-10]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_peek_on_ace_without_blackjack_round_continues() -> None:
    """docs/rules/evolution.md#the-peek: without a dealer blackjack, play goes on after the peek."""
    rnd = deal(EVOLUTION, "10h As 7d 6h")
    play(rnd, Action.NO_INSURANCE)
    assert rnd.phase is Phase.PLAYER
    assert not rnd.hole_revealed
    play(rnd, Action.STAND)  # 17 against the dealer's soft 17
    assert outcomes(rnd) == [Outcome.PUSH]
    assert_all_dealt(rnd)


def test_player_and_dealer_blackjack_push_at_peek() -> None:
    """docs/rules/evolution.md#the-peek: a player blackjack against a dealer blackjack pushes."""
    rnd = deal(EVOLUTION, "Ah As Kd Qh", balance=100)
    play(rnd, Action.NO_INSURANCE)
    assert outcomes(rnd) == [Outcome.PUSH]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


def test_pot_of_gold_peeks_on_ten_and_dealer_blackjack_ends_round() -> None:
    """docs/rules/pot-of-gold.md#the-peek: the dealer peeks with a ten-value up too, and a dealer
    blackjack ends the round with the main bet lost."""
    rnd = deal(POT_OF_GOLD, "10h Ks 7d Ah", balance=100)
    assert rnd.phase is Phase.SETTLED
    assert rnd.hole_revealed
    assert hand_cards(rnd) == ["10♥ 7♦"]
    assert hand_nets(rnd) == [-10]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_pot_of_gold_peek_on_ten_without_blackjack_round_continues() -> None:
    """docs/rules/pot-of-gold.md#the-peek: with an ace or a ten-value up and no dealer blackjack,
    play goes on."""
    rnd = deal(POT_OF_GOLD, "10h Ks 7d 9h")
    assert rnd.phase is Phase.PLAYER
    assert not rnd.hole_revealed
    play(rnd, Action.STAND)
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


def test_pot_of_gold_peek_player_blackjack_pushes() -> None:
    """docs/rules/pot-of-gold.md#the-peek: a player blackjack pushes against a dealer blackjack
    found at the peek."""
    rnd = deal(POT_OF_GOLD, "Ah Ks Kd Ac")
    assert outcomes(rnd) == [Outcome.PUSH]
    assert hand_nets(rnd) == [0]
    assert_all_dealt(rnd)


def test_evolution_ten_up_blackjack_takes_paid_double() -> None:
    """docs/rules/rulings.md#the-late-blackjack: a blackjack turned over after play takes every
    real stake still in play, paid doubles included."""
    rnd = deal(EVOLUTION, "5h Ks 7d Ah 9c", balance=100)
    play(rnd, Action.DOUBLE)  # 21 on three cards
    assert outcomes(rnd) == [Outcome.LOSE]
    assert hand_nets(rnd) == [-20]
    assert rnd.seats[0].balance == 80
    assert_all_dealt(rnd)


def test_evolution_ten_up_blackjack_takes_paid_split_bets() -> None:
    """docs/rules/rulings.md#the-late-blackjack: a blackjack turned over after play takes the
    real stakes of paid split hands too."""
    rnd = deal(EVOLUTION, "Jh Ks Qd Ah 9c 8c", balance=100)
    play(rnd, Action.SPLIT, Action.STAND, Action.STAND)
    assert hand_nets(rnd) == [-10, -10]
    assert rnd.seats[0].balance == 80
    assert_all_dealt(rnd)


def test_evolution_ten_up_blackjack_removes_free_split_stake() -> None:
    """docs/rules/rulings.md#the-late-blackjack: a blackjack turned over after play takes a free
    split hand's free stake away."""
    rnd = deal(EVOLUTION, "8h Ks 8d Ah 10c 9c", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)
    assert hand_nets(rnd) == [-10, 0]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_evolution_ten_up_blackjack_removes_free_double_stake() -> None:
    """docs/rules/rulings.md#the-late-blackjack: a blackjack turned over after play takes a free
    double's free stake away."""
    rnd = deal(EVOLUTION, "6h Ks 4d Ah 9c", balance=100)
    play(rnd, Action.FREE_DOUBLE)
    assert hand_nets(rnd) == [-10]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_evolution_ten_up_blackjack_pushes_player_blackjack() -> None:
    """docs/rules/rulings.md#the-late-blackjack: a player blackjack pushes against a blackjack
    turned over after play."""
    rnd = deal(EVOLUTION, "Ah Ks Kd Ac", balance=100)
    assert outcomes(rnd) == [Outcome.PUSH]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)
