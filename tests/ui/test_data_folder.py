"""A data folder chosen in Settings is followed at once by every page: the answers given after
the change are in the new folder's progress file, those before it in the old one. Before:
after a Data location change the Flashcards page kept saving to the old file while Progress
read the new one."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from PyQt6.QtCore import Qt

from tests.faults.locks import LockHolder, give_up_on_locks_quickly, writers_opened
from trainer import settings as cfg
from trainer.progress import unsaved
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import Shoe, cards
from trainer.settings import Settings
from trainer.ui.counting.page import CountingPage
from trainer.ui.main_window import MainWindow
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.practice.shoe_page import ShoePage, ShoePhase

from .test_faults import answer, window_dealing
from .test_shoe_page import PAIR_OF_EIGHTS, bet_and_deal


def _answers(path: Path) -> list[tuple[str, str]]:
    with ProgressStore.open(path) as store:
        return store.tuples("SELECT mode, situation_key FROM decisions ORDER BY id")


def _answer_everywhere(qtbot, window: MainWindow) -> list[tuple[str, str]]:
    """One answer on each practice page (made now if need be); the (mode, key) of each."""
    flashcards = window.show_page("flashcards")
    assert isinstance(flashcards, FlashcardsPage)
    qtbot.waitUntil(lambda: flashcards.awaiting, timeout=20_000)
    given = [("flashcards", answer(qtbot, flashcards))]

    shoe = window.show_page("shoe")
    assert isinstance(shoe, ShoePage)
    qtbot.waitUntil(lambda: shoe.phase in (ShoePhase.BETTING, ShoePhase.SETTLED),
                    timeout=20_000)
    if shoe.phase is ShoePhase.BETTING:         # its first round: the player's 8s v 10
        shoe.start_shoe(seed=1, shoe=Shoe.stacked(cards(PAIR_OF_EIGHTS), decks=8))
        qtbot.waitUntil(lambda: shoe.phase is ShoePhase.BETTING, timeout=20_000)
    bet_and_deal(qtbot, shoe)                   # (the next round: 10 9 v 5)
    qtbot.waitUntil(lambda: shoe.phase is ShoePhase.DECIDING, timeout=20_000)
    qtbot.keyClick(shoe.table, Qt.Key.Key_S)                    # stand
    given.append(("shoe", shoe.practice.decisions[-1].situation_key))

    counting = window.show_page("counting")
    assert isinstance(counting, CountingPage)
    qtbot.waitUntil(lambda: counting.index.cards is not None, timeout=20_000)
    counting.tabs.setCurrentWidget(counting.index)
    card = counting.index.card
    assert card is not None
    counting.index.answer(card.best)
    qtbot.keyClick(counting.index, Qt.Key.Key_Space)         # on to the next card
    given.append(("index", ""))
    for link in window._links():
        qtbot.waitUntil(lambda link=link: link.saver.state.saved, timeout=20_000)
    return given


def test_every_page_saves_to_the_new_data_folder_at_once(
        qtbot, store: Settings, data_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """... through the process's one writer of each file: every page's answers go through one
    connection that writes, opened once per file."""
    writing = writers_opened(monkeypatch)
    store.set(cfg.DEALER_SPEED_MS, 0)
    window = MainWindow(store)
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    before = _answer_everywhere(qtbot, window)
    moved = tmp_path / "elsewhere"
    store.set(cfg.DATA_DIR, str(moved))            # as the Settings page's folder editor does
    after = _answer_everywhere(qtbot, window)
    assert [mode for mode, _ in before] == [mode for mode, _ in after] == ["flashcards", "shoe",
                                                                           "index"]
    assert writing == [database_path(str(data_dir)), database_path(str(moved))], writing
    for path, given in ((database_path(str(data_dir)), before), (database_path(str(moved)), after)):
        found = _answers(path)           # each page saves on its own: in any order
        assert sorted(mode for mode, _ in found) == sorted(mode for mode, _ in given)
        assert {a for a in found if a[0] != "index"} == {a for a in given if a[0] != "index"}
    assert all(link.path == database_path(str(moved)) for link in window._links())


def test_answers_waiting_for_a_locked_old_file_are_kept_beside_it_and_the_new_ones_go_on(
        qtbot, store: Settings, data_dir: Path, tmp_path: Path, warnings: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    give_up_on_locks_quickly(monkeypatch)
    _window, page = window_dealing(qtbot, store)
    old, new = database_path(str(data_dir)), database_path(str(tmp_path / "elsewhere"))
    first = [answer(qtbot, page)]
    qtbot.waitUntil(lambda: page.link.saver.state.saved, timeout=20_000)
    with LockHolder(old):
        first.append(answer(qtbot, page))
        store.set(cfg.DATA_DIR, str(new.parent))
        assert len(unsaved.waiting(old)) == 1      # kept beside the old file
    qtbot.waitUntil(lambda: page.awaiting, timeout=20_000)
    later = [answer(qtbot, page)]
    qtbot.waitUntil(lambda: page.link.saver.state.saved, timeout=20_000)
    assert [key for _, key in _answers(old)] == first         # the next opening saved them
    assert [key for _, key in _answers(new)] == later


def test_while_the_old_file_can_take_them_neither_way_the_move_waits_for_it(
        qtbot, store: Settings, data_dir: Path, tmp_path: Path, warnings: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    give_up_on_locks_quickly(monkeypatch)

    def full(*_: object, **__: object) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(unsaved, "keep", full)
    _window, page = window_dealing(qtbot, store)
    old, new = database_path(str(data_dir)), database_path(str(tmp_path / "elsewhere"))
    with LockHolder(old):
        first = [answer(qtbot, page)]
        store.set(cfg.DATA_DIR, str(new.parent))
        assert page.link.path == old and page.link.unsaved() is not None
    qtbot.waitUntil(lambda: page.link.path == new, timeout=20_000)   # the retry saved them
    qtbot.waitUntil(lambda: page.awaiting, timeout=20_000)
    later = [answer(qtbot, page)]
    qtbot.waitUntil(lambda: page.link.saver.state.saved, timeout=20_000)
    assert [key for _, key in _answers(old)][:1] == first, (
        _answers(old), _answers(new), later, unsaved.waiting(old))
    assert [key for _, key in _answers(new)] == later
