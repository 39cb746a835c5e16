"""How sure the lab is of each index play: its gain cross-fitted over two halves of the pool,
and the spread of its index and gain over bootstrap resamples of the pool.

The lab table (:mod:`.lab`) stores both beside each play: what a play adds per 100 rounds is
measured on shoes other than those it was chosen on, so noise a flip was chosen for does not
count as gain; the resamples say how far the index and that gain would move with other shoes.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .cells import Cell
from .indices import CountAnalysis, IndexPlay, Pool
from .systems import CountSystem


def halves(pool: Pool, samples: int) -> tuple[Pool, Pool]:
    """The pool split in two, each count and bin's shoes alternately (one shoe each at least
    needs two drawn per bin)."""
    starts = np.arange(0, len(pool.weights), samples)
    first = (starts[:, None] + np.arange(0, samples, 2)[None, :]).ravel()
    second = (starts[:, None] + np.arange(1, samples, 2)[None, :]).ravel()
    return pool.subset(first), pool.subset(second)


def cross_gains(pool: Pool, count: CountSystem, cells: list[Cell | None],
                plays: dict[Cell, str], samples: int) -> dict[tuple[str, str], float]:
    """What each index play adds per 100 rounds, cross-fitted: the plays chosen on one half
    of the pool measured on the other, both ways, averaged. Choosing and measuring on the same
    shoes would count the noise a play was chosen for as gain."""
    if samples < 2:
        raise ValueError("cross-fitting needs at least 2 shoes per count and bin")
    one, two = (CountAnalysis(half, count, cells, plays) for half in halves(pool, samples))
    first, second = one.gains_on(two), two.gains_on(one)
    return {key: (first.get(key, 0.0) + second.get(key, 0.0)) / 2
            for key in set(first) | set(second)}


def cross_fitted(analysis: CountAnalysis, gains: dict[tuple[str, str], float]
                 ) -> list[IndexPlay]:
    """The analysis's index plays with their cross-fitted gains, the most valuable first."""
    found = [replace(p, gain=gains.get((p.cell.key, p.play), 0.0))
             for p in analysis.index_plays()]
    return sorted(found, key=lambda p: (-p.gain, p.cell, p.play))


class Spread:
    """Bootstrap replicates' index plays: how far each play's index and gain move."""

    def __init__(self, found: dict[tuple[str, str], list[IndexPlay]],
                 gains: dict[tuple[str, str], list[float]], replicates: int) -> None:
        self.found, self.gains, self.replicates = found, gains, replicates

    def of(self, play: IndexPlay) -> dict[str, float | None]:
        """The play's ``index_sd`` (over the replicates that find it on the same side),
        ``gain_se`` (of its cross-fitted gain; 0 in a replicate that finds no such play) and
        ``found`` (the share of replicates that find it on the same side)."""
        key = (play.cell.key, play.play)
        seen = [p.index for p in self.found.get(key, []) if p.direction == play.direction]
        gains = self.gains.get(key, [])
        gains = gains + [0.0] * (self.replicates - len(gains))
        return {"index_sd": float(np.std(seen)) if seen else None,
                "gain_se": float(np.std(gains)), "found": len(seen) / self.replicates}


def bootstrap(pool: Pool, count: CountSystem, cells: list[Cell | None], plays: dict[Cell, str],
              samples: int, seed: int, replicates: int) -> Spread:
    """The index plays and cross-fitted gains of ``replicates`` resamples of the pool (the
    shoes of each count and bin drawn again with replacement from those drawn there),
    seeded."""
    rng = np.random.default_rng([seed, 1])
    starts = np.arange(0, len(pool.weights), samples)
    found: dict[tuple[str, str], list[IndexPlay]] = {}
    gains: dict[tuple[str, str], list[float]] = {}
    for _ in range(replicates):
        rows = (starts[:, None] + rng.integers(samples, size=(len(starts), samples))).ravel()
        resampled = pool.subset(rows)
        for p in CountAnalysis(resampled, count, cells, plays).index_plays():
            found.setdefault((p.cell.key, p.play), []).append(p)
        for key, gain in cross_gains(resampled, count, cells, plays, samples).items():
            gains.setdefault(key, []).append(gain)
    return Spread(found, gains, replicates)


__all__ = ["Spread", "bootstrap", "cross_fitted", "cross_gains", "halves"]
