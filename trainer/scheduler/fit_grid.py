"""The candidates the memory fit searches: every combination of a few values of each parameter
of :mod:`trainer.scheduler.memory` (:class:`Grid`), and recall read on each one's own curve."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from . import memory
from .memory import MemoryParams

#: The grid searched: stability after a first answer (days), growth, lapse, slip, curve, ease.
FIRSTS = (0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56)
GROWTHS = (1.0, 2.0, 4.0, 7.0, 10.0, 15.0, 25.0)
LAPSES = (0.1, 0.3, 0.5, 0.8)
SLIPS = (0.0, 0.01, 0.03, 0.08)
CURVES = memory.CURVES
#: The curves the default grid holds: the exponential and the flat power curve (decay 0.25),
#: not FSRS-4's between them. The answers a study queue gathers hardly tell FSRS-4's curve
#: from the exponential (a card is asked again before it is long past its stability: at 8,000
#: answers of the exponential novice of the learning bench FSRS-4's curve fitted 54 nats
#: better, ``bench/memory_probe.py``), and a queue on a grid that held it taught that learner
#: with 30% more answers (15,367 against 11,833, three seeds). The flat curve they tell apart
#: (170 nats worse for that learner), and it is the one that predicts a player whose memory
#: keeps long after its stability: on the flat learners and the one whose cards differ, the
#: exponential alone predicted their later answers 2 to 7 standard errors worse than FSRS-6
#: fitted to them (docs/teaching.md).
GRID_CURVES = (memory.EXPONENTIAL, "power-0.25")
#: How far an answer moves its card's ease (:func:`memory.answered_from`): 0, every card alike,
#: or 0.3 (on the answers of the learning bench's novice whose cards differ, steps of 0.3, 0.6
#: and 1.0 fitted 183, 113 and -12 nats better than none on the exponential curve).
EASES = (0.0, 0.3)



@dataclass(frozen=True)
class Grid:
    """Candidate parameter sets, as five equally long arrays (``curve``: the position of
    each one's curve in :data:`CURVES`)."""

    first: np.ndarray
    growth: np.ndarray
    lapse: np.ndarray
    slip: np.ndarray
    curve: np.ndarray
    ease: np.ndarray

    @classmethod
    def of(cls, firsts: Sequence[float], growths: Sequence[float],
           lapses: Sequence[float], slips: Sequence[float] = (0.0,),
           curves: Sequence[str] = (memory.POWER,), eases: Sequence[float] = (0.0,)) -> Grid:
        """Every combination of the values given."""
        curve, first, growth, lapse, slip, ease = (a.ravel() for a in np.meshgrid(
            np.asarray([CURVES.index(c) for c in curves]), np.asarray(firsts, float),
            np.asarray(growths, float), np.asarray(lapses, float), np.asarray(slips, float),
            np.asarray(eases, float), indexing="ij"))
        return cls(first, growth, lapse, slip, curve, ease)

    def params(self, i: int) -> MemoryParams:
        """Candidate ``i``."""
        return MemoryParams(float(self.first[i]), float(self.growth[i]), float(self.lapse[i]),
                            slip=float(self.slip[i]), curve=CURVES[int(self.curve[i])],
                            ease=float(self.ease[i]))

    def index(self, params: MemoryParams) -> int | None:
        """The candidate that is ``params`` (None: not on the grid)."""
        if params.curve not in CURVES:
            return None
        on_grid = np.flatnonzero((self.first == params.first) & (self.growth == params.growth)
                                 & (self.lapse == params.lapse) & (self.slip == params.slip)
                                 & (self.curve == CURVES.index(params.curve))
                                 & (self.ease == params.ease))
        return int(on_grid[0]) if on_grid.size else None

    def take(self, columns: np.ndarray) -> Grid:
        """The candidates at ``columns`` (ascending), in that order."""
        return Grid(*(getattr(self, name)[columns] for name in
                      ("first", "growth", "lapse", "slip", "curve", "ease")))

    @cached_property
    def blocks(self) -> tuple[tuple[slice, str], ...]:
        """The candidates of each curve, as runs of columns (:meth:`of` keeps each curve's
        together)."""
        starts = np.flatnonzero(np.diff(self.curve, prepend=-1))
        ends = [*starts[1:], self.curve.size]
        return tuple((slice(int(a), int(b)), CURVES[int(self.curve[a])])
                     for a, b in zip(starts, ends, strict=True))

    def recall(self, elapsed: np.ndarray, stability: np.ndarray) -> np.ndarray:
        """R of each candidate (columns) after ``elapsed`` days (a column) at ``stability``,
        on each candidate's curve (:func:`trainer.scheduler.memory.retrievability`)."""
        if len(self.blocks) == 1:
            return _recall(self.blocks[0][1], elapsed, stability)
        found = np.empty(np.broadcast_shapes(elapsed.shape, stability.shape))
        for columns, curve in self.blocks:
            found[:, columns] = _recall(curve, elapsed, stability[:, columns])
        return found


def _recall(curve: str, elapsed: np.ndarray, stability: np.ndarray) -> np.ndarray:
    """R on ``curve`` (:func:`trainer.scheduler.memory.retrievability`) over arrays."""
    if curve == memory.EXPONENTIAL:
        return np.exp(math.log(0.9) * elapsed / stability)
    decay = memory.DECAYS[curve]
    if decay == 1.0:
        return 1.0 / (1.0 + elapsed / (9.0 * stability))
    return (1.0 + memory.power_factor(decay) * elapsed / stability) ** -decay


#: The grid :func:`fit` searches by default.
GRID = Grid.of(FIRSTS, GROWTHS, LAPSES, SLIPS, GRID_CURVES, EASES)
