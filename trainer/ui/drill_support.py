"""What the practice pages share: the progress file link, the rule-set choice, busy and timer.

:class:`ProgressLink` is the app's wiring of drills to :mod:`trainer.progress` (as
:mod:`trainer.cli` does for the terminal): every decision is committed as it is
made. A store fault (corrupt, newer or locked file, a refused write) is shown once as a plain
dialog naming the file and saying what to do; after that the page keeps working without
saving, and the file is never touched again by this page.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from typing import Any

from PyQt6.QtCore import QSettings, Qt, QTimer
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QMessageBox, QProgressBar, QWidget

from trainer.drills.records import GradedDecision, Mode
from trainer.progress.errors import ProgressStoreError
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import PRESETS, RuleSet, preset
from trainer.rules.rules_file import load

from . import settings as cfg

#: The rule-set choice meaning "the custom rules file in Settings".
CUSTOM = "custom"
_NOT_SAVING = ("You can keep practising: this page works on, but your answers are not saved "
               "until the file is fixed and the page is opened again.")


def rules_choices(settings: QSettings) -> list[tuple[str, str]]:
    """(value, label) of every rule set the pages offer: the presets, and the custom file."""
    choices = [(name, name) for name in PRESETS]
    path = cfg.read(settings, cfg.RULES_FILE)
    if path:
        choices.append((CUSTOM, f"custom: {os.path.basename(path)}"))
    return choices


def initial_choice(settings: QSettings) -> str:
    """The rule set chosen in Settings (the custom file when one is set)."""
    if cfg.read(settings, cfg.RULES_FILE):
        return CUSTOM
    name = cfg.read(settings, cfg.PRESET)
    return name if name in PRESETS else next(iter(PRESETS))


def rules_for(choice: str, settings: QSettings) -> RuleSet:
    """The rule set of a choice (reading the custom file may raise RuleSetError)."""
    if choice == CUSTOM:
        return load(cfg.read(settings, cfg.RULES_FILE))
    return preset(choice)


def penetration(settings: QSettings) -> float | None:
    """The cut card set in Settings, or None for the rule set's own."""
    if not settings.contains(cfg.PENETRATION.key):
        return None
    return float(cfg.read(settings, cfg.PENETRATION))


class ProgressLink:
    """The progress file of one page: sessions, decisions, cards and rounds, or nothing."""

    def __init__(self, settings: QSettings, parent: QWidget) -> None:
        self.parent = parent
        self.store: ProgressStore | None = None
        self.session: int | None = None
        self.last_decision: int | None = None
        self.problem: str = ""
        folder = cfg.read(settings, cfg.DATA_DIR) or None
        self.path = database_path(folder)
        try:
            self.store = ProgressStore.open(self.path)
        except ProgressStoreError as exc:
            self._fail(exc, later=True)

    @property
    def saving(self) -> bool:
        """True while answers are being saved."""
        return self.store is not None

    def status(self) -> str:
        """One line for the page: where answers go, or why they do not."""
        if self.store is not None:
            return f"Saving to {self.path}"
        return "Not saving: " + (self.problem or "no progress file")

    def answer_rows(self, preset_label: str) -> list[tuple[str, str, str, str, float]]:
        """A preset's kept answers for the study queue (none when not saving)."""
        if self.store is None:
            return []
        try:
            return self.store.answer_rows(preset_label)
        except ProgressStoreError as exc:
            self._fail(exc)
            return []

    def load_fit(self, preset_label: str) -> dict[str, Any] | None:
        """The memory model stored for a preset, if any."""
        if self.store is None:
            return None
        try:
            return self.store.load_fit(preset_label)
        except ProgressStoreError as exc:
            self._fail(exc)
            return None

    def save_fit(self, preset_label: str, fit: Mapping[str, Any]) -> None:
        """Store a newer memory model for a preset."""
        self._write(lambda s: s.save_fit(preset_label, fit))

    def start(self, preset_label: str, mode: Mode, settings: Mapping[str, Any]) -> None:
        """End the session in progress, if any, and start a new one."""
        self.end()
        self._write(lambda s: setattr(self, "session", s.start_session(
            preset_label, mode, settings)))

    def decision(self, decision: GradedDecision) -> None:
        """Commit one decision (its row id is kept, so the answer can be undone)."""
        if self.session is None:
            return
        session = self.session

        def write(store: ProgressStore) -> None:
            self.last_decision = store.record_decision(session, decision)
        self.last_decision = None
        self._write(write)

    def undo(self) -> None:
        """Mark the last committed decision undone (kept in the file, left out of reviews)."""
        row, self.last_decision = self.last_decision, None
        if row is not None:
            self._write(lambda s: s.undo_decision(row))

    def round(self, number: int, **values: Any) -> None:
        """Commit one shoe round (see :meth:`ProgressStore.record_round`)."""
        if self.session is None:
            return
        session = self.session
        self._write(lambda s: s.record_round(session, number, **values))

    def end(self) -> None:
        """Record the end of the session in progress."""
        if self.session is not None:
            session, self.session = self.session, None
            self._write(lambda s: s.end_session(session))

    def close(self) -> None:
        """End the session and close the file (checking its integrity)."""
        self.end()
        store, self.store = self.store, None
        if store is not None:
            try:
                store.close()
            except ProgressStoreError as exc:
                self._fail(exc)

    def _write(self, work: Any) -> None:
        if self.store is None:
            return
        try:
            work(self.store)
        except ProgressStoreError as exc:
            self._fail(exc)

    def _fail(self, exc: ProgressStoreError, later: bool = False) -> None:
        """Stop saving and tell the user once, in plain words."""
        store, self.store, self.session = self.store, None, None
        if store is not None:
            with contextlib.suppress(ProgressStoreError):  # already reporting this file
                store.close()
        self.problem = str(exc).split(". ")[0]
        message = f"{exc}\n\n{_NOT_SAVING}"
        if later:   # let the page appear first
            QTimer.singleShot(0, lambda: show_store_problem(self.parent, message))
        else:
            show_store_problem(self.parent, message)


def show_store_problem(parent: QWidget, message: str) -> None:
    """The plain dialog for a progress-file fault."""
    QMessageBox.warning(parent, "Your progress is not being saved", message)


class Busy(QWidget):
    """A moving bar and a line saying what is being done."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)
        self.bar.setMaximumWidth(160)
        self.bar.setMaximumHeight(14)
        self.bar.setTextVisible(False)
        self.label = QLabel()
        row.addWidget(self.bar)
        row.addWidget(self.label, 1)
        self.hide()

    def start(self, text: str) -> None:
        """Show the indicator with ``text``."""
        self.label.setText(text)
        self.show()

    def stop(self) -> None:
        """Hide it."""
        self.hide()


class Countdown(QWidget):
    """The visible countdown of timed play: seconds left on a shrinking bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.bar = QProgressBar()
        self.bar.setRange(0, 1000)
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(14)
        self.bar.setMinimumWidth(160)
        self.label = QLabel()
        self.label.setObjectName("countdown")
        self.label.setMinimumWidth(70)
        self.label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.label)
        row.addWidget(self.bar)
        self.hide()

    def show_left(self, seconds: float, limit: float) -> None:
        """Show ``seconds`` left of ``limit``."""
        self.label.setText(f"{seconds:.1f} s")
        self.bar.setValue(round(1000 * seconds / limit) if limit else 0)
        urgent = seconds <= min(3.0, limit / 3)
        self.bar.setStyleSheet("QProgressBar::chunk { background: %s; }"
                               % ("#c5221f" if urgent else "#1f6f43"))
