"""Heavy work runs on one serialised worker and a cancel really stops it: the build stops at
its next report, its process pool is ended, and the next build starts only after that (before:
changing the rules while the Counting page built a lab started a second pool beside the first,
and a cancel only dropped the result)."""

from __future__ import annotations

import os
import time

from PyQt6.QtWidgets import QWidget

from strategy_charts.worker_pool import pooled
from trainer.ui.background import Job, Report

#: Tasks that return at once; every later one computes "for ever" (an hour), so only ending
#: the workers can stop the build.
QUICK = 6


def _task(n: int) -> int:
    if n >= QUICK:
        time.sleep(3600)
    return os.getpid()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:      # a zombie has ended: it only waits its reaper
        return stat.read().split()[2] != "Z"


def test_a_cancelled_build_ends_its_pool_before_the_next_build_starts(qtbot) -> None:
    page = QWidget()
    qtbot.addWidget(page)
    pids: list[int] = []
    seen_alive: list[list[int]] = []
    done: list[str] = []

    def first(report: Report) -> str:
        with pooled(2) as pool:
            for n, pid in enumerate(pool.map(_task, range(20)), start=1):
                pids.append(pid)
                report(n, 20)
        return "first finished"            # never reached: it is cancelled

    def second(report: Report) -> str:
        seen_alive.append([pid for pid in set(pids) if _alive(pid)])
        report(1, 1)
        return "second finished"

    build = Job.heavy(page, first, name="first build")
    progressed: list[int] = []
    build.progressed(lambda n, total: progressed.append(n)).succeeded(done.append)
    build.start()
    qtbot.waitUntil(lambda: len(progressed) >= 3, timeout=30_000)
    build.cancel()          # its next report stops it: only its quick tasks had ended
    nxt = Job.heavy(page, second, name="second build").succeeded(done.append)
    nxt.start()
    qtbot.waitUntil(lambda: done == ["second finished"], timeout=30_000)
    assert seen_alive == [[]], "the first build's workers ran on beside the second"
    assert 3 <= len(pids) <= QUICK


def test_heavy_jobs_run_one_after_another_in_order(qtbot) -> None:
    page = QWidget()
    qtbot.addWidget(page)
    log: list[str] = []

    def work(name: str) -> Job[str]:
        def run(report: Report) -> str:
            log.append(f"{name} starts")
            time.sleep(0.05)
            log.append(f"{name} ends")
            return name
        return Job.heavy(page, run, name=name)

    jobs = [work(name) for name in ("a", "b", "c")]
    ended: list[str] = []
    for job in jobs:
        job.succeeded(ended.append).start()
    qtbot.waitUntil(lambda: len(ended) == 3, timeout=30_000)
    assert log == ["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]
    assert ended == ["a", "b", "c"]
