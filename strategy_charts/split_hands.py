"""Hands made by splitting a pair (the split card and a second card), valued for the tables.

Such a hand decides on a shoe that has lost the other hands' pair cards too: its stand, hit and
double are those of :func:`initial_hand.action_values` with ``after_split`` and those cards
``known`` gone; where the rules let it resplit, the resplit is valued as
:class:`splits.SplitValues` with as many hands as the seat may still make, its hands playing
the fixed strategy that is best for their own cards on that same shoe. All pairs and both
stakes at once, by the passes of :mod:`all_hands`.
"""

from __future__ import annotations

from trainer.rules import Action

from .composition import Composition
from .hand_values import StakeUnits
from .initial_hand import double_action
from .post_split import SplitHandPlay
from .up_card import PairSplit, UpCard, split_batch


class SplitHands(SplitHandPlay):
    """The two-card hands of every pair's split against one up card (see the module doc),
    with ``known`` other pair cards gone: one when the seat holds two hands, two when it holds
    three (the first cards of the other hands)."""

    def __init__(self, card: UpCard, known: int = 1) -> None:
        super().__init__(card, known)
        self.card = card        # (kept by the table's build, not by the up card: no cycle)

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

    def resplits(self, hands_limit: int) -> dict[int, PairSplit]:
        """X and pair values of every pair's resplit with at most ``hands_limit`` hands."""
        return split_batch(self.card, self.pairs, self.known, hands_limit, self.decisions,
                           self.card.split_stakes())
