"""The window told to stop by a signal: SIGTERM, SIGHUP (a closed terminal) or Ctrl-C.

Qt's event loop runs in C++, where Python cannot act on a signal until some Python code runs;
so Python's own handler only notes the signal, and its wakeup descriptor (a socket pair) wakes
a notifier on the UI thread, which tells the window (:meth:`MainWindow.stop`): it ends the way
quitting does, without asking, with the exit status 128 + the signal's number.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
from collections.abc import Callable
from types import FrameType

from PyQt6.QtCore import QObject, QSocketNotifier

from trainer.commands.stopping import STOPPING


class SignalStop(QObject):
    """While installed, a stopping signal calls ``on_signal(signum)`` on the UI thread (once:
    a second signal while the window ends waits for it)."""

    def __init__(self, on_signal: Callable[[int], object],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.on_signal = on_signal
        self.told = False
        self._before: dict[int, object] = {}
        self._wakeup = -1
        self._read, self._write = socket.socketpair()
        for end in (self._read, self._write):
            end.setblocking(False)
        self._notifier = QSocketNotifier(self._read.fileno(),  # type: ignore[call-overload]
                                         QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._woken)

    def install(self) -> SignalStop:
        """Take the stopping signals (the main thread only: elsewhere, nothing changes)."""
        if threading.current_thread() is threading.main_thread():
            self._wakeup = signal.set_wakeup_fd(self._write.fileno(), warn_on_full_buffer=False)
            for signum in STOPPING:
                self._before[signum] = signal.signal(signum, _noted)
        return self

    def uninstall(self) -> None:
        """Give the signals back as they were."""
        if self._before:
            for signum, handler in self._before.items():
                signal.signal(signum, handler)  # type: ignore[arg-type]
            signal.set_wakeup_fd(self._wakeup)
            self._before = {}
        self._notifier.setEnabled(False)
        for end in (self._read, self._write):
            end.close()

    def _woken(self) -> None:
        with contextlib.suppress(OSError):
            numbers = self._read.recv(64)
            if numbers and not self.told:
                self.told = True
                self.on_signal(numbers[0])


def _noted(signum: int, frame: FrameType | None) -> None:
    """Python's handler: the wakeup descriptor has carried the signal to the notifier."""


__all__ = ["SignalStop"]
