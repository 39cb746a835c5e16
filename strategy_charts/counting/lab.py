"""The count lab table of a rule set: effects of removal, counts, edge by true count and index
plays, built from exact values, saved and cached like the strategy tables.

Building values the full shoe, the ten shoes without one card (the effects of removal) and a
pool of shoes drawn at every true count of each trained count (``samples`` per count and bin,
seeded: :mod:`.shoes`), each exactly (:mod:`.values`), in ``jobs`` processes. A preset's table
ships in ``data/`` as ``NAME.counts.json.gz`` (``freebet-charts build --counts``); any other
rule set's is built on first use and cached by fingerprint, as :func:`strategy_charts.tables.
load_or_build` does. Files are gzipped JSON with sorted keys and rounded values, so a rebuild is
byte-identical.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from trainer.rules import PRESETS, RuleSet
from trainer.rules.atomic_file import atomic_write

from ..artifacts import Artifact
from ..composition import full_shoe, of_values, subtract
from ..side_bets import CARD_TYPES, full_type_counts
from ..tables import (
    ENGINE_VERSION,
    DamagedTableError,
    TableError,
    TableMismatchError,
    data_dir,
    decode,
    encode,
    load_or_build,
)
from .cells import Cell, chart_plays, deal_cells
from .indices import CountAnalysis, Pool, linear_estimates, slope
from .removal import CONVENTION, Effects, decision_effects, effects_of_removal
from .shoes import BINS, TYPE_VALUE, CountLattice, bin_of
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
from .valuing import Progress, default_workers, value_shoes

#: Bump when a change alters any number of a lab table.
LAB_VERSION = "1"
#: Shoes drawn per trained count and true-count bin.
SAMPLES = 6
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


def draw_pool(rules: RuleSet, samples: int, seed: int) -> tuple[list[np.ndarray], np.ndarray,
                                                                 dict[str, dict[int, float]]]:
    """Shoes drawn at every bin of each trained count (card types), ``samples`` at a time in
    order of count and bin, their importance weights (natural chance over the chance of being
    drawn, summing to 1) and each count's shares of rounds by true count.

    Drawn evenly over the trained counts' bins, a shoe S is drawn with chance proportional to
    P(S) * sum over counts of 1 / share(its bin in that count), so its weight is the inverse of
    that sum (the balance heuristic of multiple importance sampling).
    """
    lattices = {key: CountLattice(rules.decks, tuple(int(t) for t in c.tags), rules.penetration)
                for key, c in TRAINED.items()}
    shares = {key: lattice.shares() for key, lattice in lattices.items()}
    drawn: list[np.ndarray] = []
    for n, (key, lattice) in enumerate(lattices.items()):
        for t in BINS:
            if shares[key][t] <= 0:
                continue
            rng = np.random.default_rng([seed, n, t - BINS[0]])
            drawn.extend(lattice.sample(t, rng).card_types for _ in range(samples))
    values = np.array([np.bincount(TYPE_VALUE, d, 10) for d in drawn])
    inverse = np.zeros(len(drawn))
    for key, count in TRAINED.items():
        bins = bin_of(-(values @ np.array(count.tags, float)), values.sum(axis=1))
        inverse += 1.0 / np.array([shares[key][int(b)] for b in bins])
    weights = 1.0 / inverse
    return drawn, weights / weights.sum(), shares


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
                    charts: dict[str, Any]) -> tuple[dict[str, Any], Effects,
                                                     list[Cell | None], dict[Cell, str]]:
    """The lab's figures from the full shoe and the ten one-card removals: the effects of
    removal, every known count rated, and the best tags found for these rules (as stored), with
    the effects, each deal's cell and each cell's chart play."""
    effects = effects_of_removal(rules, full, removed)
    cells = deal_cells(full)
    plays = chart_plays(cells, charts)
    decisions = decision_effects(full, removed, cells, plays)
    figures = {
        "effects": {
            "convention": CONVENTION, "ev": _r(effects.ev),
            "main": [_r(x) for x in effects.shown(effects.main)],
            "balance": _r(effects.balance(effects.main)),
            "wagers": {name: {"ev": _r(effects.wager_ev[name]),
                              "effects": [_r(x) for x in effects.shown(e)],
                              "balance": _r(effects.balance(e))}
                       for name, e in effects.wagers.items()},
        },
        "compare": {key: _rated(count, effects, decisions, rules.penetration)
                    for key, count in KNOWN.items()},
        "search": {f"level{level}": [{"tags": list(c.tags), "correlation": _r(c.correlation)}
                                     for c in best_tags([effects.main], level, 3)]
                   for level in (1, 2)},
    }
    return figures, effects, cells, plays


def quick_figures(rules: RuleSet, workers: int = 1) -> dict[str, Any]:
    """Effects of removal and counts rated, without the pool (seconds, not minutes): what
    ``eor`` and ``counts`` print for rules whose lab table is not built."""
    table = load_or_build(rules)
    valued = value_shoes(rules, table["charts"], _removal_jobs(rules), workers)
    figures = removal_figures(rules, valued[0], valued[1:], table["charts"])[0]
    return {"rules": rules.name, **figures}


def build_lab(rules: RuleSet, samples: int = SAMPLES, seed: int = SEED, workers: int = 1,
              progress: Progress | None = None,
              replicates: int = REPLICATES) -> dict[str, Any]:
    """Compute the lab table of ``rules`` (see the module docstring); each index play's
    spread comes from ``replicates`` bootstrap resamples of the pool."""
    table = load_or_build(rules)
    drawn, weights, shares = draw_pool(rules, samples, seed)
    compositions = np.array([np.bincount(TYPE_VALUE, d, 10) for d in drawn]).astype(np.int64)
    jobs = [*_removal_jobs(rules), *((tuple(int(x) for x in comp), d)
                                     for comp, d in zip(compositions, drawn, strict=True))]
    valued = value_shoes(rules, table["charts"], jobs, workers, progress)
    figures, effects, cells, plays = removal_figures(rules, valued[0], valued[1:11],
                                                     table["charts"])
    pool = Pool.of(valued[11:], compositions, weights)
    linear = linear_estimates(pool, effects.ev, effects.main, effects.cards)
    counts = {}
    for key, count in TRAINED.items():
        analysis = CountAnalysis(pool, count, cells, plays)
        indices = cross_fitted(analysis, cross_gains(pool, count, cells, plays, samples))
        fits = {fit.cell: fit for fit in analysis.all_fits()}
        spread = bootstrap(pool, count, cells, plays, samples, seed, replicates)
        counts[key] = {
            **figures["compare"][key],
            "shares": {str(t): _r(s) for t, s in shares[key].items()},
            "edges": analysis.edges(linear, shares[key]),
            "indices": [{**p.to_plain(), **_rounded(spread.of(p))} for p in indices],
            "cells": {cell.key: _cell_plain(fits[cell]) for cell in sorted({p.cell
                                                                          for p in indices})},
        }
        counts[key]["round_variance"] = round_variance(rules, table, count, counts[key], seed)
    return {
        "format": 1, "lab_version": LAB_VERSION, "engine_version": ENGINE_VERSION,
        "fingerprint": rules.fingerprint(), "rules": rules.name, "decks": rules.decks,
        "penetration": rules.penetration,
        "method": {"samples_per_bin": samples, "seed": seed, "shoes": len(drawn),
                   "bins": [BINS[0], BINS[-1]], "replicates": replicates},
        **figures,
        "counts": counts,
    }


def round_variance(rules: RuleSet, table: dict[str, Any], count: CountSystem,
                   lab_count: dict[str, Any], seed: int,
                   shoes: int = VARIANCE_SHOES) -> dict[str, Any]:
    """The variance of one round's result (main bets, one bet a round) of the charts with the
    count's index plays, measured over ``shoes`` seeded shoes dealt by the rules core."""
    from .player import IndexBook, play_shoes
    runs = play_shoes(rules, table, count, IndexBook(lab_count), shoes, seed)
    nets = np.concatenate([run.nets for run in runs])
    return {"value": _r(nets.var()), "rounds": len(nets), "shoes": shoes, "seed": seed}


def _cell_plain(fit: Any) -> dict[str, Any]:
    """A fitted decision's EV of each action and natural frequency per bin (bins with data)."""
    out: dict[str, Any] = {"base": fit.base, "evs": {}, "frequency": {}}
    for b, t in enumerate(BINS):
        if fit.stats.weight[b] > 0:
            out["evs"][str(t)] = {a: _r(x) for a, x in fit.evs(b).items()}
            out["frequency"][str(t)] = _r(fit.stats.weight[b])
    return out


# ----- files -------------------------------------------------------------------------------


def file_name(rules: RuleSet) -> str | None:
    """A preset's shipped lab file name ("evolution.counts.json.gz"), None for other rules."""
    for name, base in PRESETS.items():
        if rules == base:
            return f"{name}.counts.json.gz"
    return None


def _check(lab: dict[str, Any], rules: RuleSet, source: str) -> dict[str, Any]:
    if lab.get("fingerprint") != rules.fingerprint():
        raise TableMismatchError(f"{source} is the count lab of other rules; rebuild it with "
                                 "'python -m strategy_charts build --counts'")
    if (lab.get("lab_version"), lab.get("engine_version")) != (LAB_VERSION, ENGINE_VERSION):
        raise TableMismatchError(f"{source} was built by another version of the count lab; "
                                 "rebuild it with 'python -m strategy_charts build --counts'")
    return lab


class MissingLabError(TableError):
    """A preset's count lab table that is not there or cannot be opened."""

    def __init__(self, source: str, detail: str, preset: str) -> None:
        super().__init__(f"No count lab table at {source} ({detail}). Reinstall the trainer, "
                         "or rebuild it with 'python -m strategy_charts build --counts "
                         f"--preset {preset}'.")


def load_lab(rules: RuleSet, folder: Path | None = None) -> dict[str, Any]:
    """The shipped (or ``folder``'s) lab table of a preset, checked."""
    name = file_name(rules)
    if name is None:
        raise MissingLabError(rules.name, "only the presets' count labs ship", rules.name)
    path = (folder or data_dir()) / name
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MissingLabError(str(path), exc.strerror or str(exc), rules.name) from exc
    return _check(decode(data, str(path)), rules, str(path))


def write_lab(rules: RuleSet, folder: Path, workers: int = 1,
              progress: Progress | None = None) -> Path:
    """Build and atomically write a preset's lab table into ``folder``."""
    name = file_name(rules)
    if name is None:
        raise ValueError(f"{rules.name} is not a preset: its count lab is cached, not shipped")
    path = folder / name
    with atomic_write(path, "wb") as handle:
        handle.write(encode(build_lab(rules, workers=workers, progress=progress)))
    return path


def _shipped_lab(rules: RuleSet) -> Path | None:
    """A preset's shipped lab file (exactly its rules: the lab depends on the cut card too)."""
    name = file_name(rules)
    return None if name is None else data_dir() / name


def _read_lab(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MissingLabError(str(path), exc.strerror or str(exc),
                              path.name.removesuffix(".counts.json.gz")) from exc
    return decode(data, str(path))


#: The count lab as built data: shipped for the presets, else cached per user (built on first
#: use, which takes minutes on all cores: :func:`default_workers`).
LABS = Artifact(kind="count lab", folder="counts", version=f"{LAB_VERSION}-{ENGINE_VERSION}",
                shipped=_shipped_lab, check=_check, read=_read_lab,
                build=lambda rules, progress: build_lab(rules, workers=default_workers(),
                                                        progress=progress),
                faults=(TableError,))


def lab_ready(rules: RuleSet) -> bool:
    """True when the lab table of ``rules`` need not be built (shipped or cached)."""
    return LABS.ready(rules)


def load_or_build_lab(rules: RuleSet, workers: int | None = None,
                      progress: Progress | None = None) -> dict[str, Any]:
    """The lab table of ``rules``: shipped for a preset, else cached by fingerprint (built on
    first use, which takes minutes)."""
    if workers is None:
        return LABS.load_or_build(rules, progress)
    chosen = replace(LABS, build=lambda r, p: build_lab(r, workers=workers, progress=p))
    return chosen.load_or_build(rules, progress)


__all__ = ["LABS", "LAB_VERSION", "Cell", "DamagedTableError", "build_lab", "load_lab",
           "load_or_build_lab", "write_lab"]
