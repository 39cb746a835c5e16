"""The window's ear for :mod:`trainer.progress.changes`: one Qt signal, heard on the UI thread.

A saver announces its commits on the thread that saved them (a background job); the signal of
this module's one object crosses to the UI thread (Qt queues a signal emitted on another
thread), so a page connected to it redraws safely.
"""

from __future__ import annotations

from pathlib import Path

from PyQt6 import sip
from PyQt6.QtCore import QCoreApplication, QObject, pyqtSignal

from .progress_service import changes


class ProgressChanges(QObject):
    """``changed(path)`` after every commit of this process to the progress file ``path``."""

    changed = pyqtSignal(str)

    def __init__(self, parent: QObject | None) -> None:
        super().__init__(parent)
        self.stop = changes.subscribe(self._heard)

    def _heard(self, path: Path) -> None:
        if not sip.isdeleted(self):
            self.changed.emit(str(path))


_EARS: list[ProgressChanges] = []


def progress_changes() -> ProgressChanges:
    """The application's one :class:`ProgressChanges` (made on the UI thread by the first
    page that asks; it ends with the application)."""
    if not _EARS or sip.isdeleted(_EARS[0]):
        if _EARS:
            _EARS[0].stop()
        _EARS[:] = [ProgressChanges(QCoreApplication.instance())]
    return _EARS[0]


__all__ = ["ProgressChanges", "progress_changes"]
