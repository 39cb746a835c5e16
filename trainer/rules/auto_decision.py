"""The decisions the game makes for a player: on time-out, and when the balance falls short
(docs/rules/evolution.md#time-and-balance)."""

from __future__ import annotations

from .actions import Action
from .hand import Hand


def timer_decision(hand: Hand) -> Action:
    """The auto-decision when the decision timer runs out: hit on 11 or less, else stand.

    The total is the hand's best total as displayed (a soft hand counts its ace as 11).
    """
    return Action.HIT if hand.total <= 11 else Action.STAND


def balance_fallback(action: Action, hand: Hand) -> Action:
    """What replaces a paid double or split the balance can no longer cover.

    A double becomes a hit; a split becomes a hit on a total below 11 and a stand otherwise.
    Any other action is returned unchanged.
    """
    if action is Action.DOUBLE:
        return Action.HIT
    if action is Action.SPLIT:
        return Action.HIT if hand.total < 11 else Action.STAND
    return action
