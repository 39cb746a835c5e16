"""Index plays and the edge by count, from exact values at shoes of every count.

The lab values a *pool* of shoes exactly (:mod:`.values`), drawn at every true count of the
stratifying counts (:mod:`.draws`), each with an importance weight, so a weighted mean over the
pool is a mean over the rounds a player meets. For one count, numbered on its scale (true count
or running count, :mod:`.scales`):

* **the count of a decision** counts every card the player has seen then: the cards gone
  before the round, the player's two cards and the up card (insurance too); a side bet is
  placed before the deal, on the count of the cards gone;
* **a cell's EV of an action at a count** is the mean over the rounds meeting that cell there,
  estimated with the linear estimate as a control variate (:mod:`.controls`): the pool's mean
  of the exact value less its linear estimate, plus the linear estimate's mean over a sample a
  hundred times larger; insurance's is exact (:mod:`.insurance_count`);
* the gap between an action and the chart's play is made **monotone in the count** (weighted
  pool-adjacent-violators: :mod:`.fits`), so each play has one threshold: its **index**;
* **the EV an index play adds** is, per 100 rounds, the fitted gain at each count where it is
  played times how often a round meets the cell there;
* **the edge by count** (the count before the deal) is the mean of the exact EVs of the pool's
  shoes in that bin, with the same control variate: perfect play, the charts, and the charts
  with the index plays (each shoe's own exact action values at each hand's decision count).

A shoe of the pool can count more than once (a bootstrap resample) or not at all (half the
pool, to cross-fit): an analysis takes each shoe's *multiplicity*, and everything it sums is
summed once per count beforehand (:class:`Entries`), so a resample costs a few sums.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..pot_of_gold import LAMMER_BETS
from .cells import BET, INSURANCE, NO_BET, WAGER, Cell
from .controls import Expected, Linear, seen_before, seen_tags
from .fits import BinStats, CellFit, IndexPlay, fit_cell, isotonic
from .scales import Scale
from .systems import PER_DECK, CountSystem
from .values import ACTIONS, DEALS, HANDS, ShoeValues

_NAMES = [a.value for a in ACTIONS]
INSURE, NO_INSURANCE = "insure", "no_insurance"
#: The weight in the monotone fit of a bin the pool has no shoe in (its mean is the linear
#: estimate's alone): it follows its neighbours rather than lead them.
_UNSEEN = 1e-3
#: Bins either side whose shoes' spread a bin's standard error pools: a bin of two or three
#: shoes alone would say little of its own spread.
POOLED = 2
#: The side bets whose value a shoe's play decides (the lammer bets), not its cards alone.
READ_OFF_PLAY = frozenset(bet.name for bet in LAMMER_BETS)
_ACES = [j for j, (u, _, _) in enumerate(DEALS) if u == 1]
_ACE_HANDS = [HANDS.index((a, b)) for _, a, b in (DEALS[j] for j in _ACES)]


@dataclass
class Pool:
    """Valued shoes (arrays over the shoes, from :class:`ShoeValues`), their importance
    weights (summing to 1), the stratum each was drawn in, and the linear estimate of every
    figure at each (:mod:`.controls`)."""

    decks: int
    compositions: np.ndarray      # shoes x 10 (A..ten left)
    weights: np.ndarray
    strata: np.ndarray
    probability: np.ndarray       # shoes x deals
    reach: np.ndarray
    actions: np.ndarray           # shoes x deals x actions
    insurance: np.ndarray         # shoes x hands
    ev: np.ndarray
    chart_ev: np.ndarray
    wagers: dict[str, np.ndarray]
    predicted: np.ndarray         # shoes x deals x actions: the actions' linear estimates
    shoe_predicted: dict[str, np.ndarray]
    strata_width: int = 1 << 16   # strata numbers count x width + bin (:mod:`.draws`)

    @classmethod
    def of(cls, values: list[ShoeValues], compositions: np.ndarray, weights: np.ndarray,
           strata: np.ndarray, linear: Linear, decks: int, strata_width: int) -> Pool:
        """The pool of these valued shoes."""
        comps = np.asarray(compositions, np.int64)
        return cls(decks, comps, weights / weights.sum(), np.asarray(strata),
                   np.array([x.probability for x in values]),
                   np.array([x.reach for x in values]), np.array([x.actions for x in values]),
                   np.array([x.insurance for x in values]), np.array([x.ev for x in values]),
                   np.array([x.chart_ev for x in values]),
                   {name: np.array([x.wagers[name] for x in values])
                    for name in values[0].wagers},
                   linear.predict_actions(comps),
                   {name: linear.predict(name, comps) for name in linear.shoe}, strata_width)

    @property
    def left(self) -> np.ndarray:
        """Cards left in each shoe."""
        return self.compositions.sum(axis=1)


class Entries:
    """The pool seen through one count, summed once: for every shoe and (cell, bin) its deals
    fall in, the chance of those deals and their exact values less the linear estimates; the
    linear estimates' means over the large sample; insurance's exact means."""

    def __init__(self, pool: Pool, count: CountSystem, scale: Scale, cells: list[Cell | None],
                 plays: dict[Cell, str], linear: Linear, expected: Expected,
                 insurance: tuple[np.ndarray, np.ndarray] | None) -> None:
        self.pool, self.count, self.scale, self.plays = pool, count, scale, plays
        self.linear, self.expected, self.exact_insurance = linear, expected, insurance
        self.bins = np.array(scale.bins)
        size = len(self.bins)
        running = seen_before(count, pool.compositions, pool.decks)
        self.pre = scale.bin_of(running, pool.left) - scale.low
        self.decision = scale.bin_of(running[:, None] + seen_tags(count)[None, :],
                                     (pool.left - 3)[:, None]) - scale.low
        self.order = sorted(plays)
        number = {c: i for i, c in enumerate(self.order)}
        self.cell_of = np.array([number[c] if c is not None else -1 for c in cells])
        u = pool.probability * pool.reach
        rows, deals = np.nonzero((self.cell_of[None, :] >= 0) & (u > 0))
        keys = self.cell_of[deals] * size + self.decision[rows, deals]
        self.keys = len(self.order) * size
        pairs, inverse = np.unique(keys * len(pool.weights) + rows, return_inverse=True)
        self.key, self.shoe = pairs // len(pool.weights), pairs % len(pool.weights)
        #: where each (cell, bin)'s pairs start, in order of key (and of cell)
        self.starts = np.searchsorted(self.key, np.arange(self.keys + 1))
        chance = u[rows, deals]
        self.chance = np.bincount(inverse, chance, len(pairs))
        residual = np.nan_to_num(pool.actions[rows, deals] - pool.predicted[rows, deals])
        self.residual = np.stack([np.bincount(inverse, chance * residual[:, a], len(pairs))
                                  for a in range(len(_NAMES))], axis=1)
        self.legal: dict[Cell, list[str]] = {}
        self.linear_means: dict[Cell, tuple[np.ndarray, np.ndarray]] = {}
        offered = linear.offered
        for cell in self.order:
            members = np.nonzero(self.cell_of == number[cell])[0]
            self.legal[cell] = [name for a, name in enumerate(_NAMES)
                                if offered[members, a].any()]
            self.linear_means[cell] = expected.action_means(linear, members)

    def analyse(self, multiplicity: np.ndarray | None = None,
                errors: bool = True) -> CountAnalysis:
        """The analysis of the pool with each shoe counted ``multiplicity`` times (default
        once); ``errors``: with each bin's standard errors."""
        return CountAnalysis(self, multiplicity, errors)


class CountAnalysis:
    """One weighing of the pool through one count: decisions by their count, fitted, with
    edges (see the module docstring)."""

    def __init__(self, entries: Entries, multiplicity: np.ndarray | None = None,
                 errors: bool = True) -> None:
        self.entries = e = entries
        pool = e.pool
        self.count, self.scale, self.pool = e.count, e.scale, pool
        self.multiplicity = (np.ones(len(pool.weights)) if multiplicity is None
                             else np.asarray(multiplicity, float))
        self.weights = pool.weights * self.multiplicity
        scaled = self.weights[e.shoe]
        chance = np.bincount(e.key, scaled * e.chance, e.keys)
        squares = np.bincount(e.key, (scaled * e.chance) ** 2, e.keys)
        sums = np.stack([np.bincount(e.key, scaled * e.residual[:, a], e.keys)
                         for a in range(len(_NAMES))], axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            residual = np.where(chance[:, None] > 0, sums / chance[:, None], 0.0)
            effective = np.where(squares > 0, chance ** 2 / np.where(squares > 0, squares, 1),
                                 0.0)
        size = len(e.bins)
        if errors:
            deviations = (e.residual - residual[e.key] * e.chance[:, None]) * scaled[:, None]
        self.fits: dict[Cell, CellFit] = {}
        for row, cell in enumerate(e.order):
            part = slice(row * size, (row + 1) * size)
            weight, linear = e.linear_means[cell]
            base = e.plays[cell]
            means = {name: linear[:, a] + residual[part, a] for a, name in enumerate(_NAMES)
                     if name in e.legal[cell]}
            seen = effective[part]
            found: dict[str, np.ndarray] = {}
            if errors:
                pairs = slice(e.starts[part.start], e.starts[part.stop])
                for a, name in enumerate(_NAMES):
                    if name in means and name != base:
                        gap = deviations[pairs, a] - deviations[pairs, _NAMES.index(base)]
                        spread = np.bincount(e.key[pairs] - part.start, gap ** 2, size)
                        found[name] = pooled_error(spread, squares[part], chance[part])
            stats = BinStats(e.bins, weight, np.where((weight > 0) & (seen <= 0), _UNSEEN, seen),
                             means, found)
            self.fits[cell] = fit_cell(cell, base, stats, plays_only=not errors)
        self.insurance = self._insurance()
        self.wagers = {name: self._wager(name) for name in pool.wagers}

    def _insurance(self) -> CellFit | None:
        exact = self.entries.exact_insurance
        if exact is None:
            return None
        weight, mean = exact
        bins = self.entries.bins
        stats = BinStats(bins, weight, np.where(weight > 0, 1e12, 0.0),
                         {NO_INSURANCE: np.where(weight > 0, 0.0, np.nan), INSURE: mean},
                         {INSURE: np.zeros(len(bins))})
        return fit_cell(Cell(INSURANCE, 0, 1), NO_INSURANCE, stats)

    def before_means(self, values: np.ndarray, name: str | None,
                     by_shoes: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """Per bin before the deal: the mean of a per-shoe figure over the rounds met there
        (with the linear estimate ``name`` of :mod:`.controls` as its control variate, if
        given) and its standard error (``by_shoes``: neighbouring bins' spreads pooled by
        their shoes, :func:`pooled_error`)."""
        e, w = self.entries, self.weights
        size = len(e.bins)
        control = (self.pool.shoe_predicted[name] if name is not None
                   else np.zeros(len(values)))
        linear = (e.expected.shoe_means(e.linear, name) if name is not None
                  else np.zeros(size))
        total = np.bincount(e.pre, w, size)
        residual = values - control
        with np.errstate(invalid="ignore", divide="ignore"):
            mean = np.bincount(e.pre, w * residual, size) / total
            spread = np.bincount(e.pre, (w * (residual - np.nan_to_num(mean)[e.pre])) ** 2,
                                 size)
        shoes = np.bincount(e.pre, self.multiplicity, size) if by_shoes else None
        return (np.where(total > 0, mean + linear, np.nan),
                pooled_error(spread, np.bincount(e.pre, w * w, size), total, shoes))

    def _wager(self, name: str) -> CellFit:
        e = self.entries
        mean, error = self.before_means(self.pool.wagers[name], f"wager:{name}",
                                        by_shoes=name in READ_OFF_PLAY)
        weight = e.expected.before
        seen = np.bincount(e.pre, self.multiplicity, len(e.bins))
        stats = BinStats(e.bins, weight, np.where((weight > 0) & (seen <= 0), _UNSEEN, seen),
                         {NO_BET: np.where(weight > 0, 0.0, np.nan), BET: mean}, {BET: error})
        return fit_cell(Cell(WAGER, 0, 0, name), NO_BET, stats)

    # ----- results ----------------------------------------------------------------------------

    def all_fits(self) -> list[CellFit]:
        """Every fitted decision: chart cells, insurance (if offered), side bets."""
        return [*self.fits.values(), *([self.insurance] if self.insurance else []),
                *self.wagers.values()]

    def index_plays(self) -> list[IndexPlay]:
        """Every index play of the count, the most valuable first (gains as fitted)."""
        found = [p for fit in self.all_fits() for p in fit.plays(self.scale.letters)]
        return sorted(found, key=lambda p: (-p.gain, p.cell, p.play))

    def gains_on(self, other: CountAnalysis) -> dict[tuple[str, str], float]:
        """What this analysis's index plays add per 100 rounds, measured on ``other``'s shoes:
        at each count where a play is chosen here, ``other``'s frequency of the decision times
        its plain (unfitted) mean gap of that play over the chart's there."""
        theirs = {fit.cell: fit for fit in other.all_fits()}
        found: dict[tuple[str, str], float] = {}
        for fit in self.all_fits():
            twin = theirs.get(fit.cell)
            if twin is None:
                continue
            for b in range(len(fit.stats.bins)):
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
        hand's own action values, at its decision's count)."""
        e, pool = self.entries, self.pool
        column = {a: i for i, a in enumerate(_NAMES)}
        plays = np.zeros((len(e.order), len(e.bins)), dtype=np.intp)
        bases = np.zeros(len(e.order), dtype=np.intp)
        for row, cell in enumerate(e.order):
            fit = self.fits[cell]
            bases[row] = column[fit.base]
            plays[row] = [column[fit.best(b)] for b in range(len(e.bins))]
        rows, deals = np.nonzero(e.cell_of[None, :] >= 0)
        k = e.cell_of[deals]
        b = e.decision[rows, deals]
        chosen = pool.actions[rows, deals, plays[k, b]]
        base = pool.actions[rows, deals, bases[k]]
        weight = pool.probability[rows, deals] * pool.reach[rows, deals]
        delta = np.where(weight > 0, np.nan_to_num(chosen - base), 0.0)
        gain = np.bincount(rows, weight * delta, len(pool.weights))
        if self.insurance is not None:
            insure = np.array([self.insurance.best(b) == INSURE for b in range(len(e.bins))])
            taken = insure[e.decision[:, _ACES]]
            gain += (pool.probability[:, _ACES] * np.nan_to_num(pool.insurance[:, _ACE_HANDS])
                     * taken).sum(axis=1)
        return gain

    def edges(self, shares: dict[int, float]) -> dict[str, Any]:
        """Per count before the deal: the share of rounds, the pool's shoes behind it, and
        the mean (with its standard error) of the exact EVs: perfect play, the charts, the
        charts with the index plays, and the linear estimate from the effects of removal (its
        mean over the large sample)."""
        e, pool = self.entries, self.pool
        series = {"perfect": (pool.ev, "perfect"), "chart": (pool.chart_ev, "chart"),
                  "chart_indices": (pool.chart_ev + self.played(), "chart")}
        found = {name: self.before_means(values, control)
                 for name, (values, control) in series.items()}
        linear = e.expected.shoe_means(e.linear, "perfect")
        shoes = np.bincount(e.pre, self.multiplicity > 0, len(e.bins))
        out: dict[str, Any] = {}
        for b, t in enumerate(e.bins):
            row: dict[str, Any] = {"share": round(shares[int(t)], 10), "shoes": int(shoes[b])}
            if shoes[b] > 0:
                for name, (mean, error) in found.items():
                    row[name] = round(float(mean[b]), 10)
                    row[f"{name}_se"] = round(float(error[b]), 10)
                row["linear"] = round(float(linear[b]), 10)
            out[str(int(t))] = row
        return out


def pooled_error(spread: np.ndarray, squares: np.ndarray, total: np.ndarray,
                 shoes: np.ndarray | None = None) -> np.ndarray:
    """Standard errors of weighted bin means: ``spread`` per bin is the sum over its shoes of
    (weight x (value - the bin's mean))^2, ``squares`` the sum of squared weights, ``total`` the
    sum of weights. The spread per squared weight is pooled over the bins within
    :data:`POOLED` either side (a bin's own few shoes would say little of it), then scaled by
    the bin's own squared weights over its total squared (NaN for a bin with no shoe).

    Pooled as sums, the bins whose shoes weigh most (the common counts) set the spread of
    their rare neighbours; where a figure's spread grows fast with the count (a side bet read
    off play: :data:`READ_OFF_PLAY`) that hides the rare bins' own, so given ``shoes`` (each
    bin's number of shoes) each bin's spread per squared weight is pooled as the bins' pooled
    variance instead (each bin's times its shoes, over their shoes less one a bin): every shoe
    counts alike."""
    window = np.ones(2 * POOLED + 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        if shoes is None:
            near = np.convolve(spread, window, "same") / np.convolve(squares, window, "same")
        else:
            own = np.where(squares > 0, spread / np.where(squares > 0, squares, 1.0), 0.0)
            free = np.convolve(np.maximum(shoes - 1, 0), window, "same")
            near = np.convolve(own * shoes, window, "same") / free
        return np.where((total > 0) & np.isfinite(near), np.sqrt(near * squares) / total,
                        np.nan)


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
    deck (``shown`` the effects in percent per card, one-deck scale; tags centred, so an
    unbalanced count's constant part counts for nothing)."""
    tags = np.array(count.tags, float)
    tags = tags - (PER_DECK @ tags) / PER_DECK.sum()
    return float(PER_DECK @ (tags * np.array(shown)) / (PER_DECK @ (tags * tags)))


__all__ = [
    "BinStats",
    "CellFit",
    "CountAnalysis",
    "Entries",
    "IndexPlay",
    "Pool",
    "isotonic",
    "linear_estimates",
    "pooled_error",
    "slope",
]
