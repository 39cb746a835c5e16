"""Process pools whose workers end with the process that made them.

A pool's workers otherwise outlive a parent that is killed (``kill -9`` of a lab build, the app
closed by force while the Counting page builds a lab): each waits on its task, or computes one
for minutes, and holds its memory until the machine restarts. Every worker of
:func:`worker_pool` therefore, before its own initializer runs,

* asks Linux to kill it when its parent ends (``prctl(PR_SET_PDEATHSIG, SIGKILL)``, through
  ctypes; elsewhere there is no such call), and
* starts a watcher thread that ends the process when its parent's pid changes, looking every
  :data:`POLL_SECONDS`: the POSIX systems without that call (macOS, the BSDs) hand an orphan
  to another process, so its parent's pid changes. (Windows keeps the dead parent's pid; there
  neither way applies.)

A parent that died before either was in place is caught by comparing the parent's pid, given
to the worker, with the one it has (a pool started by a fork server has that server as parent,
whose own end is watched the same way).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from .cancelling import current

#: How often a worker's watcher looks at its parent's pid.
POLL_SECONDS = 0.5
#: The exit code of a worker ended because its parent ended.
ORPHANED = 70
#: Linux's prctl option: the signal a process gets when its parent ends.
_PR_SET_PDEATHSIG = 1


def worker_pool(workers: int, initializer: Callable[..., None] | None = None,
                initargs: tuple[Any, ...] = (), *, kernel: bool = True) -> ProcessPoolExecutor:
    """A process pool of ``workers`` that die with this process, each set up by
    ``initializer(*initargs)`` if given (``kernel=False``: ended by the watcher alone, as off
    Linux)."""
    context = multiprocessing.get_context()
    parent = os.getpid() if context.get_start_method() != "forkserver" else None
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_start,
                               initargs=(parent, kernel, initializer, initargs))


@contextmanager
def pooled(workers: int, initializer: Callable[..., None] | None = None,
           initargs: tuple[Any, ...] = ()) -> Iterator[ProcessPoolExecutor]:
    """A :func:`worker_pool` for a ``with`` block: shut down as usual when the block ends,
    ended at once when it raises (an error, a cancelled build) or when the build it runs for is
    cancelled from another thread (:mod:`strategy_charts.cancelling`: the pool registers its
    end with the thread's build token), so no worker computes on for a result nobody reads."""
    pool = worker_pool(workers, initializer, initargs)
    token = current()
    ended: list[Any] = []        # the workers a cancel ended (from the cancelling thread)
    key = (token.register(lambda: end_now(pool, wait=False, into=ended))
           if token is not None else None)
    try:
        yield pool
    except BaseException:
        for process in [*end_now(pool), *ended]:   # every worker gone before the block ends
            process.join(timeout=10)
        raise
    finally:
        if token is not None and key is not None:
            token.unregister(key)
    pool.shutdown(wait=True)


def end_now(pool: ProcessPoolExecutor, *, wait: bool = True,
            into: list[Any] | None = None) -> list[Any]:
    """Stop ``pool`` at once: its queued tasks dropped, its workers ended (and, with ``wait``,
    waited for); returns the worker processes ended, also added to ``into`` before any is
    stopped (so a thread waiting on the pool, woken by the stop, finds them there)."""
    # the executor's own processes: Python 3.11 offers no public handle on them
    handles = list((getattr(pool, "_processes", None) or {}).values())
    if into is not None:
        into.extend(handles)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in handles:
        process.terminate()
    for process in handles if wait else ():
        process.join(timeout=10)
    return handles


def _start(parent: int | None, kernel: bool, initializer: Callable[..., None] | None,
           initargs: tuple[Any, ...]) -> None:
    die_with_parent(parent, kernel=kernel)
    if initializer is not None:
        initializer(*initargs)


def die_with_parent(parent: int | None = None, *, kernel: bool = True) -> None:
    """End this process when its parent ends (``parent``: the pid it should have; None: the
    one it has now). ``kernel``: also ask Linux to kill it then."""
    watched = os.getppid() if parent is None else parent
    if kernel:
        _ask_the_kernel()
    if os.getppid() != watched:    # the parent ended before the request was in place
        os._exit(ORPHANED)
    threading.Thread(target=_watch, args=(watched,), name="parent watcher",
                     daemon=True).start()


def _ask_the_kernel() -> bool:
    """Ask Linux for SIGKILL when the parent ends; False where it cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    """End the process once its parent's pid is no longer ``parent``."""
    while os.getppid() == parent:
        time.sleep(POLL_SECONDS)
    os._exit(ORPHANED)


__all__ = ["ORPHANED", "POLL_SECONDS", "die_with_parent", "end_now", "pooled", "worker_pool"]
