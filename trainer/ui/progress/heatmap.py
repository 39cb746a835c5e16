"""The progress page's errors on the strategy chart's grid: the error rate and what each cell's
play costs, side by side, with the chart's fixed labels drawn once as glyph outlines."""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap, Normalize, PowerNorm
from matplotlib.figure import Figure

from strategy_charts.chart_layout import UP_ORDER, Row
from strategy_charts.label_paths import add_labels
from trainer.rules.plural import counted

from ..plotting.frames import FRAME, frame
from ..plotting.look import LIGHT, Look
from ..progress_service import HeatGrid, row_labels
from .chart_parts import LABEL_SIZE, new_figure

_GAP = len(UP_ORDER) + 1     # the EV panel's first column


def heatmap_axes(target: Figure, look: Look, rows: tuple[Row, ...]) -> list[Axes]:
    """One axes holding both grids (the error rate at columns 0-9, the cost at 11-20), their
    separators and their fixed labels, all kept between draws."""
    def build(figure: Figure) -> list[Axes]:
        count, cols = len(rows), len(UP_ORDER)
        ax = figure.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        ups = ["A" if up == 1 else str(up) for up in UP_ORDER]
        labels = [(x0 + col + 0.5, -0.35, up) for x0 in (0, _GAP) for col, up in enumerate(ups)]
        labels += [(-0.2, y + 0.5, text) for y, text in enumerate(row_labels(rows))]
        add_labels(ax, labels[:2 * cols], size=LABEL_SIZE, va="baseline",
                   color=look.text).set_gid(FRAME)
        add_labels(ax, labels[2 * cols:], size=LABEL_SIZE, ha="right",
                   color=look.text).set_gid(FRAME)
        for x0 in (0, _GAP):
            ax.vlines(np.arange(x0, x0 + cols + 1), 0, count, colors=look.separator,
                      linewidth=0.8, zorder=3).set_gid(FRAME)
        ax.hlines(np.arange(count + 1), 0, _GAP + cols, colors=look.separator, linewidth=0.8,
                  zorder=3).set_gid(FRAME)
        ax.set_xlim(-3.2, _GAP + cols + 0.1)
        ax.set_ylim(count + 0.1, -2.3)
        return [ax]
    return frame(target, ("heatmap", rows), look, build)


def draw_heatmap(grid: HeatGrid, figure: Figure | None = None,
                 look: Look = LIGHT) -> Figure | None:
    """Error rate and what each cell's play costs (main bets per 100 rounds) side by side, each
    on the chart's grid."""
    if not grid.tries.any():
        return None
    rows, cols = len(grid.rows), len(UP_ORDER)
    figure = new_figure(figure, (8, 0.2 * rows + 1.2))
    (ax,) = heatmap_axes(figure, look, grid.rows)
    high = max(float(np.nanmax(grid.cost_per_100)), 1e-9)
    # the cost on a square-root scale: one costly habit would leave every other cell white
    panels = ((0, grid.error_rate * 100, "Reds", Normalize(0, 100.0), "error rate (dark: 100%)"),
              (_GAP, grid.cost_per_100, "Purples", PowerNorm(0.5, 0, high),
               f"cost /100 rounds (dark: {high:.3f})"))
    for x0, data, name, norm, label in panels:
        cmap = ListedColormap(_colours(name), bad=look.untried)
        ax.imshow(np.ma.masked_invalid(data), cmap=cmap, norm=norm, aspect="auto",
                  interpolation="nearest", extent=(x0, x0 + cols, rows, 0))
        ax.text(x0 + cols / 2, -1.2, label, ha="center", va="bottom", fontsize=8,
                color=look.text)
    ax.set_xlim(-3.2, _GAP + cols + 0.1)
    ax.set_ylim(rows + 0.1, -2.3)
    return figure


def heatmap_title(grid: HeatGrid, preset: str) -> str:
    """The heading of :func:`draw_heatmap`."""
    note = (f"; {counted(grid.unplaced, 'decision')} "
            f"{'is' if grid.unplaced == 1 else 'are'} not on the chart (insurance, rare totals)"
            if grid.unplaced else "")
    return (f"Your errors on the strategy chart of '{preset}' (dealer's up card across; every "
            f"context and stake of a hand in its cell; grey: not tried yet; the cost in main "
            f"bets per 100 rounds, on a square-root scale{note})")


def _colours(name: str) -> list:
    from matplotlib import colormaps
    return list(colormaps[name](np.linspace(0.08, 1.0, 64)))


__all__ = ["draw_heatmap", "heatmap_axes", "heatmap_title"]
