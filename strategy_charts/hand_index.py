"""Every player hand (a composition of 1 to N cards totalling at most hard 21), numbered once.

Vectorised passes over many hands at once (:mod:`all_hands`) work on these numbers: each hand's
totals, size and the number of the hand one card more makes. Hands are numbered by hard total,
so a hand's children (one card more) always come later.
The totals are the rules core's (:func:`trainer.rules.hand.soft_total`) computed for every hand
at once; ``tests/engine/test_hand_index.py`` checks each hand against the core's
``hand_total``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .composition import Composition, unbusted_hands


@dataclass(frozen=True)
class HandIndex:
    """The hands of at most ``max_cards`` cards, with the arrays passes need."""

    max_cards: int
    comps: np.ndarray    # (hands, 10) card counts
    hard: np.ndarray     # hard total (aces as 1)
    total: np.ndarray    # best total
    soft: np.ndarray     # True when an ace counts 11
    size: np.ndarray     # number of cards
    child: np.ndarray    # (hands, 10): the hand with one more card of each value, -1 if none
    busts: np.ndarray    # (hands, 10): True where one more card of that value goes over 21
    numbers: dict[Composition, int]

    def number(self, hand: Composition) -> int:
        """The number of ``hand`` (KeyError if it is not in the index)."""
        return self.numbers[hand]


@cache
def hand_index(max_cards: int) -> HandIndex:
    """All hands of 1 to ``max_cards`` cards with hard total at most 21 (cached)."""
    comps = np.array(unbusted_hands(max_cards), dtype=np.int64)
    hard = comps @ np.arange(1, 11)
    comps = comps[np.lexsort((*comps.T[::-1], hard))]      # by hard total, then by cards
    hard = comps @ np.arange(1, 11)
    places = 23 ** np.arange(10, dtype=np.int64)      # a hand and its child hold at most 22
    codes = comps @ places
    order = np.argsort(codes)
    wanted = codes[:, None] + places[None, :]
    at = np.minimum(np.searchsorted(codes[order], wanted), len(codes) - 1)
    child = np.where(codes[order][at] == wanted, order[at], -1)
    soft = (comps[:, 0] > 0) & (hard + 10 <= 21)
    return HandIndex(
        max_cards=max_cards, comps=comps, hard=hard, total=hard + 10 * soft, soft=soft,
        size=comps.sum(axis=1), child=child,
        busts=hard[:, None] + np.arange(1, 11)[None, :] > 21,
        numbers={h: i for i, h in enumerate(map(tuple, comps.tolist()))})
