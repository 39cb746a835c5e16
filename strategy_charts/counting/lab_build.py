"""The count lab table of a rule set, built: effects of removal, counts rated, and for each
count its edge by count and index plays, from exact values.

Building values the full shoe, the ten shoes without one card (the effects of removal) and a
pool of shoes drawn at every true count of the stratifying counts (``samples`` per stratum,
more at the low Hi-Lo counts where a side bet is read off play; seeded: :mod:`.draws`), each
exactly (:mod:`.values`), in ``workers`` processes; then, for each
count, reads the pool through that count with the linear estimate as a control variate
(:mod:`.controls`, :mod:`.indices`), insurance exactly (:mod:`.insurance_count`), and says how
sure each index is (:mod:`.spread`). :mod:`.lab` saves, ships and caches the result.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from trainer.rules import RuleSet

from ..composition import full_shoe, of_values, subtract
from ..side_bets import CARD_TYPES, full_type_counts
from ..tables import ENGINE_VERSION, load_or_build
from .cells import Cell, chart_plays, deal_cells
from .controls import Linear
from .draws import PER_STRATUM, STRATA, Design
from .expectations import exact_expected
from .indices import Entries, Pool, slope
from .insurance_count import insurance_by_bin
from .precision import is_default, samples_for, shoes_factor
from .removal import CONVENTION, Effects, decision_effects, effects_of_removal
from .scales import scale_of
from .shoes import BINS, CountLattice
from .spread import bootstrap, cross_fitted, cross_gains
from .systems import (
    KNOWN,
    TRAINED,
    CountSystem,
    Decision,
    best_tags,
    betting_correlation,
    correlation,
    playing_efficiency,
)
from .values import ShoeValues
from .valuing import Progress, Workers, value_shoes

#: Bump when a change alters any number of a lab table.
LAB_VERSION = "3"
#: Shoes valued per stratum (each bin of each stratifying count: :mod:`.draws`).
SAMPLES = PER_STRATUM
SEED = 16
DIGITS = 10
#: Bootstrap replicates behind each index play's spread.
REPLICATES = 20
#: Shoes played through the rules core to measure a round's variance (for bet ramps).
VARIANCE_SHOES = 100


def _r(x: float) -> float:
    return round(float(x), DIGITS) + 0.0


def _rounded(figures: dict[str, float | None]) -> dict[str, float | None]:
    """``figures`` rounded as the table stores numbers (None stays None)."""
    return {key: None if x is None else _r(x) for key, x in figures.items()}


def _removal_jobs(rules: RuleSet) -> list[tuple[tuple[int, ...], np.ndarray | None]]:
    """The full shoe, then the full shoe without one card of each value A..ten."""
    full = full_shoe(rules.decks)
    types = np.array(full_type_counts(rules.decks))
    jobs: list[tuple[tuple[int, ...], np.ndarray | None]] = [(full, types)]
    for value in range(1, 11):
        less = types.copy()
        less[next(i for i, c in enumerate(CARD_TYPES) if c.points == value)] -= 1
        jobs.append((subtract(full, of_values([value])), less))
    return jobs


def peek_ups(rules: RuleSet) -> frozenset[int]:
    """The up cards the dealer peeks with."""
    return frozenset(up for up in (1, 10) if rules.peek.peeks_on(up))


def _rated(count: CountSystem, effects: Effects, decisions: list[Decision],
           penetration: float) -> dict[str, Any]:
    """A count's betting correlation, playing efficiency, correlation with each side bet's
    effects and EV gain per true count (percent)."""
    return {"name": count.name, "tags": list(count.tags),
            "betting_correlation": _r(betting_correlation(count, effects.main)),
            "playing_efficiency": _r(playing_efficiency(count, decisions, effects.cards,
                                                        penetration)),
            "wager_correlation": {name: _r(correlation(count.tags, e))
                                  for name, e in effects.wagers.items()},
            "slope": _r(slope(count, effects.shown(effects.main)))}


def removal_figures(rules: RuleSet, full: ShoeValues, removed: list[ShoeValues],
                    charts: dict[str, Any], extra: tuple[CountSystem, ...] = ()
                    ) -> tuple[dict[str, Any], Effects, list[Cell | None], dict[Cell, str]]:
    """The lab's figures from the full shoe and the ten one-card removals: the effects of
    removal, every known count (and ``extra``) rated, and the best tags found for these rules
    (as stored), with the effects, each deal's cell and each cell's chart play."""
    effects = effects_of_removal(rules, full, removed)
    cells = deal_cells(full)
    plays = chart_plays(cells, charts)
    decisions = decision_effects(full, removed, cells, plays)
    figures: dict[str, Any] = {
        "effects": {
            "convention": CONVENTION, "ev": _r(effects.ev),
            "main": [_r(x) for x in effects.shown(effects.main)],
            "balance": _r(effects.balance(effects.main)),
            "wagers": {name: {"ev": _r(effects.wager_ev[name]),
                              "effects": [_r(x) for x in effects.shown(e)],
                              "balance": _r(effects.balance(e))}
                       for name, e in effects.wagers.items()},
        },
        "compare": {count.key: _rated(count, effects, decisions, rules.penetration)
                    for count in (*KNOWN.values(), *extra)},
        "search": {f"level{level}": [{"tags": list(c.tags), "correlation": _r(c.correlation)}
                                     for c in best_tags([effects.main], level, 3)]
                   for level in (1, 2)},
        "decisions": decisions,
    }
    return figures, effects, cells, plays


def quick_figures(rules: RuleSet, workers: Workers = 1,
                  extra: tuple[CountSystem, ...] = ()) -> dict[str, Any]:
    """Effects of removal and counts rated (``extra`` too), without the pool (seconds, not
    minutes): what ``eor`` and ``counts`` print for rules whose lab table is not built, or for
    a player's own tags."""
    table = load_or_build(rules)
    valued = value_shoes(rules, table["charts"], _removal_jobs(rules), workers)
    figures = removal_figures(rules, valued[0], valued[1:], table["charts"], extra)[0]
    del figures["decisions"]
    return {"rules": rules.name, **figures}


def build_lab(rules: RuleSet, samples: int | Sequence[int] = SAMPLES, seed: int = SEED,
              workers: Workers = 1,
              progress: Progress | None = None, replicates: int = REPLICATES,
              counts: dict[str, CountSystem] | None = None,
              phases: dict[str, float] | None = None,
              precision: float | None = None) -> dict[str, Any]:
    """Compute the lab table of ``rules`` (see the module docstring) for ``counts`` (default:
    the trained ones); each index play's spread comes from ``replicates`` bootstrap
    resamples of the pool. ``precision`` (an index spread in TC, :mod:`.precision`), when
    given, sets the shoes per stratum instead of ``samples`` and is recorded. ``phases``, when
    given, gets the seconds each part took (what ``bench/counts.py`` prints)."""
    more = 1
    if not is_default(precision):
        assert precision is not None
        samples, more = samples_for(precision), shoes_factor(precision)
    clock = _Phases(phases)
    table = load_or_build(rules)
    design = Design(rules, more)
    drawn = design.draw(samples, seed)
    jobs = [*_removal_jobs(rules), *((tuple(int(x) for x in comp), d)
                                     for comp, d in zip(drawn.compositions, drawn.card_types,
                                                        strict=True))]
    clock.lap("the table, the draws")
    valued = value_shoes(rules, table["charts"], jobs, workers, progress)
    clock.lap(f"{len(jobs)} shoes valued exactly")
    figures, effects, cells, plays = removal_figures(
        rules, valued[0], valued[1:11], table["charts"],
        tuple(c for c in (counts or {}).values() if c.key not in KNOWN))
    figures.pop("decisions")
    linear = Linear.of(rules, valued[0], valued[1:11],
                       {name: (effects.wager_ev[name], effects.wagers[name])
                        for name in effects.wagers if name in valued[0].wagers})
    pool = Pool.of(valued[11:], drawn.compositions, drawn.weights, drawn.stratum, linear,
                   rules.decks, design.width)
    clock.lap("effects of removal, counts rated, the linear estimates")
    found: dict[str, dict[str, Any]] = {}
    chosen = counts or TRAINED
    for key, count in chosen.items():
        found[key] = {**figures["compare"][key],
                      **count_figures(rules, table, pool, linear, count, cells, plays, seed,
                                      replicates)}
        clock.lap(f"{count.name}: exact means, fits, {replicates} resamples")
    first = next(iter(chosen))
    variance = round_variance(rules, table, chosen[first], found[first], seed)
    clock.lap(f"round variance ({VARIANCE_SHOES} shoes through the rules core)")
    for part in found.values():
        part["round_variance"] = variance
    return {
        "format": 1, "lab_version": LAB_VERSION, "engine_version": ENGINE_VERSION,
        "fingerprint": rules.fingerprint(), "rules": rules.name, "decks": rules.decks,
        "penetration": rules.penetration,
        "method": {"samples_per_bin": samples if isinstance(samples, int) else list(samples),
                   **({"more_shoes": {f"{STRATA[n].key}:{t}": k
                                      for (n, t), k in sorted(design.extra.items())}}
                      if design.extra else {}),
                   "seed": seed, "shoes": len(drawn.weights),
                   **({} if is_default(precision) else {"precision": precision}),
                   "strata": [c.key for c in STRATA], "bins": [BINS[0], BINS[-1]],
                   "replicates": replicates,
                   "control": "the linear estimate from the effects of removal, its means "
                              "exact"},
        **figures,
        "counts": found,
    }


class _Phases:
    """Seconds per part of a build, into a dict when one is given."""

    def __init__(self, into: dict[str, float] | None) -> None:
        self.into, self.start = into, time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        if self.into is not None:
            self.into[name] = now - self.start
        self.start = now


def count_figures(rules: RuleSet, table: dict[str, Any], pool: Pool, linear: Linear,
                  count: CountSystem, cells: list[Cell | None], plays: dict[Cell, str],
                  seed: int, replicates: int) -> dict[str, Any]:
    """One count's part of the lab table: its scale, shares of rounds, edges, index plays
    (with their spreads) and the fitted EVs of the decisions they change."""
    scale = scale_of(count, rules.decks)
    expected = exact_expected(linear, count, scale, rules.penetration, peek_ups(rules))
    insurance = insurance_by_bin(rules, count, scale) if rules.insurance else None
    entries = Entries(pool, count, scale, cells, plays, linear, expected, insurance)
    analysis = entries.analyse()
    indices = cross_fitted(analysis, cross_gains(entries))
    spread = bootstrap(entries, analysis, seed, replicates)
    fits = {fit.cell: fit for fit in analysis.all_fits()}
    shares = CountLattice(rules.decks, count.tags, rules.penetration, scale).shares()
    part: dict[str, Any] = {
        "name": count.name, "tags": list(count.tags), "scale": scale.to_plain(),
        "shares": {str(t): _r(s) for t, s in shares.items()},
        "edges": analysis.edges(shares),
        "indices": [{**p.to_plain(), **_rounded(spread.of(p))} for p in indices],
        "cells": {cell.key: _cell_plain(fits[cell]) for cell in sorted({p.cell
                                                                      for p in indices})},
    }
    if not count.balanced:
        part["unbalanced"] = unbalanced_figures(count, rules.decks, part["edges"])
    return part


def unbalanced_figures(count: CountSystem, decks: int, edges: dict[str, Any]) -> dict[str, Any]:
    """An unbalanced count's initial running count, pivot and key count: the lowest running
    count from which the edge of the charts with the index plays is positive at every count
    above (None if it never is)."""
    valued = sorted(int(t) for t, e in edges.items() if "chart_indices" in e)
    key = next((t for t in valued
                if all(edges[str(u)]["chart_indices"] > 0 for u in valued if u >= t)), None)
    return {"initial": _r(count.initial(decks)), "pivot": _r(count.pivot(decks)), "key": key}


def round_variance(rules: RuleSet, table: dict[str, Any], count: CountSystem,
                   lab_count: dict[str, Any], seed: int,
                   shoes: int = VARIANCE_SHOES) -> dict[str, Any]:
    """The variance of one round's result (main bets, one bet a round) of the charts with the
    count's index plays, measured over ``shoes`` seeded shoes dealt by the rules core (once a
    lab: another count's index plays change it by less than its error)."""
    from .player import IndexBook, play_shoes
    runs = play_shoes(rules, table, count, IndexBook(lab_count), shoes, seed)
    nets = np.concatenate([run.nets for run in runs])
    return {"value": _r(nets.var()), "rounds": len(nets), "shoes": shoes, "seed": seed,
            "count": count.key}


def _cell_plain(fit: Any) -> dict[str, Any]:
    """A fitted decision's EV of each action, natural frequency and the standard error of each
    other action's gap to the chart's play, per bin (bins with data)."""
    out: dict[str, Any] = {"base": fit.base, "evs": {}, "frequency": {}, "errors": {}}
    for b, t in enumerate(fit.stats.bins):
        if fit.stats.weight[b] > 0:
            out["evs"][str(t)] = {a: _r(x) for a, x in fit.evs(b).items()}
            out["frequency"][str(t)] = _r(fit.stats.weight[b])
            out["errors"][str(t)] = {a: _r(x[b]) for a, x in fit.stats.errors.items()
                                     if not np.isnan(x[b])}
    return out
