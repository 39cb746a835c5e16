"""Surrender, late and early, dealt from stacked shoes (docs/rules/surrender.md)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.rules import (
    Action,
    Bets,
    IllegalActionError,
    Outcome,
    Peek,
    Phase,
    Round,
    Seat,
    Shoe,
    Surrender,
    cards,
)

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

LATE = replace(POT_OF_GOLD, surrender=Surrender.LATE)
EARLY = replace(POT_OF_GOLD, surrender=Surrender.EARLY)
#: The live game's rules (no peek with a ten up) with each kind of surrender.
LATE_NO_PEEK = replace(EVOLUTION, surrender=Surrender.LATE)
EARLY_NO_PEEK = replace(EVOLUTION, surrender=Surrender.EARLY)


def test_no_surrender_without_the_rule() -> None:
    rnd = deal(POT_OF_GOLD, "10h 10s 6d 7c")
    assert Action.SURRENDER not in rnd.legal_actions()
    with pytest.raises(IllegalActionError):
        rnd.act(Action.SURRENDER)


def test_late_surrender_gives_half_the_bet_back() -> None:
    """docs/rules/surrender.md#settlement: half the real stake lost, half back, the hand not
    played against the dealer (who draws nothing for it)."""
    rnd = deal(LATE, "10h 10s 6d 7c", balance=100)
    assert Action.SURRENDER in rnd.legal_actions()
    play(rnd, Action.SURRENDER)
    assert outcomes(rnd) == [Outcome.SURRENDER] and hand_nets(rnd) == [-5]
    assert rnd.seats[0].balance == 95
    assert_all_dealt(rnd)


def test_surrender_only_on_the_first_two_cards() -> None:
    """docs/rules/surrender.md#where-it-is-offered: not after a hit."""
    rnd = deal(LATE, "10h 10s 2d 7c 3c")
    play(rnd, Action.HIT)
    assert Action.SURRENDER not in rnd.legal_actions()
    play(rnd, Action.STAND)
    assert_all_dealt(rnd)


def test_no_surrender_of_a_hand_made_by_a_split() -> None:
    """docs/rules/surrender.md#surrender-and-the-free-bets: a free split hand never
    surrenders (its free stake is not the player's to give up)."""
    rnd = deal(LATE, "8h 10s 8d 7c 6c 6s")
    assert Action.SURRENDER in rnd.legal_actions()
    play(rnd, Action.FREE_SPLIT)
    assert Action.SURRENDER not in rnd.legal_actions()      # 8,6 made by the split
    play(rnd, Action.STAND)
    assert Action.SURRENDER not in rnd.legal_actions()      # the free 8,6
    play(rnd, Action.STAND)
    assert_all_dealt(rnd)


def test_late_surrender_where_the_dealer_peeked_never_meets_a_blackjack() -> None:
    """docs/rules/surrender.md#late: the peek has ended the round before any surrender."""
    rnd = deal(LATE, "10h 10s 6d Ac")
    assert rnd.phase is Phase.SETTLED and hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


@pytest.mark.parametrize(("hole", "net", "outcome"), [
    ("Ac", -10, Outcome.LOSE), ("7c", -5, Outcome.SURRENDER)])
def test_late_surrender_without_a_peek_loses_all_to_a_blackjack(hole, net, outcome) -> None:
    """docs/rules/surrender.md#late: with a ten up at the live game the dealer does not peek;
    a surrendered hand waits for the hole card and a blackjack takes the whole bet."""
    rnd = deal(LATE_NO_PEEK, f"10h 10s 6d {hole}")
    play(rnd, Action.SURRENDER)
    assert outcomes(rnd) == [outcome] and hand_nets(rnd) == [net]
    assert_all_dealt(rnd)


def test_early_surrender_without_a_peek_keeps_half_against_a_blackjack() -> None:
    """docs/rules/surrender.md#early: half back whatever the hole card, also where the dealer
    does not peek and turns a blackjack over after play."""
    rnd = deal(EARLY_NO_PEEK, "10h 10s 6d Ac")
    play(rnd, Action.SURRENDER)
    assert outcomes(rnd) == [Outcome.SURRENDER] and hand_nets(rnd) == [-5]
    assert rnd.dealer_blackjack
    assert_all_dealt(rnd)


def test_early_surrender_comes_before_the_peek() -> None:
    """docs/rules/surrender.md#early: against a ten up (the table peeks on it), the seat
    decides before the dealer looks: a surrender keeps half against the blackjack."""
    rnd = deal(EARLY, "10h 10s 6d Ac", balance=100)
    assert rnd.phase is Phase.PLAYER and Action.SURRENDER in rnd.legal_actions()
    play(rnd, Action.SURRENDER)
    assert rnd.hole_revealed and hand_nets(rnd) == [-5] and rnd.seats[0].balance == 95
    assert_all_dealt(rnd)


def test_a_play_named_before_a_dealer_blackjack_is_never_made() -> None:
    """docs/rules/surrender.md#early: a seat that does not surrender names its play; a dealer
    blackjack then ends the round with the main bet lost and no card drawn."""
    rnd = deal(EARLY, "10h 10s 6d Ac", balance=100)
    play(rnd, Action.HIT)
    assert outcomes(rnd) == [Outcome.LOSE] and hand_nets(rnd) == [-10]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)       # the shoe held no card for the hit: none was drawn


def test_a_named_double_is_made_after_the_peek() -> None:
    rnd = deal(EARLY, "6h 10s 5d 7c 9c", balance=100)
    play(rnd, Action.FREE_DOUBLE)
    assert hand_nets(rnd) == [20]     # 6,5,9 = 20 with a free stake, against 10,7
    assert_all_dealt(rnd)


def test_every_seat_decides_before_the_peek_and_plays_after_it_in_order() -> None:
    """docs/rules/surrender.md#early: seat 0 names a hit, seat 1 surrenders, then the dealer
    peeks (no blackjack) and seat 0's hit is made, seat 0 deciding on from there."""
    seats = [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(10)))]
    rnd = deal_seats(EARLY, "10h 9s 10d 2c 7s 7c 4h", seats)
    assert rnd.current == (0, 0)
    play(rnd, Action.HIT)                     # named: 10,2 hits once the dealer has peeked
    assert rnd.current == (1, 0) and rnd.seats[0].hands[0].card_count == 2
    play(rnd, Action.SURRENDER)               # 9,7 against a ten
    assert rnd.current == (0, 0) and rnd.seats[0].hands[0].card_count == 3   # 10,2,4
    assert Action.SURRENDER not in rnd.legal_actions()
    play(rnd, Action.STAND)
    assert hand_nets(rnd, 0) == [-10] and outcomes(rnd, 1) == [Outcome.SURRENDER]
    assert_all_dealt(rnd)


def test_with_an_ace_up_insurance_comes_first() -> None:
    """docs/rules/surrender.md#early: insurance, then the surrender; settled apart."""
    rnd = deal(EARLY, "10h As 6d Kc", balance=100)
    assert rnd.phase is Phase.INSURANCE
    play(rnd, Action.INSURE, Action.SURRENDER)
    result = rnd.results[0]
    assert result.insurance == 10 and hand_nets(rnd) == [-5]
    assert rnd.seats[0].balance == 105
    assert_all_dealt(rnd)


def test_a_surrendered_seat_collects_no_lammer_and_loses_its_pot_of_gold() -> None:
    """docs/rules/surrender.md#surrender-and-the-free-bets."""
    rnd = deal(LATE, "10h 10s 6d 7c", balance=100, pot_of_gold=1)
    play(rnd, Action.SURRENDER)
    result = rnd.results[0]
    assert result.lammers == 0 and [s.net for s in result.side_bets] == [-1]
    assert rnd.seats[0].balance == 94


def test_a_computer_seat_surrenders_by_its_policy() -> None:
    def policy(rnd: Round) -> Action:
        return Action.SURRENDER if Action.SURRENDER in rnd.legal_actions() else Action.STAND

    seats = [Seat(Bets(main=Fraction(10)), policy=policy), Seat(Bets(main=Fraction(10)))]
    rnd = deal_seats(EARLY, "10h 9s 10d 6c 9d 7c", seats)
    assert rnd.current == (1, 0)
    play(rnd, Action.STAND)
    assert outcomes(rnd, 0) == [Outcome.SURRENDER] and hand_nets(rnd, 1) == [10]
    assert_all_dealt(rnd)


def test_early_surrender_at_a_table_without_any_peek_is_decided_in_turn() -> None:
    """docs/rules/surrender.md#early: no peek to wait for, so the seats play in turn."""
    rules = replace(EARLY, peek=Peek.NONE)
    seats = [Seat(Bets(main=Fraction(10))), Seat(Bets(main=Fraction(10)))]
    rnd = deal_seats(rules, "10h 9s 10d 2c 7s 7c 5h", seats)
    play(rnd, Action.HIT)
    assert rnd.current == (0, 0) and len(rnd.seats[0].hands[0].cards) == 3
    play(rnd, Action.STAND, Action.SURRENDER)
    assert hand_nets(rnd, 1) == [-5]
    assert rnd.dealer_cards == cards("10d 7c")


@settings(max_examples=150)
@given(base=st.sampled_from([EVOLUTION, POT_OF_GOLD]), kind=st.sampled_from(
    [Surrender.LATE, Surrender.EARLY]), seats=st.integers(1, 3),
    seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_play_with_surrender_settles_by_the_rules(base, kind, seats, seed,
                                                          data) -> None:
    """docs/rules/surrender.md: whatever is chosen, a surrendered hand is a seat's only hand,
    its own two cards with no lammer, and gets half its real stake back (none of it after a
    late surrender meets a blackjack); every card dealt is held; balances move by the net."""
    rules = replace(base, surrender=kind)
    table = [Seat(Bets(main=Fraction(10)), balance=Fraction(1000)) for _ in range(seats)]
    shoe = Shoe.shuffled(rules.decks, rules.penetration, seed=seed)
    rnd = Round(rules, shoe, table)
    while rnd.phase is not Phase.SETTLED:
        rnd.act(data.draw(st.sampled_from(sorted(rnd.legal_actions(), key=lambda a: a.value))))
    held = list(rnd.dealer_cards) + [c for s in rnd.seats for h in s.hands for c in h.cards]
    assert Counter(held) == Counter(shoe.cards[:shoe.position])
    for seat, result in zip(rnd.seats, rnd.results, strict=True):
        assert seat.balance - 1000 == result.net
        for settled in result.hands:
            hand = settled.hand
            if not hand.surrendered:
                continue
            assert len(seat.hands) == 1 and hand.card_count == 2 and hand.lammers == 0
            lost_all = kind is Surrender.LATE and rnd.dealer_blackjack
            assert settled.net == (-hand.stakes.real if lost_all else -hand.stakes.real / 2)


def test_the_round_says_whether_the_dealer_has_peeked() -> None:
    """docs/rules/surrender.md#early: not yet while the first decisions come before the peek."""
    early = deal(EARLY, "10h 10s 2d 7c 5c")
    assert not early.peeked
    play(early, Action.HIT)                          # named, then the peek, then the hit
    assert early.peeked and early.hand.card_count == 3
    assert deal(LATE, "10h 10s 2d 7c").peeked        # the peek came first
    assert not deal(LATE_NO_PEEK, "10h 10s 2d 7c").peeked   # no peek with a ten up
