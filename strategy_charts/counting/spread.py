"""How sure the lab is of each index play: its gain cross-fitted over two halves of the pool,
and the spread of its index and gain over bootstrap resamples of the pool.

The lab table (:mod:`.lab`) stores both beside each play: what a play adds per 100 rounds is
measured on shoes other than those it was chosen on, so noise a flip was chosen for does not
count as gain, with its standard error from the bins' errors; the resamples (the shoes of each
stratum drawn again with replacement from those drawn there) say how far the index would move
with other shoes. An index found by exact enumeration (insurance) does not move: its spread
is 0.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from .indices import CountAnalysis, Entries, IndexPlay


def _strata(entries: Entries) -> list[np.ndarray]:
    """The pool's shoes, stratum by stratum (in order of stratum)."""
    strata = entries.pool.strata
    return [np.nonzero(strata == s)[0] for s in np.unique(strata)]


def _groups(entries: Entries) -> list[np.ndarray]:
    """The pool's shoes by the count whose bins they were drawn at (:mod:`.draws`)."""
    group = entries.pool.strata // entries.pool.strata_width
    return [np.nonzero(group == g)[0] for g in np.unique(group)]


def halves(entries: Entries, multiplicity: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two multiplicities splitting ``multiplicity`` in two: stratum by stratum, the shoes
    counted (each as often as it counts) are dealt alternately to either half, the turn
    running on from one stratum to the next (a stratum of one shoe gives it to one half)."""
    first, second = np.zeros(len(multiplicity)), np.zeros(len(multiplicity))
    taken = np.concatenate([np.repeat(rows, multiplicity[rows].astype(int))
                            for rows in _strata(entries)])
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
    """How far each index play moves: its index over bootstrap replicates, its gain by the
    standard errors of the bins it is played in."""

    def __init__(self, analysis: CountAnalysis, found: dict[tuple[str, str], list[IndexPlay]],
                 replicates: int) -> None:
        self.analysis, self.found, self.replicates = analysis, found, replicates
        self.fits = {fit.cell: fit for fit in analysis.all_fits()}

    def of(self, play: IndexPlay) -> dict[str, float | None]:
        """The play's ``index_sd`` (over the replicates that find it on the same side; 0 for
        an exact index), ``gain_se`` (the standard error of the gain: the bins' errors of its
        gap where it is played, a bin with too few shoes to tell taking the cell's largest) and
        ``found`` (the share of replicates that find it on the same side)."""
        if play.cell.kind == "insurance":
            return {"index_sd": 0.0, "gain_se": 0.0, "found": 1.0}
        key = (play.cell.key, play.play)
        seen = [p.index for p in self.found.get(key, []) if p.direction == play.direction]
        fit = self.fits[play.cell]
        errors = fit.stats.errors.get(play.play)
        gain_se = 0.0
        if errors is not None:
            played = np.array([fit.best(b) == play.play and fit.stats.weight[b] > 0
                               for b in range(len(fit.stats.bins))])
            known = errors[~np.isnan(errors)]
            filled = np.where(np.isnan(errors), known.max() if len(known) else 0.0, errors)
            gain_se = 100 * float(np.sqrt(((fit.stats.weight * filled)[played] ** 2).sum()))
        return {"index_sd": float(np.std(seen)) if seen else None, "gain_se": gain_se,
                "found": len(seen) / self.replicates}


def bootstrap(entries: Entries, analysis: CountAnalysis, seed: int, replicates: int) -> Spread:
    """The index plays of ``replicates`` resamples of the pool (the shoes drawn at one count's
    bins drawn again with replacement from them, as many: a stratum of one shoe alone would
    never vary), seeded, beside ``analysis`` (the pool's own)."""
    rng = np.random.default_rng([seed, 1])
    strata = _groups(entries)
    found: dict[tuple[str, str], list[IndexPlay]] = {}
    size = len(entries.pool.weights)
    for _ in range(replicates):
        multiplicity = np.zeros(size)
        for rows in strata:
            np.add.at(multiplicity, rows[rng.integers(len(rows), size=len(rows))], 1.0)
        for p in entries.analyse(multiplicity, errors=False).index_plays():
            found.setdefault((p.cell.key, p.play), []).append(p)
    return Spread(analysis, found, replicates)


#: An index is taught (drilled, graded in a counted shoe) when its spread over the resamples is
#: under half a count and nearly every resample finds it.
TRUSTED_SD, TRUSTED_FOUND = 0.5, 0.9


def trusted(play: dict[str, object], target: float = TRUSTED_SD) -> bool:
    """Whether a stored index play (a lab table's) is sure enough to teach (``target``: the
    spread it must be under; a lab built to a finer precision asks for its own)."""
    sd, found = play.get("index_sd"), play.get("found")
    return (isinstance(sd, float | int) and sd < target
            and isinstance(found, float | int) and found >= TRUSTED_FOUND)


__all__ = ["TRUSTED_FOUND", "TRUSTED_SD", "Spread", "bootstrap", "cross_fitted", "cross_gains",
           "halves", "trusted"]
