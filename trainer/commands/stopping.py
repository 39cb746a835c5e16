"""Being told to stop: Ctrl-C (SIGINT), a closed terminal (SIGHUP) and SIGTERM end a program
the way quitting does, with the exit status a shell expects (128 + the signal's number: 130,
129, 143).

:func:`stop_signals` turns SIGHUP and SIGTERM into :class:`Stopped`, a KeyboardInterrupt, so
that every place that ends a drill on Ctrl-C (saving what waits) ends it on those too;
:func:`exit_status` gives the status for any of them. :func:`held` defers them while a program
saves what waits, so a second signal cannot cut that short.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

#: The signals that end a program as quitting does.
STOPPING = (signal.SIGINT, signal.SIGTERM, *((signal.SIGHUP,) if hasattr(signal, "SIGHUP")
                                             else ()))


class Stopped(KeyboardInterrupt):
    """The program was told to stop by ``signum`` (a closed terminal, SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_status(stop: KeyboardInterrupt) -> int:
    """128 + the signal's number: 130 for Ctrl-C, 129 for SIGHUP, 143 for SIGTERM."""
    return 128 + (stop.signum if isinstance(stop, Stopped) else signal.SIGINT)


def by_keyboard(stop: KeyboardInterrupt) -> bool:
    """True for Ctrl-C at the keyboard (someone is there to ask), False for a closed terminal
    or SIGTERM (no one to ask: what waits is kept, not asked about)."""
    return not isinstance(stop, Stopped)


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


@contextlib.contextmanager
def stop_signals() -> Iterator[None]:
    """Within the block, SIGHUP and SIGTERM raise :class:`Stopped` (the main thread only;
    elsewhere, or where the signal is ignored, as it was)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {}
    for signum in STOPPING[1:]:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            before[signum] = signal.signal(signum, _raise)
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def held() -> Iterator[list[int]]:
    """Within the block, the stopping signals are noted (in the list yielded), not acted on:
    a program saving what waits is not cut short by a second one."""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return
    before = {}
    for signum in STOPPING:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            before[signum] = signal.signal(signum, lambda number, frame: noted.append(number))
    try:
        yield noted
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


__all__ = ["STOPPING", "Stopped", "by_keyboard", "exit_status", "held", "stop_signals"]
