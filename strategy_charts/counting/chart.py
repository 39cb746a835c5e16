"""The index chart of a count: the first-decision strategy chart with each index play marked.

A cell where the count changes the play shows the index play in its colour and its index:
"S+1" is stand at true count +1 or more, "H−2" hit at true count −2 or less (the chart's play
otherwise; an unbalanced count's indices are running counts), "?" after it when the index's
spread over the lab's resamples is half a count or more (for a lab built to a finer precision,
wider than that precision: :mod:`.precision`); every other cell keeps the chart's
play, faded. Insurance and side-bet indices are
written under the chart. Drawn by :func:`strategy_charts.render.draw_chart`, so it exports to
PNG, SVG or PDF like the strategy charts.
"""

from __future__ import annotations

import copy
from typing import Any

from matplotlib.figure import Figure

from trainer.rules import RuleSet

from ..render import STYLE, draw_chart
from .cells import INSURANCE, WAGER, Cell
from .indices import IndexPlay
from .precision import DEFAULT
from .spread import trusted
from .systems import CountSystem


def index_label(play: IndexPlay) -> str:
    """A cell's label: the play's letter, '≥' or '≤' implied by the sign, the index."""
    sign = "≥" if play.direction == "+" else "≤"
    return f"{STYLE[play.play][0]}{sign}{play.index:+d}".replace("-", "−")


def draw_index_chart(count_lab: dict[str, Any], real_chart: dict[str, Any], rules: RuleSet,
                     count: CountSystem, figure: Figure | None = None,
                     precision: float = DEFAULT) -> Figure:
    """Draw ``count``'s index plays (``count_lab``: its part of the lab table) over the
    first-decision chart ``real_chart`` (the strategy table's ``charts["real"]``), marking '?'
    the indices whose spread is not under ``precision`` (TC)."""
    plays = [IndexPlay.from_plain(p) for p in count_lab["indices"]]
    chart = copy.deepcopy(real_chart)
    texts: dict[tuple[str, str, str], list[str]] = {}
    for play in plays:
        cell = play.cell
        if cell.kind in (INSURANCE, WAGER):
            continue
        where = (cell.kind, str(cell.value), str(cell.up))
        texts.setdefault(where, []).append(index_label(play))
        if len(texts[where]) == 1:
            chart[cell.kind][str(cell.value)][str(cell.up)] = {"action": play.play,
                                                               "fallback": None}
    muted = {(kind, value, up) for kind, rows in chart.items() for value, ups in rows.items()
             for up in ups} - set(texts)
    others = [p for p in plays if p.cell.kind in (INSURANCE, WAGER)]
    note = "; ".join(f"{p.cell.describe()}: {p.play.replace('_', ' ')} at {p.letters} "
                     f"{'≥' if p.direction == '+' else '≤'} {p.index:+d}"
                     + (f" ({p.spread_text()})" if p.spread_text() else "") for p in others)
    total = sum(p.gain for p in plays if p.cell.kind != WAGER)
    kind = count_lab.get("scale", {}).get("kind", "true count")
    words = "true count floored" if kind == "true count" else kind
    doubtful = [p for p, plain in zip(plays, count_lab["indices"], strict=True)
                if not trusted(plain, precision)]
    target = "half a count" if precision == DEFAULT else f"{precision:g} of a count"
    unsure = (f"{len(doubtful)} marked '?': the index's spread over the lab's resamples is "
              f"{target} or more." if doubtful else f"Every index's spread is under {target}.")
    for p in doubtful:
        where = (p.cell.kind, str(p.cell.value), str(p.cell.up))
        if where in texts:
            texts[where] = [t + "?" if t == index_label(p) else t for t in texts[where]]
    return draw_chart(
        chart, rules, "real", figure, texts={k: "/".join(v) for k, v in texts.items()},
        muted=muted,
        title=f"{rules.name}: {count.name} index plays, first decision ({words}; "
              f"all together +{total:.3f} main bets per 100 rounds)",
        note=(note + ". " if note else "") + "Faded: the chart's play at every count. "
             + unsure)


__all__ = ["Cell", "draw_index_chart", "index_label"]
