"""The progress page's charts as plain matplotlib drawing: review results in, a Figure out.

No widgets and no store: each ``draw_*`` takes the results of :mod:`trainer.progress.review`
(or the stored fsrs cards) and draws onto a given ``Figure`` (a new one if None), so tests and
the benchmark draw them without a screen. Each returns None, leaving the figure untouched,
when there is nothing to draw: the page then shows a friendly message instead of empty axes.

Text is the costliest thing matplotlib draws (each glyph is rasterised on every draw), so the
figures hold few words: titles live in the page's Qt headings (``*_title`` functions), and the
heatmap's rows use the short labels of a printed strategy card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from strategy_charts.render import UP_ORDER
from trainer.drills.situations import HandKind, Situation
from trainer.progress.review import (
    DayStats,
    ResponseDay,
    Retention,
    SessionStats,
    SituationStats,
)

ACCURACY = "#2e7d32"
LOSS = "#c62828"
NEUTRAL = "#1565c0"
MUTED = "#9e9e9e"
GRID = "#e6e6e6"
UNTRIED = "#dedede"
ROW = tuple[str, str, str]   # (kind, value, label), as strategy_charts.render.chart_rows gives


def _figure(figure: Figure | None, size: tuple[float, float]) -> Figure:
    figure = figure or Figure(figsize=size, dpi=100)
    figure.clear()
    return figure


def _margins(figure: Figure, left: float = 0.65, right: float = 0.2, top: float = 0.35,
             bottom: float = 0.45, hspace: float = 0.15) -> None:
    """Fixed margins in inches (cheaper than a layout engine, which would measure every
    label on each draw); :func:`refit` keeps them after the canvas is resized."""
    figure._progress_margins = (left, right, top, bottom, hspace)  # type: ignore[attr-defined]
    refit(figure)


def refit(figure: Figure) -> None:
    """Re-apply a chart's margins for the figure's current size (after a resize)."""
    margins = getattr(figure, "_progress_margins", None)
    if margins is None:
        return
    left, right, top, bottom, hspace = margins
    width, height = figure.get_size_inches()
    figure.subplots_adjust(left=min(left / width, 0.4), right=max(1 - right / width, 0.6),
                           top=max(1 - top / height, 0.6), bottom=min(bottom / height, 0.4),
                           hspace=hspace)


def _tidy(ax: Axes) -> None:
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.grid(axis="y", color=GRID, linewidth=0.8)
    ax.set_axisbelow(True)
    ax.tick_params(labelsize=8)


def _day(text: str) -> date:
    return date.fromisoformat(text)


# ----- accuracy and EV lost over time ----------------------------------------------------------

def draw_over_time(stats: Sequence[DayStats] | Sequence[SessionStats], per: str = "day",
                   figure: Figure | None = None) -> Figure | None:
    """Accuracy (%) above, EV lost per 100 decisions below, per day or per session.

    ``per`` is "day" (``stats`` from ``review.by_day``) or "session" (``review.by_session``).
    """
    if not stats:
        return None
    figure = _figure(figure, (9, 4))
    top, bottom = figure.subplots(2, 1, sharex=True)
    if per == "day":
        x: list = [_day(s.day) for s in stats]  # type: ignore[union-attr]
        label = "day"
    else:
        x = list(range(1, len(stats) + 1))
        label = "session"
    accuracy = [100 * s.accuracy for s in stats]
    per_100 = [100 * s.ev_lost / s.decisions for s in stats]
    marker = "o" if len(stats) <= 60 else None
    top.plot(x, accuracy, color=ACCURACY, marker=marker, markersize=3, linewidth=1.4)
    top.set_ylabel("accuracy %", fontsize=8)
    top.set_ylim(max(0.0, min(accuracy) - 5), 100.5)
    for ax in (top, bottom):
        ax.yaxis.set_major_locator(MaxNLocator(4))
    if len(stats) <= 90:
        bottom.bar(x, per_100, width=0.8, color=LOSS, alpha=0.8)
    else:                                  # one artist instead of hundreds of bars
        bottom.fill_between(x, per_100, step="mid", color=LOSS, alpha=0.8, linewidth=0)
    bottom.set_ylabel("EV lost /100", fontsize=8)
    if per != "day":
        bottom.set_xlabel(label, fontsize=8)
    for ax in (top, bottom):
        _tidy(ax)
    if per == "day":
        from matplotlib.dates import AutoDateLocator, ConciseDateFormatter
        locator = AutoDateLocator(maxticks=7)
        bottom.xaxis.set_major_locator(locator)
        bottom.xaxis.set_major_formatter(ConciseDateFormatter(locator))
    _margins(figure, left=0.75, top=0.12, bottom=0.5 if per == "day" else 0.42)
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

@dataclass(frozen=True)
class HeatGrid:
    """Tries, wrong answers and EV lost per cell of a strategy chart (rows x dealer 2..A).

    Every context (first decision, after a split, after hits) and both stakes of a hand class
    against an up card land in that class's cell; insurance and classes the chart has no row
    for (hard 20 after hits, say) are counted in ``unplaced``.
    """

    rows: tuple[ROW, ...]
    tries: np.ndarray
    wrong: np.ndarray
    ev_lost: np.ndarray
    unplaced: int

    @property
    def error_rate(self) -> np.ndarray:
        """Share of wrong answers per cell (NaN where never tried)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.tries > 0, self.wrong / np.maximum(self.tries, 1), np.nan)

    @property
    def ev_per_100(self) -> np.ndarray:
        """EV lost per 100 decisions per cell, in main bets (NaN where never tried)."""
        return np.where(self.tries > 0, 100 * self.ev_lost / np.maximum(self.tries, 1), np.nan)

    def cell(self, kind: str, value: str, up: int) -> tuple[int, int]:
        """(row, column) of a chart cell; ``up`` 1 is the ace."""
        return ([(k, v) for k, v, _ in self.rows].index((kind, value)), UP_ORDER.index(up))


def cell_of(situation: Situation) -> tuple[str, str, int] | None:
    """The strategy chart cell (kind, value, up) a situation is played in, None for insurance."""
    if situation.kind is HandKind.ANY:
        return None
    return situation.kind.value, str(situation.value), situation.up


@lru_cache(maxsize=65536)
def _cell_of_key(key: str) -> tuple[str, str, int] | None:
    try:
        return cell_of(Situation.from_key(key))
    except ValueError:
        return None


def heatmap_grid(situations: Sequence[SituationStats], rows: Sequence[ROW]) -> HeatGrid:
    """Add up each situation's record into the cell of its hand class and up card."""
    index = {(kind, value): i for i, (kind, value, _) in enumerate(rows)}
    shape = (len(rows), len(UP_ORDER))
    tries = np.zeros(shape, dtype=np.int64)
    wrong = np.zeros(shape, dtype=np.int64)
    lost = np.zeros(shape)
    unplaced = 0
    for s in situations:
        cell = _cell_of_key(s.situation_key)
        row = index.get(cell[:2]) if cell else None
        if cell is None or row is None:
            unplaced += s.decisions
            continue
        col = UP_ORDER.index(cell[2])
        tries[row, col] += s.decisions
        wrong[row, col] += s.decisions - s.right
        lost[row, col] += s.ev_lost
    return HeatGrid(tuple(rows), tries, wrong, lost, unplaced)


def row_labels(rows: Sequence[ROW]) -> list[str]:
    """Short row labels, as a printed strategy card has them: the first row of each group
    names it ("hard 5", "soft A,2", "pair A,A"), the rest show only the hand ("6", "A,3")."""
    labels = []
    for i, (kind, value, _) in enumerate(rows):
        if kind == "soft":
            hand = f"A,{int(value) - 11}"
        elif kind == "pair":
            face = "A" if value == "1" else value
            hand = f"{face},{face}"
        else:
            hand = value
        first = i == 0 or rows[i - 1][0] != kind
        labels.append(f"{kind} {hand}" if first else hand)
    return labels


def draw_heatmap(grid: HeatGrid, figure: Figure | None = None) -> Figure | None:
    """Error rate and EV lost per 100 decisions side by side, each on the chart's grid.

    One axes holds both grids (the error rate at columns 0-9, EV lost at 11-20) with the row
    labels as plain text: far cheaper to draw than two axes with a tick per row.
    """
    if not grid.tries.any():
        return None
    rows, cols = len(grid.rows), len(UP_ORDER)
    figure = _figure(figure, (8, 0.2 * rows + 1.2))
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    gap = cols + 1
    high_ev = max(float(np.nanmax(grid.ev_per_100)), 1e-9)
    panels = ((0, grid.error_rate * 100, "Reds", 100.0, "error rate (dark: 100%)"),
              (gap, grid.ev_per_100, "Purples", high_ev, f"EV lost /100 (dark: {high_ev:.2f})"))
    for x0, data, name, high, label in panels:
        cmap = ListedColormap(_colours(name), bad=UNTRIED)
        ax.imshow(np.ma.masked_invalid(data), cmap=cmap, vmin=0, vmax=high, aspect="auto",
                  interpolation="nearest", extent=(x0, x0 + cols, rows, 0))
        ax.vlines(np.arange(x0, x0 + cols + 1), 0, rows, colors="white", linewidth=0.8)
        for col, up in enumerate(UP_ORDER):
            ax.text(x0 + col + 0.5, -0.2, "A" if up == 1 else str(up), ha="center",
                    va="bottom", fontsize=7.5)
        ax.text(x0 + cols / 2, -1.2, label, ha="center", va="bottom", fontsize=8)
    ax.hlines(np.arange(rows + 1), 0, gap + cols, colors="white", linewidth=0.8)
    for y, text in enumerate(row_labels(grid.rows)):
        ax.text(-0.2, y + 0.5, text, ha="right", va="center", fontsize=7.5)
    ax.set_xlim(-3.2, gap + cols + 0.1)
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

def draw_retention(retention: Retention, figure: Figure | None = None) -> Figure | None:
    """Accuracy on the first try after a gap of a day or more beside in-session accuracy (and
    between sessions, first meeting), each bar with its number of tries."""
    bars = (("after a gap", retention.after_gap, NEUTRAL),
            ("in session", retention.in_session, ACCURACY),
            ("next session", retention.between_sessions, MUTED),
            ("first time", retention.first, MUTED))
    if not any(tally.tries for _, tally, _ in bars):
        return None
    figure = _figure(figure, (4.5, 3))
    ax = figure.subplots()
    for i, (_label, tally, colour) in enumerate(bars):
        value = 100 * (tally.accuracy or 0.0)
        ax.bar(i, value, color=colour, width=0.65)
        text = f"{value:.0f}% of {tally.tries:,}" if tally.tries else "none yet"
        ax.text(i, value + 2, text, ha="center", va="bottom", fontsize=7.5)
    ax.set_xticks(range(len(bars)))
    ax.set_xticklabels([label for label, _, _ in bars], fontsize=7.5)
    ax.set_ylim(0, 115)
    ax.set_yticks([0, 50, 100])
    ax.set_ylabel("accuracy %", fontsize=8)
    _tidy(ax)
    _margins(figure, left=0.6, top=0.1, bottom=0.3)
    return figure


def draw_response_times(days: Sequence[ResponseDay],
                        figure: Figure | None = None) -> Figure | None:
    """Mean and median response time per day, in seconds."""
    if not days:
        return None
    figure = _figure(figure, (4.5, 3))
    ax = figure.subplots()
    x = [_day(d.day) for d in days]
    marker = "o" if len(days) <= 60 else None
    ax.plot(x, [d.median_ms / 1000 for d in days], color=NEUTRAL, marker=marker, markersize=3,
            linewidth=1.4, label="median")
    ax.plot(x, [d.mean_ms / 1000 for d in days], color=MUTED, linewidth=1.0, linestyle="--",
            label="mean")
    ax.set_ylim(bottom=0)
    ax.set_ylabel("seconds", fontsize=8)
    from matplotlib.dates import AutoDateLocator, ConciseDateFormatter
    locator = AutoDateLocator(maxticks=5)
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(ConciseDateFormatter(locator))
    ax.legend(fontsize=7.5, frameon=False, loc="lower left", ncols=2)
    _tidy(ax)
    ax.yaxis.set_major_locator(MaxNLocator(4))
    _margins(figure, left=0.6, top=0.1, bottom=0.45)
    return figure


def due_load(cards: Mapping[str, str] | Sequence[Mapping[str, str]], today: date,
             days: int = 14) -> list[tuple[date, int]]:
    """How many fsrs cards fall due on each of the ``days`` days from ``today`` (local dates);
    overdue cards count on ``today``. ``cards`` is key -> card JSON (or several such maps)."""
    from fsrs import Card
    maps = [cards] if isinstance(cards, Mapping) else list(cards)
    counts = [0] * days
    local = datetime.now().astimezone().tzinfo
    for one in maps:
        for text in one.values():
            due = Card.from_json(text).due.astimezone(local).date()
            offset = max(0, (due - today).days)
            if offset < days:
                counts[offset] += 1
    return [(today + timedelta(days=i), n) for i, n in enumerate(counts)]


def draw_due_load(load: Sequence[tuple[date, int]], total_cards: int = 0,
                  figure: Figure | None = None) -> Figure | None:
    """Flashcards due per day for the coming days (today's bar includes overdue cards)."""
    if not load or total_cards == 0:
        return None
    figure = _figure(figure, (4.5, 3))
    ax = figure.subplots()
    counts = [n for _, n in load]
    colours = [LOSS if i == 0 else NEUTRAL for i in range(len(load))]
    ax.bar(range(len(load)), counts, color=colours, width=0.7)
    labels = ["today"] + [str(d.day) for d, _ in load[1:]]
    ax.set_xticks(range(len(load)))
    ax.set_xticklabels(labels, fontsize=6.5)
    ax.set_ylim(0, max([*counts, 1]) * 1.1)
    ax.set_ylabel("cards due", fontsize=8)
    ax.yaxis.set_major_locator(MaxNLocator(4, integer=True))
    _tidy(ax)
    _margins(figure, left=0.6, top=0.1, bottom=0.3)
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


def draw_message(figure: Figure, text: str) -> Figure:
    """A figure holding only a short grey message (a chart with nothing to show yet)."""
    figure.clear()
    figure.text(0.5, 0.5, text, ha="center", va="center", fontsize=9, color="#757575",
                wrap=True)
    return figure


__all__ = [
    "HeatGrid",
    "cell_of",
    "draw_due_load",
    "draw_heatmap",
    "draw_message",
    "draw_over_time",
    "draw_response_times",
    "draw_retention",
    "due_load",
    "heatmap_grid",
    "refit",
]
