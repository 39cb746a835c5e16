"""Stopping a build nobody wants any more, even one deep in minutes of work.

A build runs under a :class:`Token` (:func:`running` makes it the thread's current one). The
caller that no longer wants the result (the window's page changed its rules, or closed) calls
:meth:`Token.cancel`, which

* makes the build's next progress report raise :class:`Cancelled` (:meth:`Token.check`), and
* stops at once what the build registered with the token: a process pool registers its own
  end (:func:`strategy_charts.worker_pool.pooled`), so workers computing for minutes are ended
  and the build, waiting on them, unwinds with an error that the cancelled caller drops.

So a cancel really stops the work instead of only dropping its result.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Cancelled(Exception):
    """Raised in a cancelled build at its next report: it is no longer wanted; stop it."""


class Token:
    """One build's cancellation: a flag, and the stops of what the build runs."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cancelled = False
        self._stops: dict[int, Callable[[], object]] = {}
        self._next = 0

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._cancelled

    def cancel(self) -> None:
        """Cancel the build: its next report raises, and what it registered is stopped now
        (from the caller's thread)."""
        with self._lock:
            self._cancelled = True
            stops = list(self._stops.values())
        for stop in stops:
            stop()

    def check(self) -> None:
        """Raise :class:`Cancelled` if the build was cancelled (called at each report)."""
        if self._cancelled:
            raise Cancelled

    def register(self, stop: Callable[[], object]) -> int:
        """Have ``stop()`` called on a cancel (at once if cancelled already); returns a key
        for :meth:`unregister`."""
        with self._lock:
            key = self._next
            self._next += 1
            self._stops[key] = stop
            cancelled = self._cancelled
        if cancelled:
            stop()
        return key

    def unregister(self, key: int) -> None:
        """Forget a stop (what it stops has ended)."""
        with self._lock:
            self._stops.pop(key, None)


_local = threading.local()


@contextmanager
def running(token: Token) -> Iterator[Token]:
    """Make ``token`` this thread's current build token for the block."""
    before = getattr(_local, "token", None)
    _local.token = token
    try:
        yield token
    finally:
        _local.token = before


def current() -> Token | None:
    """The token of the build this thread runs, if any."""
    token: Token | None = getattr(_local, "token", None)
    return token


__all__ = ["Cancelled", "Token", "current", "running"]
