"""The settings editor of the custom rules file: choose or clear it, and build its tables.

A chosen file is checked with ``rules_file.load`` (its error shown, nothing changed when it
fails); its strategy tables are loaded or built in a worker thread with a progress bar, so the
window stays usable for the minute a first build can take. The setting itself is stored by the
page's ``apply``, which this editor is given.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

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
from trainer.rules import RulesError, RuleSet, rules_file
from trainer.rules.errors import RuleSetError

from ..background import Job
from ..widgets import ERROR_STYLE, busy_bar
from . import declarations as cfg

#: Stores a setting if its declaration accepts the value; returns why not, else None.
APPLY = Callable[[cfg.Setting, Any], "str | None"]


class RulesFileEditor(QWidget):
    """The rules file's path with Choose and Clear, a busy bar and a status line."""

    def __init__(self, value: str, apply: APPLY, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.apply = apply
        self.tables: dict[str, dict[str, Any]] = {}   # built this session, by fingerprint
        self._building: str | None = None
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
        self._show_status(value)

    def _choose_dialog(self) -> None:
        start = self.path.text() or str(Path.home())
        chosen, _ = QFileDialog.getOpenFileName(self, "Choose a rules file", start,
                                                "TOML rules files (*.toml);;All files (*)")
        if chosen:
            self.choose_rules_file(Path(chosen))

    def choose_rules_file(self, path: Path) -> RuleSet | None:
        """Use the rules file at ``path`` if it loads (then build its tables in the background);
        otherwise show its error and change nothing."""
        try:
            rules = rules_file.load(path)
        except RuleSetError as exc:
            self._say(f"Not used: {exc}", error=True)
            return None
        if self.apply(cfg.RULES_FILE, str(path)) is not None:
            return None
        self.path.setText(str(path))
        self.build_tables(rules)
        return rules

    def clear_rules_file(self) -> None:
        """Go back to the preset's rules."""
        self.apply(cfg.RULES_FILE, "")
        self.path.setText("")
        self._show_status("")

    def build_tables(self, rules: RuleSet) -> None:
        """Load or build the strategy tables of ``rules`` in a worker thread, with a progress
        bar (busy until the build's first step is done)."""
        key = rules.fingerprint()
        if key in self.tables:
            self._say(f"Using '{rules.name}': its strategy tables are ready.")
            return
        self._building = key
        self.busy.setRange(0, 0)            # loading from the cache, or starting a build
        self.busy.show()
        self._say(self._building_text(rules))
        job = Job.reporting(self, lambda report: load_or_build(rules, report),
                            name=f"tables for {rules.name}")
        job.progressed(lambda done, total: self._progressed(rules, done, total))
        job.ended(lambda: self._done(rules))
        job.succeeded(lambda table: self._tables_ready(rules, table))
        job.failed(lambda exc: self._tables_failed(rules, exc),
                   TableError, RulesError, OSError, MemoryError).start()

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
        self._say(f"Using '{rules.name}': its strategy tables are ready.")

    def _tables_failed(self, rules: RuleSet, exc: Exception) -> None:
        self._say(f"The strategy tables for '{rules.name}' could not be built: {exc}",
                  error=True)

    def _show_status(self, path: str) -> None:
        if not path:
            self._say("The preset's rules are used.")
            return
        try:
            rules = rules_file.load(path)
        except RuleSetError as exc:
            self._say(f"The preset is used instead: {exc}", error=True)
            return
        self._say(f"Using '{rules.name}' (custom rules, instead of the preset).")

    def _say(self, text: str, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setStyleSheet(ERROR_STYLE if error else "")
        if not error:
            self.status.setForegroundRole(QPalette.ColorRole.WindowText)


__all__ = ["RulesFileEditor"]
