"""Shoes valued exactly (:func:`.values.shoe_values`) one after another or in worker processes
that end with the process that started them (:mod:`strategy_charts.worker_pool`): the count
lab's heavy part."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np

from trainer.rules import RuleSet

from ..worker_pool import pooled
from .values import ShoeValues, TableCharts, shoe_values

#: Called as ``progress(done, total)`` while shoes are valued.
Progress = Callable[[int, int], None]

_worker: tuple[RuleSet, TableCharts] | None = None


def _start(rules: RuleSet, charts: dict[str, Any]) -> None:
    global _worker
    _worker = (rules, TableCharts(rules, charts))


def _value(job: tuple[tuple[int, ...], np.ndarray | None]) -> ShoeValues:
    assert _worker is not None
    rules, charts = _worker
    return shoe_values(rules, job[0], charts, job[1])


def value_shoes(rules: RuleSet, charts: dict[str, Any],
                jobs: list[tuple[tuple[int, ...], np.ndarray | None]], workers: int = 1,
                progress: Progress | None = None) -> list[ShoeValues]:
    """The values of each (composition, card types) in ``jobs``, in order, in ``workers``
    processes (1: in this one)."""
    out: list[ShoeValues] = []
    if workers <= 1:
        _start(rules, charts)
        for job in jobs:
            out.append(_value(job))
            if progress:
                progress(len(out), len(jobs))
        return out
    with pooled(workers, _start, (rules, charts)) as pool:   # they die with this one, or a cancel
        for value in pool.map(_value, jobs, chunksize=2):
            out.append(value)
            if progress:
                progress(len(out), len(jobs))
    return out


def default_workers() -> int:
    """Processes for a build: the machine's cores."""
    return max(1, os.cpu_count() or 1)
