"""The global exception hook: environment faults get advice, bugs a crash dialog with details."""

from __future__ import annotations

import errno
import sqlite3
import sys
import threading

import pytest
from PyQt6.QtWidgets import QApplication, QMessageBox

from trainer.ui.errors import ErrorHandler, classify


def coded(error: sqlite3.Error, code: int) -> sqlite3.Error:
    """``error`` with SQLite's result code, as sqlite3 raises it."""
    error.sqlite_errorcode = code  # type: ignore[attr-defined]
    return error


def raised(exc: BaseException) -> BaseException:
    """``exc`` with a traceback, as the hook receives it."""
    try:
        raise exc
    except BaseException as caught:
        return caught


@pytest.mark.parametrize(("exc", "title"), [
    (OSError(errno.ENOSPC, "No space left on device", "/data/progress.db"), "The disk is full"),
    (PermissionError(errno.EACCES, "Permission denied", "/data"), "No permission"),
    (OSError(errno.EROFS, "Read-only file system", "/media/x"), "No permission"),
    (coded(sqlite3.OperationalError("database is locked"), 5), "The progress database is busy"),
    (coded(sqlite3.DatabaseError("file is not a database"), 26),
     "The progress database is damaged"),
    (coded(sqlite3.OperationalError("database or disk is full"), 13), "The disk is full"),
    (FileNotFoundError(errno.ENOENT, "No such file or directory", "/x/rules.toml"),
     "A file could not be used"),
])
def test_environment_faults_say_what_to_do(exc: BaseException, title: str) -> None:
    fault = classify(raised(exc))
    assert not fault.is_bug
    assert fault.title == title
    assert "try again" in fault.message or "Restore" in fault.message or "Check" in fault.message
    if getattr(exc, "filename", None):
        assert exc.filename in fault.message


def test_an_sqlite_failure_that_is_not_the_files_fault_is_a_bug() -> None:
    """Told apart by result code: a mistake in the trainer's SQL is a bug, whatever it says."""
    assert classify(raised(coded(sqlite3.OperationalError("no such table: x (locked)"), 1))).is_bug


def test_a_bug_gets_the_traceback_and_versions() -> None:
    fault = classify(raised(ValueError("bad chart cell")))
    assert fault.is_bug and fault.title == "Something went wrong"
    assert "ValueError: bad chart cell" in fault.details
    assert "Traceback" in fault.details and "freebet-trainer 0.1.0" in fault.details


def test_a_bug_shows_a_crash_dialog_whose_details_can_be_copied(qtbot) -> None:
    handler = ErrorHandler()
    exc = raised(KeyError("hole"))
    handler.hook(type(exc), exc, exc.__traceback__)
    qtbot.waitUntil(lambda: handler.dialog is not None and handler.dialog.isVisible())
    box = handler.dialog
    assert box is not None
    assert box.icon() == QMessageBox.Icon.Critical
    assert "KeyError: 'hole'" in box.detailedText()
    copy = next(b for b in box.buttons() if b.text() == "Copy details")
    copy.click()
    assert QApplication.clipboard().text() == box.detailedText()
    assert box.isVisible()                       # copying does not close the dialog
    box.close()


def test_a_second_error_while_the_dialog_is_open_goes_to_stderr_only(qtbot, capsys) -> None:
    handler = ErrorHandler()
    with qtbot.waitSignal(handler.ignored) as ignored:
        for exc in (raised(ValueError("one")), raised(ValueError("two"))):
            handler.hook(type(exc), exc, exc.__traceback__)
    assert str(ignored.args[0]) == "two"
    first = handler.dialog
    assert first is not None and "one" in first.detailedText()
    assert "ValueError: two" in capsys.readouterr().err
    first.close()


def test_an_environment_fault_gets_a_plain_warning(qtbot) -> None:
    handler = ErrorHandler()
    exc = raised(OSError(errno.ENOSPC, "No space left on device", "/data/x.db"))
    handler.hook(type(exc), exc, exc.__traceback__)
    qtbot.waitUntil(lambda: handler.dialog is not None)
    box = handler.dialog
    assert box is not None
    assert box.icon() == QMessageBox.Icon.Warning
    assert "Free some space" in box.informativeText()
    assert not [b for b in box.buttons() if b.text() == "Copy details"]
    box.close()


def test_installed_hook_catches_errors_from_worker_threads(qtbot) -> None:
    handler = ErrorHandler()
    handler.install()
    try:
        assert sys.excepthook == handler.hook
        worker = threading.Thread(target=lambda: 1 / 0)
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: handler.dialog is not None)
        assert handler.dialog is not None
        assert "ZeroDivisionError" in handler.dialog.detailedText()
        handler.dialog.close()
    finally:
        handler.uninstall()
    assert sys.excepthook != handler.hook
