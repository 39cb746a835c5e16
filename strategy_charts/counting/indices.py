"""Index plays and the edge by true count, from exact values at shoes of every count.

The lab values a *pool* of shoes exactly (:mod:`.values`), drawn at every true count of the
trained counts (:mod:`.shoes`), each with an importance weight (its natural chance over its
chance of being drawn), so a weighted mean over the pool is the mean over the rounds a player
meets. For one count:

* **the true count of a decision** counts every card the player has seen then: the cards gone
  before the round, the player's two cards and the up card (the count a counter holds when
  deciding; insurance too); a side bet is placed before the deal, on the count of the cards
  gone;
* **a cell's EV of an action at true count t** is the weighted mean over the pool's hands of
  that cell met at t (:mod:`.cells`);
* the gap between an action and the chart's play is made **monotone in the true count** (the
  weighted pool-adjacent-violators fit, increasing or decreasing as a weighted least-squares
  line of the bins' gaps says): the bins' exact means, pooled where noise breaks the order, so
  each play has one threshold. Where the fitted gap favours another action, that action is the
  **index play**; its index is the first true count at which it wins ("stand at TC >= 0"), or
  the last for plays that win at low counts ("hit at TC <= -1");
* **the EV an index play adds** is, per 100 rounds, the fitted gain at each true count where it
  is played times how often a round meets the cell at that count;
* **the edge by true count** (the count before the deal) is the weighted mean of the exact EVs
  of the pool's shoes in that bin: perfect play, the charts, and the charts with the index plays
  (each shoe's own exact action values at each hand's decision count).

This module reads the pool through one count (:class:`CountAnalysis`); one decision's fit and
its index plays are :mod:`.fits`'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .cells import BET, INSURANCE, NO_BET, WAGER, Cell
from .fits import BinStats, CellFit, IndexPlay, bin_stats, fit_cell, isotonic
from .shoes import BINS, HIGHEST, LOWEST, bin_of
from .systems import PER_DECK, CountSystem
from .values import ACTIONS, DEALS, HANDS, ShoeValues

_NAMES = [a.value for a in ACTIONS]
INSURE, NO_INSURANCE = "insure", "no_insurance"
_BINS = len(BINS)


@dataclass
class Pool:
    """Valued shoes (arrays over the shoes, from :class:`ShoeValues`) with their importance
    weights (summing to 1)."""

    compositions: np.ndarray      # shoes x 10 (A..ten left)
    weights: np.ndarray
    probability: np.ndarray       # shoes x deals
    reach: np.ndarray
    actions: np.ndarray           # shoes x deals x actions
    insurance: np.ndarray         # shoes x hands
    ev: np.ndarray
    chart_ev: np.ndarray
    wagers: dict[str, np.ndarray]

    @classmethod
    def of(cls, values: list[ShoeValues], compositions: np.ndarray,
           weights: np.ndarray) -> Pool:
        """The pool of these valued shoes."""
        return cls(compositions, weights / weights.sum(),
                   np.array([x.probability for x in values]),
                   np.array([x.reach for x in values]), np.array([x.actions for x in values]),
                   np.array([x.insurance for x in values]), np.array([x.ev for x in values]),
                   np.array([x.chart_ev for x in values]),
                   {name: np.array([x.wagers[name] for x in values])
                    for name in values[0].wagers})

    @property
    def left(self) -> np.ndarray:
        """Cards left in each shoe."""
        return self.compositions.sum(axis=1)

    def subset(self, rows: np.ndarray) -> Pool:
        """The pool of the shoes ``rows`` (repeats allowed), weights summing to 1 again."""
        return Pool(self.compositions[rows], self.weights[rows] / self.weights[rows].sum(),
                    self.probability[rows], self.reach[rows], self.actions[rows],
                    self.insurance[rows], self.ev[rows], self.chart_ev[rows],
                    {name: x[rows] for name, x in self.wagers.items()})


class CountAnalysis:
    """The pool seen through one count: decisions by their true count, fitted, with edges."""

    def __init__(self, pool: Pool, count: CountSystem, cells: list[Cell | None],
                 plays: dict[Cell, str]) -> None:
        self.pool, self.count = pool, count
        tags = np.array(count.tags, float)
        self.running = -(pool.compositions @ tags)
        self.pre = bin_of(self.running, pool.left)
        seen = np.array([tags[u - 1] + tags[a - 1] + tags[b - 1] for u, a, b in DEALS])
        self.decision_bins = bin_of(self.running[:, None] + seen[None, :],
                                    (pool.left - 3)[:, None])
        self.cells = cells
        self.order = sorted(plays)
        number = {c: i for i, c in enumerate(self.order)}
        self.cell_of = np.array([number[c] if c is not None else -1 for c in cells])
        u = pool.weights[:, None] * pool.probability * pool.reach
        n = len(pool.weights)
        rows, deals = np.nonzero((self.cell_of[None, :] >= 0) & (u > 0))
        keys = self.cell_of[deals] * _BINS + (self.decision_bins[rows, deals] - LOWEST)
        values = {name: pool.actions[rows, deals, i] for i, name in enumerate(_NAMES)}
        legal = {name: ~np.isnan(x) for name, x in values.items()}
        stats = bin_stats(keys, rows, u[rows, deals], values, len(self.order), n)
        for cell, s in zip(self.order, stats, strict=True):   # only actions the cell offers
            members = self.cell_of[deals] == number[cell]
            s.means = {a: m for a, m in s.means.items() if legal[a][members].any()}
        self.fits = {cell: fit_cell(cell, plays[cell], s)
                     for cell, s in zip(self.order, stats, strict=True)}
        self.insurance = self._insurance()
        self.wagers = {name: self._wager(name) for name in pool.wagers}

    def _insurance(self) -> CellFit | None:
        pool = self.pool
        aces = [j for j, (u, _, _) in enumerate(DEALS) if u == 1]
        hands = [HANDS.index((a, b)) for _, a, b in (DEALS[j] for j in aces)]
        ev = pool.insurance[:, hands]
        if np.isnan(ev).all():
            return None
        u = pool.weights[:, None] * pool.probability[:, aces]
        rows, cols = np.nonzero(u > 0)
        keys = self.decision_bins[:, aces][rows, cols] - LOWEST
        stats = bin_stats(keys, rows, u[rows, cols],
                       {NO_INSURANCE: np.zeros(len(rows)), INSURE: ev[rows, cols]}, 1,
                       len(pool.weights))[0]
        return fit_cell(Cell(INSURANCE, 0, 1), NO_INSURANCE, stats)

    def _wager(self, name: str) -> CellFit:
        pool = self.pool
        rows = np.arange(len(pool.weights))
        stats = bin_stats(self.pre - LOWEST, rows, pool.weights,
                       {NO_BET: np.zeros(len(rows)), BET: pool.wagers[name]}, 1, len(rows))[0]
        return fit_cell(Cell(WAGER, 0, 0, name), NO_BET, stats)

    # ----- results ----------------------------------------------------------------------------

    def all_fits(self) -> list[CellFit]:
        """Every fitted decision: chart cells, insurance (if offered), side bets."""
        return [*self.fits.values(), *([self.insurance] if self.insurance else []),
                *self.wagers.values()]

    def index_plays(self) -> list[IndexPlay]:
        """Every index play of the count, the most valuable first (gains as fitted)."""
        found = [p for fit in self.all_fits() for p in fit.plays()]
        return sorted(found, key=lambda p: (-p.gain, p.cell, p.play))

    def gains_on(self, other: CountAnalysis) -> dict[tuple[str, str], float]:
        """What this analysis's index plays add per 100 rounds, measured on ``other``'s shoes:
        at each true count where a play is chosen here, ``other``'s frequency of the decision
        times its plain (unfitted) mean gap of that play over the chart's there."""
        theirs = {fit.cell: fit for fit in other.all_fits()}
        found: dict[tuple[str, str], float] = {}
        for fit in self.all_fits():
            twin = theirs.get(fit.cell)
            if twin is None:
                continue
            for b in range(_BINS):
                play = fit.best(b) if fit.stats.weight[b] > 0 else fit.base
                if play == fit.base or play not in twin.stats.means:
                    continue
                gap = twin.stats.means[play][b] - twin.stats.means[fit.base][b]
                if twin.stats.weight[b] > 0 and not np.isnan(gap):
                    key = (fit.cell.key, play)
                    found[key] = found.get(key, 0.0) + 100 * twin.stats.weight[b] * gap
        return found

    def played(self) -> np.ndarray:
        """Per shoe of the pool, what the index plays add to the charts' EV there (exact: each
        hand's own action values, at its decision's true count)."""
        pool = self.pool
        gain = np.zeros(len(pool.weights))
        column = {a: i for i, a in enumerate(_NAMES)}
        plays = np.zeros((len(self.order), _BINS), dtype=np.intp)
        bases = np.zeros(len(self.order), dtype=np.intp)
        for row, cell in enumerate(self.order):
            fit = self.fits[cell]
            bases[row] = column[fit.base]
            plays[row] = [column[fit.best(b)] for b in range(_BINS)]
        rows, deals = np.nonzero(self.cell_of[None, :] >= 0)
        k = self.cell_of[deals]
        b = self.decision_bins[rows, deals] - LOWEST
        chosen = pool.actions[rows, deals, plays[k, b]]
        base = pool.actions[rows, deals, bases[k]]
        weight = pool.probability[rows, deals] * pool.reach[rows, deals]
        delta = np.where(weight > 0, np.nan_to_num(chosen - base), 0.0)
        gain += np.bincount(rows, weight * delta, len(gain))
        if self.insurance is not None:
            insure = np.array([self.insurance.best(b) == INSURE for b in range(_BINS)])
            aces = [j for j, (u, _, _) in enumerate(DEALS) if u == 1]
            hands = [HANDS.index((a, c)) for _, a, c in (DEALS[j] for j in aces)]
            taken = insure[self.decision_bins[:, aces] - LOWEST]
            gain += (pool.probability[:, aces] * np.nan_to_num(pool.insurance[:, hands])
                     * taken).sum(axis=1)
        return gain

    def edges(self, linear: np.ndarray, shares: dict[int, float]) -> dict[str, Any]:
        """Per true count before the deal: the share of rounds, the pool's shoes behind it, and
        the weighted mean (with its standard error) of the exact EVs: perfect play, the charts,
        the charts with the index plays, and the linear estimate from the effects of removal."""
        pool = self.pool
        series = {"perfect": pool.ev, "chart": pool.chart_ev,
                  "chart_indices": pool.chart_ev + self.played(), "linear": linear}
        out: dict[str, Any] = {}
        for b, t in enumerate(BINS):
            here = self.pre == t
            w = pool.weights[here]
            row: dict[str, Any] = {"share": round(shares[t], 10), "shoes": int(here.sum())}
            if w.sum() > 0:
                effective = w.sum() ** 2 / (w @ w)
                for name, x in series.items():
                    mean = float(w @ x[here] / w.sum())
                    var = float(w @ (x[here] - mean) ** 2 / w.sum())
                    row[name] = round(mean, 10)
                    row[f"{name}_se"] = round((var / effective) ** 0.5, 10)
            out[str(t)] = row
            del b
        return out


def linear_estimates(pool: Pool, ev: float, main: tuple[float, ...], cards: int) -> np.ndarray:
    """Per shoe of the pool, the linear estimate of its EV from the effects of removal: each
    card gone beyond its share moves the EV by its effect, scaled by (cards - 1) / (left - 1)
    as the shoe shrinks (a card matters more in a smaller shoe)."""
    full = PER_DECK * cards / 52
    left = pool.left.astype(float)
    excess = full[None, :] * (left / cards)[:, None] - pool.compositions
    return ev + (cards - 1) / (left - 1) * (excess @ np.array(main))


def slope(count: CountSystem, shown: list[float]) -> float:
    """The linear model's EV gain per true count, in percent: sum n t e / sum n t^2 over a
    deck (``shown`` the effects in percent per card, one-deck scale)."""
    tags = np.array(count.tags, float)
    return float(PER_DECK @ (tags * np.array(shown)) / (PER_DECK @ (tags * tags)))


__all__ = [
    "HIGHEST",
    "BinStats",
    "CellFit",
    "CountAnalysis",
    "IndexPlay",
    "Pool",
    "isotonic",
    "linear_estimates",
    "slope",
]
