"""The candidates the memory fit searches: every combination of a few values of each parameter
of :mod:`trainer.scheduler.memory` (:class:`Grid`), and recall read on each one's own curve."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, fields

import numpy as np

from . import memory
from .memory import MemoryParams

#: The grid searched: stability after a first answer (days), growth, lapse, slip, curve.
FIRSTS = (0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56)
GROWTHS = (1.0, 2.0, 4.0, 7.0, 10.0, 15.0, 25.0)
LAPSES = (0.1, 0.3, 0.5, 0.8)
SLIPS = (0.0, 0.01, 0.03, 0.08)
CURVES = memory.CURVES
#: The curves the default grid holds: the exponential alone. The answers a study queue
#: gathers do not tell the two curves apart (a card is asked again before it is long past its
#: stability): at 8,000 answers of a learning-bench learner the two curves' best fits are a
#: few nats apart whichever curve the learner forgets by, and the power curve led by 31 nats
#: for an exponential learner (``bench/memory_probe.py NAME``). A queue on the power curve
#: took 18,320 answers to teach the novice exponential learner against 13,020 on the
#: exponential one, which costs the power learners less (novice-rule 8,460 -> 8,960,
#: novice-power 6,840 -> 7,960; every learner still within the issue's bounds:
#: ``bench/learning``, the table in docs/teaching.md).
GRID_CURVES = (memory.EXPONENTIAL,)


@dataclass(frozen=True)
class Grid:
    """Candidate parameter sets, as five equally long arrays (``curve``: the position of
    each one's curve in :data:`CURVES`)."""

    first: np.ndarray
    growth: np.ndarray
    lapse: np.ndarray
    slip: np.ndarray
    curve: np.ndarray

    @classmethod
    def of(cls, firsts: Sequence[float], growths: Sequence[float],
           lapses: Sequence[float], slips: Sequence[float] = (0.0,),
           curves: Sequence[str] = (memory.POWER,)) -> Grid:
        """Every combination of the values given."""
        first, growth, lapse, slip, curve = (a.ravel() for a in np.meshgrid(
            np.asarray(firsts, float), np.asarray(growths, float), np.asarray(lapses, float),
            np.asarray(slips, float), np.asarray([CURVES.index(c) for c in curves]),
            indexing="ij"))
        return cls(first, growth, lapse, slip, curve)

    def params(self, i: int) -> MemoryParams:
        """Candidate ``i``."""
        return MemoryParams(float(self.first[i]), float(self.growth[i]), float(self.lapse[i]),
                            slip=float(self.slip[i]), curve=CURVES[int(self.curve[i])])

    def index(self, params: MemoryParams) -> int | None:
        """The candidate that is ``params`` (None: not on the grid)."""
        if params.curve not in CURVES:
            return None
        on_grid = np.flatnonzero((self.first == params.first) & (self.growth == params.growth)
                                 & (self.lapse == params.lapse) & (self.slip == params.slip)
                                 & (self.curve == CURVES.index(params.curve)))
        return int(on_grid[0]) if on_grid.size else None

    def take(self, columns: np.ndarray) -> Grid:
        """The candidates at ``columns`` (ascending), in that order."""
        return Grid(**{part.name: getattr(self, part.name)[columns] for part in fields(self)})

    def recall(self, elapsed: np.ndarray, stability: np.ndarray) -> np.ndarray:
        """R of each candidate (columns) after ``elapsed`` days (a column) at ``stability``,
        on each candidate's curve (:func:`trainer.scheduler.memory.retrievability`)."""
        power = 1.0 / (1.0 + elapsed / (9.0 * stability))
        if not self.curve.any():
            return power
        return np.where(self.curve == CURVES.index(memory.EXPONENTIAL),
                        np.exp(math.log(0.9) * elapsed / stability), power)


#: The grid :func:`fit` searches by default.
GRID = Grid.of(FIRSTS, GROWTHS, LAPSES, SLIPS, GRID_CURVES)
