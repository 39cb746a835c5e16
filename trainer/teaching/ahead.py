"""A grade worked out while the player thinks.

The perfect-play grade of a decision at a live shoe (:class:`~trainer.teaching.grading.
PerfectPlayGrader`) takes up to about 10 ms at the Pot of Gold table (a small pair against an
ace: ``docs/speed.md``). It is a pure function of the spot and the cards unseen, both known as
soon as the decision is dealt, so it is started then in a worker thread (one for the process:
one grade at a time) and the player's answer picks it up; an answer for another spot or shoe,
or one given before it was started, works it out then and there. The grade is the same either
way.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Generic, TypeVar

from strategy_charts.composition import Composition

from .situations import Spot

T = TypeVar("T")

_workers: dict[int, ThreadPoolExecutor] = {}


def _worker() -> ThreadPoolExecutor:
    """The one worker every grade ahead of this process runs on (a thread only once the first
    is started). A process forked from one whose worker had started gets its own: the copy's
    thread did not come along, and work handed to it would wait for ever."""
    pid = os.getpid()
    if pid not in _workers:
        _workers.clear()
        _workers[pid] = ThreadPoolExecutor(max_workers=1, thread_name_prefix="grade-ahead")
    return _workers[pid]


class Ahead(Generic[T]):
    """``work(spot, unseen)``, started ahead for the decision awaited (:meth:`start`) and
    picked up by the answer (:meth:`result`)."""

    def __init__(self, work: Callable[[Spot, Composition], T]) -> None:
        self._work = work
        self._lock = threading.Lock()
        self._key: tuple[Spot, Composition] | None = None
        self._future: Future[T] | None = None

    def start(self, spot: Spot, unseen: Composition) -> None:
        """Start the work for ``spot`` at ``unseen`` (nothing new if it is already started)."""
        key = (spot, tuple(unseen))
        with self._lock:
            if self._key != key:
                self._key, self._future = key, _worker().submit(self._work, spot, key[1])

    def result(self, spot: Spot, unseen: Composition) -> T:
        """The work's result for ``spot`` at ``unseen``: the one started ahead (waiting for it
        if it is still running; its error raised here), else worked out now."""
        key = (spot, tuple(unseen))
        with self._lock:
            future = self._future if self._key == key else None
        if future is not None:
            return future.result()
        return self._work(spot, key[1])


__all__ = ["Ahead"]
