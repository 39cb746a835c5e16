"""Long work off the UI thread, its outcome back on it: one typed job (Anki's QueryOp pattern).

    job = Job(self, lambda: catalog(rules), name="shoe: load")
    job.succeeded(self._ready).failed(self._cannot_start, RulesError, OSError)
    self.loading.start(job)      # a Latest: a job started there cancels the one before

* A :class:`Job` ``[T]`` runs its work in a daemon worker thread (closing the window never waits
  for it) and hands the result, a ``T``, to its success callback on the UI thread. A job made
  with :meth:`Job.reporting` gets a ``report(done, total)`` to call, and each report reaches its
  progress callback on the UI thread, in order, before the result. The work must not touch
  widgets.
* Failures are told apart by exception type, never by message text: the types given to
  :meth:`Job.failed` are the ones the page expects and says in its own words (the core's
  exceptions carry plain messages naming the file and what to do); anything else is a bug or an
  environment fault the page did not expect, and goes to the application's one fault report
  (:func:`trainer.ui.errors.report`), which classifies it by type into a plain dialog.
* A job is cancelled by :meth:`Job.cancel`, by a newer job started in the same
  :class:`Latest`, or with its parent (a page closed while the work runs): a cancelled job's
  result, failure and progress never arrive, and a reporting job's next report raises
  :class:`~strategy_charts.cancelling.Cancelled` in its work, which stops a build there (its
  process pool ended on the way out), so a cancel really stops the work.
* **Heavy work** (a strategy table or a count lab built, minutes on every core) runs on one
  serialised worker (:meth:`Job.heavy`), as Anki serialises its collection work: one build at
  a time, in order, so a page that changes its rules while its build runs never starts a second
  pool beside the first — the first is cancelled and ended, then the second begins.
* Workers post to one relay that lives as long as the application, and the relay hands a
  message over only to a live, uncancelled job, so no callback ever runs on a deleted page's
  widgets, even for a result already on its way.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable
from enum import Enum
from typing import Any, Generic, TypeVar

from PyQt6 import sip
from PyQt6.QtCore import QCoreApplication, QObject, Qt, pyqtSignal

from strategy_charts.cancelling import Cancelled, Token, running

from .errors import report

T = TypeVar("T")
#: Called by reporting work as ``report(done, total)``.
Report = Callable[[int, int], None]


class Message(Enum):
    """What a worker tells the UI thread about its job."""

    PROGRESSED = "progressed"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class Job(QObject, Generic[T]):
    """One piece of work with a result of type ``T``; see the module docstring."""

    def __init__(self, parent: QObject, work: Callable[..., T], name: str = "background work",
                 *, reports: bool = False, serial: bool = False) -> None:
        """``work()`` returns the result; with ``reports`` it is called as ``work(report)``
        (see :meth:`reporting`); ``serial``: on the one heavy-work worker (:meth:`heavy`)."""
        super().__init__(parent)
        self._work = work
        self._reports = reports
        self._serial = serial
        self._token = Token()     # a cancel stops the work through it
        self.name = name
        self.running = False
        self.cancelled = False
        self._started = False
        self._relay: _Relay | None = None      # the relay its messages go through, once started
        self._on_success: Callable[[T], None] = lambda _result: None
        self._on_failure: Callable[[Exception], None] | None = None
        self._expected: tuple[type[Exception], ...] = ()
        self._on_progress: Callable[[int, int], None] | None = None
        self._on_end: Callable[[], None] | None = None

    @classmethod
    def reporting(cls, parent: QObject, work: Callable[[Report], T],
                  name: str = "background work") -> Job[T]:
        """A job whose work is called as ``work(report)`` to say how far it has come."""
        return cls(parent, work, name, reports=True)

    @classmethod
    def heavy(cls, parent: QObject, work: Callable[[Report], T],
              name: str = "heavy work") -> Job[T]:
        """A reporting job for a build: queued on the one heavy-work worker, after any build
        before it has ended (a cancelled one stops at its next report)."""
        return cls(parent, work, name, reports=True, serial=True)

    # ----- what to do with the outcome (on the UI thread) -----------------------------------

    def succeeded(self, callback: Callable[[T], None]) -> Job[T]:
        """Call ``callback(result)`` when the work returns."""
        self._on_success = callback
        return self

    def failed(self, callback: Callable[[Exception], None],
               *expected: type[Exception]) -> Job[T]:
        """Call ``callback(exc)`` when the work raises one of the ``expected`` types; any other
        exception goes to the application's fault report."""
        self._on_failure, self._expected = callback, expected
        return self

    def progressed(self, callback: Callable[[int, int], None]) -> Job[T]:
        """Call ``callback(done, total)`` for each report of the work."""
        self._on_progress = callback
        return self

    def ended(self, callback: Callable[[], None]) -> Job[T]:
        """Call ``callback()`` when the job ends, before its success or failure is handled
        (not when it was cancelled)."""
        self._on_end = callback
        return self

    # ----- running ----------------------------------------------------------------------------

    def start(self) -> Job[T]:
        """Start the work in a worker thread (once)."""
        if not self.running and not self.cancelled:
            self.running = self._started = True
            relay = self._relay = _relay()
            if self._serial:
                _heavy_worker().put((self, relay))
            else:
                threading.Thread(target=self._run, args=(relay,), name=self.name,
                                 daemon=True).start()
        return self

    def cancel(self) -> None:
        """Never hand this job's result, failure or progress to its callbacks, and stop its
        work: its next report raises, and a process pool it runs is ended now."""
        self.cancelled = True
        self.running = False
        self._token.cancel()
        if not self._started:      # no work will end and free it: freed now
            self.deleteLater()

    def _run(self, relay: _Relay) -> None:
        if self.cancelled:         # cancelled while it waited for the heavy-work worker
            _post(relay, self, Message.FAILED, Cancelled())   # dropped, and the job freed
            return
        try:
            with running(self._token):
                result = self._work(self._report) if self._reports else self._work()
        except Exception as exc:  # handed to the UI thread, which tells expected from not
            _post(relay, self, Message.FAILED, exc)   # after a cancel: dropped, job freed
        else:
            _post(relay, self, Message.SUCCEEDED, result)

    def _report(self, done: int, total: int) -> None:
        self._token.check()
        if self._relay is not None:
            _post(self._relay, self, Message.PROGRESSED, (done, total))

    def deliver(self, message: Message, payload: Any) -> bool:
        """On the UI thread: pass one message of the work to its callback; False when the job
        was cancelled (the message is dropped; its work's last message frees the job)."""
        if self.cancelled:
            if message is not Message.PROGRESSED:
                self.deleteLater()
            return False
        if message is Message.PROGRESSED:
            if self._on_progress is not None:
                self._on_progress(*payload)
            return True
        self.running = False
        self.deleteLater()
        if self._on_end is not None:
            self._on_end()
        if message is Message.SUCCEEDED:
            self._on_success(payload)
        elif self._on_failure is not None and isinstance(payload, self._expected):
            self._on_failure(payload)
        else:
            report(payload)
        return True


class Latest:
    """The one current job of some purpose (a page's load, its saving): a job started here
    cancels the one before, so a stale result never arrives."""

    def __init__(self) -> None:
        self._job: Job[Any] | None = None

    def start(self, job: Job[T]) -> Job[T]:
        """Cancel the current job, if any, and start ``job``."""
        self.cancel()
        self._job = job
        return job.start()

    def cancel(self) -> None:
        """Cancel the current job, if any."""
        if self._job is not None and not sip.isdeleted(self._job):
            self._job.cancel()
        self._job = None

    @property
    def running(self) -> bool:
        """True while the current job runs."""
        return self._job is not None and not sip.isdeleted(self._job) and self._job.running


class _Relay(QObject):
    """Carries messages from worker threads to the UI thread; lives as long as the app."""

    arrived = pyqtSignal(object, object, object)   # the job, the Message, the value
    #: A message was dropped: its job was cancelled or deleted (its name).
    dropped = pyqtSignal(str)

    def __init__(self) -> None:
        super().__init__(QCoreApplication.instance())
        # queued: delivered on the UI thread (PyQt6's stubs omit the connection type)
        self.arrived.connect(self._deliver, Qt.ConnectionType.QueuedConnection)  # type: ignore[call-arg]

    def _deliver(self, job: Job[Any], message: Message, payload: Any) -> None:
        if sip.isdeleted(job):   # its page was closed meanwhile: nobody needs the result
            self.dropped.emit("")
        elif not job.deliver(message, payload):
            self.dropped.emit(job.name)


_RELAY: list[_Relay] = []
_HEAVY: list[queue.SimpleQueue[tuple[Job[Any], _Relay]]] = []
_HEAVY_LOCK = threading.Lock()


def _heavy_worker() -> queue.SimpleQueue[tuple[Job[Any], _Relay]]:
    """The one heavy-work worker's queue (its daemon thread started with the first build)."""
    with _HEAVY_LOCK:
        if not _HEAVY:
            jobs: queue.SimpleQueue[tuple[Job[Any], _Relay]] = queue.SimpleQueue()
            _HEAVY.append(jobs)
            threading.Thread(target=_serve, args=(jobs,), name="heavy work",
                             daemon=True).start()
        return _HEAVY[0]


def _serve(jobs: queue.SimpleQueue[tuple[Job[Any], _Relay]]) -> None:
    """Run the heavy jobs one after another, in the order they were started."""
    while True:
        job, relay = jobs.get()
        with contextlib.suppress(RuntimeError):   # a job deleted with its page: nothing to do
            job._run(relay)


def _post(relay: _Relay, job: Job[Any], message: Message, payload: Any) -> None:
    """Send one message to the UI thread (dropped once the application is gone)."""
    with contextlib.suppress(RuntimeError):
        relay.arrived.emit(job, message, payload)


def _relay() -> _Relay:
    """The application's relay (made on the UI thread by the first job)."""
    if not _RELAY or sip.isdeleted(_RELAY[0]):
        _RELAY[:] = [_Relay()]
    return _RELAY[0]


def relay() -> _Relay:
    """The relay that delivers every job's messages (tests wait on its ``dropped``)."""
    return _relay()


__all__ = ["Job", "Latest", "Message", "Report", "relay"]
