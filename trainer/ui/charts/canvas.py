"""The strategy chart on a Qt canvas: drawn by ``strategy_charts.render.draw_chart``, a click
reported in chart coordinates, the selected cell outlined by blitting (no full redraw). The
figure is rendered when Qt paints the canvas (:class:`~trainer.ui.plotting.canvas.LazyCanvas`):
a new chart and the resize that follows it cost one render, not two.

On screen the chart's title and legend are the page's (Qt labels that wrap and stay in view),
so the canvas hides the figure's own (an exported file keeps them), and the cell labels shrink
to fit their cells when the chart is narrow. Arrow keys and Enter are handed to the page."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from matplotlib.backend_bases import MouseEvent
from matplotlib.collections import PathCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.transforms import Affine2D
from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtGui import QKeyEvent
from PyQt6.QtWidgets import QSizePolicy

from strategy_charts.chart_layout import Cell, chart_rows
from strategy_charts.render import draw_chart
from trainer.rules import RuleSet

from ..plotting.canvas import LazyCanvas
from ..plotting.look import Look

#: Height of a chart row on screen; the canvas is tall enough for every row at this height.
ROW_PIXELS = 15
SELECTION = "#1565c0"
#: Points kept free on each side of a cell's label.
LABEL_PAD = 1.5
#: The keys handed to the page: moves between cells (columns, rows) and "show this cell".
MOVES = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1),
         Qt.Key.Key_Down: (0, 1)}
SHOW = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


class ChartCanvas(LazyCanvas):
    """One strategy chart; ``pressed`` gives the chart coordinates of a click on the grid
    (x: up-card column, y: row, each cell one unit wide)."""

    pressed = pyqtSignal(float, float)
    moved = pyqtSignal(int, int)      # an arrow key: columns, rows
    shown = pyqtSignal()              # Enter (or Space): show the framed cell's EVs

    def __init__(self) -> None:
        super().__init__(Figure(dpi=110))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Strategy chart: arrow keys move between cells, Enter shows a "
                               "cell's EVs")
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
        title = getattr(self.figure, "_suptitle", None)
        if title is not None:
            title.set_visible(False)          # the page shows it, wrapped
        for axes in self.figure.axes:
            legend = axes.get_legend()
            if legend is not None:
                legend.remove()               # the page shows it beside the chart
        self._fit()
        self._selection = None
        self._background = None
        self.draw_idle()

    def _fit(self) -> None:
        """Lay the grid out in the canvas and shrink the cell labels to their cells' width. A
        canvas too small for the labels (a window being laid out, or made tiny) keeps the
        layout it had: matplotlib leaves it so, and its warning of that is not the player's."""
        if not self.figure.axes or self.width() < 10:
            return
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Tight layout not applied", UserWarning)
            self.figure.tight_layout()
        axes = self.figure.axes[0]
        labels = [c for c in axes.collections if isinstance(c, PathCollection)]
        widest = _widest(labels)
        scale = min(1.0, (self._cell_points() - 2 * LABEL_PAD) / widest) if widest else 1.0
        for collection in labels:
            collection.set_transform(Affine2D().scale(max(scale, 0.4) / 72)
                                     + self.figure.dpi_scale_trans)

    def label_scale(self) -> float:
        """How much the cell labels are shrunk now (1: their own size)."""
        axes = self.figure.axes[0] if self.figure.axes else None
        labels = [c for c in axes.collections if isinstance(c, PathCollection)] if axes else []
        return float(labels[0].get_transform().get_matrix()[0, 0] * 72 / self.figure.dpi
                     ) if labels else 1.0

    def _cell_points(self) -> float:
        """The width of a cell of the grid, in points."""
        return self.figure.axes[0].get_window_extent().width / 10 * 72 / self.figure.dpi

    def label_room(self) -> float:
        """Points between the widest cell label's ink and its cell's sides (negative: the
        label runs into the next cell)."""
        labels = [c for c in self.figure.axes[0].collections if isinstance(c, PathCollection)]
        return (self._cell_points() - _widest(labels) * self.label_scale()) / 2

    def pixel_of(self, x: float, y: float) -> tuple[int, int]:
        """Widget pixel (logical) of chart coordinates (x, y)."""
        axes = self.figure.axes[0]
        px, py = axes.transData.transform((x, y))
        ratio = self.devicePixelRatioF() or 1.0
        return int(px / ratio), int(self.height() - py / ratio)

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        """Arrow keys and Enter go to the page; other keys to matplotlib."""
        key = _key(event)
        if event is not None and key in MOVES:
            self.moved.emit(*MOVES[key])
            event.accept()
        elif event is not None and key in SHOW:
            self.shown.emit()
            event.accept()
        else:
            super().keyPressEvent(event)

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
        """Fit the chart and its labels to the new size (the draw that follows shows it)."""
        self._fit()


def _widest(labels: list[PathCollection]) -> float:
    """The width in points of the widest label outline (each distinct outline measured once,
    by its points: a glyph's curves stay inside them, so this errs on the wide side)."""
    outlines = {id(path): path for collection in labels for path in collection.get_paths()}
    points = (np.asarray(path.vertices) for path in outlines.values())
    return max((float(np.ptp(p[:, 0])) for p in points if len(p)), default=0.0)


def _key(event: QKeyEvent | None) -> Qt.Key | None:
    """The event's key as a Qt.Key (None for none, or a code Qt does not name)."""
    try:
        return Qt.Key(event.key()) if event is not None else None
    except ValueError:
        return None


__all__ = ["ROW_PIXELS", "ChartCanvas"]
