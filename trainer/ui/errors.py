"""One global exception hook: environment faults get a plain dialog, bugs a crash dialog.

Disk full, no permission, a locked or damaged database are not bugs: the user gets a short
message saying what happened and what to do. Anything else is a bug: a crash dialog with the
traceback as copyable details. Exceptions from any thread reach the UI thread by a queued
signal (as qutebrowser's crash signal does). :func:`classify` decides without a screen, by the
exception's type (and, for SQLite, its result code), never by its message text.

Code that catches an exception it does not expect (a background job's failure, say) hands it to
:func:`report`, the one way such a fault reaches the player.
"""

from __future__ import annotations

import errno
import platform
import sqlite3
import sys
import threading
import traceback
from dataclasses import dataclass
from types import TracebackType

from PyQt6.QtCore import QObject, Qt, pyqtSignal
from PyQt6.QtWidgets import QApplication, QMessageBox, QWidget

from .progress_service import (
    CorruptDatabaseError,
    DatabaseLockedError,
    DiskFullError,
    ProgressStoreError,
    ReadOnlyError,
    StorageError,
    fault_kind,
)

_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_DENIED = {errno.EACCES, errno.EPERM, errno.EROFS}


#: What to say about an sqlite3 failure that escaped the store, by the fault it is.
_SQLITE_FAULTS = {
    DatabaseLockedError: ("The progress database is busy",
                          "Another copy of the trainer (or another program) is using it. Close "
                          "it and try again."),
    CorruptDatabaseError: ("The progress database is damaged",
                           "It could not be read: {exc}. Restore a backup, or move the file "
                           "away to start a fresh history."),
    DiskFullError: ("The disk is full",
                    "There is no space left to save. Free some space on that disk, then try "
                    "again."),
    ReadOnlyError: ("No permission",
                    "The progress database is read-only. Check its folder's permissions, or "
                    "choose another data location in Settings."),
    StorageError: ("The progress database could not be used",
                   "{exc}. Check that its folder exists and is writable (Settings, data "
                   "location), then try again."),
}


@dataclass(frozen=True)
class Fault:
    """What to tell the user about one exception."""

    is_bug: bool
    title: str
    message: str
    details: str


def classify(exc: BaseException) -> Fault:
    """Tell an environment fault (with advice) from a bug (with the traceback)."""
    details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    where = getattr(exc, "filename", None)
    place = f" ({where})" if where else ""
    tables = sys.modules.get("strategy_charts.tables")   # loaded with the first table
    if tables is not None and isinstance(exc, tables.TableError):   # names file and remedy
        return Fault(False, "A strategy table cannot be used", str(exc), details)
    if isinstance(exc, ProgressStoreError):   # names the file and what to do
        return Fault(False, "The progress file cannot be used", str(exc), details)
    if isinstance(exc, OSError) and exc.errno in _FULL:
        return Fault(False, "The disk is full",
                     f"There is no space left to save{place}. Free some space on that disk, "
                     "then try again.", details)
    if isinstance(exc, OSError) and exc.errno in _DENIED:
        return Fault(False, "No permission",
                     f"The trainer may not write{place}. Check the folder's permissions, or "
                     "choose another data location in Settings.", details)
    kind = fault_kind(exc) if isinstance(exc, sqlite3.Error) else None
    if kind is not None:   # told apart by SQLite's result code, not its message
        title, advice = _SQLITE_FAULTS.get(kind, _SQLITE_FAULTS[StorageError])
        return Fault(False, title, advice.format(exc=exc), details)
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        return Fault(False, "A file could not be used",
                     f"{reason}{place}. Check that the disk is connected and the file is "
                     "there, then try again.", details)
    if isinstance(exc, MemoryError):
        return Fault(False, "Out of memory",
                     "The computer ran out of memory. Close other programs and try again.",
                     details)
    from trainer import __version__
    about = (f"freebet-trainer {__version__}, Python {platform.python_version()}, "
             f"{platform.platform()}")
    return Fault(True, "Something went wrong",
                 "This is a bug in the trainer, not something you did. Please copy the "
                 "details into a bug report. You can keep using the app, but restarting it is "
                 "safest.", f"{about}\n\n{details}")


def report(exc: BaseException) -> None:
    """Hand an exception nobody expected to the application's fault handler (the installed
    :class:`ErrorHandler`, as ``sys.excepthook``), as if it had not been caught."""
    sys.excepthook(type(exc), exc, exc.__traceback__)


class ErrorHandler(QObject):
    """Receives every uncaught exception and shows one dialog at a time."""

    raised = pyqtSignal(object)
    #: A fault not shown because a dialog was already open (it went to stderr only).
    ignored = pyqtSignal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.dialog: QMessageBox | None = None
        # queued: shown from the UI thread whichever thread raised (PyQt6's stubs omit the
        # connection type that PyQt6 itself takes)
        self.raised.connect(self.show_fault, Qt.ConnectionType.QueuedConnection)  # type: ignore[call-arg]
        self._previous = (sys.excepthook, threading.excepthook)

    def install(self) -> None:
        """Become ``sys.excepthook`` and ``threading.excepthook``."""
        sys.excepthook = self.hook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        """Put back the hooks that were there before :meth:`install`."""
        sys.excepthook, threading.excepthook = self._previous

    def hook(self, exc_type: type[BaseException], exc: BaseException,
             tb: TracebackType | None) -> None:
        """``sys.excepthook``: print the traceback, then show the dialog on the UI thread."""
        if issubclass(exc_type, KeyboardInterrupt):
            QApplication.quit()
            return
        traceback.print_exception(exc_type, exc, tb, file=sys.stderr)
        if exc.__traceback__ is None and tb is not None:
            exc = exc.with_traceback(tb)
        self.raised.emit(exc)

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            self.hook(args.exc_type, args.exc_value, args.exc_traceback)

    def show_fault(self, exc: BaseException) -> None:
        """Show the dialog for ``exc`` (only one at a time; later ones go to stderr only)."""
        if self.dialog is not None and self.dialog.isVisible():
            self.ignored.emit(exc)
            return
        fault = classify(exc)
        parent = QApplication.activeWindow()
        box = QMessageBox(parent if isinstance(parent, QWidget) else None)
        box.setWindowTitle(fault.title)
        box.setIcon(QMessageBox.Icon.Critical if fault.is_bug else QMessageBox.Icon.Warning)
        box.setText(f"<b>{fault.title}</b>")
        box.setInformativeText(fault.message)
        box.setDetailedText(fault.details)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        if fault.is_bug:
            copy = box.addButton("Copy details", QMessageBox.ButtonRole.ActionRole)
            if copy is not None:
                copy.clicked.disconnect()   # copying must not close the box
                copy.clicked.connect(lambda: _copy(fault.details))
        box.addButton(QMessageBox.StandardButton.Ok)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setModal(True)
        self.dialog = box
        box.finished.connect(self._closed)
        box.show()

    def _closed(self) -> None:
        self.dialog = None


def _copy(text: str) -> None:
    clipboard = QApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(text)
