"""Where a lab command's build runs and how precise it is: ``--scheduler``, ``--workers`` and
``--precision``, shared by every command that may build a count lab.

    --scheduler tcp://HOST:PORT   a Dask cluster's scheduler (also FREEBET_DASK_SCHEDULER)
    --workers N                   a Dask cluster of N local processes, started and stopped here
    --precision TC                the index spread the lab aims at (more shoes: a finer one)

Without either, the lab runs on every core of this machine (the project's own pool). Either
needs Dask's ``distributed`` (the ``cluster`` extra); without it the command says what to
install. Where it runs changes how long a build takes, never what it finds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from trainer.commands import BAD_INPUT, CommandError
from trainer.commands.numbers import Whole

from ..cluster import (
    SCHEDULER_VARIABLE,
    ClusterError,
    distributed,
    environment_scheduler,
    local_cluster,
    scheduler_executors,
)
from .precision import DEFAULT, FINEST
from .valuing import Workers, default_workers

T = TypeVar("T")


def precision_value(text: str) -> float:
    """An index spread target in TC as typed (an argparse type)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give an index spread in true counts, "
                                         "e.g. 0.25") from None
    if not FINEST <= value <= 10:
        raise argparse.ArgumentTypeError(f"{text!r}: give a spread from {FINEST:g} to 10 TC")
    return value


@dataclass(frozen=True)
class LabOption:
    """``--scheduler`` or ``--workers`` (never both), and with ``precision`` ``--precision``."""

    precision: bool = True

    def add(self, parser: argparse.ArgumentParser) -> None:
        """Add the options to ``parser``."""
        group = parser.add_mutually_exclusive_group()
        group.add_argument("--scheduler", metavar="tcp://HOST:PORT", default=None,
                           help="build the count lab on this Dask scheduler's workers (default: "
                                f"${SCHEDULER_VARIABLE}, else this machine's cores; needs the "
                                "cluster extra)")
        group.add_argument("--workers", type=Whole(1, 512), default=None, metavar="N",
                           help="build it on a Dask cluster of N local processes, started and "
                                "stopped by this command (needs the cluster extra)")
        if self.precision:
            parser.add_argument("--precision", type=precision_value, default=None,
                                metavar="TC",
                                help=f"the index spread to aim at, in TC (default {DEFAULT:g}:"
                                     " the shipped labs'; finer takes more shoes, "
                                     "(default/TC)² times as many)")


#: Where the lab runs and to what precision (every lab command).
LAB = LabOption()
#: Where it runs only (eor, counts: a few shoes, no index plays).
WHERE = LabOption(precision=False)


def precision_of(args: argparse.Namespace) -> float | None:
    """The precision asked (None: the default)."""
    value: float | None = getattr(args, "precision", None)
    return value


@contextmanager
def lab_workers(args: argparse.Namespace) -> Iterator[Workers]:
    """Where ``args`` asks the lab to run, for a ``with`` block (a local cluster is started
    for it and stopped after it). Without the cluster extra, a plain message (exit 2)."""
    workers: int | None = getattr(args, "workers", None)
    address: str | None = getattr(args, "scheduler", None) or (
        environment_scheduler() if workers is None else None)
    if workers is None and address is None:
        yield default_workers()
        return
    try:
        distributed()
    except ClusterError as exc:
        raise CommandError(str(exc), BAD_INPUT) from None
    if workers is not None:
        with local_cluster(workers) as executors:
            yield executors
    else:
        assert address is not None
        yield scheduler_executors(address)


def built(what: str, build: Callable[[], T], shoes: Callable[[T], int]) -> T:
    """``build()``, then on stderr how many shoes it valued exactly and how long it took."""
    start = time.perf_counter()
    result = build()
    print(f"({what}: {shoes(result):,} shoes valued exactly in "
          f"{time.perf_counter() - start:.1f} s)", file=sys.stderr)
    return result


def lab_shoes(lab: dict[str, Any]) -> int:
    """The shoes a lab table valued: its pool, the full shoe and the ten one-card removals."""
    return int(lab["method"]["shoes"]) + 11


__all__ = ["LAB", "WHERE", "LabOption", "built", "lab_shoes", "lab_workers", "precision_of",
           "precision_value"]
