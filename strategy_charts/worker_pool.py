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
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

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


__all__ = ["ORPHANED", "POLL_SECONDS", "die_with_parent", "worker_pool"]
