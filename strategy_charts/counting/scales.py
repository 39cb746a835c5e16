"""How a count numbers its decisions: a balanced count by the **true count**, an unbalanced one
(KO) by the **running count** it keeps from its initial running count.

A balanced count's true count is the running count of the cards seen per deck unseen, floored
(:func:`.systems.true_count`: +2 means 2 <= running / decks < 3), binned from -10 to +10 with
the end bins open. An unbalanced count is never divided: its player starts each shoe at the
initial running count (KO: -4 x (decks - 1)) and bets and plays by the running count itself,
binned one by one from a few counts below the start to ten above the pivot (the running count
at which every depth has the same true count), the end bins open. Both number a decision by the
cards seen and the cards unseen, so the lab, the counted shoe and the drills share one rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .systems import CARDS_PER_DECK, CountSystem

#: The true-count bins of a balanced count.
TRUE_LOW, TRUE_HIGH = -10, 10
#: Running-count bins of an unbalanced count: from this far below its start ...
BELOW_START = 4
#: ... to this far above its pivot.
ABOVE_PIVOT = 10


@dataclass(frozen=True)
class Scale:
    """The numbers a count's decisions take: true counts (``running`` False) or running counts
    from ``start``, binned from ``low`` to ``high`` (the end bins open)."""

    running: bool
    low: int
    high: int
    start: float = 0.0

    @property
    def bins(self) -> tuple[int, ...]:
        """Every bin, lowest first."""
        return tuple(range(self.low, self.high + 1))

    @property
    def letters(self) -> str:
        """'TC' or 'RC', as index plays are written ("stand at TC >= 0")."""
        return "RC" if self.running else "TC"

    @property
    def words(self) -> str:
        """'true count' or 'running count'."""
        return "running count" if self.running else "true count"

    def number(self, seen: float, unseen: int) -> int:
        """The (unclipped) number of a decision with ``seen`` the tags of the cards seen since
        the shuffle and ``unseen`` cards not yet seen."""
        if self.running:
            return math.floor(self.start + seen + 1e-9)
        if unseen <= 0:
            raise ValueError("no cards are left to count a true count over")
        return math.floor(seen * CARDS_PER_DECK / unseen + 1e-9)

    def clip(self, number: int) -> int:
        """``number`` in the bins (the end bins hold everything beyond)."""
        return min(max(number, self.low), self.high)

    def bin_of(self, seen: np.ndarray | float, unseen: np.ndarray | int) -> np.ndarray:
        """The bin of decisions (arrays of seen tags and unseen cards), clipped."""
        seen, left = np.broadcast_arrays(np.asarray(seen, float), np.asarray(unseen, float))
        if self.running:
            raw = np.floor(self.start + seen + 1e-9)
        else:
            raw = np.floor(seen * CARDS_PER_DECK / left + 1e-9)
        return np.clip(raw, self.low, self.high).astype(np.int64)

    def to_plain(self) -> dict[str, object]:
        """As a lab table stores it."""
        return {"kind": self.words, "bins": [self.low, self.high], "start": self.start}


#: The scale of every balanced count.
TRUE_COUNT = Scale(False, TRUE_LOW, TRUE_HIGH)


def scale_of(count: CountSystem, decks: int) -> Scale:
    """The scale ``count`` numbers its decisions by in a shoe of ``decks`` decks."""
    if count.balanced:
        return TRUE_COUNT
    start = count.initial(decks)
    pivot = count.pivot(decks)
    return Scale(True, math.floor(min(start, pivot) - BELOW_START),
                 math.ceil(max(start, pivot) + ABOVE_PIVOT), start)


__all__ = ["TRUE_COUNT", "Scale", "scale_of"]
