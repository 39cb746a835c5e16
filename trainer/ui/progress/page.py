"""The progress page: what the player's play costs (the headline and its trend), accuracy, errors
on the chart, retention, speed, reviews due, leaks; one unit for money throughout, main bets per
100 rounds (:mod:`trainer.drills.leak`).

The filters (:mod:`.filters`) make a query; worker threads read the store for it
(:func:`load_progress`) and, beside it, the flashcards due (:func:`load_cards`: said to be
coming until they come), then what the play costs over time (:func:`load_trends`), and the
board (:mod:`.board`) redraws only the charts whose inputs changed. The page opens on the
rules practised when they have answers, else on all presets, and says which; it never writes
the Settings preset. "Drill these" emits :attr:`drill_requested` with the leaks' keys; "Review
counting" :attr:`counting_requested`. An empty history shows a start screen, a bad progress
file a plain message; a read that fails is said as a failure, never shown as data, with Try
again.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

from PyQt6.QtCore import QEvent, Qt, QTimer, pyqtSignal, pyqtSlot
from PyQt6.QtGui import QShowEvent
from PyQt6.QtWidgets import (
    QLabel,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from trainer import settings as cfg
from trainer.teaching.situations import preset_label

from ..background import Job, Latest
from ..progress_service import (
    DueLoad,
    LeakTrend,
    ProgressData,
    ProgressQuery,
    ProgressStoreError,
    changes,
    cost_rules,
    grid_rows,
    load_cards,
    load_progress,
    load_trends,
)
from ..read_again import ReadAgain
from ..rules_files import rules_files
from ..settings.chosen import database_of, practised_rules, prior_of, study_of
from ..theme import chart_look
from ..widgets import heading
from . import charts
from .board import Board
from .filters import FilterBar
from .headline import due_line, headline_direction, headline_lines, scope_sentence, summary_line
from .panels import error_screen, fault_line, headline_labels, start_screen


class ProgressPage(QWidget):
    """The headline, filters, five charts on Qt canvases, the costliest leaks to drill."""

    drill_requested = pyqtSignal(list)   # the situation keys of the listed leaks
    counting_requested = pyqtSignal()    # "Review counting": the Counting page's review
    loaded = pyqtSignal()                # new data shown (or the start screen, or an error)
    costs_loaded = pyqtSignal()          # what the play costs shown (headline, cost lines)
    cards_loaded = pyqtSignal()          # the flashcards due shown

    def __init__(self, store: cfg.Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.data: ProgressData | None = None
        self.error: str | None = None
        self._loading = Latest()
        self._again = False          # the filters changed while the store was being read
        self._superseded = False     # ... so the load that just ended started another
        self._chosen_here = False    # the player chose the preset filter on this page
        self.trends: tuple[LeakTrend, ...] | None = None   # None: being worked out
        self._trends_for: Any = None
        self._costing = Latest()
        #: The flashcards due: per day, cards, today (None: being read).
        self.cards: DueLoad | None = None
        self._cards_for: Any = None
        self._look_again = False     # the answers may have changed: read the cards again
        self._carding = Latest()
        #: Why what the play costs, or the flashcards due, could not be read (None: no fault).
        self.costs_error: ProgressStoreError | None = None
        self.cards_error: ProgressStoreError | None = None

        self.filters = FilterBar(store)
        bar = self.filters
        self.preset_box, self.mode_box, self.per_box = bar.preset_box, bar.mode_box, bar.per_box
        self.range_box, self.since_edit, self.until_edit = (bar.range_box, bar.since_edit,
                                                            bar.until_edit)
        self.busy = bar.busy
        self.headline, self.trend, self.scope, self.summary = headline_labels()
        self.fault, self.fault_label = fault_line(self.read_again)

        self.fresh = ReadAgain(self, lambda: database_of(self.store), self._reading,
                               self._read_afresh)
        self._follow_practice()
        rules_files().changed.connect(self._rules_file_changed)

        self.stack = QStackedWidget()
        self.loading = QLabel("Reading your progress…")
        self.loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.start_screen, self.start_where = start_screen()
        self.error_screen, self.error_label = error_screen(self.reload)
        self.dashboard = self.board = Board()
        self.draw_counts, self.canvases = self.board.draw_counts, self.board.canvases
        self.figures, self.headings = self.board.figures, self.board.headings
        self.counting, self.leaks = self.board.counting, self.board.leaks
        self.leak_list, self.drill_button = self.leaks.list, self.leaks.drill_button
        self.counting.review_button.clicked.connect(self.counting_requested)
        for widget in (self.loading, self.start_screen, self.error_screen, self.dashboard):
            self.stack.addWidget(widget)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        for widget in (heading("Progress"), self.headline, self.trend, self.fault, self.filters,
                       self.scope, self.summary):
            layout.addWidget(widget)
        layout.addWidget(self.stack, 1)

        for changed in (self.preset_box.currentIndexChanged, self.mode_box.currentIndexChanged,
                        self.range_box.currentIndexChanged, self.since_edit.dateChanged,
                        self.until_edit.dateChanged):
            changed.connect(self.reload)
        self.preset_box.activated.connect(self._preset_chosen)
        self.per_box.currentIndexChanged.connect(self._redraw)
        self.drill_button.clicked.connect(self.drill)
        self.look = chart_look(self.palette())
        self.reload()
        # While the worker reads the store, build the charts' axes (after the first paint, so
        # the page shows at once): drawing the data that comes back then only adds artists.
        self._preparing = QTimer(self)
        self._preparing.setSingleShot(True)
        self._preparing.timeout.connect(self._prepare)
        self._preparing.start(0)

    def _prepare(self) -> None:
        """Build the charts' frames, unless the data came first (its drawing built them)."""
        if self.data is None:
            charts.prepare(self.figures, self.look, grid_rows(self.query().preset)[1])

    # ----- filters ------------------------------------------------------------------------

    def _follow_practice(self) -> None:
        """Show the rules being practised (unless the player chose a filter here): the page
        falls back to all presets when they have no answers (see :meth:`_loaded`)."""
        if self._chosen_here:
            return
        name: str | None = preset_label(practised_rules(self.store))
        if self.data is not None and self.data.history and name not in dict(self.data.counts):
            name = None
        self.filters.set_preset(name)     # without reading the store

    def _preset_chosen(self) -> None:
        """The player picked a preset filter here: keep it (until the page is made again)."""
        self._chosen_here = True

    def query(self) -> ProgressQuery:
        """The filters as chosen now, with the starting point and retention the flashcards
        use (so the page's flashcards due are the Flashcards page's)."""
        return replace(self.filters.query(), prior=prior_of(self.store),
                       retention=study_of(self.store).retention)

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
        self.board.render_ahead()

    def read_again(self) -> None:
        """Try again after a fault: read everything afresh, costs and cards included."""
        self._trends_for = self._cards_for = None
        self.costs_error = self.cards_error = None
        self._show_fault()
        self.reload()

    def reload(self) -> None:
        """Read the store again for the current filters (in a worker thread)."""
        if self._loading.running:
            self._again = True
            return
        self._again = False
        self.busy.show()
        self.fresh.note()
        path, query = database_of(self.store), self.query()
        rules = [practised_rules(self.store)]
        job = Job(self, lambda: load_progress(path, query, cards=False, rule_sets=rules),
                  name="progress queries")
        job.ended(self._finish).succeeded(self._loaded)
        self._loading.start(job.failed(self._failed, ProgressStoreError))
        self._load_cards(path, query)

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
            self.filters.set_preset(None)   # the practised rules have no answers: show all
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
        self.filters.offer_presets(data.presets)
        self.filters.show()
        self.stack.setCurrentWidget(self.dashboard)
        practised = preset_label(practised_rules(self.store))
        self.scope.setText(scope_sentence(data.query.preset, practised, dict(data.counts),
                                          self._chosen_here, data.known))
        self.summary.setText(summary_line(data, self.cards, self.cards_error))
        self.leaks.fill(data)
        self.counting.fill(data)
        self._load_costs(data)
        self._redraw()

    def _load_costs(self, data: ProgressData) -> None:
        """Work out what the play costs, now and over time, in a worker (only when the
        answers or the rule sets shown changed)."""
        rules = cost_rules(data, practised_rules(self.store))
        prior = prior_of(self.store)
        key = (data.path, tuple(preset_label(r) for r in rules), prior, data.counts)
        if key == self._trends_for and (self.trends is not None or self._costing.running):
            self._show_headline()
            return
        self._trends_for, self.trends, self.costs_error = key, None, None
        self._show_headline()
        path = data.path
        job = Job(self, lambda: load_trends(path, rules, prior), name="progress: costs")
        job.succeeded(self._costs_loaded)
        self._costing.start(job.failed(self._costs_failed, ProgressStoreError))

    def _costs_failed(self, exc: Exception) -> None:
        """What the play costs could not be read: said where the headline goes."""
        assert isinstance(exc, ProgressStoreError)
        self.costs_error = exc
        self._costs_loaded(())

    def _costs_loaded(self, trends: tuple[LeakTrend, ...]) -> None:
        self.trends = trends
        self._show_fault()
        self._show_headline()
        self._redraw()
        self.costs_loaded.emit()

    def _load_cards(self, path: Any, query: ProgressQuery) -> None:
        """Read the flashcards due (a rules file's too) in a worker when the preset, the study
        settings or the rules practised changed, or the answers may have (shown again)."""
        rules = [practised_rules(self.store)]
        key = (path, query.preset, query.prior, query.retention, preset_label(rules[0]))
        again, self._look_again = self._look_again, False
        if key == self._cards_for and not again:
            return               # read, being read, or failed (Try again reads afresh)
        if key != self._cards_for:
            self.cards, self.cards_error = None, None
        self._cards_for = key
        job = Job(self, lambda: load_cards(path, query, rule_sets=rules), name="progress: cards")
        job.succeeded(self._cards_loaded)
        self._carding.start(job.failed(self._cards_failed, ProgressStoreError))

    def _cards_failed(self, exc: Exception) -> None:
        """The flashcards due could not be read: said in the summary and the due chart, never
        as "0 due"."""
        assert isinstance(exc, ProgressStoreError)
        self.cards_error = exc
        if self.data is not None and self.data.history:
            self.summary.setText(summary_line(self.data, None, exc))
        self._show_fault()
        self._redraw()
        self.cards_loaded.emit()

    def _cards_loaded(self, cards: DueLoad) -> None:
        self.cards = cards
        self.fresh.adopt(cards.kept)
        if self.data is None:                   # before the rest: the count alone, at once
            self.summary.setText(due_line(cards))
        elif self.data.history:
            self.summary.setText(summary_line(self.data, cards))
        self._redraw()
        self.cards_loaded.emit()

    def _show_fault(self) -> None:
        """The line above the filters: a read that failed, what to do, and Try again."""
        fault = self.costs_error or self.cards_error
        self.fault.setVisible(fault is not None)
        if fault is not None:
            self.fault_label.setText(f"Part of your progress could not be read: {fault}")

    def _show_headline(self) -> None:
        """The headline and its trend, or what they are waiting for, or why they are missing."""
        shown, known = ((self.data.query.preset, self.data.known) if self.data is not None
                        else (None, ()))
        text, moved = headline_lines(self.trends, self.costs_error, shown, date.today(), known)
        self.headline.setText(text)
        self.trend.show_trend(moved, headline_direction(self.trends, date.today()))

    def _redraw(self) -> None:
        """Draw each chart whose inputs differ from what its canvas shows."""
        data = self.data
        if data is None or data.history == 0:
            return
        self.board.draw(data, self.per_box.currentData(), self.look, self.trends, self.cards,
                        self.cards_error)

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
        if path == self.store.get(cfg.RULES_FILE):
            self._follow_practice()
            self.reload()

    def showEvent(self, event: QShowEvent | None) -> None:
        """Coming back to the page reads the store again only if what it shows may have
        changed; the charts redraw only if something did."""
        super().showEvent(event)
        if self.data is not None or self.error is not None:
            self._follow_practice()
            self.fresh.check() if self.error is None else self._read_afresh()

    def _read_afresh(self) -> None:
        self._look_again = True
        self.reload()

    def _reading(self) -> tuple[changes.Stamp, object]:
        """What a read now would be of: how far the file has come (here or by another program),
        the file, the filters, the rules practised, the day (what is due changes with it)."""
        path = database_of(self.store)
        return changes.stamp(path), (path, self.query(), preset_label(practised_rules(
            self.store)), date.today())


def progress_page(settings: cfg.Settings) -> QWidget:
    """The page factory for :data:`trainer.ui.pages.PAGES`."""
    return ProgressPage(settings)


__all__ = ["ProgressPage", "progress_page"]
