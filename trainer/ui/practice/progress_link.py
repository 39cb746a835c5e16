"""The practice pages' link to the progress file: every answer saved as it is given.

:class:`ProgressLink` is the app's wiring of drills to :mod:`trainer.progress` (as
:mod:`trainer.cli` does for the terminal): every decision (and each undo) joins the session's
saving queue (:class:`~trainer.progress.saving.SessionSaver`) as it is made and is written off
the UI thread at once. A write the file cannot take (locked by another program past the busy
timeout, a full disk) waits in memory and is retried every few seconds and with the next
answer; the status line says plainly what waits and why, and a dialog says it once per kind of
problem. A damaged or newer file is never touched again (also said once). Nothing waiting is
dropped: quitting with answers unsaved asks first (:meth:`ProgressLink.unsaved`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PyQt6.QtCore import QObject, QTimer, pyqtSignal
from PyQt6.QtWidgets import QMessageBox, QWidget

from trainer import settings as cfg
from trainer.settings import Settings
from trainer.teaching.records import GradedDecision, Mode

from ..background import Job, Latest
from ..progress_service import Row, SaveState, SessionSaver, SharedStores, database_path

#: How long to wait before trying again to save what the file could not take.
RETRY_MS = 3000
_STOPPED = ("You can keep practising: this page works on, but your answers are not saved "
            "until the file is fixed and the page is opened again.")
_WAITING = ("You can keep practising: your answers are kept and saved as soon as the file can "
            "take them. Quitting before then would lose them; the trainer asks first.")


class ProgressLink(QObject):
    """The progress file of one page: sessions, decisions, cards and rounds, saved in order."""

    changed = pyqtSignal()   # what is saved, or why not, changed (see status())
    moved = pyqtSignal()     # the answers go to another progress file now (see move_to())

    def __init__(self, settings: Settings, parent: QWidget) -> None:
        super().__init__(parent)
        self.parent_page = parent
        self.last_decision: Row | None = None
        folder = settings.get(cfg.DATA_DIR) or None
        self.path = database_path(folder)
        self.saver = SessionSaver(SharedStores(lambda: self.path))   # the process's writer
        self._saving = Latest()
        self._again = False
        self._told: set[type] = set()
        self._over = False       # kept or closed: a save still running reports to no one
        self._moving_to: tuple[Path, bool] | None = None   # a data folder change waiting
        self.retry = QTimer(self)
        self.retry.setSingleShot(True)
        self.retry.setInterval(RETRY_MS)
        self.retry.timeout.connect(self.save_soon)

    @property
    def saving(self) -> bool:
        """True unless the file must not be touched again (damaged, or from a newer trainer)."""
        return not self.saver.state.stopped

    def status(self) -> str:
        """One line for the page: what is saved where (only what a commit has confirmed),
        what is being saved, or what waits and why."""
        return saving_line(self.saver.state, self.path)

    def unsaved(self) -> SaveState | None:
        """What the file could not take yet (None when everything is saved or being saved)."""
        state = self.saver.state
        return None if state.saved or state.problem is None else state

    def start(self, preset_label: str, mode: Mode, settings: Mapping[str, Any]) -> None:
        """End the session in progress, if any, and start a new one."""
        self.saver.start(preset_label, mode, settings)
        self.save_soon()

    def decision(self, decision: GradedDecision) -> None:
        """Save one decision (its row is kept, so the answer can be undone)."""
        self.last_decision = self.saver.decision(decision)
        self.save_soon()

    def undo(self) -> None:
        """Mark the last saved (or queued) decision undone: kept in the file, left out of the
        reviews."""
        row, self.last_decision = self.last_decision, None
        if row is not None:
            self.saver.undo(row)
            self.save_soon()

    def round(self, number: int, **values: Any) -> None:
        """Save one shoe round (see :meth:`ProgressStore.record_round`)."""
        self.saver.round(number, **values)
        self.save_soon()

    def end(self) -> None:
        """Record the end of the session in progress."""
        self.saver.end()
        self.save_soon()

    def save_soon(self) -> None:
        """Save what waits, off the UI thread (once more after a save already running)."""
        self._over = False       # a new write: the link lives again
        if self._saving.running:
            self._again = True
            return
        if self.saver.state.saved:
            return
        self._again = False
        self.retry.stop()
        job = Job(self, self.saver.save, name="saving answers").succeeded(self._saved)
        self._saving.start(job.ended(self.changed.emit))   # a failure is a bug: reported

    def try_again(self) -> None:
        """The player's Try again: open the file afresh and save what waits, off the UI thread,
        even after a fault that stopped the tries (each kind of fault is told again)."""
        self._told.clear()
        self.retry.stop()
        if self._saving.running:
            self._again = True
            return
        job = Job(self, self.saver.try_again, name="saving answers").succeeded(self._saved)
        self._saving.start(job.ended(self.changed.emit))

    def save_now(self) -> SaveState:
        """Save what waits on this thread (at most the busy timeout): before quitting."""
        self.retry.stop()
        return self.saver.save(wait=True)

    def keep_unsaved(self) -> Path | None:
        """End the session, save what waits on this thread (at most the busy timeout), and
        keep what the file still cannot take beside it for the next start; the file kept, if
        any. OSError when it cannot be kept either: nothing waiting is forgotten, and a new
        session goes on if the player stays after all."""
        self.retry.stop()
        self._over = True
        self.saver.end()
        if self.saver.save(wait=True).saved:
            return None
        try:
            kept = self.saver.keep_unsaved(self.path)
        except OSError:
            self._over = False          # the player may stay: go on saving, in a session
            self.saver.resume()
            self.retry.start()
            raise
        self.changed.emit()
        return kept

    def move_to(self, path: Path, *, resume: bool = True) -> None:
        """Follow a change of data folder: what waits is saved to the old file (or kept beside
        it for the next start), and from now on the answers go to ``path``, the session in
        progress going on there (``resume``). While the old file can take them neither way
        (locked, and a full disk), the answers wait for it as ever, and the move is made as
        soon as it took them."""
        self._moving_to = (path, resume)
        self._finish_move()

    def _finish_move(self) -> None:
        if self._moving_to is None:
            return
        path, resume = self._moving_to
        if path == self.path:
            self._moving_to = None
            return
        values = self.saver.session_values()
        self.retry.stop()
        if not self.saver.close().saved:
            try:
                self.saver.keep_unsaved(self.path)
            except OSError:
                self.saver.resume()         # on in the old file, until it takes them
                self.retry.start()
                return
        self._moving_to, self.path, self.last_decision = None, path, None
        self.saver.elsewhere()        # the same saver (pages hold it) opens the new file next
        self._told.clear()
        if resume and values is not None:
            self.start(*values)
        self.moved.emit()
        self.changed.emit()

    def _saved(self, state: SaveState) -> None:
        if self._over:       # the window is ending: no retry, no dialog (it would wait)
            return
        if state.saved and self._moving_to is not None:
            self._finish_move()
        if self._again:
            self.save_soon()
        elif not state.saved and not state.stopped:
            self.retry.start()
        if state.problem is not None and type(state.problem) not in self._told:
            self._told.add(type(state.problem))
            advice = _STOPPED if state.stopped else _WAITING
            show_store_problem(self.parent_page, f"{state.problem}\n\n{advice}")

    def close(self) -> SaveState:
        """End the session, save what waits, close the file; what it still cannot take (the
        session's end, say, with the file locked) is kept beside it for the next start.
        Returns what could not be saved."""
        self._over = True
        self.retry.stop()
        state = self.saver.close()
        if not state.saved:
            with contextlib.suppress(OSError):     # asked about before: see MainWindow
                self.saver.keep_unsaved(self.path)
        self.changed.emit()
        return state


def saving_line(state: SaveState, path: object) -> str:
    """The status line for a saver's ``state``: an answer is called saved only after its
    commit returned."""
    if state.problem is not None:
        return state.text()
    if not state.saved:
        return f"Saving to {path}…"
    done = state.saved_answers
    if done:
        return f"Saved: {done} answer{'' if done == 1 else 's'} in {path}"
    return f"Your answers will be saved to {path}"


def show_store_problem(parent: QWidget, message: str) -> None:
    """The plain dialog for a progress-file fault."""
    QMessageBox.warning(parent, "Your progress is not being saved", message)
