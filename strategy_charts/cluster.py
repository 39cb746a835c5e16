"""The count lab on a Dask cluster: executors from Dask's ``distributed`` (an optional extra,
``pip install 'freebet-trainer[cluster]'``), for a scheduler already running
(``--scheduler tcp://HOST:PORT``, or :data:`SCHEDULER_VARIABLE`) or for a cluster of local
worker processes started and stopped around a command (``--workers N``).

``Client.get_executor()`` is a ``concurrent.futures`` executor, so the lab runs on it as on the
default pool (:mod:`strategy_charts.counting.valuing`); the scheduler resends the tasks of a
worker it loses. Every machine needs the same version of the trainer (and numpy) installed:
the workers import the engine and value shoes exactly as this process would.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from types import ModuleType

from .counting.valuing import Executors, Workers, default_workers
from .tables import TableError

#: The environment variable naming a Dask scheduler for every lab build (the app's too).
SCHEDULER_VARIABLE = "FREEBET_DASK_SCHEDULER"
#: What to install for the cluster engine.
INSTALL = "pip install 'freebet-trainer[cluster]'"
#: Where a local cluster listens: this machine only.
LOOPBACK = "127.0.0.1"
#: Seconds to wait for a scheduler to answer.
CONNECT_SECONDS = 30


class ClusterError(TableError):
    """The cluster cannot be used: the extra not installed, or the scheduler not reached."""


def distributed() -> ModuleType:
    """Dask's ``distributed``, or a plain :class:`ClusterError` saying what to install."""
    try:
        import distributed as module
    except ImportError:
        raise ClusterError("running the count lab on a Dask cluster needs Dask's distributed, "
                           f"which is not installed: {INSTALL}") from None
    return module


def scheduler_executors(address: str) -> Executors:
    """Executors of the Dask scheduler at ``address`` (``tcp://HOST:PORT``): each a client
    connected for a ``with`` block and closed after it."""
    module = distributed()   # told at once, before any work, when the extra is missing

    @contextmanager
    def executor() -> Iterator[Executor]:
        try:
            client = module.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"no Dask scheduler answered at {address} ({exc}); start one "
                               "with 'dask scheduler' and workers with 'dask worker "
                               f"{address}', or give another address") from None
        with client:
            yield client.get_executor()

    return executor


@contextmanager
def local_cluster(workers: int) -> Iterator[Executors]:
    """A Dask cluster of ``workers`` local processes of one thread each, listening on this
    machine only, for a ``with`` block: its executors; stopped when the block ends."""
    module = distributed()
    # every server on the loopback only, on ports free now (never the dashboard's usual 8787)
    cluster = module.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  host=LOOPBACK, dashboard_address=f"{LOOPBACK}:0",
                                  worker_dashboard_address=f"{LOOPBACK}:0")
    try:
        yield scheduler_executors(cluster.scheduler_address)
    finally:
        cluster.close()


def environment_scheduler() -> str | None:
    """The scheduler :data:`SCHEDULER_VARIABLE` names (None when unset or empty)."""
    return os.environ.get(SCHEDULER_VARIABLE, "").strip() or None


def default_lab_workers() -> Workers:
    """Where a lab build runs when none is chosen: the scheduler :data:`SCHEDULER_VARIABLE`
    names, else every core of this machine (the app's lab builds too)."""
    address = environment_scheduler()
    return scheduler_executors(address) if address else default_workers()


__all__ = ["CONNECT_SECONDS", "INSTALL", "SCHEDULER_VARIABLE", "ClusterError",
           "default_lab_workers", "distributed", "environment_scheduler", "local_cluster",
           "scheduler_executors"]
