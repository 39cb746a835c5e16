"""Work off the UI thread: results and errors come back on the UI thread, late ones are dropped."""

from __future__ import annotations

import threading

from PyQt6 import sip
from PyQt6.QtCore import QObject
from PyQt6.QtWidgets import QLabel, QWidget

from trainer.ui.background import run_in_background


def test_the_result_arrives_on_the_ui_thread(qtbot) -> None:
    parent = QObject()
    got: list[tuple[object, bool]] = []
    worker_threads: list[threading.Thread] = []

    def work() -> int:
        worker_threads.append(threading.current_thread())
        return 42

    run_in_background(parent, work,
                      lambda value: got.append((value, threading.current_thread()
                                                is threading.main_thread())))
    qtbot.waitUntil(lambda: bool(got))
    assert got == [(42, True)]
    assert worker_threads[0] is not threading.main_thread()


def test_progress_arrives_on_the_ui_thread_in_order_before_the_result(qtbot) -> None:
    parent = QObject()
    seen: list[tuple[object, ...]] = []

    def work(report) -> str:
        for done in range(1, 4):
            report(done, 3)
        return "built"

    run_in_background(parent, work, lambda value: seen.append(("result", value)),
                      on_progress=lambda done, total: seen.append(
                          (done, total, threading.current_thread() is threading.main_thread())))
    qtbot.waitUntil(lambda: ("result", "built") in seen)
    assert seen == [(1, 3, True), (2, 3, True), (3, 3, True), ("result", "built")]


def test_a_failure_goes_to_on_failure(qtbot) -> None:
    parent = QObject()
    errors: list[BaseException] = []
    run_in_background(parent, lambda: 1 / 0, lambda _: None, errors.append)
    qtbot.waitUntil(lambda: bool(errors))
    assert isinstance(errors[0], ZeroDivisionError)


def test_a_result_for_a_closed_page_is_dropped_quietly(qtbot) -> None:
    parent = QObject()
    release = threading.Event()
    got: list[object] = []

    def work() -> str:
        release.wait(5)
        return "late"

    op = run_in_background(parent, work, got.append)
    thread = next(t for t in threading.enumerate() if t.name == "background work")
    parent.deleteLater()
    qtbot.waitUntil(lambda: not _alive(op))
    release.set()
    thread.join(5)
    qtbot.wait(20)
    assert got == []


def _alive(obj: QObject) -> bool:
    try:
        obj.objectName()
    except RuntimeError:
        return False
    return True


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

    run_in_background(page, lambda: 7, show, errors.append, name="already on its way")
    worker = [t for t in threading.enumerate() if t.name == "already on its way"]
    for thread in worker:   # (none if it has ended already) not processing Qt's events
        thread.join(5)
    assert got == []        # posted, not delivered yet
    sip.delete(page)
    qtbot.wait(20)
    assert got == [] and errors == []
