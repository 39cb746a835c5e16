"""Seats played by the computer (a ``policy``): they act in turn and follow the same rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.rules import Action, Bets, IllegalActionError, Phase, Round, Seat

from .conftest import EVOLUTION, assert_all_dealt, deal_seats, hand_cards, hand_nets, play


def always(action: Action):
    """A policy that always chooses ``action``."""
    return lambda rnd: action


def double_then_stand(rnd: Round) -> Action:
    """Double a two-card hand, stand on anything else."""
    return Action.DOUBLE if len(rnd.hand.cards) == 2 else Action.STAND


def test_computer_seats_play_in_turn_before_the_human() -> None:
    """docs/rules/evolution.md#decisions: the seats act in turn."""
    rnd = deal_seats(EVOLUTION, "7h 10c 9s 5d 8h 8c",
                     [Seat(Bets(main=Fraction(10)), policy=always(Action.STAND)),
                      Seat(Bets(main=Fraction(10)))])
    assert rnd.current == (1, 0)
    assert rnd.seats[0].hands[0].stood
    play(rnd, Action.STAND)
    assert hand_nets(rnd, 0) == [-10]
    assert hand_nets(rnd, 1) == [10]
    assert_all_dealt(rnd)


def test_computer_seat_unaffordable_double_becomes_hit() -> None:
    """docs/rules/evolution.md#time-and-balance: a paid double the balance cannot cover becomes a
    hit (for every seat at the table)."""
    rnd = deal_seats(EVOLUTION, "7h 10c 9s 5d 8h 8c 4c",
                     [Seat(Bets(main=Fraction(10)), balance=Fraction(10),
                           policy=double_then_stand),
                      Seat(Bets(main=Fraction(10)))])
    assert hand_cards(rnd, 0) == ["7♥ 5♦ 4♣"]  # hit, then stood on 16
    assert rnd.current == (1, 0)
    play(rnd, Action.STAND)
    assert hand_nets(rnd, 0) == [-10]
    assert_all_dealt(rnd)


def test_computer_seat_illegal_double_is_refused() -> None:
    """docs/rules/evolution.md#doubles: only two-card hands double (a policy's double on three
    cards is illegal, not a hit)."""
    with pytest.raises(IllegalActionError):
        deal_seats(EVOLUTION, "7h 10c 9s 5d 8h 8c 4c 2d",
                   [Seat(Bets(main=Fraction(10)), balance=Fraction(10),
                         policy=always(Action.DOUBLE)),
                    Seat(Bets(main=Fraction(10)))])


def test_computer_seat_illegal_insurance_decision_is_refused() -> None:
    """docs/rules/evolution.md#insurance: with an ace up the only decision is to insure or not."""
    with pytest.raises(IllegalActionError):
        deal_seats(EVOLUTION, "7h As 5d 8c",
                   [Seat(Bets(main=Fraction(10)), policy=always(Action.HIT))])


def test_computer_seats_alone_settle_the_round() -> None:
    """docs/rules/evolution.md#the-deal: the hole card is turned when the seats have played."""
    rnd = deal_seats(EVOLUTION, "10h As 9d 6c",
                     [Seat(Bets(main=Fraction(10)), balance=Fraction(100),
                           policy=lambda r: (Action.NO_INSURANCE if r.phase is Phase.INSURANCE
                                             else Action.STAND))])
    assert rnd.phase is Phase.SETTLED
    assert hand_nets(rnd) == [10]  # 19 against soft 17
    assert rnd.seats[0].balance == 110
    assert_all_dealt(rnd)


def test_computer_seat_unaffordable_insurance_is_declined() -> None:
    """docs/rules/evolution.md#insurance and docs/rules/evolution.md#time-and-balance: insurance
    costs half the main bet, so a seat that cannot cover it does not insure."""
    rnd = deal_seats(EVOLUTION, "10h As 9d 6c",
                     [Seat(Bets(main=Fraction(10)), balance=Fraction(14),
                           policy=lambda r: (Action.INSURE if r.phase is Phase.INSURANCE
                                             else Action.STAND))])
    assert rnd.results[0].insurance is None
    assert rnd.seats[0].balance == 24
    assert_all_dealt(rnd)
