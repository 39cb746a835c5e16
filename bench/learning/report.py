"""The bench's report: answers to target per seed, ratios per matched seed with their interval,
the leak at each checkpoint, the mean leak over the first answers; as JSON, Markdown, a plot."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from .health import summary
from .runs import CHECKPOINTS, Run
from .teachers import BASELINES, SCHEDULERS

#: Student's t at 97.5% by degrees of freedom (a 95% interval of a mean of few seeds).
_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
         9: 2.262, 10: 2.228, 15: 2.131, 20: 2.086, 30: 2.042}


def t975(df: int) -> float:
    """Student's t quantile 0.975 for ``df`` degrees of freedom (the next tabulated below)."""
    return _T975[max(k for k in _T975 if k <= df)] if df < 40 else 1.96


def _mean(values: Sequence[float | None]) -> float | None:
    if not values or any(v is None for v in values):
        return None
    return sum(v for v in values if v is not None) / len(values)


def _rounded(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


Reached = Sequence[int | None]          # answers to target per seed (None: not reached)


def ratio(ours: Reached, theirs: Sequence[Reached], limit: int) -> dict[str, Any]:
    """Our answers to target over theirs, per matched seed (theirs: the fewest of several
    schedulers, seed by seed). A seed they do not reach counts at ``limit`` (the ratio is then
    an upper bound: ``bounded``); a seed we do not reach has no ratio (``mean`` null). The mean
    over seeds with its 95% interval (Student's t)."""
    per_seed: list[float | None] = []
    bounded = False
    for i, mine in enumerate(ours):
        others = [runs[i] for runs in theirs]
        best = min((n if n is not None else limit) for n in others)
        bounded |= all(n is None or n >= limit for n in others)
        per_seed.append(None if mine is None else mine / max(best, 1))
    out: dict[str, Any] = {"per_seed": [_rounded(r) for r in per_seed], "bounded": bounded,
                           "mean": None, "interval": None}
    if per_seed and all(r is not None for r in per_seed):
        values = [r for r in per_seed if r is not None]
        mean = sum(values) / len(values)
        half = (t975(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
                if len(values) > 1 else math.inf)
        out["mean"] = _rounded(mean)
        out["interval"] = [_rounded(mean - half), _rounded(mean + half)]
    return out


def summarise(runs: dict[str, list[Run]], params: dict[str, Any],
              earlier: dict[str, Any] | None = None) -> dict[str, Any]:
    """Per scheduler: answers to target per seed and their mean (null when a seed misses),
    the leak after each checkpoint, the mean leak over the first 5,000 answers; the ratios of
    every scheduler to v0.1 and to the best baseline. ``earlier``: a report's entries of
    schedulers not run now (for the same learner and seeds), taken as they are."""
    limit, seeds_run = int(params["max_reviews"]), int(params["seeds"])
    out: dict[str, Any] = {}
    for scheduler, got in (earlier or {}).items():
        if scheduler not in runs:
            reached = got["per_seed"][:seeds_run]
            out[scheduler] = {**got, "per_seed": reached, "reviews_to_target": _mean(reached)}
    for scheduler, seeds in runs.items():
        reached = [r.reviews_to_target for r in seeds]
        out[scheduler] = {
            "reviews_to_target": _mean(reached),
            "per_seed": reached,
            "days_to_target": _mean([r.days_to_target for r in seeds]),
            "leak_after": {str(n): _rounded(_mean([r.leak_after(n) for r in seeds]))
                           for n in CHECKPOINTS},
            "mean_leak_5000": _rounded(_mean([r.area() for r in seeds])),
        }
        checked = summary(seeds)
        if checked is not None:
            out[scheduler]["health"] = checked
    reached = {s: got["per_seed"] for s, got in out.items()}
    baselines = [reached[b] for b in BASELINES if b in reached]
    for scheduler in runs:
        if "v0.1" in reached and scheduler != "v0.1":
            out[scheduler]["ratio_v01"] = ratio(reached[scheduler], [reached["v0.1"]], limit)
        if baselines and scheduler not in BASELINES:
            out[scheduler]["ratio_baselines"] = ratio(reached[scheduler], baselines, limit)
    return out


def _answers(got: dict[str, Any], limit: int) -> str:
    seeds = got["per_seed"]
    if got["reviews_to_target"] is not None:
        return f"{got['reviews_to_target']:,.0f}"
    missed = sum(n is None for n in seeds)
    if missed == len(seeds):
        return "not reached"
    floor = sum(limit if n is None else n for n in seeds) / len(seeds)
    return f"> {floor:,.0f} ({missed} of {len(seeds)} not reached)"


def _ratio(got: dict[str, Any] | None) -> str:
    if got is None:
        return "—"
    if got["mean"] is None:
        return "not reached"
    low, high = got["interval"]
    sign = "≤ " if got["bounded"] else ""
    return f"{sign}{got['mean']:.2f} [{low:.2f}, {high:.2f}]"


def _leak(got: dict[str, Any] | None, key: str) -> str:
    value = None if got is None else got["leak_after"].get(key)
    return "—" if value is None else f"{value:.3g}"


def table_text(report: dict[str, Any]) -> str:
    """The report as a Markdown table: answers to target (of the default schedulers and any
    other run), the app's ratios, its leaks."""
    ran = {s for entry in report["learners"].values() for s in entry["schedulers"]}
    columns = [*SCHEDULERS, *sorted(ran - set(SCHEDULERS))]
    head = (["learner", *columns, "app ÷ v0.1 [95%]", "app ÷ best baseline",
             "leak at 1,000 / 2,000: app; v0.1", "mean leak to 5,000: app; v0.1"])
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for name, entry in report["learners"].items():
        got = entry["schedulers"]
        limit = int(entry["params"]["max_reviews"])
        cells = [name] + ["—" if s not in got else _answers(got[s], limit) for s in columns]
        app, v01 = got.get("app"), got.get("v0.1")
        cells.append(_ratio(app.get("ratio_v01") if app else None))
        cells.append(_ratio(app.get("ratio_baselines") if app else None))
        cells.append(f"{_leak(app, '1000')} / {_leak(app, '2000')}; "
                     f"{_leak(v01, '1000')} / {_leak(v01, '2000')}")
        area = [f"{g['mean_leak_5000']:.3g}" if g and g["mean_leak_5000"] is not None else "—"
                for g in (app, v01)]
        cells.append("; ".join(area))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(runs: dict[str, dict[str, list[Run]]], report: dict[str, Any], path: str,
         columns: int = 4) -> None:
    """Leak against answers given, mean over the seeds, one panel per learner. A run stops once
    it has reached the target (and the last checkpoint); its last leak is carried on after."""
    from matplotlib.figure import Figure
    names = list(runs)
    rows = math.ceil(len(names) / columns)
    width = min(columns, len(names))
    fig = Figure(figsize=(5.2 * width, 4.4 * rows), layout="constrained")
    axes = fig.subplots(rows, width, squeeze=False).ravel()
    for ax, name in zip(axes, names, strict=False):
        entry = report["learners"][name]
        for scheduler, seeds in runs[name].items():
            longest = max(seeds, key=lambda r: len(r.leaks))
            days = len(longest.leaks)
            xs = [longest.leaks[d][0] for d in range(days)]
            ys = [sum(r.leaks[min(d, len(r.leaks) - 1)][1] for r in seeds) / len(seeds)
                  for d in range(days)]
            reached = entry["schedulers"][scheduler]["reviews_to_target"]
            label = f"{scheduler}: " + ("not reached" if reached is None
                                         else f"{reached:,.0f} answers")
            ax.plot(xs, ys, label=label, linewidth=2.0 if scheduler == "app" else 1.0)
        ax.axhline(entry["params"]["target"], color="grey", linestyle=":", linewidth=1)
        ax.set_yscale("log")
        ax.set_title(name)
        ax.set_xlabel("answers given")
        ax.set_ylabel("leak (main bets per 100 rounds)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize="small")
    for ax in axes[len(names):]:
        ax.set_visible(False)
    fig.savefig(path, dpi=90)
