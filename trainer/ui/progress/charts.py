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

The first two charts have modules of their own (:mod:`.over_time`, :mod:`.heatmap`), their
shared pieces :mod:`.chart_parts`; this module draws the three small ones and is the page's one
door to all five.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from strategy_charts.chart_layout import Row

from ..plotting.frames import draw_message, frame, refit, set_margins
from ..plotting.look import LIGHT, Look
from ..progress_service import ResponseDay, Retention
from .chart_parts import (
    ACCURACY,
    LOSS,
    MUTED,
    NEUTRAL,
    DayFormatter,
    date_axis,
    day_of,
    days_shown,
    new_figure,
    plain_axes,
    top_of,
)
from .heatmap import draw_heatmap, heatmap_axes, heatmap_title
from .over_time import draw_over_time, over_time_axes, over_time_title

#: The bars' names, each on two short lines so four fit under a narrow chart.
_RETENTION_BARS = ("after a\ngap", "in\nsession", "next\nsession", "first\ntime")


def _retention_axes(target: Figure, look: Look) -> list[Axes]:
    """Four named bars on a 0-100% scale (with room above for their figures); the ticks say
    the percent, so no y label takes the bars' width in a narrow window."""
    def build(figure: Figure) -> list[Axes]:
        ax = plain_axes(figure, look, "", bottom=0.4)
        set_margins(figure, left=0.4, right=0.1, top=0.1, bottom=0.4)
        ax.set_xticks(range(len(_RETENTION_BARS)))
        ax.set_xticklabels(_RETENTION_BARS, fontsize=7)
        ax.set_xlim(-0.5, len(_RETENTION_BARS) - 0.5)
        ax.set_ylim(0, 125)
        ax.set_yticks([0, 50, 100], ["0%", "50%", "100%"])
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
    figure = new_figure(figure, (4.5, 3))
    (ax,) = _retention_axes(figure, look)
    colours = (NEUTRAL, ACCURACY, MUTED, MUTED)
    values = [100 * (tally.accuracy or 0.0) for tally in tallies]
    ax.bar(range(len(tallies)), values, color=colours, width=0.7)
    for i, (tally, value) in enumerate(zip(tallies, values, strict=True)):
        text = f"{value:.0f}%\nof {tally.tries:,}" if tally.tries else "none\nyet"
        ax.text(i, value + 2, text, ha="center", va="bottom", fontsize=7, color=look.text)
    return figure


def _response_axes(target: Figure, look: Look) -> list[Axes]:
    """Seconds against days."""
    def build(figure: Figure) -> list[Axes]:
        ax = plain_axes(figure, look, "seconds", bottom=0.45)
        date_axis(ax, 5)
        return [ax]
    return frame(target, "response", look, build)


def draw_response_times(days: Sequence[ResponseDay], figure: Figure | None = None,
                        look: Look = LIGHT) -> Figure | None:
    """Mean and median response time per day, in seconds."""
    if not days:
        return None
    figure = new_figure(figure, (4.5, 3))
    (ax,) = _response_axes(figure, look)
    x = [day_of(d.day) for d in days]
    marker = "o" if len(days) <= 60 else None
    medians = [d.median_ms / 1000 for d in days]
    means = [d.mean_ms / 1000 for d in days]
    ax.plot(np.asarray(x), medians, color=NEUTRAL, marker=marker, markersize=3, linewidth=1.4,
            label="median")
    ax.plot(np.asarray(x), means, color=look.muted, linewidth=1.0, linestyle="--", label="mean")
    ax.set_ylim(0, top_of(medians + means))
    days_shown(ax, x)
    ax.legend(fontsize=7.5, frameon=False, loc="lower left", ncols=2, labelcolor=look.text)
    return figure


def _due_axes(target: Figure, look: Look) -> list[Axes]:
    """Whole numbers of cards against the coming days (labelled at each draw)."""
    def build(figure: Figure) -> list[Axes]:
        return [plain_axes(figure, look, "cards due", bottom=0.3,
                           locator=MaxNLocator(4, integer=True))]
    return frame(target, "due", look, build)


def draw_due_load(load: Sequence[tuple[date, int]], total_cards: int = 0,
                  figure: Figure | None = None, look: Look = LIGHT) -> Figure | None:
    """Flashcards due per day for the coming days (today's bar includes overdue cards)."""
    if not load or total_cards == 0:
        return None
    figure = new_figure(figure, (4.5, 3))
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
        return DUE_TITLE
    return (f"Flashcards due in the next {len(load)} days, by day of the month (today includes "
            f"overdue cards; {total_cards:,} cards in all)")


DUE_TITLE = "Flashcards due"
RETENTION_TITLE = ("Retention: accuracy on the first try after a gap of a day or more, beside "
                   "accuracy in the same session")
RESPONSE_TITLE = "Response time per day (seconds; timed-out answers left out)"


def prepare(figures: Mapping[str, Figure], look: Look, rows: tuple[Row, ...],
            per: str = "day") -> None:
    """Build the frames of the page's charts (keyed as the page names them) before their data
    arrive: the page does this while the store is read, so the first drawing only adds data."""
    over_time_axes(figures["over_time"], look, per)
    heatmap_axes(figures["heatmap"], look, rows)
    _retention_axes(figures["retention"], look)
    _response_axes(figures["response"], look)
    _due_axes(figures["due"], look)


__all__ = [
    "DUE_TITLE",
    "RESPONSE_TITLE",
    "RETENTION_TITLE",
    "DayFormatter",
    "draw_due_load",
    "draw_heatmap",
    "draw_message",
    "draw_over_time",
    "draw_response_times",
    "draw_retention",
    "due_title",
    "heatmap_title",
    "over_time_title",
    "prepare",
    "refit",
]
