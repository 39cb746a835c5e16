"""Values of every legal action on a hand's first decision (two cards, or a split hand's two)."""

from __future__ import annotations

from trainer.rules import Action

from .composition import EMPTY, Composition, add, size, total
from .hand_values import FREE, REAL, Stakes, UpCardValues
from .splits import SplitValues, split_action


def double_action(values: UpCardValues, hand: Composition, after_split: bool,
                  stakes: Stakes) -> tuple[Action, Stakes] | None:
    """The double this two-card hand is offered and the stakes it leaves, or None."""
    rules = values.rules
    if size(hand) != 2:
        return None
    t, soft = total(hand)
    if not soft and t in rules.free_double_totals and (
            not after_split or rules.free_double_after_split):
        return Action.FREE_DOUBLE, (stakes[0], stakes[1] + 1)
    if not after_split or rules.double_after_split:
        return Action.DOUBLE, (stakes[0] + 1, stakes[1])
    return None


def pair_value(hand: Composition) -> int | None:
    """The card value of a two-card pair, or None."""
    if size(hand) == 2 and max(hand) == 2:
        return hand.index(2) + 1
    return None


def action_values(values: UpCardValues, hand: Composition, stakes: Stakes = REAL,
                  after_split: bool = False, can_split: bool = True,
                  known: Composition = EMPTY) -> dict[Action, float]:
    """Numerator of every legal action (see :mod:`hand_values`); empty for a blackjack or 21.

    ``known`` are other cards known gone (they are not in ``values.shoe``'s removal yet).
    """
    t, _ = total(hand)
    if t >= 21:
        return {}
    out = {Action.STAND: values.stand(hand, stakes, known),
           Action.HIT: values.hit(hand, stakes, known)}
    double = double_action(values, hand, after_split, stakes)
    if double is not None:
        out[double[0]] = values.double(hand, double[1], known)
    pair = pair_value(hand)
    if pair is not None and can_split and not after_split and stakes == REAL:
        action = split_action(values.rules.free_split, values.rules.free_split_tens, pair)
        out[action] = SplitValues(values, pair, known).value(free=action is Action.FREE_SPLIT)
    return out


def prepare_hand(values: UpCardValues, hand: Composition, known: Composition = EMPTY) -> None:
    """Batch the dealer probabilities the hand's actions need (its splits' included)."""
    removals = values.reachable(hand, known)
    removals.add(add(hand, known))
    values.prepare(removals)
    pair = pair_value(hand)
    if pair is not None:
        SplitValues(values, pair, known).prepare()


__all__ = ["FREE", "REAL", "action_values", "double_action", "pair_value", "prepare_hand"]
