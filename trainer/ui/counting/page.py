"""The Counting page: the rule set and count on top, a tab per drill and the review below.

A whole shoe is counted in Shoe practice (its Count choice); the page's "Count a shoe" button
sends the player there with the rules and count chosen here.

The count is a trained one (Hi-Lo, the Free Bet count, KO) or the player's own tags ("Your
tags…": :mod:`.own_tags`). The count lab table of the chosen rules (shipped for a preset's
trained counts, built and cached for a rules file or the player's tags) loads off the UI
thread; each drill then starts from it, spaced by the player's earlier
answers (read off the UI thread too), and a line under the top says what of the running and
true counts is due today (:mod:`trainer.drills.counting.due`). Every answer is saved through
the page's :class:`~trainer.ui.practice.progress_link.ProgressLink` like any decision: a
session per drill and its settings (the review reads a running-count run's speed from them).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, Protocol

from PyQt6.QtCore import Qt, pyqtSignal, pyqtSlot
from PyQt6.QtGui import QCloseEvent
from PyQt6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from strategy_charts.counting.lab import lab_ready, load_or_build_lab
from strategy_charts.counting.systems import TRAINED, CountSystem, count_named
from strategy_charts.pot_of_gold import LammerChances
from strategy_charts.tables import TableError, lammer_chances
from trainer.drills.counting.due import DueToday
from trainer.rules import RulesError, RuleSet, preset
from trainer.settings import Settings
from trainer.teaching.grading import Clock, utc_now
from trainer.teaching.records import GradedDecision, Mode

from ..background import Job, Latest
from ..practice.progress_link import ProgressLink
from ..practice.rules_choice import (
    CUSTOM,
    custom_path,
    custom_rules,
    fallback_preset,
    fill_rules_box,
    initial_choice,
    rules_for,
)
from ..practice.save_status import SaveStatus
from ..rules_files import rules_files
from ..settings.chosen import database_of
from ..widgets import ERROR_STYLE, Busy, heading, rules_box
from .drills import RunningPanel, TruePanel
from .index_panel import IndexPanel
from .own_tags import OWN, OwnTags
from .review import ReviewPanel
from .risk_panel import RiskPanel


class Drill(Protocol):
    """A tab that deals questions: started again when the rules, the count or the lab change."""

    def restart(self) -> None: ...

    def stop(self) -> None: ...


def counting_page(settings: Settings) -> QWidget:
    """The Counting page (the main window's factory)."""
    return CountingPage(settings)


class CountingPage(QWidget):
    """Rules and count on top, the drills and the review in tabs, the saving line below.

    ``clock`` times the answers, ``seed`` (None: random) seeds the drills, and ``paced``
    False leaves a running-count run's showings to :meth:`RunningPanel.step` (tests).
    :attr:`shoe_requested` carries the chosen count's key and rules choice when the player
    asks to count a shoe (in Shoe practice)."""

    shoe_requested = pyqtSignal(str, str)

    def __init__(self, settings: Settings, parent: QWidget | None = None, *,
                 clock: Clock = utc_now, seed: int | None = None, paced: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("counting")
        self.settings = settings
        self.clock, self.seed, self.paced = clock, seed, paced
        self.rules: RuleSet | None = None
        self.lab: dict[str, Any] | None = None
        self.lammers: LammerChances | None = None
        self.link = ProgressLink(settings, self)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.link.close)
        self._session: tuple[str, str, str] | None = None
        self._last_count = "hilo"
        self.loading = Latest()
        self._only_cells: list[str] | None = None

        self.rules_box = rules_box()
        fill_rules_box(self.rules_box, settings, initial_choice(settings))
        self.count_box = QComboBox()
        self.count_box.setAccessibleName("Count")
        for key, count in TRAINED.items():
            self.count_box.addItem(count.name, key)
        self.count_box.addItem("Your tags…", OWN)
        self.count_box.setToolTip("Hi-Lo is the count to learn first (docs/count-lab.md); "
                                  "KO is kept as a running count; 'Your tags…' counts a tag "
                                  "set of your own.")
        self.tags = OwnTags(settings)
        self.tags.chosen.connect(self._own_tags)
        self.tags.hide()
        self.busy = Busy()
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(ERROR_STYLE)
        self.problem.hide()
        self.due = QLabel()
        self.due.setObjectName("counting-due")
        self.due.setWordWrap(True)
        self.due.setToolTip("The running counts (cards at a time) and true counts (decks "
                            "left) whose recall has fallen under 90%, or never answered (true "
                            "counts): the drills ask them first.")

        self.running = RunningPanel(self)
        self.true = TruePanel(self)
        self.index = IndexPanel(self)
        self.review = ReviewPanel(self)
        self.risk = RiskPanel(self)
        self.drills: tuple[Drill, ...] = (self.running, self.true, self.index, self.risk)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        for panel, title in ((self.running, "Running count"), (self.true, "True count"),
                             (self.index, "Index plays"), (self.risk, "Ramp and risk"),
                             (self.review, "Review")):
            self.tabs.addTab(panel, title)
        self.tabs.currentChanged.connect(self._tab_shown)

        self.saving = SaveStatus(self.link)
        self.status = self.saving.label
        rules_files().changed.connect(self._rules_file_changed)
        rules_files().offered.connect(self._rules_file_offered)

        top = QHBoxLayout()
        top.addWidget(heading("Counting"))
        top.addSpacing(18)
        top.addWidget(QLabel("Rules"))
        top.addWidget(self.rules_box)
        top.addWidget(QLabel("Count"))
        top.addWidget(self.count_box)
        top.addStretch(1)
        self.shoe_button = QPushButton("Count a shoe…")
        self.shoe_button.setToolTip("Keep this count through a whole shoe in Shoe practice: bet "
                                    "by it, play its index plays, type it when asked.")
        self.shoe_button.clicked.connect(lambda: self.shoe_requested.emit(
            self.count, str(self.rules_box.currentData())))
        top.addWidget(self.shoe_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 14, 20, 12)
        layout.addLayout(top)
        layout.addWidget(self.tags)
        layout.addWidget(self.busy)
        layout.addWidget(self.problem)
        layout.addWidget(self.due)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.saving)
        self.rules_box.currentIndexChanged.connect(lambda _: self.load())
        self.count_box.currentIndexChanged.connect(lambda _: self._count_changed())
        saved = self.tags.saved()
        if saved is not None:
            self._add_count(saved)
        self.load()

    # ----- the rules, the count and the lab ---------------------------------------------------

    @property
    def count(self) -> str:
        """The chosen count's key (``hilo``; a player's tags: ``tags(...)``)."""
        data = str(self.count_box.currentData())
        return self._last_count if data == OWN else data

    def _add_count(self, count: CountSystem) -> None:
        """Put ``count`` (a player's tags) in the count box, before 'Your tags…'."""
        at = self.count_box.findData(count.key)
        if at < 0:
            at = self.count_box.count() - 1
            self.count_box.insertItem(at, count.name, count.key)
        self.count_box.setItemData(at, count.describe(), Qt.ItemDataRole.ToolTipRole)

    def _count_changed(self) -> None:
        if self.count_box.currentData() == OWN:
            self.tags.show()
            self.tags.edit.setFocus()
            return
        self.tags.hide()
        self._last_count = self.count
        if self.lab is not None and self.count in self.lab["counts"]:
            self._restart()
        else:
            self.load()

    def _own_tags(self, count: CountSystem) -> None:
        """The player's tags, read: count them (a known count's tags choose that count)."""
        if count.key not in TRAINED:
            self._add_count(count)
        self.tags.hide()
        self.count_box.setCurrentIndex(self.count_box.findData(count.key))

    @property
    def count_name(self) -> str:
        """The chosen count's name (``Hi-Lo``)."""
        return self.count_box.currentText()

    def _chosen_rules(self) -> RuleSet | None:
        """The chosen rules; None while the custom rules file is first read (off the UI
        thread; the page then loads again); the preset set in Settings when it is no use."""
        try:
            rules = rules_for(self.rules_box.currentData(), self.settings)
            if rules is None:
                self.busy.start(f"Reading the rules file {custom_path(self.settings)}…")
            return rules
        except RulesError as exc:
            name = fallback_preset(self.settings)
            self._tell(f"{exc} Counting with the preset '{name}' instead.")
            return preset(name)

    @pyqtSlot(str)   # a slot of the page: Qt drops the connection when the page is deleted
    def _rules_file_changed(self, path: str) -> None:
        """The custom rules file was read anew: its name on the menu, and its count lab
        loaded if the page counts it."""
        if path == custom_path(self.settings):
            fill_rules_box(self.rules_box, self.settings)
            if self.rules_box.currentData() == CUSTOM:
                self.load()

    @pyqtSlot()
    def _rules_file_offered(self) -> None:
        """Settings chose a rules file whose tables are ready, or cleared it: offered on the
        menu (the page counts on with its choice, unless that is gone)."""
        if fill_rules_box(self.rules_box, self.settings) or (
                self.rules_box.currentData() == CUSTOM and self.rules is not None
                and custom_rules(self.settings) not in (None, self.rules)):
            self.load()

    def load(self) -> None:
        """Load the chosen rules' count lab table, then start every drill afresh."""
        for drill in self.drills:
            drill.stop()
        self.lab = self.lammers = None
        self.problem.hide()
        self.due.clear()
        self.loading.cancel()
        rules = self.rules = self._chosen_rules()
        if rules is None:
            return
        count = count_named(self.count)
        self.busy.start(f"Loading the {rules.name} count lab (a rules file's or your own "
                        "tags' is built once: under a minute)…")
        job = Job(self, lambda report: (load_or_build_lab(rules, progress=report, count=count),
                                        lammer_chances(rules)),
                  name="counting: lab", reports=True, serial=not lab_ready(rules, count))
        job.progressed(self.busy.progress).ended(self.busy.stop).succeeded(self._ready)
        self.loading.start(job.failed(self._tell, ValueError, RulesError, OSError, TableError))

    def _ready(self, loaded: tuple[dict[str, Any], LammerChances | None]) -> None:
        self.lab, self.lammers = loaded
        self._restart()

    def _restart(self) -> None:
        if self.lab is None:
            return
        for drill in self.drills:
            drill.restart()
        if self._only_cells is not None:     # asked for by a counted shoe's report
            self.index.drill_cells(self._only_cells)
            self._only_cells = None
        self.show_due()
        self._tab_shown(self.tabs.currentIndex())

    def show_due(self) -> None:
        """Say what of the running and true counts is due, once both drills have read the
        player's earlier answers (until then, nothing)."""
        running, true = self.running.drill, self.true.drill
        balanced = count_named(self.count).balanced
        if running is None or (true is None and balanced):
            self.due.clear()
            return
        self.due.setText(DueToday.of(running, true).text())

    def _tell(self, problem: object) -> None:
        self.problem.setText(str(problem))
        self.problem.show()

    def _tab_shown(self, index: int) -> None:
        if self.tabs.widget(index) is self.review:
            self.review.refresh()

    def drill_index(self, count: str, rules: str, cells: list[str]) -> None:
        """Index cards of ``count`` under ``rules`` (a rules choice), only the decisions of
        ``cells`` (a counted shoe's misses), once the rules' lab is loaded."""
        for box, value in ((self.rules_box, rules), (self.count_box, count)):
            at = box.findData(value)
            if at >= 0:
                box.blockSignals(True)
                box.setCurrentIndex(at)
                box.blockSignals(False)
        self._only_cells = list(cells)
        self.tabs.setCurrentWidget(self.index)
        self.load()

    def show_review(self) -> None:
        """Show the Review tab (read afresh)."""
        if self.tabs.currentWidget() is self.review:
            self.review.refresh()
        else:
            self.tabs.setCurrentWidget(self.review)

    def lab_count(self) -> dict[str, Any] | None:
        """The chosen count's part of the lab table (None while it loads)."""
        return None if self.lab is None else self.lab["counts"].get(self.count)

    def new_seed(self) -> int:
        """A drill's seed: the page's (tests), else a random one."""
        return self.seed if self.seed is not None else random.SystemRandom().randrange(2 ** 31)

    # ----- saving -----------------------------------------------------------------------------

    def record(self, mode: Mode, plain: Mapping[str, Any], decision: GradedDecision) -> None:
        """Save ``decision`` in the session of its drill and settings (started if need be)."""
        session = (decision.preset, mode.value, json.dumps(plain, sort_keys=True))
        if session != self._session:
            self.link.start(decision.preset, mode, plain)
            self._session = session
        self.link.decision(decision)

    def data_folder_changed(self) -> None:
        """The data folder changed in Settings: the answers go to its progress file now."""
        self.link.move_to(database_of(self.settings))

    def shutdown(self) -> None:
        """Stop the drills' timers, drop a pending load, close the progress file."""
        for drill in self.drills:
            drill.stop()
        self.loading.cancel()
        self.review.loading.cancel()
        self.link.close()

    def closeEvent(self, event: QCloseEvent | None) -> None:
        self.shutdown()
        super().closeEvent(event)
