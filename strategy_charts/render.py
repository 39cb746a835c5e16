"""Draw a strategy chart with matplotlib: hard, soft and pair rows against dealer 2..A.

Free doubles and free splits have their own gold colours, apart from paid doubles and splits.
Uses ``matplotlib.figure.Figure`` directly (no pyplot), so the app can embed the same figure.
The grid itself (rows, up-card columns, which cell is where) is :mod:`.chart_layout`'s, which
loads no matplotlib.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import numpy as np
from matplotlib.collections import PatchCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import Patch, Rectangle

from strategy_charts.chart_layout import STYLE, UP_ORDER, chart_rows, context_title
from strategy_charts.label_paths import LABEL, add_labels
from trainer.rules import RuleSet

#: The legend's words for the outline of ``differences``.
OUTLINE_LABEL = "outlined: Free Bet play differs from standard blackjack"


def cell_label(cell: dict[str, Any]) -> str:
    """Text shown in a cell: the action's short label, with the play where it is not allowed
    in lower case (a double's "Dh", a surrender's "Rh", "Rp")."""
    label = STYLE[cell["action"]][0]
    if cell.get("fallback"):
        label += STYLE[cell["fallback"]][0].lower()
    return label


Cell = tuple[str, str, str]


def draw_chart(chart: dict[str, Any], rules: RuleSet, context: str,
               figure: Figure | None = None, differences: set[tuple[str, str, str]] | None = None,
               *, ink: str = "#000000", paper: str = "#ffffff",
               texts: Mapping[Cell, str] | None = None, muted: Collection[Cell] = (),
               title: str | None = None, note: str | None = None) -> Figure:
    """Draw one context's chart onto ``figure`` (a new one if None) and return it.

    ``differences`` holds (kind, value, up) cells to outline, e.g. where Free Bet play differs
    from standard blackjack. ``ink`` and ``paper`` colour the titles and labels and the
    background around the cells (the app's dark theme); the cells keep their colours.
    ``texts`` replaces the labels of some cells, ``muted`` cells are drawn faded, ``title``
    replaces the chart's title line and ``note`` is written under the legend (the index chart
    of the count lab uses these).
    """
    rows = chart_rows(chart, two_cards=not context.startswith("drawn"))
    figure = figure or Figure(figsize=(7.5, 0.26 * len(rows) + 2.2 + 0.5 * bool(note)),
                              dpi=110)
    figure.clear()
    figure.set_facecolor(paper)
    ax = figure.add_subplot(1, 1, 1)
    ax.set_facecolor(paper)
    colours = np.zeros((len(rows), len(UP_ORDER), 4))        # transparent where no cell
    labels: dict[str, list[LABEL]] = {"normal": [], "bold": []}
    outlined = []
    for y, (kind, value, _) in enumerate(rows):
        for x, up in enumerate(UP_ORDER):
            cell = chart[kind][value].get(str(up))
            if cell is None:
                continue
            where = (kind, value, str(up))
            colours[y, x] = to_rgba(STYLE[cell["action"]][1], 0.3 if where in muted else 1.0)
            weight = "bold" if cell["action"].startswith("free") else "normal"
            text = texts.get(where) if texts else None
            labels["bold" if text else weight].append((x + 0.5, y + 0.5,
                                                       text or cell_label(cell)))
            if differences and (kind, value, str(up)) in differences:
                outlined.append(Rectangle((x, y), 1, 1))
    # One image, one set of separators and one collection per label weight: a chart has about
    # 350 cells, and an artist per cell took most of a second to draw.
    ax.imshow(colours, extent=(0, len(UP_ORDER), len(rows), 0), interpolation="nearest",
              aspect="auto")
    ax.vlines(range(len(UP_ORDER) + 1), 0, len(rows), colors="#ffffff", linewidth=0.8)
    ax.hlines(range(len(rows) + 1), 0, len(UP_ORDER), colors="#ffffff", linewidth=0.8)
    for weight, cells in labels.items():
        if cells:
            add_labels(ax, cells, size=7.5, weight=weight)
    if outlined:
        ax.add_collection(PatchCollection(outlined, facecolor="none", edgecolor="#000000",
                                          linewidth=2.0, zorder=4))
    ax.set_xlim(0, len(UP_ORDER))
    ax.set_ylim(len(rows), 0)
    ax.set_xticks([x + 0.5 for x in range(len(UP_ORDER))])
    ax.set_xticklabels(["A" if u == 1 else str(u) for u in UP_ORDER])
    ax.xaxis.tick_top()
    ax.set_yticks([y + 0.5 for y in range(len(rows))])
    ax.set_yticklabels([label for _, _, label in rows], fontsize=7)
    ax.tick_params(length=0, labelcolor=ink)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_xlabel("dealer up card", color=ink)
    ax.xaxis.set_label_position("top")
    used = sorted({chart[k][v][u]["action"] for k, v, _ in rows for u in chart[k][v]},
                  key=list(STYLE).index)
    handles = [Patch(facecolor=STYLE[a][1], edgecolor="#777777",
                     label=f"{STYLE[a][0]} {STYLE[a][2]}") for a in used]
    handles.append(Patch(facecolor="none", edgecolor="none",
                         label="Dh/Ds: double, else hit/stand"))
    if "surrender" in used:
        handles.append(Patch(facecolor="none", edgecolor="none",
                             label="Rh/Rs/Rp: surrender, else hit/stand/split"))
    if outlined:                # the outline explained wherever the chart goes (an export)
        handles.append(Patch(facecolor="none", edgecolor="#000000", linewidth=2.0,
                             label=OUTLINE_LABEL))
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=4,
              fontsize=7, frameon=False, labelcolor=ink)
    heading = title or f"{rules.name}: {context_title(context)}"
    figure.suptitle(f"{heading}\n{rules.describe()}", fontsize=8.5, color=ink)
    if note:
        figure.text(0.5, 0.01, note, ha="center", va="bottom", fontsize=7, color=ink,
                    wrap=True)
    figure.tight_layout(rect=(0, 0.06 if note else 0, 1, 1))
    return figure
