"""Hands made by splitting a pair (the split card and a second card), valued for the tables.

Such a hand decides on a shoe that has lost the other hands' pair cards too: its stand, hit and
double are those of :func:`initial_hand.action_values` with ``after_split`` and those cards
``known`` gone; where the rules let it resplit, the resplit is valued as
:class:`splits.SplitValues` with as many hands as the seat may still make, its hands playing
the fixed strategy that is best for their own cards on that same shoe. All pairs and both
stakes at once, by the passes of :mod:`all_hands`.
"""

from __future__ import annotations

import numpy as np

from trainer.rules import Action

from .all_hands import HIT, HandSet
from .composition import Composition
from .hand_values import StakeUnits
from .initial_hand import double_action
from .up_card import (
    PairSplit,
    UpCard,
    double_nodes,
    hit_doubles,
    post_split_choices,
    split_batch,
)


class SplitHands:
    """The two-card hands of every pair's split against one up card (see the module doc),
    with ``known`` other pair cards gone: one when the seat holds two hands, two when it holds
    three (the first cards of the other hands)."""

    def __init__(self, card: UpCard, known: int = 1) -> None:
        self.card, self.known = card, known
        index = card.index
        self.pairs = [p for p in range(1, 11) if card.shoe[p - 1] >= known + 1]
        extras = np.zeros((len(self.pairs), 10), dtype=np.int64)
        extras[np.arange(len(self.pairs)), np.array(self.pairs) - 1] = known
        masks = np.array([(index.comps[:, p - 1] >= 1) & (index.size >= 2) for p in self.pairs])
        self.hands = HandSet(card.rules, index, np.array(card.shoe), card.up, extras,
                             masks.reshape(len(self.pairs), -1))
        self.hands.prepare(card.dealer)
        self._optimal: dict[StakeUnits, np.ndarray] = {}
        twos = np.nonzero(double_nodes(card.rules, self.hands))[0]
        self._double = (np.zeros(len(self.hands)), np.zeros(len(self.hands)))
        self._double[0][twos], self._double[1][twos] = self.hands.double_parts(twos)

    def _hit(self, stakes: StakeUnits) -> np.ndarray:
        """Per node, hitting then playing best with the doubles a split hand is offered."""
        if stakes not in self._optimal:
            doubled = hit_doubles(self.card.rules, self.card.index, stakes, from_split=True)
            self._optimal[stakes] = self.hands.optimal(
                stakes, None if doubled is None else doubled[self.hands.hand])[0]
        return self._optimal[stakes]

    def _node(self, pair: int, hand: Composition) -> int:
        return self.hands.node(self.pairs.index(pair), self.card.index.number(hand))

    def actions(self, pair: int, hand: Composition, stakes: StakeUnits) -> dict[Action, float]:
        """Numerators of stand, hit and the double allowed, as ``action_values(values, hand,
        stakes, after_split=True, known=<the other pair card>)``."""
        node = self._node(pair, hand)
        hands = self.hands
        out = {Action.STAND: float(stakes[0] * hands.a[node] + stakes[1] * hands.b[node]),
               Action.HIT: float(self._hit(stakes)[node])}
        double = double_action(self.card.values, hand, True, stakes)
        if double is not None:
            grown = double[1]
            out[double[0]] = float(grown[0] * self._double[0][node]
                                   + grown[1] * self._double[1][node])
        return out

    def decisions(self, stakes: StakeUnits) -> np.ndarray:
        """Per pair (row) and hand number: the resplit's fixed strategy, the best of stand, hit
        and the double allowed after a split on the shoe without the other pair card."""
        hands, index = self.hands, self.card.index
        per_node = post_split_choices(self.card.rules, hands, self._hit(stakes), self._double,
                                      stakes)
        table = np.full((len(self.pairs), len(index.hard)), HIT, dtype=np.int64)
        table[hands.context, hands.hand] = per_node
        return table

    def resplits(self, hands_limit: int) -> dict[int, PairSplit]:
        """X and pair values of every pair's resplit with at most ``hands_limit`` hands."""
        return split_batch(self.card, self.pairs, self.known, hands_limit, self.decisions,
                           self.card.split_stakes())
