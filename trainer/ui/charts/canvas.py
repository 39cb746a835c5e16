"""The strategy chart on a Qt canvas: drawn by ``strategy_charts.render.draw_chart``, a click
reported in chart coordinates, the selected cell outlined by blitting (no full redraw)."""

from __future__ import annotations

from typing import Any

from matplotlib.backend_bases import MouseEvent
from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QSizePolicy

from strategy_charts.chart_layout import Cell, chart_rows
from strategy_charts.render import draw_chart
from trainer.rules import RuleSet

from ..plotting.look import Look

#: Height of a chart row on screen; the canvas is tall enough for every row at this height.
ROW_PIXELS = 15
SELECTION = "#1565c0"


class ChartCanvas(FigureCanvasQTAgg):
    """One strategy chart; ``pressed`` gives the chart coordinates of a click on the grid
    (x: up-card column, y: row, each cell one unit wide)."""

    pressed = pyqtSignal(float, float)

    def __init__(self) -> None:
        super().__init__(Figure(dpi=110))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._selection: Rectangle | None = None
        self._background: Any = None
        self.mpl_connect("button_press_event", self._on_press)
        self.mpl_connect("resize_event", self._on_resize)
        self.mpl_connect("draw_event", self._on_draw)

    def show_chart(self, chart: dict[str, Any], rules: RuleSet, context: str,
                   outlined: set[Cell], look: Look) -> None:
        """Draw ``chart`` (``outlined`` cells framed) in ``look``; the selection is dropped."""
        self.setMinimumHeight(ROW_PIXELS * len(chart_rows(chart)) + 170)
        draw_chart(chart, rules, context, figure=self.figure, differences=outlined or None,
                   ink=look.text, paper=look.background)
        self._selection = None
        self._background = None
        self.draw_idle()

    def mark(self, x: float, y: float) -> None:
        """Outline the cell centred at chart coordinates (x, y), blitting over the last full
        draw (the next full draw paints it, if none was kept)."""
        axes = self.figure.axes[0] if self.figure.axes else None
        if axes is None:
            return
        if self._selection is None or self._selection.axes is not axes:
            self._selection = Rectangle((0, 0), 1, 1, facecolor="none", edgecolor=SELECTION,
                                        linewidth=2.5, zorder=5, animated=True)
            axes.add_patch(self._selection)
        self._selection.set_xy((x - 0.5, y - 0.5))
        if self._background is None:
            self.draw_idle()            # the draw event paints the selection
            return
        self.restore_region(self._background)
        axes.draw_artist(self._selection)
        self.blit(self.figure.bbox)

    def _on_press(self, event: MouseEvent) -> None:
        if event.inaxes is not None and event.xdata is not None and event.ydata is not None:
            self.pressed.emit(float(event.xdata), float(event.ydata))

    def _on_draw(self, _event: object) -> None:
        """After a full draw: keep it for blitting and paint the selection on top."""
        self._background = self.copy_from_bbox(self.figure.bbox)
        if self._selection is not None and self._selection.axes is not None:
            self._selection.axes.draw_artist(self._selection)

    def _on_resize(self, _event: object) -> None:
        """Fit the chart to the new size (the draw that follows a resize shows it)."""
        if self.figure.axes:
            self.figure.tight_layout()


__all__ = ["ROW_PIXELS", "ChartCanvas"]
