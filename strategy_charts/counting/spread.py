"""How sure the lab is of each index play: its gain cross-fitted over two halves of the pool,
and the spread of its index and gain over bootstrap resamples of the pool.

The lab table (:mod:`.lab`) stores both beside each play: what a play adds per 100 rounds is
measured on shoes other than those it was chosen on, so noise a flip was chosen for does not
count as gain; the resamples (the shoes of each stratum drawn again with replacement from
those drawn there) say how far the index and that gain would move with other shoes. An index
found by exact enumeration (insurance) does not move: its spread is 0.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .indices import CountAnalysis, Entries, IndexPlay


def _strata(entries: Entries) -> list[np.ndarray]:
    """The pool's shoes, stratum by stratum."""
    strata = entries.pool.strata
    return [np.nonzero(strata == s)[0] for s in np.unique(strata)]


def halves(entries: Entries, multiplicity: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two multiplicities splitting ``multiplicity`` in two: within each stratum, the shoes
    counted (each as often as it counts) are dealt alternately to either half."""
    first, second = np.zeros(len(multiplicity)), np.zeros(len(multiplicity))
    for rows in _strata(entries):
        taken = np.repeat(rows, multiplicity[rows].astype(int))
        np.add.at(first, taken[0::2], 1.0)
        np.add.at(second, taken[1::2], 1.0)
    return first, second


def cross_gains(entries: Entries, multiplicity: np.ndarray | None = None
                ) -> dict[tuple[str, str], float]:
    """What each index play adds per 100 rounds, cross-fitted: the plays chosen on one half
    of the pool measured on the other, both ways, averaged. Choosing and measuring on the same
    shoes would count the noise a play was chosen for as gain."""
    counted = np.ones(len(entries.pool.weights)) if multiplicity is None else multiplicity
    one, two = (entries.analyse(half, errors=False) for half in halves(entries, counted))
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
        """The play's ``index_sd`` (over the replicates that find it on the same side; 0 for
        an exact index), ``gain_se`` (of its cross-fitted gain; 0 in a replicate that finds no
        such play) and ``found`` (the share of replicates that find it on the same side)."""
        key = (play.cell.key, play.play)
        seen = [p.index for p in self.found.get(key, []) if p.direction == play.direction]
        gains = self.gains.get(key, [])
        gains = gains + [0.0] * (self.replicates - len(gains))
        if play.cell.kind == "insurance":
            return {"index_sd": 0.0, "gain_se": 0.0, "found": 1.0}
        return {"index_sd": float(np.std(seen)) if seen else None,
                "gain_se": float(np.std(gains)), "found": len(seen) / self.replicates}


def bootstrap(entries: Entries, seed: int, replicates: int) -> Spread:
    """The index plays and cross-fitted gains of ``replicates`` resamples of the pool (the
    shoes of each stratum drawn again with replacement from those drawn there), seeded."""
    rng = np.random.default_rng([seed, 1])
    strata = _strata(entries)
    found: dict[tuple[str, str], list[IndexPlay]] = {}
    gains: dict[tuple[str, str], list[float]] = {}
    size = len(entries.pool.weights)
    for _ in range(replicates):
        multiplicity = np.zeros(size)
        for rows in strata:
            np.add.at(multiplicity, rows[rng.integers(len(rows), size=len(rows))], 1.0)
        for p in entries.analyse(multiplicity, errors=False).index_plays():
            found.setdefault((p.cell.key, p.play), []).append(p)
        for key, gain in cross_gains(entries, multiplicity).items():
            gains.setdefault(key, []).append(gain)
    return Spread(found, gains, replicates)


#: An index is taught (drilled, graded in a counted shoe) when its spread over the resamples is
#: under half a count and nearly every resample finds it.
TRUSTED_SD, TRUSTED_FOUND = 0.5, 0.9


def trusted(play: dict[str, object]) -> bool:
    """Whether a stored index play (a lab table's) is sure enough to teach."""
    sd, found = play.get("index_sd"), play.get("found")
    return (isinstance(sd, float | int) and sd < TRUSTED_SD
            and isinstance(found, float | int) and found >= TRUSTED_FOUND)


__all__ = ["TRUSTED_FOUND", "TRUSTED_SD", "Spread", "bootstrap", "cross_fitted", "cross_gains",
           "halves", "trusted"]
