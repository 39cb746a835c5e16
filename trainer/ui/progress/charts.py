"""The progress page's charts as plain matplotlib drawing: review results in, a Figure out.

No widgets and no store: each ``draw_*`` takes the results of :mod:`trainer.progress.review`
(or the cards' due times) and draws onto a given ``Figure`` (a new one if None), so tests and
the benchmark draw them without a screen. Each returns None, leaving the figure untouched,
when there is nothing to draw: the page then shows a friendly message instead of empty axes.

Drawing is kept cheap for the page's 300 ms budget: axes are built once per kind of chart and
reused (:mod:`trainer.ui.plotting.frames`); titles live in the page's Qt headings (``*_title``
functions), and the heatmap's fifty fixed labels are glyph outlines drawn as one collection
(:mod:`strategy_charts.label_paths`), as text is what matplotlib draws most slowly. The data
(the heatmap's grid, the due load) come from :mod:`trainer.progress`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, timedelta

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap
from matplotlib.dates import HOURLY, AutoDateLocator, ConciseDateFormatter
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from strategy_charts.chart_layout import UP_ORDER, Row
from strategy_charts.label_paths import add_labels
from trainer.progress.heat_grid import HeatGrid, row_labels
from trainer.progress.review import DayStats, ResponseDay, Retention, SessionStats

from ..plotting.frames import FRAME, draw_message, frame, refit, set_margins, style_axes
from ..plotting.look import LIGHT, Look

ACCURACY = "#2e7d32"
LOSS = "#c62828"
NEUTRAL = "#1565c0"
MUTED = "#9e9e9e"
LABEL_SIZE = 7.5


def _new(figure: Figure | None, size: tuple[float, float]) -> Figure:
    return figure if figure is not None else Figure(figsize=size, dpi=100)


def _day(text: str) -> date:
    return date.fromisoformat(text)


def _date_axis(ax: Axes, ticks: int) -> None:
    """Date ticks on the x axis: at most ``ticks``, whole days at the finest (minticks=2 keeps
    the locator from falling back to hours over a few days)."""
    locator = AutoDateLocator(minticks=2, maxticks=ticks)
    locator.intervald[HOURLY] = [24]
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(ConciseDateFormatter(locator))


def _days_shown(ax: Axes, x: Sequence[date]) -> None:
    """Show the days of ``x`` with half a day either side, and at least three days, so one or
    two days of practice still get a readable axis (and day ticks, not hours or years)."""
    first, last = min(x), max(x)
    extra = max(0, 2 - (last - first).days) / 2
    ax.set_xlim(first - timedelta(days=0.6 + extra), last + timedelta(days=0.6 + extra))


def _top(values: Sequence[float], pad: float = 1.08) -> float:
    """An upper y limit leaving a little room above the highest value."""
    return max([*values, 0.0]) * pad or 1.0


# ----- accuracy and EV lost over time ----------------------------------------------------------

def _axes(figure: Figure, look: Look, ylabel: str, bottom: float,
          locator: MaxNLocator | None = None) -> Axes:
    """One axes filling the figure but for fixed margins, in ``look``, with its y label."""
    ax = figure.subplots()
    ax.set_ylabel(ylabel, fontsize=8)
    ax.yaxis.set_major_locator(locator or MaxNLocator(4))
    style_axes(ax, look)
    set_margins(figure, left=0.6, top=0.1, bottom=bottom)
    return ax


def _over_time_axes(target: Figure, look: Look, per: str) -> list[Axes]:
    """Accuracy above EV lost, sharing an x axis of days (dates) or sessions (numbers)."""
    def build(figure: Figure) -> list[Axes]:
        top, bottom = figure.subplots(2, 1, sharex=True)
        top.set_ylabel("accuracy %", fontsize=8)
        bottom.set_ylabel("EV lost /100", fontsize=8)
        for ax in (top, bottom):
            ax.yaxis.set_major_locator(MaxNLocator(4))
            style_axes(ax, look)
        if per == "day":
            _date_axis(bottom, 7)
        else:
            bottom.set_xlabel("session", fontsize=8)
            bottom.xaxis.set_major_locator(MaxNLocator(8, integer=True))
        set_margins(figure, left=0.75, top=0.12, bottom=0.5 if per == "day" else 0.42)
        return [top, bottom]
    return frame(target, ("over_time", per), look, build)


def draw_over_time(stats: Sequence[DayStats] | Sequence[SessionStats], per: str = "day",
                   figure: Figure | None = None, look: Look = LIGHT) -> Figure | None:
    """Accuracy (%) above, EV lost per 100 decisions below, per day or per session.

    ``per`` is "day" (``stats`` from ``review.by_day``) or "session" (``review.by_session``).
    """
    if not stats:
        return None
    figure = _new(figure, (9, 4))
    top, bottom = _over_time_axes(figure, look, per)
    if per == "day":
        x: list = [_day(s.day) for s in stats]  # type: ignore[union-attr]
    else:
        x = list(range(1, len(stats) + 1))
    accuracy = [100 * s.accuracy for s in stats]
    per_100 = [100 * s.ev_lost / s.decisions for s in stats]
    marker = "o" if len(stats) <= 60 else None
    top.plot(x, accuracy, color=ACCURACY, marker=marker, markersize=3, linewidth=1.4)
    top.set_ylim(max(0.0, min(accuracy) - 5), 100.5)
    if len(stats) <= 90:
        bottom.bar(x, per_100, width=0.8, color=LOSS, alpha=0.8)
    else:                                  # one artist instead of hundreds of bars
        bottom.fill_between(x, per_100, step="mid", color=LOSS, alpha=0.8, linewidth=0)
    bottom.set_ylim(0, _top(per_100))
    if per == "day":
        _days_shown(bottom, x)
    else:
        bottom.set_xlim(0.4, len(stats) + 0.6)
    return figure


def over_time_title(stats: Sequence[DayStats] | Sequence[SessionStats], per: str) -> str:
    """The heading of :func:`draw_over_time`."""
    decisions = sum(s.decisions for s in stats)
    if not decisions:
        return f"Accuracy and EV lost per {per}"
    right = sum(s.right for s in stats)
    lost = sum(s.ev_lost for s in stats)
    return (f"Accuracy and EV lost per 100 decisions, per {per} ({len(stats):,} {per}s; "
            f"overall {100 * right / decisions:.1f}% right, {100 * lost / decisions:.2f} main "
            "bets lost per 100)")


# ----- errors on the strategy chart's grid ---------------------------------------------------

_GAP = len(UP_ORDER) + 1     # the EV panel's first column


def _heatmap_axes(target: Figure, look: Look, rows: tuple[Row, ...]) -> list[Axes]:
    """One axes holding both grids (the error rate at columns 0-9, EV lost at 11-20), their
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
    """Error rate and EV lost per 100 decisions side by side, each on the chart's grid."""
    if not grid.tries.any():
        return None
    rows, cols = len(grid.rows), len(UP_ORDER)
    figure = _new(figure, (8, 0.2 * rows + 1.2))
    (ax,) = _heatmap_axes(figure, look, grid.rows)
    high_ev = max(float(np.nanmax(grid.ev_per_100)), 1e-9)
    panels = ((0, grid.error_rate * 100, "Reds", 100.0, "error rate (dark: 100%)"),
              (_GAP, grid.ev_per_100, "Purples", high_ev, f"EV lost /100 (dark: {high_ev:.2f})"))
    for x0, data, name, high, label in panels:
        cmap = ListedColormap(_colours(name), bad=look.untried)
        ax.imshow(np.ma.masked_invalid(data), cmap=cmap, vmin=0, vmax=high, aspect="auto",
                  interpolation="nearest", extent=(x0, x0 + cols, rows, 0))
        ax.text(x0 + cols / 2, -1.2, label, ha="center", va="bottom", fontsize=8,
                color=look.text)
    ax.set_xlim(-3.2, _GAP + cols + 0.1)
    ax.set_ylim(rows + 0.1, -2.3)
    return figure


def heatmap_title(grid: HeatGrid, preset: str) -> str:
    """The heading of :func:`draw_heatmap`."""
    note = (f"; {grid.unplaced:,} decisions are not on the chart (insurance, rare totals)"
            if grid.unplaced else "")
    return (f"Your errors on the {preset} strategy chart (dealer's up card across; every "
            f"context and stake of a hand in its cell; grey: not tried yet{note})")


def _colours(name: str) -> list:
    from matplotlib import colormaps
    return list(colormaps[name](np.linspace(0.08, 1.0, 64)))


# ----- retention, response time, due load ----------------------------------------------------

_RETENTION_BARS = ("after a gap", "in session", "next session", "first time")


def _retention_axes(target: Figure, look: Look) -> list[Axes]:
    """Four named bars on a 0-100% scale (with room above for their labels)."""
    def build(figure: Figure) -> list[Axes]:
        ax = _axes(figure, look, "accuracy %", bottom=0.3)
        ax.set_xticks(range(len(_RETENTION_BARS)))
        ax.set_xticklabels(_RETENTION_BARS, fontsize=7.5)
        ax.set_xlim(-0.6, len(_RETENTION_BARS) - 0.4)
        ax.set_ylim(0, 115)
        ax.set_yticks([0, 50, 100])
        return [ax]
    return frame(target, "retention", look, build)


def draw_retention(retention: Retention, figure: Figure | None = None,
                   look: Look = LIGHT) -> Figure | None:
    """Accuracy on the first try after a gap of a day or more beside in-session accuracy (and
    between sessions, first meeting), each bar with its number of tries."""
    tallies = (retention.after_gap, retention.in_session, retention.between_sessions,
               retention.first)
    if not any(tally.tries for tally in tallies):
        return None
    figure = _new(figure, (4.5, 3))
    (ax,) = _retention_axes(figure, look)
    colours = (NEUTRAL, ACCURACY, MUTED, MUTED)
    values = [100 * (tally.accuracy or 0.0) for tally in tallies]
    ax.bar(range(len(tallies)), values, color=colours, width=0.65)
    for i, (tally, value) in enumerate(zip(tallies, values, strict=True)):
        text = f"{value:.0f}% of {tally.tries:,}" if tally.tries else "none yet"
        ax.text(i, value + 2, text, ha="center", va="bottom", fontsize=7.5, color=look.text)
    return figure


def _response_axes(target: Figure, look: Look) -> list[Axes]:
    """Seconds against days."""
    def build(figure: Figure) -> list[Axes]:
        ax = _axes(figure, look, "seconds", bottom=0.45)
        _date_axis(ax, 5)
        return [ax]
    return frame(target, "response", look, build)


def draw_response_times(days: Sequence[ResponseDay], figure: Figure | None = None,
                        look: Look = LIGHT) -> Figure | None:
    """Mean and median response time per day, in seconds."""
    if not days:
        return None
    figure = _new(figure, (4.5, 3))
    (ax,) = _response_axes(figure, look)
    x = [_day(d.day) for d in days]
    marker = "o" if len(days) <= 60 else None
    medians = [d.median_ms / 1000 for d in days]
    means = [d.mean_ms / 1000 for d in days]
    ax.plot(x, medians, color=NEUTRAL, marker=marker, markersize=3, linewidth=1.4,
            label="median")
    ax.plot(x, means, color=look.muted, linewidth=1.0, linestyle="--", label="mean")
    ax.set_ylim(0, _top(medians + means))
    _days_shown(ax, x)
    ax.legend(fontsize=7.5, frameon=False, loc="lower left", ncols=2, labelcolor=look.text)
    return figure


def _due_axes(target: Figure, look: Look) -> list[Axes]:
    """Whole numbers of cards against the coming days (labelled at each draw)."""
    def build(figure: Figure) -> list[Axes]:
        return [_axes(figure, look, "cards due", bottom=0.3, locator=MaxNLocator(4, integer=True))]
    return frame(target, "due", look, build)


def draw_due_load(load: Sequence[tuple[date, int]], total_cards: int = 0,
                  figure: Figure | None = None, look: Look = LIGHT) -> Figure | None:
    """Flashcards due per day for the coming days (today's bar includes overdue cards)."""
    if not load or total_cards == 0:
        return None
    figure = _new(figure, (4.5, 3))
    (ax,) = _due_axes(figure, look)
    counts = [n for _, n in load]
    colours = [LOSS if i == 0 else NEUTRAL for i in range(len(load))]
    ax.bar(range(len(load)), counts, color=colours, width=0.7)
    labels = ["today"] + [str(d.day) for d, _ in load[1:]]
    ax.set_xticks(range(len(load)))
    ax.set_xticklabels(labels, fontsize=6.5)
    ax.set_xlim(-0.6, len(load) - 0.4)
    ax.set_ylim(0, max([*counts, 1]) * 1.1)
    return figure


def due_title(load: Sequence[tuple[date, int]], total_cards: int) -> str:
    """The heading of :func:`draw_due_load`."""
    if not load:
        return "Flashcards due"
    return (f"Flashcards due in the next {len(load)} days, by day of the month (today includes "
            f"overdue cards; {total_cards:,} cards in all)")


RETENTION_TITLE = ("Retention: accuracy on the first try after a gap of a day or more, beside "
                   "accuracy in the same session")
RESPONSE_TITLE = "Response time per day (seconds; timed-out answers left out)"


def prepare(figures: Mapping[str, Figure], look: Look, rows: tuple[Row, ...],
            per: str = "day") -> None:
    """Build the frames of the page's charts (keyed as the page names them) before their data
    arrive: the page does this while the store is read, so the first drawing only adds data."""
    _over_time_axes(figures["over_time"], look, per)
    _heatmap_axes(figures["heatmap"], look, rows)
    _retention_axes(figures["retention"], look)
    _response_axes(figures["response"], look)
    _due_axes(figures["due"], look)


__all__ = [
    "draw_due_load",
    "draw_heatmap",
    "draw_message",
    "draw_over_time",
    "draw_response_times",
    "draw_retention",
    "prepare",
    "refit",
]
