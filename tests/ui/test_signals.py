"""The window told to stop by a signal (SIGTERM, SIGHUP, Ctrl-C) ends as quitting does, without
asking: the answers waiting are saved, or kept beside the file for the next start. Before:
SIGTERM lost the answers waiting, and Ctrl-C did nothing while the window was idle."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from PyQt6.QtCore import QSettings
from PyQt6.QtWidgets import QApplication

from tests.faults.locks import LockHolder, give_up_on_locks_quickly
from trainer.progress import unsaved
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.ui.stopping import SignalStop

from .test_faults import answer, window_dealing


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_reaches_the_window_through_qts_loop(qtbot, signum: int) -> None:
    told: list[int] = []
    stopper = SignalStop(told.append).install()
    try:
        os.kill(os.getpid(), signum)
        qtbot.waitUntil(lambda: told == [signum], timeout=10_000)
        os.kill(os.getpid(), signum)              # a second one while the window ends
        qtbot.wait(50)
        assert told == [signum]
    finally:
        stopper.uninstall()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_stopped_while_the_file_is_locked_keeps_the_answers_for_the_next_start(
        qtbot, store: QSettings, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    give_up_on_locks_quickly(monkeypatch)
    exits: list[int] = []
    monkeypatch.setattr(QApplication, "exit", staticmethod(exits.append))
    window, page = window_dealing(qtbot, store)
    path = database_path(str(data_dir))
    asked = [answer(qtbot, page)]
    qtbot.waitUntil(lambda: page.link.saver.state.saved)
    with LockHolder(path):
        asked += [answer(qtbot, page), answer(qtbot, page)]
        kept = window.stop(signal.SIGTERM)          # no question asked: nobody is there
        assert not window.isVisible()
        assert [k.name for k in kept] == [p.name for p in unsaved.waiting(path)]
        assert len(kept) == 1
    assert exits == [143]
    with ProgressStore.open(path) as reopened:      # the next start saves them
        assert [s.decision.situation_key for s in reopened.decisions()] == asked
        assert all(row["ended"] for row in reopened.rows("SELECT ended FROM sessions"))
    assert unsaved.waiting(path) == []
