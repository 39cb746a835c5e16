"""The progress page: what the player's play costs (the headline and its trend), accuracy, errors
on the chart, retention, speed, reviews due, leaks.

One unit for money throughout: main bets per 100 rounds (:mod:`trainer.drills.leak`). Filters
(preset, mode, date range) make a :class:`ProgressQuery`; the store is read in a worker thread
(:func:`load_progress`), then what the play costs over time in a second one
(:func:`load_trends`: it needs each rule set's curriculum, slow the first time), then the
flashcards due (:func:`load_cards`: every answer replayed through the study queue, the slowest
read), and each chart is redrawn only when its own inputs changed. The page opens on the rules
being practised when they have answers, else on all presets, and says which
(:func:`headline.scope_sentence`); it never writes the Settings preset. The costliest leaks
are listed with "Drill these", which emits :attr:`drill_requested` with their situation keys.
The counting answers, which the play reviews leave out, get a few lines of their own below the
charts, with "Review counting" (:attr:`counting_requested`).
An empty history shows a start screen; a bad progress file a plain message.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from matplotlib.figure import Figure
from PyQt6.QtCore import QDate, QEvent, QSettings, Qt, QTimer, pyqtSignal, pyqtSlot
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
from trainer.drills.situations import preset_label
from trainer.progress.dashboard import (
    ProgressData,
    ProgressQuery,
    grid_rows,
    load_cards,
    load_progress,
    load_trends,
    preset_title,
)
from trainer.progress.errors import ProgressStoreError
from trainer.progress.heat_grid import heatmap_grid
from trainer.progress.trend import LeakTrend
from trainer.rules import PRESETS, RuleSet, preset

from ..background import Job, Latest
from ..errors import store_faults
from ..plotting.canvas import LazyCanvas
from ..rules_files import rules_files
from ..settings import declarations as cfg
from ..theme import chart_look
from ..widgets import busy_bar, heading
from . import charts
from .headline import cost_lines, headline, scope_sentence
from .panels import CountingPanel, LeakPanel, error_screen, start_screen
from .sources import database_of, practised_rules, prior_of

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
              "accuracy and what your play costs over time, your errors laid on the strategy "
              "chart, the leaks that cost you most (with a drill for them), how well you remember "
              "after a day away, how fast you answer and how many flashcards fall due.")


class ProgressPage(QWidget):
    """The headline, filters, five charts on Qt canvases, the costliest leaks with a drill
    button."""

    drill_requested = pyqtSignal(list)   # the situation keys of the listed leaks
    counting_requested = pyqtSignal()    # "Review counting": the Counting page's review
    loaded = pyqtSignal()                # new data shown (or the start screen, or an error)
    costs_loaded = pyqtSignal()          # what the play costs shown (headline, cost lines)
    cards_loaded = pyqtSignal()          # the flashcards due shown

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
        self._chosen_here = False    # the player chose the preset filter on this page
        self.trends: tuple[LeakTrend, ...] | None = None   # None: being worked out
        self._trends_for: Any = None
        self._costing = Latest()
        #: The flashcards due per day and the number of cards (None: being read).
        self.cards: tuple[tuple[tuple[date, int], ...], int] | None = None
        self._cards_for: Any = None
        self._carding = Latest()

        self.preset_box = QComboBox()
        self.preset_box.setAccessibleName("Preset")
        self.preset_box.addItem("All presets", None)
        for name in PRESETS:
            self.preset_box.addItem(name, name)
        self.mode_box = QComboBox()
        self.mode_box.setAccessibleName("Mode")
        self.mode_box.addItem("All modes", None)
        for mode in Mode:
            if not mode.counts:          # counting answers: the Counting page's review
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
        self.summary.setWordWrap(True)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.headline = QLabel()
        self.headline.setObjectName("progressHeadline")
        self.headline.setAccessibleName("What your play costs")
        self.headline.setWordWrap(True)
        font = self.headline.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.headline.setFont(font)
        self.trend = QLabel()
        self.trend.setObjectName("progressTrend")
        self.trend.setWordWrap(True)
        self.scope = QLabel()
        self.scope.setObjectName("progressScope")
        self.scope.setWordWrap(True)
        for label in (self.headline, self.trend, self.scope):
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

        self._follow_practice()
        self._custom_dates(False)
        rules_files().changed.connect(self._rules_file_changed)

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
        layout.addWidget(self.headline)
        layout.addWidget(self.trend)
        layout.addWidget(self.filters)
        layout.addWidget(self.scope)
        layout.addWidget(self.summary)
        layout.addWidget(self.stack, 1)

        for box in (self.preset_box, self.mode_box):
            box.currentIndexChanged.connect(self.reload)
        self.preset_box.activated.connect(self._preset_chosen)
        self.range_box.currentIndexChanged.connect(self._range_changed)
        self.since_edit.dateChanged.connect(self.reload)
        self.until_edit.dateChanged.connect(self.reload)
        self.per_box.currentIndexChanged.connect(self._redraw)
        self.drill_button.clicked.connect(self.drill)
        self.look = chart_look(self.palette())
        self.reload()
        # While the worker reads the store, build the charts' axes so that drawing the data
        # that comes back only adds artists: after the page's first paint, so that switching
        # to the page shows it at once.
        self._preparing = QTimer(self)
        self._preparing.setSingleShot(True)
        self._preparing.timeout.connect(self._prepare)
        self._preparing.start(0)

    def _prepare(self) -> None:
        """Build the charts' frames, unless the data came first (its drawing built them)."""
        if self.data is None:
            charts.prepare(self.figures, self.look, grid_rows(self.query().preset)[1])

    # ----- building -----------------------------------------------------------------------

    def _make_dashboard(self) -> QWidget:
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
        self.counting = CountingPanel()
        self.counting.review_button.clicked.connect(self.counting_requested)
        grid.addWidget(self.counting, len(CANVASES), 0, 1, 2)
        grid.setRowStretch(len(CANVASES) + 1, 1)
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

    def _follow_practice(self) -> None:
        """Show the rules being practised (unless the player chose a filter here): the page
        falls back to all presets when they have no answers (see :meth:`_loaded`)."""
        if self._chosen_here:
            return
        name: str | None = preset_label(practised_rules(self.store))
        if self.data is not None and self.data.history and name not in dict(self.data.counts):
            name = None
        self._set_preset(name)

    def _set_preset(self, name: str | None) -> None:
        """Put the preset filter on ``name`` (None: all) without reading the store."""
        index = self.preset_box.findData(name)
        if index < 0:
            self.preset_box.addItem(preset_title(name or ""), name)
            index = self.preset_box.count() - 1
        self.preset_box.blockSignals(True)
        self.preset_box.setCurrentIndex(index)
        self.preset_box.blockSignals(False)

    def _preset_chosen(self) -> None:
        """The player picked a preset filter here: keep it (until the page is made again)."""
        self._chosen_here = True

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

    def reading(self) -> bool:
        """True while anything the page shows is being read or worked out."""
        return self._loading.running or self._costing.running or self._carding.running

    def render_ahead(self) -> None:
        """Render the changed charts now, unseen (the window's warm-up), so that the page's
        first paint only copies them to the screen."""
        for canvas in self.canvases.values():
            canvas.render_ahead()

    def reload(self) -> None:
        """Read the store again for the current filters (in a worker thread)."""
        if self._loading.running:
            self._again = True
            return
        self._again = False
        self.busy.show()
        path, query = database_of(self.store), self.query()
        rules = [practised_rules(self.store)]
        def work() -> ProgressData:
            with store_faults(path):
                return load_progress(path, query, cards=False, rule_sets=rules)

        job = Job(self, work, name="progress queries")
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
        shown = data.query.preset
        if (not self._chosen_here and shown is not None and data.history
                and not dict(data.counts).get(shown)):
            self._set_preset(None)       # the practised rules have no answers: show all
            self.reload()
            return
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
        practised = preset_label(practised_rules(self.store))
        self.scope.setText(scope_sentence(data.query.preset, practised, dict(data.counts),
                                          self._chosen_here))
        self.summary.setText(_summary(data, self.cards))
        self.leaks.fill(data)
        self.counting.fill(data)
        self._load_costs(data)
        # one slow read at once: the cards after the costs when those are being worked out
        self._load_cards(data, start=not self._costing.running)
        self._redraw()

    def _cost_rules(self, data: ProgressData) -> list[RuleSet]:
        """The rule sets whose cost the headline gives: the filter's, or all with answers (a
        custom rule set only when it is the one practised: its rules are in that file)."""
        known = [preset(name) for name in PRESETS]
        practised = practised_rules(self.store)
        if preset_label(practised) not in PRESETS:
            known.append(practised)
        wanted = [data.query.preset] if data.query.preset else [n for n, _ in data.counts]
        return [rules for rules in known if preset_label(rules) in wanted]

    def _load_costs(self, data: ProgressData) -> None:
        """Work out what the play costs, now and over time, in a worker (only when the
        answers or the rule sets shown changed)."""
        rules = self._cost_rules(data)
        prior = prior_of(self.store)
        key = (data.path, tuple(preset_label(r) for r in rules), prior, data.counts)
        if key == self._trends_for and (self.trends is not None or self._costing.running):
            self._show_headline()
            return
        self._trends_for, self.trends = key, None
        self._show_headline()
        path = data.path
        def work() -> tuple[LeakTrend, ...]:
            with store_faults(path):
                return load_trends(path, rules, prior)

        job = Job(self, work, name="progress: costs")
        job.succeeded(self._costs_loaded)
        self._costing.start(job.failed(lambda exc: self._costs_loaded(()),
                                       ProgressStoreError))

    def _costs_loaded(self, trends: tuple[LeakTrend, ...]) -> None:
        self.trends = trends
        self._show_headline()
        self._redraw()
        self.costs_loaded.emit()
        if self.data is not None:
            self._load_cards(self.data, start=True)

    def _load_cards(self, data: ProgressData, start: bool) -> None:
        """Read the flashcards due in a worker when the answers or the preset shown changed
        (``start`` false: only mark them as being read, for a later call to start)."""
        key = (data.path, data.query.preset, data.query.prior, data.counts)
        if key == self._cards_for and (self.cards is not None or self._carding.running):
            return
        self._cards_for, self.cards = key, None
        self._carding.cancel()
        if not start:
            return
        path, query = data.path, data.query
        def work() -> tuple[tuple[tuple[date, int], ...], int]:
            with store_faults(path):
                return load_cards(path, query)

        job = Job(self, work, name="progress: flashcards due")
        job.succeeded(self._cards_loaded)
        self._carding.start(job.failed(lambda exc: self._cards_loaded(((), 0)),
                                       ProgressStoreError))

    def _cards_loaded(self, cards: tuple[tuple[tuple[date, int], ...], int]) -> None:
        self.cards = cards
        if self.data is not None and self.data.history:
            self.summary.setText(_summary(self.data, cards))
        self._redraw()
        self.cards_loaded.emit()

    def _show_headline(self) -> None:
        """The headline and its trend, or what they are waiting for."""
        data = self.data
        if self.trends is None:
            self.headline.setText("Working out what your play costs…")
            self.trend.setText("")
        elif self.trends:
            text, moved = headline(self.trends, date.today())
            self.headline.setText(text)
            self.trend.setText(moved)
        else:
            shown = data.query.preset if data is not None else None
            rules = preset_title(shown) if shown else "these rules"
            self.headline.setText(f"What your play costs under {rules} needs their rules: "
                                  "choose their file in Settings to see it.")
            self.trend.setText("")

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
        cards = self.cards
        costs = None if self.trends is None else cost_lines(
            self.trends, per, data.sessions, data.query.since, data.query.until)
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
            "due": (cards, charts.due_title(*cards) if cards else charts.DUE_TITLE,
                    lambda f: charts.draw_due_load(*cards, f, look) if cards else
                    charts.draw_message(f, "Working out which flashcards fall due…", look)),
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

    def leak_keys(self) -> list[str]:
        """The situation keys of the listed leaks, costliest first."""
        return [] if self.data is None else [leak.situation for leak in self.data.leaks]

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

    @pyqtSlot(str)   # a slot of the page: Qt drops the connection when the page is deleted
    def _rules_file_changed(self, path: str) -> None:
        """The rules file practised was read anew: follow it (its costs are its own)."""
        if path == cfg.read(self.store, cfg.RULES_FILE):
            self._follow_practice()
            self.reload()

    def showEvent(self, event: QShowEvent | None) -> None:
        """Coming back to the page reads the store again (new answers may have been given);
        the charts redraw only if something changed."""
        super().showEvent(event)
        if self.data is not None or self.error is not None:
            self._follow_practice()
            self.reload()


def _date_edit(day: QDate, name: str) -> QDateEdit:
    edit = QDateEdit(day)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    edit.setAccessibleName(name)
    return edit


def _summary(data: ProgressData, cards: tuple[tuple[tuple[date, int], ...], int] | None
             ) -> str:
    decisions = data.decisions
    if not decisions:
        return (f"No decisions match these filters ({data.history:,} in your whole history).")
    right = sum(d.right for d in data.days)
    text = (f"{decisions:,} decisions match these filters · {100 * right / decisions:.1f}% "
            "right")
    if cards is None:
        return text
    due = cards[0][0][1] if cards[0] else 0
    return f"{text} · {due} flashcard{'s' if due != 1 else ''} due today"


def progress_page(settings: QSettings) -> QWidget:
    """The page factory for :data:`trainer.ui.pages.PAGES`."""
    return ProgressPage(settings)


__all__ = ["ProgressPage", "database_of", "progress_page"]
