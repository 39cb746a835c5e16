"""Work off the UI thread with one typed job: results, progress and failures come back on the UI
thread; expected failures go to the page, others to the fault report; stale and late results
are dropped."""

from __future__ import annotations

import threading

import pytest
from PyQt6 import sip
from PyQt6.QtCore import QObject
from PyQt6.QtWidgets import QLabel, QWidget

from trainer.rules import RulesError
from trainer.ui import background
from trainer.ui.background import Job, Latest


def on_ui_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def test_the_work_runs_off_the_ui_thread_and_the_result_arrives_on_it(qtbot) -> None:
    parent = QObject()
    got: list[tuple[object, bool]] = []
    worker_threads: list[threading.Thread] = []

    def work() -> int:
        worker_threads.append(threading.current_thread())
        return 42

    job = Job(parent, work).succeeded(lambda value: got.append((value, on_ui_thread())))
    with qtbot.waitSignal(job.destroyed):
        job.start()
    assert got == [(42, True)]
    assert worker_threads[0] is not threading.main_thread()


def test_progress_arrives_on_the_ui_thread_in_order_before_the_result(qtbot) -> None:
    parent = QObject()
    seen: list[tuple[object, ...]] = []

    def work(report) -> str:
        for done in range(1, 4):
            report(done, 3)
        return "built"

    job = Job.reporting(parent, work).succeeded(lambda value: seen.append(("result", value)))
    job.progressed(lambda done, total: seen.append((done, total, on_ui_thread())))
    with qtbot.waitSignal(job.destroyed):
        job.start()
    assert seen == [(1, 3, True), (2, 3, True), (3, 3, True), ("result", "built")]


def test_an_expected_failure_goes_to_the_page_after_the_end(qtbot) -> None:
    parent = QObject()
    seen: list[object] = []

    def work() -> None:
        raise RulesError("the rules file cannot be read")

    job = Job(parent, work).ended(lambda: seen.append("ended"))
    job.failed(seen.append, ValueError, RulesError)
    with qtbot.waitSignal(job.destroyed):
        job.start()
    assert seen[0] == "ended" and isinstance(seen[1], RulesError)


def test_an_unexpected_failure_goes_to_the_fault_report_not_the_page(qtbot,
                                                                     monkeypatch) -> None:
    parent = QObject()
    reported: list[BaseException] = []
    page_saw: list[Exception] = []
    monkeypatch.setattr(background, "report", reported.append)
    job = Job(parent, lambda: 1 / 0).failed(page_saw.append, RulesError, OSError)
    with qtbot.waitSignal(job.destroyed):
        job.start()
    assert page_saw == [] and isinstance(reported[0], ZeroDivisionError)


def test_a_result_for_a_closed_page_is_dropped_quietly(qtbot) -> None:
    parent = QObject()
    release = threading.Event()
    got: list[object] = []

    def work() -> str:
        release.wait(5)
        return "late"

    job = Job(parent, work, name="late work").succeeded(got.append).start()
    thread = next(t for t in threading.enumerate() if t.name == "late work")
    parent.deleteLater()
    qtbot.waitUntil(lambda: sip.isdeleted(job))
    with qtbot.waitSignal(background.relay().dropped):
        release.set()
        thread.join(5)
    assert got == []


def test_a_result_already_on_its_way_is_dropped_when_the_page_is_deleted(qtbot) -> None:
    """The work has finished (its result posted) when the page is deleted: the callback, which
    would touch the page's deleted widgets, never runs (a deleted chart canvas crashed a test
    run this way)."""
    page = QWidget()
    label = QLabel(page)
    got: list[object] = []
    errors: list[BaseException] = []

    def show(value: object) -> None:
        got.append(value)
        label.setText(str(value))

    Job(page, lambda: 7, name="already on its way").succeeded(show).failed(
        errors.append, Exception).start()
    worker = [t for t in threading.enumerate() if t.name == "already on its way"]
    for thread in worker:   # (none if it has ended already) not processing Qt's events
        thread.join(5)
    assert got == []        # posted, not delivered yet
    with qtbot.waitSignal(background.relay().dropped):
        sip.delete(page)
    assert got == [] and errors == []


def test_a_newer_job_in_the_same_slot_makes_the_older_ones_result_stale(qtbot) -> None:
    parent = QObject()
    loading = Latest()
    release = threading.Event()
    got: list[str] = []

    def slow() -> str:
        release.wait(5)
        return "stale"

    first = loading.start(Job(parent, slow, name="first load").succeeded(got.append))
    second = loading.start(Job(parent, lambda: "fresh").succeeded(got.append))
    assert first.cancelled and loading.running
    with qtbot.waitSignal(second.destroyed):
        pass
    assert got == ["fresh"] and not loading.running
    with qtbot.waitSignal(background.relay().dropped) as dropped:
        release.set()
    assert dropped.args == ["first load"] and got == ["fresh"]


@pytest.mark.parametrize("cancel_before_start", [True, False])
def test_a_cancelled_job_never_calls_back(qtbot, cancel_before_start: bool) -> None:
    parent = QObject()
    got: list[object] = []
    job = Job(parent, lambda: "result", name="cancelled").succeeded(got.append)
    job.ended(lambda: got.append("ended"))
    if cancel_before_start:
        job.cancel()
        assert not job.start().running      # never starts
        assert got == []
        return
    with qtbot.waitSignal(background.relay().dropped):
        job.start()
        job.cancel()
    assert got == []


def test_cancelled_jobs_are_freed(qtbot) -> None:
    """A probe started 50 jobs in one slot: 49 stayed alive as children of their page."""
    parent = QObject()
    loading = Latest()
    release = threading.Event()
    jobs = [loading.start(Job(parent, lambda: release.wait(5), name=f"load {n}"))
            for n in range(50)]
    never = Job(parent, lambda: None, name="never started")
    never.cancel()
    release.set()
    qtbot.waitUntil(lambda: all(sip.isdeleted(job) for job in (*jobs, never)), timeout=10_000)
    assert parent.findChildren(Job) == []


def test_progress_goes_through_the_relay_the_job_started_with(qtbot) -> None:
    parent = QObject()
    seen: list[tuple[int, int]] = []
    job = Job.reporting(parent, lambda report: report(1, 2) or "done").progressed(
        lambda done, total: seen.append((done, total)))
    with qtbot.waitSignal(job.destroyed):
        job.start()
    assert seen == [(1, 2)]
