"""Shoes valued exactly (:func:`.values.shoe_values`) on any ``concurrent.futures`` executor:
the count lab's heavy part.

The shoes go out in batches of :data:`BATCH` (a task of seconds, not milliseconds), each
carrying the rules and charts it needs, so a task runs the same on any worker of any executor:
one thread of this process, the project's own process pool (the default:
:func:`local_pool`, workers that end with this process, :mod:`strategy_charts.worker_pool`), or
a cluster's (:mod:`strategy_charts.cluster`). Each shoe's values depend on the shoe alone, so the
results are the same, bit for bit, whatever runs them. The lab asks an :data:`Executors` (a
maker of executors) for one; when a lost worker breaks it, the batches still missing are sent
to a fresh one (a cluster's scheduler resends them itself), up to :data:`RETRIES` times, so
none is ever silently missing. A cancelled build cancels the batches not yet run (a pool is
also ended at once by :func:`strategy_charts.worker_pool.pooled`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import (
    BrokenExecutor,
    CancelledError,
    Executor,
    ThreadPoolExecutor,
    as_completed,
)
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import numpy as np

from trainer.rules import RuleSet

from ..cancelling import Cancelled, current
from ..tables import TableError
from ..worker_pool import pooled
from .values import ShoeValues, TableCharts, shoe_values

#: Called as ``progress(done, total)`` while shoes are valued.
Progress = Callable[[int, int], None]
#: A shoe to value: its counts A..ten and, where a side bet reads card types, those.
Job = tuple[tuple[int, ...], np.ndarray | None]
#: Where the shoes are valued: called for an executor to use for a ``with`` block (called
#: again for a fresh one when a lost worker broke the last).
Executors = Callable[[], AbstractContextManager[Executor]]
#: Where a lab build runs: a number of local processes (1: this one) or any executors.
Workers = int | Executors

#: Shoes per task: a shoe takes about half a second to a second and a half.
BATCH = 4
#: Fresh executors asked for after a broken one, before the build gives up.
RETRIES = 3


class LostWorkersError(TableError):
    """The executor broke more often than :data:`RETRIES`: the lab cannot be built (said
    plainly, as a table that cannot be built is)."""


def value_batch(rules: RuleSet, charts: dict[str, Any], batch: list[Job]) -> list[ShoeValues]:
    """One task: the values of a batch of shoes (wherever it runs)."""
    table = TableCharts(rules, charts)
    return [shoe_values(rules, job[0], table, job[1]) for job in batch]


@contextmanager
def _in_process() -> Iterator[Executor]:
    """One thread of this process (the work off the caller's thread, so progress is reported
    and a cancel heard between batches, as with any executor)."""
    with ThreadPoolExecutor(1, thread_name_prefix="shoes") as executor:
        yield executor


def local_pool(workers: int) -> Executors:
    """The default executors: ``workers`` processes that die with this one (1: this one)."""
    if workers <= 1:
        return _in_process
    return lambda: pooled(workers)


def executors_of(workers: Workers) -> Executors:
    """The executors ``workers`` names (a number: :func:`local_pool`)."""
    return local_pool(workers) if isinstance(workers, int) else workers


def value_shoes(rules: RuleSet, charts: dict[str, Any], jobs: list[Job], workers: Workers = 1,
                progress: Progress | None = None) -> list[ShoeValues]:
    """The values of each (composition, card types) in ``jobs``, in order, on ``workers``
    (a number of local processes, or any executors)."""
    executors = executors_of(workers)
    batches = [jobs[i:i + BATCH] for i in range(0, len(jobs), BATCH)]
    done: dict[int, list[ShoeValues]] = {}
    broken = 0
    while len(done) < len(batches):
        try:
            with executors() as executor:
                _run(executor, rules, charts, batches, done, progress, len(jobs))
        except BrokenExecutor as exc:   # a lost worker: the missing batches go out again
            token = current()
            if token is not None and token.cancelled:
                raise Cancelled from exc
            broken += 1
            if broken > RETRIES:
                raise LostWorkersError(f"the workers were lost {broken} times; "
                                       f"{len(batches) - len(done)} batches of shoes not "
                                       "valued") from exc
    return [value for i in range(len(batches)) for value in done[i]]


def _run(executor: Executor, rules: RuleSet, charts: dict[str, Any], batches: list[list[Job]],
         done: dict[int, list[ShoeValues]], progress: Progress | None, total: int) -> None:
    """Value the batches not yet ``done`` on ``executor``, into ``done`` as they come."""
    futures = {executor.submit(value_batch, rules, charts, batch): i
               for i, batch in enumerate(batches) if i not in done}
    token = current()
    key = (token.register(lambda: [f.cancel() for f in futures]) if token is not None
           else None)
    try:
        for future in as_completed(futures):
            try:
                done[futures[future]] = future.result()
            except CancelledError as exc:
                raise Cancelled from exc
            if progress:
                progress(sum(len(v) for v in done.values()), total)
    finally:
        if token is not None and key is not None:
            token.unregister(key)
        for future in futures:
            future.cancel()


def default_workers() -> int:
    """Processes for a build: the machine's cores."""
    return max(1, os.cpu_count() or 1)


__all__ = ["BATCH", "RETRIES", "Executors", "Job", "LostWorkersError", "Progress",
           "Workers", "default_workers", "executors_of", "local_pool", "value_batch",
           "value_shoes"]
