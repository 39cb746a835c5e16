"""Values of every legal action on a hand's first decision (two cards, or a split hand's two).

The actions valued are those the rules core offers (:mod:`trainer.rules.offers`): the double
(free or paid) and, on a first decision, the split (free or paid) and the surrender.
"""

from __future__ import annotations

from trainer.rules import Action, RuleSet, offers

from .composition import EMPTY, Composition, add, size, total
from .hand_values import FREE, REAL, StakeUnits, UpCardValues, doubled_stakes
from .splits import SplitValues


def double_action(values: UpCardValues, hand: Composition, after_split: bool,
                  stakes: StakeUnits) -> tuple[Action, StakeUnits] | None:
    """The double this hand is offered and the stakes it leaves, or None."""
    grown = doubled_stakes(values.rules, hand, stakes, after_split)
    if grown is None:
        return None
    return (Action.FREE_DOUBLE if grown[1] > stakes[1] else Action.DOUBLE), grown


def decides(rules: RuleSet, hand: Composition, after_split: bool) -> bool:
    """Whether ``hand`` takes a decision (:func:`trainer.rules.offers.decides`)."""
    return offers.decides(rules, size(hand), total(hand)[0], after_split)


def pair_value(hand: Composition) -> int | None:
    """The card value of a two-card pair, or None."""
    if size(hand) == 2 and max(hand) == 2:
        return hand.index(2) + 1
    return None


def action_values(values: UpCardValues, hand: Composition, stakes: StakeUnits = REAL,
                  after_split: bool = False, can_split: bool = True,
                  known: Composition = EMPTY) -> dict[Action, float]:
    """Numerator of every legal action (see :mod:`hand_values`); empty for a hand that takes no
    decision (a blackjack, a 21 that stands, a Charlie).

    ``known`` are other cards known gone (they are not in ``values.shoe``'s removal yet).
    """
    if not decides(values.rules, hand, after_split):
        return {}
    out = {Action.STAND: values.stand(hand, stakes, known),
           Action.HIT: values.hit(hand, stakes, known, after_split)}
    double = double_action(values, hand, after_split, stakes)
    if double is not None:
        out[double[0]] = values.double(hand, double[1], known)
    pair = pair_value(hand)
    if pair is not None and can_split and not after_split and stakes == REAL:
        action = offers.split_kind(values.rules, pair)
        out[action] = SplitValues(values, pair, known).value(free=action is Action.FREE_SPLIT)
    if offers.surrender_offered(values.rules, size(hand), after_split):
        out[Action.SURRENDER] = stakes[0] * values.surrender(add(hand, known))
    return out


def prepare_hand(values: UpCardValues, hand: Composition, known: Composition = EMPTY) -> None:
    """Batch the dealer probabilities the hand's actions need (its splits' included)."""
    removals = values.reachable(hand, known)
    removals.add(add(hand, known))
    values.prepare(removals)
    pair = pair_value(hand)
    if pair is not None:
        SplitValues(values, pair, known).prepare()


__all__ = ["FREE", "REAL", "action_values", "decides", "double_action", "pair_value",
           "prepare_hand"]
