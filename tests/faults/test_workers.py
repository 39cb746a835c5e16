"""Issue 22, finding 5: a lab build killed with ``kill -9`` leaves no worker process behind.

Before: ``kill -9`` of ``freebet-charts indices --rules custom.toml`` after 30 s left two
workers (about 62 MB each) running, and the app killed during the Counting page's lab build left
two (about 150 MB each) alive half an hour later. Each test starts a build in a child, waits
(bounded) until the child's workers are there, kills the child and then waits (bounded) until
every worker is gone, polling their pids.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process table from /proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent pid, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2:].split()   # after the command's name, which may hold ")"
    return fields[0], int(fields[1])


def children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[1] == pid and stat[0] != "Z":
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped has ended)."""
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"


def wait_for(done: Callable[[], bool], seconds: float, what: str) -> None:
    """Poll ``done`` until it holds, failing after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {seconds:g} s for {what}")
        time.sleep(0.1)


def kill_and_check(child: subprocess.Popen[bytes], workers: int, seconds: float) -> None:
    """Wait for ``workers`` children of ``child``, kill it, and see every one of them end."""
    pids: set[int] = set()
    try:
        wait_for(lambda: len(children(child.pid)) >= workers, 240, "the build's workers")
        pids = children(child.pid)
        os.kill(child.pid, signal.SIGKILL)
        child.wait(30)
        wait_for(lambda: not any(alive(pid) for pid in pids), seconds,
                 f"workers {sorted(pids)} to end with their parent")
    finally:
        if child.poll() is None:
            child.kill()
        for pid in pids | children(child.pid):
            if alive(pid):                  # left by a failure: the test cleans up after it
                os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="a build uses one process per core")
def test_a_killed_lab_build_of_a_rules_file_leaves_no_worker(tmp_path: Path) -> None:
    rules = tmp_path / "custom.toml"
    rules.write_text('base = "evolution"\nname = "six decks"\ndecks = 6\n', encoding="utf-8")
    env = {**os.environ, "FREEBET_TABLE_CACHE": str(tmp_path / "cache")}
    child = subprocess.Popen([sys.executable, "-m", "strategy_charts", "indices", "--rules",
                              str(rules)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    kill_and_check(child, 2, seconds=20)


#: A parent of a pool of two workers that each wait ten minutes, asking Linux for nothing:
#: the workers' watcher alone must end them (as off Linux).
WATCHED = """
import sys, time
from strategy_charts.worker_pool import worker_pool
pool = worker_pool(2, kernel=False)
tasks = [pool.submit(time.sleep, 600) for _ in range(2)]
time.sleep(600)
"""


def test_the_watcher_alone_ends_the_workers_of_a_killed_parent(tmp_path: Path) -> None:
    child = subprocess.Popen([sys.executable, "-c", WATCHED], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    kill_and_check(child, 2, seconds=20)
