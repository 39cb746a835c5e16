"""One decision's exact EVs by true count, fitted monotone in the count, and the index plays
the fit finds (the per-decision step of :mod:`.indices`).

Per bin (a true count, or an unbalanced count's running count: :mod:`.scales`) a decision has
its natural chance and the mean EV of each action over the rounds that meet it there
(:class:`BinStats`, with each mean's standard error); each other action's gap to the chart's
play is fitted by weighted pool-adjacent-violators, increasing or decreasing as the bins'
weighted least-squares line says (:func:`fit_cell`), so the best play changes once, at the index
(:meth:`CellFit.plays`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .cells import Cell


def isotonic(y: np.ndarray, w: np.ndarray, increasing: bool = True) -> np.ndarray:
    """The weighted least-squares monotone fit of ``y`` (pool adjacent violators)."""
    if not increasing:
        return -isotonic(-y, w, True)
    if len(y) < 2 or bool(np.all(np.diff(y) >= 0)):
        return np.asarray(y, float).copy()     # already monotone: its own best fit
    blocks: list[list[float]] = []            # [mean, weight, length]
    for yi, wi in zip(y, w, strict=True):
        blocks.append([float(yi), float(wi), 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, n2 = blocks.pop()
            m1, w1, n1 = blocks.pop()
            weight = w1 + w2
            blocks.append([(m1 * w1 + m2 * w2) / weight if weight > 0 else (m1 + m2) / 2,
                           weight, n1 + n2])
    return np.repeat([m for m, _, _ in blocks], [int(n) for _, _, n in blocks])


def _slope(t: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """Weighted least-squares slope of ``y`` on ``t``."""
    if w.sum() <= 0:
        return 0.0
    mt, my = (w @ t) / w.sum(), (w @ y) / w.sum()
    var = w @ ((t - mt) ** 2)
    return float(w @ ((t - mt) * (y - my)) / var) if var > 0 else 0.0


@dataclass
class BinStats:
    """One decision's figures per bin (``bins``: their labels, lowest first)."""

    bins: np.ndarray
    weight: np.ndarray            # natural chance per round of meeting it at each bin
    effective: np.ndarray         # Kish effective number of shoes behind each bin
    means: dict[str, np.ndarray]  # EV of each action per bin (NaN without data)
    errors: dict[str, np.ndarray] = field(default_factory=dict)   # standard error of each
    #                               action's gap to the chart's play, per bin (0: exact)


@dataclass(frozen=True)
class IndexPlay:
    """One index play: in ``cell`` play ``play`` instead of ``base`` at true counts
    ``>= index`` (``direction`` "+") or ``<= index`` ("-"), adding ``gain`` main bets per 100
    rounds."""

    cell: Cell
    base: str
    play: str
    index: int
    direction: str
    gain: float
    frequency: float
    letters: str = "TC"       # what the index counts: "TC" true count, "RC" running count
    index_sd: float | None = None     # the index's spread over the lab's resamples

    def to_plain(self) -> dict[str, Any]:
        """As stored in the lab table (the spread is stored beside it by the lab)."""
        return {"cell": self.cell.key, "base": self.base, "play": self.play,
                "index": self.index, "direction": self.direction, "letters": self.letters,
                "gain_per_100": round(self.gain, 10), "frequency": round(self.frequency, 10)}

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> IndexPlay:
        """Read :meth:`to_plain` back, with the stored spread (``index_sd``) if any."""
        sd = data.get("index_sd")
        return cls(Cell.from_key(data["cell"]), data["base"], data["play"], int(data["index"]),
                   data["direction"], float(data["gain_per_100"]), float(data["frequency"]),
                   str(data.get("letters", "TC")), None if sd is None else float(sd))

    @property
    def rule(self) -> str:
        """E.g. 'stand at TC >= 0 (hit otherwise)'."""
        sign = ">=" if self.direction == "+" else "<="
        return (f"{self.play.replace('_', ' ')} at {self.letters} {sign} {self.index:+d} "
                f"({self.base.replace('_', ' ')} otherwise)")

    def text(self) -> str:
        """E.g. 'hard 16 v 10: stand at TC >= 0 (hit otherwise)'."""
        return f"{self.cell.describe()}: {self.rule}"

    def spread_text(self) -> str:
        """The index's spread in words: '± 0.2', 'exact', or '' when unknown."""
        if self.index_sd is None:
            return ""
        return "exact" if self.index_sd == 0 else f"± {self.index_sd:.1f}"


@dataclass
class CellFit:
    """One decision's fitted EVs by true count: the chart's play, its EV per bin, the fitted
    gap of every other action, and the play the fit makes best per bin."""

    cell: Cell
    base: str
    stats: BinStats
    gaps: dict[str, np.ndarray]

    def evs(self, b: int) -> dict[str, float]:
        """Every action's EV at bin index ``b`` (the chart's play's mean, the others' fitted)."""
        base = float(self.stats.means[self.base][b])
        return {self.base: base, **{a: base + float(g[b]) for a, g in self.gaps.items()}}

    def best(self, b: int) -> str:
        """The best play at bin index ``b``: the chart's unless a fitted gap is positive."""
        play, top = self.base, 0.0
        for action, gap in self.gaps.items():
            if gap[b] > top + 1e-12:
                play, top = action, float(gap[b])
        return play

    def plays(self, letters: str = "TC") -> list[IndexPlay]:
        """The index plays of this decision (none if the best play never changes)."""
        data = self.stats.weight > 0
        bins = self.stats.bins
        bests = [self.best(b) if data[b] else self.base for b in range(len(bins))]
        found = []
        for action, gap in self.gaps.items():
            won = np.array([bests[b] == action and data[b] for b in range(len(bins))])
            if not won.any() or won[data].all():
                continue
            rising = _slope(bins.astype(float)[data], gap[data],
                            self.stats.effective[data]) > 0
            where = np.nonzero(won)[0]
            index = int(bins[where[0]] if rising else bins[where[-1]])
            gain = 100 * float(self.stats.weight[won] @ gap[won])
            found.append(IndexPlay(self.cell, self.base, action, index, "+" if rising else "-",
                                   gain, float(self.stats.weight.sum()), letters))
        return found


def fit_cell(cell: Cell, base: str, stats: BinStats, plays_only: bool = False) -> CellFit:
    """Fit every other action's gap to the chart's play as monotone in the count. With
    ``plays_only`` (when only the index plays are wanted) an action whose gap is negative at
    every count is left as it is: no monotone fit of it can be positive anywhere."""
    data = (stats.weight > 0) & ~np.isnan(stats.means[base])
    t = stats.bins.astype(float)
    gaps = {}
    for action, means in stats.means.items():
        if action == base or np.isnan(means[data]).all():
            continue
        gap = np.where(data, means - stats.means[base], 0.0)
        if plays_only and not (gap[data] > 0).any():
            gaps[action] = np.where(data, gap, np.nan)
            continue
        fitted = np.full(len(t), np.nan)
        rising = _slope(t[data], gap[data], stats.effective[data]) >= 0
        fitted[data] = isotonic(gap[data], stats.effective[data], rising)
        # bins without data take their nearest fitted neighbour (never an extrapolated line)
        fitted = _fill(fitted)
        gaps[action] = fitted
    return CellFit(cell, base, stats, gaps)


def _fill(x: np.ndarray) -> np.ndarray:
    """NaNs replaced by the nearest value (left first); all-NaN stays."""
    out = x.copy()
    idx = np.nonzero(~np.isnan(out))[0]
    if len(idx) == 0:
        return out
    for i in np.nonzero(np.isnan(out))[0]:
        out[i] = out[idx[np.argmin(np.abs(idx - i))]]
    return out


__all__ = ["BinStats", "CellFit", "IndexPlay", "fit_cell", "isotonic"]
