"""Decisions made for the player: the timer's auto-decision and the low-balance fallbacks."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from trainer.rules import (
    Action,
    Hand,
    IllegalActionError,
    InsufficientBalanceError,
    Phase,
    Stakes,
    balance_fallback,
    cards,
    timer_decision,
)

from .conftest import (
    EVOLUTION,
    POT_OF_GOLD,
    assert_all_dealt,
    deal,
    hand_cards,
    hand_nets,
    play,
    snapshot,
    stakes_in_bets,
)


def make_hand(text: str) -> Hand:
    """A hand of these cards with a real stake of 10."""
    return Hand(cards=tuple(cards(text)), stakes=Stakes(Fraction(10)))


# ----- the timer -------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["2h 3d", "5h 6d", "2h 2d 3c 4s", "9h 2d"])
def test_timer_hits_on_11_or_less(text) -> None:
    """docs/rules/evolution.md#time-and-balance: when the decision timer runs out, a total of 11
    or less hits."""
    assert timer_decision(make_hand(text)) is Action.HIT


@pytest.mark.parametrize("text", ["7h 5d", "10h 10d", "Ah Ad", "Ah 5d", "2h 3d 4c 3s", "Ah 9d"])
def test_timer_stands_over_11(text) -> None:
    """docs/rules/evolution.md#time-and-balance: when the timer runs out, a total over 11 stands
    (a soft hand counts its ace as 11)."""
    assert timer_decision(make_hand(text)) is Action.STAND


def test_round_time_out_hits_11() -> None:
    """docs/rules/evolution.md#time-and-balance: a round timed out on a total of 11 hits."""
    rnd = deal(EVOLUTION, "5h 9s 6d 8c 3c")
    assert rnd.time_out() is Action.HIT
    assert hand_cards(rnd) == ["5♥ 6♦ 3♣"]
    assert rnd.time_out() is Action.STAND  # 14
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


def test_round_time_out_stands_on_12() -> None:
    """docs/rules/evolution.md#time-and-balance: a round timed out on a total over 11 stands."""
    rnd = deal(EVOLUTION, "7h 9s 5d 8c")
    assert rnd.time_out() is Action.STAND
    assert hand_cards(rnd) == ["7♥ 5♦"]
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


def test_time_out_declines_insurance() -> None:
    """docs/rules/evolution.md#time-and-balance: the auto-decision buys no insurance for the
    player."""
    rnd = deal(EVOLUTION, "10h As 7d 6h", balance=100)
    assert rnd.time_out() is Action.NO_INSURANCE
    assert rnd.phase is Phase.PLAYER
    assert rnd.seats[0].insurance is None
    assert rnd.seats[0].balance == 90


def test_time_out_on_split_ace_stands() -> None:
    """docs/rules/evolution.md#splits: split aces get one card each (with resplit aces a split
    ace awaiting a decision cannot hit, so the timer stands it)."""
    rnd = deal(replace(POT_OF_GOLD, resplit_aces=True), "Ah 10s Ad 7c Ac 5d")
    play(rnd, Action.FREE_SPLIT)  # A + A again: resplit or stand
    assert rnd.time_out() is Action.STAND
    assert hand_cards(rnd) == ["A♥ A♣", "A♦ 5♦"]
    assert_all_dealt(rnd)


# ----- not enough money ------------------------------------------------------------------------


def test_insufficient_balance_disables_double_and_split() -> None:
    """docs/rules/evolution.md#time-and-balance: a paid double or split needs the balance to
    cover it (free doubles and free splits cost nothing)."""
    rnd = deal(EVOLUTION, "7h 9s 5d 8c", balance=19)
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}
    rnd = deal(EVOLUTION, "Jh 9s Qd 8c", balance=19)
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}
    rnd = deal(EVOLUTION, "8h 9s 8d 8c", balance=10)
    assert rnd.legal_actions() == {Action.HIT, Action.STAND, Action.FREE_SPLIT}
    rnd = deal(EVOLUTION, "7h 9s 5d 8c", balance=20)
    assert Action.DOUBLE in rnd.legal_actions()


def test_unaffordable_act_raises_and_leaves_round_unchanged() -> None:
    """docs/rules/evolution.md#time-and-balance: every bet must be covered by the balance."""
    rnd = deal(EVOLUTION, "7h 9s 5d 8c", balance=15)
    before = snapshot(rnd)
    with pytest.raises(InsufficientBalanceError):
        rnd.act(Action.DOUBLE)
    assert vars(rnd) == before


def test_round_needs_funds_for_the_bets() -> None:
    """docs/rules/evolution.md#time-and-balance: the bets placed before the deal must be covered
    by the balance."""
    with pytest.raises(InsufficientBalanceError):
        deal(EVOLUTION, "7h 9s 5d 8c", balance=14, perfect_pairs=5)
    assert deal(EVOLUTION, "7h 9s 5d 8c", balance=15, perfect_pairs=5).seats[0].balance == 0


def test_unaffordable_double_becomes_hit() -> None:
    """docs/rules/evolution.md#time-and-balance: a paid double the balance cannot cover becomes a
    hit."""
    assert balance_fallback(Action.DOUBLE, make_hand("7h 5d")) is Action.HIT
    rnd = deal(EVOLUTION, "7h 9s 5d 8c 9h", balance=10)
    assert rnd.request(Action.DOUBLE) is Action.HIT
    assert stakes_in_bets(rnd) == [(1, 0)]
    assert hand_nets(rnd) == [10]  # 21 against 17, on the single real stake
    assert_all_dealt(rnd)


def test_unaffordable_split_stands_on_tens() -> None:
    """docs/rules/evolution.md#time-and-balance: a paid split the balance cannot cover stands on
    a total over 11."""
    rnd = deal(EVOLUTION, "Jh 9s Qd 8c", balance=10)
    assert rnd.request(Action.SPLIT) is Action.STAND
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)


def test_unaffordable_split_hits_below_11() -> None:
    """docs/rules/evolution.md#time-and-balance: a paid split the balance cannot cover hits on a
    total below 11 (a paid split of 4-4 needs rules without the free split)."""
    rnd = deal(replace(EVOLUTION, free_split_pairs=frozenset()), "4h 9s 4d 8c 10c", balance=10)
    assert rnd.request(Action.SPLIT) is Action.HIT
    assert hand_cards(rnd) == ["4♥ 4♦ 10♣"]


@pytest.mark.parametrize(("text", "action"), [
    ("2h 2d", Action.HIT), ("3h 3d", Action.HIT), ("4h 4d", Action.HIT), ("5h 5d", Action.HIT),
    ("6h 6d", Action.STAND), ("9h 9d", Action.STAND), ("Jh Qd", Action.STAND),
    ("Ah Ad", Action.STAND),
])
def test_balance_fallback_for_split(text, action) -> None:
    """docs/rules/rulings.md#timer-and-balance: an unaffordable split hits below 11 and stands
    otherwise, on exactly 11 too."""
    assert balance_fallback(Action.SPLIT, make_hand(text)) is action


@pytest.mark.parametrize("action", [Action.HIT, Action.STAND, Action.FREE_DOUBLE,
                                    Action.FREE_SPLIT])
def test_balance_fallback_leaves_other_actions(action) -> None:
    """docs/rules/evolution.md#time-and-balance: only a paid double or split the balance cannot
    cover is replaced."""
    assert balance_fallback(action, make_hand("8h 8d")) is action


def test_request_takes_affordable_action() -> None:
    """docs/rules/evolution.md#doubles: a double gets one more card (with the money there, the
    requested double is taken)."""
    rnd = deal(EVOLUTION, "7h 9s 5d 8c 9h", balance=20)
    assert rnd.request(Action.DOUBLE) is Action.DOUBLE
    assert hand_nets(rnd) == [20]
    assert rnd.seats[0].balance == 40
    assert_all_dealt(rnd)


def test_request_of_illegal_double_raises_even_when_unaffordable() -> None:
    """docs/rules/evolution.md#doubles: only two-card hands double; the balance fallback replaces
    a double the player may take, not one the rules forbid."""
    rnd = deal(EVOLUTION, "5h 9s 3d 8c 4c 10h", balance=15)
    play(rnd, Action.HIT)  # three cards: no double at all
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError):
        rnd.request(Action.DOUBLE)
    assert vars(rnd) == before


def test_request_of_paid_double_where_only_free_double_raises() -> None:
    """docs/rules/evolution.md#doubles: a two-card hard 9, 10 or 11 is offered the free double
    only."""
    rnd = deal(EVOLUTION, "6h 9s 4d 8c 10c", balance=10)
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError):
        rnd.request(Action.DOUBLE)
    assert vars(rnd) == before
