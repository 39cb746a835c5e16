"""The settings editor of the custom rules file: choose or clear it, and build its tables.

A chosen file is read and checked off the UI thread (:mod:`trainer.ui.rules_files`: a file on
a stalled mount, or one that is no file at all, never freezes the window); its error is shown
and nothing changed when it fails, and :attr:`RulesFileEditor.checked` says how it went. Its
strategy tables are loaded or built in a worker thread with a progress bar, so the window stays
usable for the minute a first build can take; once they are ready, every page offers the
file's rules (:meth:`~trainer.ui.rules_files.RulesFiles.ready`). The setting itself is stored
by the page's ``apply``, which this editor is given.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PyQt6.QtCore import pyqtSignal, pyqtSlot
from PyQt6.QtGui import QPalette
from PyQt6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from strategy_charts.tables import TableError, load_or_build
from trainer import settings as cfg
from trainer.rules import RulesError, RuleSet
from trainer.rules.errors import RuleSetError

from ..background import Job
from ..rules_files import Outcome, rules_files
from ..widgets import ERROR_STYLE, busy_bar

#: Stores a setting if its declaration accepts the value; returns why not, else None.
APPLY = Callable[[cfg.Setting, Any], "str | None"]


class RulesFileEditor(QWidget):
    """The rules file's path with Choose and Clear, a busy bar and a status line."""

    #: A chosen file was read: its rules when they are used now, None when it was refused.
    checked = pyqtSignal(object)

    def __init__(self, value: str, apply: APPLY, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.apply = apply
        self.tables: dict[str, dict[str, Any]] = {}   # built this session, by fingerprint
        self._building: str | None = None
        self._choosing: str | None = None             # the chosen file being read
        self.path = QLineEdit(value)
        self.path.setReadOnly(True)
        self.path.setPlaceholderText("none: the preset's rules are used")
        self.path.setAccessibleName("Custom rules file")
        choose = QPushButton("Choose…")
        choose.clicked.connect(self._choose_dialog)
        clear = QPushButton("Clear")
        clear.clicked.connect(self.clear_rules_file)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.busy = busy_bar()
        self.busy.setMaximumHeight(10)
        line = QHBoxLayout()
        line.setContentsMargins(0, 0, 0, 0)
        for widget in (self.path, choose, clear):
            line.addWidget(widget)
        line.setStretch(0, 1)
        stack = QVBoxLayout(self)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.addLayout(line)
        stack.addWidget(self.busy)
        stack.addWidget(self.status)
        rules_files().changed.connect(self._file_changed)
        self._show_status(value)

    def _choose_dialog(self) -> None:
        start = self.path.text() or str(Path.home())
        chosen, _ = QFileDialog.getOpenFileName(self, "Choose a rules file", start,
                                                "TOML rules files (*.toml);;All files (*)")
        if chosen:
            self.choose_rules_file(Path(chosen))

    def choose_rules_file(self, path: Path) -> None:
        """Read the rules file at ``path`` in a worker; use it if it loads (then build its
        tables in the background), otherwise show its error and change nothing. :attr:`checked`
        says which."""
        self._choosing = str(path)
        self._say(f"Reading the rules file {path}…")
        rules_files().read(str(path), lambda outcome: self._chosen(str(path), outcome))

    def _chosen(self, path: str, outcome: Outcome) -> None:
        if path != self._choosing:       # another file was chosen (or the file cleared) since
            return
        self._choosing = None
        if isinstance(outcome, RuleSetError):
            self._say(f"Not used: {outcome}", error=True)
            self.checked.emit(None)
            return
        if self.apply(cfg.RULES_FILE, path) is not None:
            self.checked.emit(None)
            return
        self.path.setText(path)
        self.build_tables(outcome)
        self.checked.emit(outcome)

    def clear_rules_file(self) -> None:
        """Go back to the preset's rules."""
        self._choosing = None
        self.apply(cfg.RULES_FILE, "")
        self.path.setText("")
        self._show_status("")
        rules_files().withdraw()

    def build_tables(self, rules: RuleSet) -> None:
        """Load or build the strategy tables of ``rules`` in a worker thread, with a progress
        bar (busy until the build's first step is done)."""
        key = rules.fingerprint()
        if key in self.tables:
            self._say(f"Using '{rules.name}': its strategy tables are ready.")
            rules_files().ready(rules, self.tables[key])
            return
        self._building = key
        self.busy.setRange(0, 0)            # loading from the cache, or starting a build
        self.busy.show()
        self._say(self._building_text(rules))
        job = Job.heavy(self, lambda report: load_or_build(rules, report),
                        name=f"tables for {rules.name}")
        job.progressed(lambda done, total: self._progressed(rules, done, total))
        job.ended(lambda: self._done(rules))
        job.succeeded(lambda table: self._tables_ready(rules, table))
        job.failed(lambda exc: self._tables_failed(rules, exc),
                   TableError, RulesError, OSError, MemoryError).start()

    def _make_ready(self, rules: RuleSet) -> None:
        """The tables of the file set (a file set before this run: cached, or built anew
        after its cache was cleared) loaded in a worker without a word, then offered on every
        page; a choice or a build under way says its own."""
        key = rules.fingerprint()
        if key in self.tables or self._building is not None:
            return
        job = Job.heavy(self, lambda report: load_or_build(rules, report),
                        name=f"tables for {rules.name}")
        job.succeeded(lambda table: self._quietly_ready(rules, table))
        job.failed(lambda exc: self._tables_failed(rules, exc),
                   TableError, RulesError, OSError, MemoryError).start()

    def _quietly_ready(self, rules: RuleSet, table: dict[str, Any]) -> None:
        self.tables[rules.fingerprint()] = table
        rules_files().ready(rules, table)

    @staticmethod
    def _building_text(rules: RuleSet, step: str = "") -> str:
        return (f"Building the strategy tables for '{rules.name}'{step} (about a minute the "
                "first time; you can keep using the trainer)…")

    def _progressed(self, rules: RuleSet, done: int, total: int) -> None:
        """A build step finished (one per dealer up card, then the side bets): the bar and the
        status say how far the build has come."""
        if self._building == rules.fingerprint():
            self.busy.setRange(0, total)
            self.busy.setValue(done)
            self._say(self._building_text(rules, f": step {done} of {total}"))

    def is_building(self) -> bool:
        """True while a custom rule set's tables are being built."""
        return self._building is not None

    def _done(self, rules: RuleSet) -> None:
        if self._building == rules.fingerprint():
            self._building = None
            self.busy.hide()

    def _tables_ready(self, rules: RuleSet, table: dict[str, Any]) -> None:
        self.tables[rules.fingerprint()] = table
        self._say(f"Using '{rules.name}': its strategy tables are ready; every page offers "
                  "them.")
        rules_files().ready(rules, table)

    def _tables_failed(self, rules: RuleSet, exc: Exception) -> None:
        self._say(f"The strategy tables for '{rules.name}' could not be built: {exc}",
                  error=True)

    def show_path(self, path: str) -> None:
        """The file set elsewhere (by the terminal): say what is played now."""
        self.path.setText(path)
        self._show_status(path)

    def _show_status(self, path: str) -> None:
        """What is played: the preset, or the file set (read off the UI thread; until its first
        read ends, that it is being read)."""
        if not path:
            self._say("The preset's rules are used.")
            return
        self._show_outcome(path, rules_files().result(path))

    def _show_outcome(self, path: str, outcome: Outcome | None) -> None:
        if outcome is None:
            self._say(f"Reading the rules file {path}…")
        elif isinstance(outcome, RuleSetError):
            self._say(f"The preset is used instead: {outcome}", error=True)
        else:
            self._say(f"Using '{outcome.name}' (custom rules, instead of the preset).")
            self._make_ready(outcome)

    @pyqtSlot(str)   # a slot of the editor: Qt drops the connection when it is deleted
    def _file_changed(self, path: str) -> None:
        """The file set was read anew: say what is played now (not over a choice or a build
        under way, which say their own)."""
        if path == self.path.text() and self._choosing is None and self._building is None:
            self._show_outcome(path, rules_files().last(path))

    def _say(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(ERROR_STYLE if error else "")
        if not error:
            self.status.setForegroundRole(QPalette.ColorRole.WindowText)


__all__ = ["RulesFileEditor"]
