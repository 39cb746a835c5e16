"""The progress page: accuracy, EV lost, errors on the chart, retention, speed, reviews due, leaks.

Filters (preset, mode, date range) make a :class:`ProgressQuery`; the store is read in a worker
thread (:func:`load_progress`), and each chart is redrawn only when its own inputs changed. The
ten costliest leaks are listed with "Drill these", which emits :attr:`drill_requested` with their
situation keys. An empty history shows a start screen; a bad progress file a plain message.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PyQt6.QtCore import QDate, QEvent, QSettings, Qt, pyqtSignal
from PyQt6.QtGui import QShowEvent
from PyQt6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.records import Mode
from trainer.progress.dashboard import (
    ProgressData,
    ProgressQuery,
    grid_rows,
    load_progress,
    preset_title,
)
from trainer.progress.errors import ProgressStoreError
from trainer.progress.heat_grid import heatmap_grid
from trainer.progress.location import database_path
from trainer.rules import PRESETS

from ..background import Job, Latest
from ..settings import declarations as cfg
from ..theme import chart_look
from ..widgets import busy_bar, heading
from . import charts
from .panels import LeakPanel, error_screen, start_screen

RANGES = (("All time", None), ("Last 7 days", 7), ("Last 30 days", 30), ("Last 90 days", 90),
          ("Custom dates", -1))
#: name -> (minimum canvas height, grid row, column, column span)
CANVASES = {"over_time": (270, 0, 0, 2), "heatmap": (720, 1, 0, 2), "retention": (230, 2, 0, 1),
            "response": (230, 2, 1, 1), "due": (200, 3, 0, 2)}
EMPTY_TEXT = {"over_time": "No decisions match these filters.",
              "heatmap": "No chart decisions match these filters.",
              "retention": "No decisions match these filters.",
              "response": "No timed answers match these filters.",
              "due": "No flashcards reviewed yet: cards fall due once you drill them."}
START_TEXT = ("Every answer you give in Flashcards or Shoe practice is graded against the exact "
              "strategy tables and kept. Once you have answered a few, this page shows your "
              "accuracy and EV lost over time, your errors laid on the strategy chart, the "
              "ten leaks that cost you most (with a drill for them), how well you remember "
              "after a day away, how fast you answer and how many flashcards fall due.")


def database_of(store: QSettings) -> Path:
    """The progress file the settings point at (data location, or the default folder)."""
    return database_path(cfg.read(store, cfg.DATA_DIR) or None)


class ProgressPage(QWidget):
    """Filters, five charts on Qt canvases, the ten costliest leaks with a drill button."""

    drill_requested = pyqtSignal(list)   # the situation keys of the listed leaks
    loaded = pyqtSignal()                # new data shown (or the start screen, or an error)

    def __init__(self, store: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.data: ProgressData | None = None
        self.error: str | None = None
        self.draw_counts = dict.fromkeys(CANVASES, 0)
        self._inputs: dict[str, Any] = {}
        self._loading = Latest()
        self._again = False          # the filters changed while the store was being read
        self._superseded = False     # ... so the load that just ended started another

        self.preset_box = QComboBox()
        self.preset_box.setAccessibleName("Preset")
        self.preset_box.addItem("All presets", None)
        for name in PRESETS:
            self.preset_box.addItem(name, name)
        self.mode_box = QComboBox()
        self.mode_box.setAccessibleName("Mode")
        self.mode_box.addItem("All modes", None)
        for mode in Mode:
            self.mode_box.addItem(mode.value.capitalize(), mode)
        self.range_box = QComboBox()
        self.range_box.setAccessibleName("Dates")
        for label, days in RANGES:
            self.range_box.addItem(label, days)
        today = QDate.currentDate()
        self.since_edit = _date_edit(today.addDays(-30), "From")
        self.until_edit = _date_edit(today, "To")
        self.per_box = QComboBox()
        self.per_box.setAccessibleName("Over time")
        self.per_box.addItem("Per day", "day")
        self.per_box.addItem("Per session", "session")
        self.busy = busy_bar()
        self.busy.setFixedWidth(80)
        self.summary = QLabel()
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

        preset = cfg.read(store, cfg.PRESET)
        self.preset_box.setCurrentIndex(max(0, self.preset_box.findData(preset)))
        self._custom_dates(False)

        self.filters = QWidget()
        bar = QHBoxLayout(self.filters)
        bar.setContentsMargins(0, 0, 0, 0)
        for widget in (QLabel("Preset"), self.preset_box, QLabel("Mode"), self.mode_box,
                       QLabel("Dates"), self.range_box, self.since_edit, self.until_edit,
                       self.per_box, self.busy):
            bar.addWidget(widget)
        bar.addStretch(1)

        self.stack = QStackedWidget()
        self.loading = QLabel("Reading your progress…")
        self.loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.start_screen, self.start_where = start_screen(START_TEXT)
        self.error_screen, self.error_label = error_screen(self.reload)
        self.dashboard = self._make_dashboard()
        for widget in (self.loading, self.start_screen, self.error_screen, self.dashboard):
            self.stack.addWidget(widget)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(heading("Progress"))
        layout.addWidget(self.filters)
        layout.addWidget(self.summary)
        layout.addWidget(self.stack, 1)

        for box in (self.preset_box, self.mode_box):
            box.currentIndexChanged.connect(self.reload)
        self.range_box.currentIndexChanged.connect(self._range_changed)
        self.since_edit.dateChanged.connect(self.reload)
        self.until_edit.dateChanged.connect(self.reload)
        self.per_box.currentIndexChanged.connect(self._redraw)
        self.drill_button.clicked.connect(self.drill)
        self.look = chart_look(self.palette())
        self.reload()
        # While the worker reads the store, build the charts' axes so that drawing the data
        # that comes back only adds artists.
        charts.prepare(self.figures, self.look, grid_rows(self.query().preset)[1])

    # ----- building -----------------------------------------------------------------------

    def _make_dashboard(self) -> QWidget:
        self.figures: dict[str, Figure] = {}
        self.canvases: dict[str, FigureCanvasQTAgg] = {}
        self.headings: dict[str, QLabel] = {}
        grid_widget = QWidget()
        grid = QGridLayout(grid_widget)
        grid.setContentsMargins(0, 0, 8, 0)
        grid.setSpacing(10)
        for name, (height, row, col, span) in CANVASES.items():
            figure = Figure(dpi=100)
            canvas = FigureCanvasQTAgg(figure)
            canvas.setFixedHeight(height)    # a resize would mean a full redraw
            canvas.setObjectName(f"chart-{name}")
            canvas.mpl_connect("resize_event", lambda _event, f=figure: charts.refit(f))
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
        grid.setRowStretch(len(CANVASES), 1)
        scroll = self.scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(grid_widget)

        self.leaks = LeakPanel()
        self.leak_list = self.leaks.list
        self.drill_button = self.leaks.drill_button

        page = QWidget()
        row = QHBoxLayout(page)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(scroll, 1)
        row.addWidget(self.leaks)
        return page

    # ----- filters ------------------------------------------------------------------------

    def query(self) -> ProgressQuery:
        """The filters as chosen now."""
        days = self.range_box.currentData()
        since = until = None
        if days == -1:
            since = self.since_edit.date().toPyDate()
            until = self.until_edit.date().toPyDate()
        elif days:
            since = date.today() - timedelta(days=days - 1)
        return ProgressQuery(self.preset_box.currentData(), self.mode_box.currentData(),
                             since, until)

    def _range_changed(self) -> None:
        self._custom_dates(self.range_box.currentData() == -1)
        self.reload()

    def _custom_dates(self, shown: bool) -> None:
        self.since_edit.setVisible(shown)
        self.until_edit.setVisible(shown)

    # ----- loading ------------------------------------------------------------------------

    def is_loading(self) -> bool:
        """True while the store is being read."""
        return self._loading.running

    def reload(self) -> None:
        """Read the store again for the current filters (in a worker thread)."""
        if self._loading.running:
            self._again = True
            return
        self._again = False
        self.busy.show()
        path, query = database_of(self.store), self.query()
        job = Job(self, lambda: load_progress(path, query), name="progress queries")
        job.ended(self._finish).succeeded(self._loaded)
        self._loading.start(job.failed(self._failed, ProgressStoreError))

    def _finish(self) -> None:
        """End a load; start another if the filters changed meanwhile (superseded then)."""
        self._superseded = self._again
        if self._again:
            self.reload()
        else:
            self.busy.hide()

    def _loaded(self, data: ProgressData) -> None:
        self.error = None
        self.show_data(data)
        if not self._superseded:
            self.loaded.emit()

    def _failed(self, exc: Exception) -> None:
        self.error = str(exc)
        self.error_label.setText(str(exc))
        self.filters.setEnabled(True)
        self.summary.setText("")
        self.stack.setCurrentWidget(self.error_screen)
        if not self._superseded:
            self.loaded.emit()

    # ----- showing ------------------------------------------------------------------------

    def show_data(self, data: ProgressData) -> None:
        """Show ``data``: the start screen for an empty history, else redraw what changed."""
        self.data = data
        if data.history == 0:
            self.start_where.setText(f"Your answers will be kept in {data.path}.")
            self.filters.hide()
            self.summary.setText("")
            self.stack.setCurrentWidget(self.start_screen)
            return
        self._offer_presets(data.presets)
        self.filters.show()
        self.stack.setCurrentWidget(self.dashboard)
        self.summary.setText(_summary(data))
        self.leaks.fill(data)
        self._redraw()

    def _offer_presets(self, presets: tuple[str, ...]) -> None:
        """Add the custom rule sets the history holds to the preset filter."""
        for name in presets:
            if self.preset_box.findData(name) < 0:
                self.preset_box.addItem(preset_title(name), name)

    def _redraw(self) -> None:
        """Draw each chart whose inputs differ from what its canvas shows."""
        data = self.data
        if data is None or data.history == 0:
            return
        per = self.per_box.currentData()
        stats = data.days if per == "day" else data.sessions
        grid = heatmap_grid(data.situations, data.rows)
        look = self.look
        plans: dict[str, tuple[Any, str, Callable[[Figure], Figure | None]]] = {
            "over_time": ((per, stats), charts.over_time_title(stats, per),
                          lambda f: charts.draw_over_time(stats, per, f, look)),
            "heatmap": ((data.rows, data.situations),
                        charts.heatmap_title(grid, data.grid_preset),
                        lambda f: charts.draw_heatmap(grid, f, look)),
            "retention": (data.retention, charts.RETENTION_TITLE,
                          lambda f: charts.draw_retention(data.retention, f, look)
                          if data.retention else None),
            "response": (data.response, charts.RESPONSE_TITLE,
                         lambda f: charts.draw_response_times(data.response, f, look)),
            "due": ((data.due, data.cards), charts.due_title(data.due, data.cards),
                    lambda f: charts.draw_due_load(data.due, data.cards, f, look)),
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
            self.canvases[name].draw_idle()

    def leak_keys(self) -> list[str]:
        """The situation keys of the listed leaks, costliest first."""
        return [] if self.data is None else [leak.situation_key for leak in self.data.leaks]

    def drill(self) -> None:
        """Ask for a flashcard drill on exactly the listed leaks."""
        keys = self.leak_keys()
        if keys:
            self.drill_requested.emit(keys)

    def changeEvent(self, event: QEvent | None) -> None:
        """A new palette (the theme setting) redraws the charts in the matching look."""
        super().changeEvent(event)
        if event is not None and event.type() == QEvent.Type.PaletteChange:
            look = chart_look(self.palette())
            if look != self.look:
                self.look = look
                self._redraw()

    def showEvent(self, event: QShowEvent | None) -> None:
        """Coming back to the page reads the store again (new answers may have been given);
        the charts redraw only if something changed."""
        super().showEvent(event)
        if self.data is not None or self.error is not None:
            self.reload()


def _date_edit(day: QDate, name: str) -> QDateEdit:
    edit = QDateEdit(day)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    edit.setAccessibleName(name)
    return edit


def _summary(data: ProgressData) -> str:
    decisions = data.decisions
    if not decisions:
        return (f"No decisions match these filters ({data.history:,} in your whole history).")
    right = sum(d.right for d in data.days)
    lost = sum(d.ev_lost for d in data.days)
    due = data.due[0][1] if data.due else 0
    return (f"{decisions:,} decisions · {100 * right / decisions:.1f}% right · "
            f"{100 * lost / decisions:.2f} main bets lost per 100 decisions · "
            f"{due} flashcard{'s' if due != 1 else ''} due today")


def progress_page(settings: QSettings) -> QWidget:
    """The page factory for :data:`trainer.ui.pages.PAGES`."""
    return ProgressPage(settings)


__all__ = ["ProgressPage", "database_of", "progress_page"]
