"""Long work off the UI thread, results back by signal (Anki's QueryOp pattern).

``run_in_background(parent, work, on_success)`` runs ``work()`` in a worker thread and calls
``on_success(result)`` (or ``on_failure(exc)``) on the UI thread. With ``on_progress``, the work
is called as ``work(report)`` and each ``report(done, total)`` reaches ``on_progress`` on the UI
thread too. The work must not touch widgets. The worker is a daemon thread, so closing the
window never waits for a long build. A failure without ``on_failure`` goes to the global
exception hook.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QObject, Qt, pyqtSignal


class BackgroundOp(QObject):
    """One piece of work in a worker thread; ``finished`` fires on the UI thread."""

    succeeded = pyqtSignal(object)
    failed = pyqtSignal(object)
    progressed = pyqtSignal(int, int)

    def __init__(self, work: Callable[..., Any], parent: QObject | None = None,
                 name: str = "background work", reports: bool = False) -> None:
        super().__init__(parent)
        self._work = work
        self._reports = reports     # work takes report(done, total)
        self._name = name
        self.running = False

    def start(self) -> None:
        """Start the work (once)."""
        if self.running:
            return
        self.running = True
        threading.Thread(target=self._run, name=self._name, daemon=True).start()

    def _run(self) -> None:
        try:
            result = self._work(self.report) if self._reports else self._work()
        except Exception as exc:  # handed to the UI thread, which reports it
            self._emit("failed", exc)
        else:
            self._emit("succeeded", result)

    def _emit(self, signal: str, *values: object) -> None:
        # RuntimeError: the page that asked was closed (and this op deleted with it)
        # meanwhile; nobody needs the result
        with contextlib.suppress(RuntimeError):
            getattr(self, signal).emit(*values)

    def report(self, done: int, total: int) -> None:
        """Tell the UI thread how far the work has come (call from the work)."""
        self._emit("progressed", done, total)


def run_in_background(parent: QObject, work: Callable[..., Any],
                      on_success: Callable[[Any], None],
                      on_failure: Callable[[BaseException], None] | None = None,
                      name: str = "background work",
                      on_progress: Callable[[int, int], None] | None = None) -> BackgroundOp:
    """Run ``work()`` (``work(report)`` with ``on_progress``) off the UI thread; its result or
    exception, and its progress, come back to ``parent``'s thread. Returns the running
    operation (keep it if you want to know it is running)."""
    op = BackgroundOp(work, parent, name, reports=on_progress is not None)
    queued = Qt.ConnectionType.QueuedConnection
    if on_progress is not None:
        op.progressed.connect(on_progress, queued)
    op.succeeded.connect(on_success, queued)
    op.succeeded.connect(op.deleteLater, queued)
    op.failed.connect(on_failure or _report, queued)
    op.failed.connect(op.deleteLater, queued)
    op.start()
    return op


def _report(exc: BaseException) -> None:
    sys.excepthook(type(exc), exc, exc.__traceback__)
