"""Long work off the UI thread, results back by signal (Anki's QueryOp pattern).

``run_in_background(parent, work, on_success)`` runs ``work()`` in a worker thread and calls
``on_success(result)`` (or ``on_failure(exc)``) on the UI thread. With ``on_progress``, the work
is called as ``work(report)`` and each ``report(done, total)`` reaches ``on_progress`` on the UI
thread too. The work must not touch widgets. The worker is a daemon thread, so closing the
window never waits for a long build. A failure without ``on_failure`` goes to the global
exception hook.

The worker never emits a signal of an object the UI thread may delete: it posts to one relay
that lives as long as the application, and the relay, on the UI thread, hands the result over
only if the operation (a child of ``parent``) still exists. So a page closed while its work
runs never gets the result, even one already on its way (a callback on a deleted page's widgets
would raise or crash).
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable
from typing import Any

from PyQt6 import sip
from PyQt6.QtCore import QCoreApplication, QObject, Qt, pyqtSignal


class BackgroundOp(QObject):
    """One piece of work in a worker thread; its callbacks run on the UI thread while the op
    (deleted with its parent) exists."""

    def __init__(self, work: Callable[..., Any], parent: QObject | None = None,
                 name: str = "background work", reports: bool = False) -> None:
        super().__init__(parent)
        self._work = work
        self._reports = reports     # work takes report(done, total)
        self._name = name
        self.running = False
        self.on_success: Callable[[Any], None] = lambda _result: None
        self.on_failure: Callable[[BaseException], None] = _report
        self.on_progress: Callable[[int, int], None] | None = None

    def start(self) -> None:
        """Start the work (once)."""
        if self.running:
            return
        self.running = True
        relay = _relay()
        threading.Thread(target=self._run, args=(relay,), name=self._name, daemon=True).start()

    def _run(self, relay: _Relay) -> None:
        try:
            result = self._work(self.report) if self._reports else self._work()
        except Exception as exc:  # handed to the UI thread, which reports it
            _post(relay, self, "failed", exc)
        else:
            _post(relay, self, "succeeded", result)

    def report(self, done: int, total: int) -> None:
        """Tell the UI thread how far the work has come (call from the work)."""
        _post(_relay(), self, "progressed", (done, total))

    def deliver(self, kind: str, payload: Any) -> None:
        """On the UI thread: pass one message of the work to its callback."""
        if kind == "progressed":
            if self.on_progress is not None:
                self.on_progress(*payload)
            return
        self.running = False
        self.deleteLater()
        if kind == "succeeded":
            self.on_success(payload)
        else:
            self.on_failure(payload)


class _Relay(QObject):
    """Carries messages from worker threads to the UI thread; lives as long as the app."""

    arrived = pyqtSignal(object, str, object)   # the op, what happened, the value

    def __init__(self) -> None:
        super().__init__(QCoreApplication.instance())
        self.arrived.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    @staticmethod
    def _deliver(op: BackgroundOp, kind: str, payload: Any) -> None:
        if not sip.isdeleted(op):   # its page was closed meanwhile: nobody needs the result
            op.deliver(kind, payload)


_RELAY: list[_Relay] = []


def _post(relay: _Relay, op: BackgroundOp, kind: str, payload: Any) -> None:
    """Send one message to the UI thread (dropped once the application is gone)."""
    with contextlib.suppress(RuntimeError):
        relay.arrived.emit(op, kind, payload)


def _relay() -> _Relay:
    """The application's relay (made on the UI thread by the first operation)."""
    if not _RELAY or sip.isdeleted(_RELAY[0]):
        _RELAY[:] = [_Relay()]
    return _RELAY[0]


def run_in_background(parent: QObject, work: Callable[..., Any],
                      on_success: Callable[[Any], None],
                      on_failure: Callable[[BaseException], None] | None = None,
                      name: str = "background work",
                      on_progress: Callable[[int, int], None] | None = None) -> BackgroundOp:
    """Run ``work()`` (``work(report)`` with ``on_progress``) off the UI thread; its result or
    exception, and its progress, come back to ``parent``'s thread while ``parent`` exists.
    Returns the running operation (keep it if you want to know it is running)."""
    op = BackgroundOp(work, parent, name, reports=on_progress is not None)
    op.on_success = on_success
    op.on_failure = on_failure or _report
    op.on_progress = on_progress
    op.start()
    return op


def _report(exc: BaseException) -> None:
    sys.excepthook(type(exc), exc, exc.__traceback__)
