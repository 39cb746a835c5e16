"""The progress page's board: its five charts on lazy canvases, the counting lines and the leaks
beside them, each chart redrawn only when its own inputs changed.

The page hands :meth:`Board.draw` everything a chart is drawn from (the data read, the costs and
the flashcards due, or the fault met reading them); the board compares each chart's inputs with
what its canvas shows and draws only what differs (:attr:`Board.draw_counts` counts them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from matplotlib.backend_bases import ResizeEvent
from matplotlib.figure import Figure
from PyQt6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from ..plotting.canvas import LazyCanvas
from ..plotting.look import Look
from ..progress_service import DueLoad, LeakTrend, ProgressData, ProgressStoreError, heatmap_grid
from ..widgets import scrolled
from . import charts
from .headline import cost_lines
from .panels import CountingPanel, LeakPanel

#: name -> (minimum canvas height, grid row, column, column span)
CANVASES = {"over_time": (270, 0, 0, 2), "heatmap": (720, 1, 0, 2), "retention": (230, 2, 0, 1),
            "response": (230, 2, 1, 1), "due": (200, 3, 0, 2)}
EMPTY_TEXT = {"over_time": "No decisions match these filters.",
              "heatmap": "No chart decisions match these filters.",
              "retention": "No decisions match these filters.",
              "response": "No timed answers match these filters.",
              "due": "No flashcards reviewed yet: cards fall due once you drill them."}
Cards = DueLoad


class Board(QWidget):
    """The charts in a scroll area, the counting lines under them, the leaks on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draw_counts = dict.fromkeys(CANVASES, 0)
        self._inputs: dict[str, Any] = {}
        self.figures: dict[str, Figure] = {}
        self.canvases: dict[str, LazyCanvas] = {}
        self.headings: dict[str, QLabel] = {}
        grid_widget = QWidget()
        grid = QGridLayout(grid_widget)
        grid.setContentsMargins(0, 0, 8, 0)
        grid.setSpacing(10)
        for name, (height, row, col, span) in CANVASES.items():
            figure = Figure(dpi=100)
            canvas = LazyCanvas(figure)
            canvas.setFixedHeight(height)    # a resize would mean a full redraw
            canvas.setObjectName(f"chart-{name}")
            canvas.mpl_connect("resize_event", _refitter(figure))
            title = QLabel()
            title.setWordWrap(True)
            font = title.font()
            font.setBold(True)
            title.setFont(font)
            self.figures[name] = figure
            self.canvases[name] = canvas
            self.headings[name] = title
            cell = QWidget()
            stack = QVBoxLayout(cell)
            stack.setContentsMargins(0, 0, 0, 0)
            stack.setSpacing(2)
            stack.addWidget(title)
            stack.addWidget(canvas, 1)
            grid.addWidget(cell, row, col, 1, span)
        self.counting = CountingPanel()
        grid.addWidget(self.counting, len(CANVASES), 0, 1, 2)
        grid.setRowStretch(len(CANVASES) + 1, 1)
        self.charts_area = scrolled(grid_widget)
        self.leaks = LeakPanel()
        beside = QHBoxLayout(self)
        beside.setContentsMargins(0, 0, 0, 0)
        beside.addWidget(self.charts_area, 1)
        beside.addWidget(self.leaks)

    def draw(self, data: ProgressData, per: str, look: Look,
             trends: tuple[LeakTrend, ...] | None, cards: Cards | None,
             cards_error: ProgressStoreError | None) -> None:
        """Draw each chart whose inputs differ from what its canvas shows."""
        stats = data.days if per == "day" else data.sessions
        grid = heatmap_grid(data.situations, data.rows)
        costs = None if trends is None else cost_lines(
            trends, per, data.sessions, data.query.since, data.query.until, data.known)
        plans: dict[str, tuple[Any, str, Callable[[Figure], Figure | None]]] = {
            "over_time": ((per, stats, costs), charts.over_time_title(stats, per),
                          lambda f: charts.draw_over_time(stats, per, f, look, costs)),
            "heatmap": ((data.rows, data.situations),
                        charts.heatmap_title(grid, data.grid_preset),
                        lambda f: charts.draw_heatmap(grid, f, look)),
            "retention": (data.retention, charts.RETENTION_TITLE,
                          lambda f: charts.draw_retention(data.retention, f, look)
                          if data.retention else None),
            "response": (data.response, charts.RESPONSE_TITLE,
                         lambda f: charts.draw_response_times(data.response, f, look)),
            "due": ((cards, cards_error),
                    charts.due_title(cards.load, cards.cards) if cards else charts.DUE_TITLE,
                    lambda f: charts.draw_due_load(cards.load, cards.cards, f, look) if cards else
                    charts.draw_message(f, due_waiting(cards_error), look)),
        }
        for name, (inputs, title, draw) in plans.items():
            inputs = (inputs, look)
            if name in self._inputs and self._inputs[name] == inputs:
                continue
            self._inputs[name] = inputs
            self.headings[name].setText(title)
            figure = self.figures[name]
            if draw(figure) is None:
                charts.draw_message(figure, EMPTY_TEXT[name], look)
            self.draw_counts[name] += 1
            self.canvases[name].draw_when_shown()   # rendered when on screen

    def render_ahead(self) -> None:
        """Render the changed charts now, unseen (the window's warm-up)."""
        for canvas in self.canvases.values():
            canvas.render_ahead()


def _refitter(figure: Figure) -> Callable[[ResizeEvent], None]:
    """What a canvas calls when resized: the figure's layout fitted again."""
    return lambda _event: charts.refit(figure)


def due_waiting(fault: ProgressStoreError | None) -> str:
    """What the due chart says while it has no figures: being read, or why it could not be."""
    if fault is None:
        return "Working out which flashcards fall due…"
    return f"The flashcards due could not be read: {fault.reason}."


__all__ = ["CANVASES", "EMPTY_TEXT", "Board", "due_waiting"]
