"""Illegal actions raise IllegalActionError and leave the round exactly as it was."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

from trainer.rules import Action, Bets, IllegalActionError, Round, Shoe, cards

from .conftest import EVOLUTION, POT_OF_GOLD, deal, play, snapshot


def after_hit() -> Round:
    return play(deal(EVOLUTION, "5h 9s 3d 8c 2c 10h"), Action.HIT)


def hard_12() -> Round:
    return deal(EVOLUTION, "7h 9s 5d 8c")


def hard_10() -> Round:
    return deal(EVOLUTION, "6h 9s 4d 8c")


def ten_pair() -> Round:
    return deal(EVOLUTION, "Jh 9s Qd 8c")


def eights_split() -> Round:
    return play(deal(EVOLUTION, "8h 10s 8d 7c 8c"), Action.FREE_SPLIT)


def fours_split() -> Round:
    return play(deal(EVOLUTION, "4h 10s 4d 7c 5c"), Action.FREE_SPLIT)


def insurance_phase() -> Round:
    return deal(EVOLUTION, "10h As 7d 6h")


def settled() -> Round:
    return play(deal(EVOLUTION, "10h 9s 8d 8c"), Action.STAND)


def split_aces_resplit() -> Round:
    rules = replace(POT_OF_GOLD, resplit_aces=True)
    return play(deal(rules, "Ah 10s Ad 7c Ac 5d"), Action.FREE_SPLIT)


CASES: list[tuple[str, Callable[[], Round], Action]] = [
    ("double after a hit", after_hit, Action.DOUBLE),
    ("free double after a hit", after_hit, Action.FREE_DOUBLE),
    ("split of a non-pair", hard_12, Action.SPLIT),
    ("free split of a non-pair", hard_12, Action.FREE_SPLIT),
    ("free double on hard 12", hard_12, Action.FREE_DOUBLE),
    ("paid double on hard 10 in evolution", hard_10, Action.DOUBLE),
    ("free split of ten-values", ten_pair, Action.FREE_SPLIT),
    ("resplit in evolution", eights_split, Action.FREE_SPLIT),
    ("double after split in evolution", fours_split, Action.FREE_DOUBLE),
    ("paid double after split in evolution", fours_split, Action.DOUBLE),
    ("insurance with a ten up", hard_12, Action.INSURE),
    ("hit during the insurance decision", insurance_phase, Action.HIT),
    ("stand during the insurance decision", insurance_phase, Action.STAND),
    ("hit on a split ace", split_aces_resplit, Action.HIT),
    ("double on a split ace", split_aces_resplit, Action.FREE_DOUBLE),
    ("any action after settlement", settled, Action.STAND),
    ("insurance after settlement", settled, Action.NO_INSURANCE),
]


@pytest.mark.parametrize(("make", "action"), [(m, a) for _, m, a in CASES],
                         ids=[name for name, _, _ in CASES])
def test_illegal_action_raises_and_leaves_round_unchanged(make, action) -> None:
    """docs/rules/evolution.md#decisions: a hand is offered only the actions the rules allow; any
    other action raises IllegalActionError and changes nothing."""
    rnd = make()
    assert action not in rnd.legal_actions()
    before = snapshot(rnd)
    with pytest.raises(IllegalActionError):
        rnd.act(action)
    assert vars(rnd) == before


def test_results_only_once_settled() -> None:
    """docs/rules/evolution.md#the-deal: the hole card is turned when the seats have played (no
    results before)."""
    rnd = hard_12()
    with pytest.raises(IllegalActionError):
        _ = rnd.results


@pytest.mark.parametrize("bet", ["main", "perfect_pairs", "twenty_one_plus_three", "hot_3"])
def test_negative_bet_is_refused(bet) -> None:
    """docs/rules/evolution.md#time-and-balance: every bet is money the balance covers, never a
    negative amount."""
    amounts = {"main": Fraction(10), bet: Fraction(-5)}
    with pytest.raises(ValueError, match="negative"):
        Bets(**amounts)


def test_round_needs_a_seat() -> None:
    """docs/rules/evolution.md#the-deal: any number of seats play against the dealer, but at
    least one."""
    with pytest.raises(ValueError, match="seat"):
        Round(EVOLUTION, Shoe.stacked(cards("10h 9s 8d 8c")), [])
