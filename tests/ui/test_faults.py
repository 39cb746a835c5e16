"""The app's side of the fault suite (tests/faults): a bad rules file never locks the player out,
a lock never loses an answer, a damaged table or progress file gets a plain message, and
quitting with answers unsaved asks first. Screenshots of each message go to the test's folder.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from PyQt6.QtCore import Qt

from strategy_charts.tables import DamagedTableError
from tests.faults.locks import LockHolder, give_up_on_locks_quickly
from trainer import settings as cfg
from trainer.drills.flashcards import FlashMode
from trainer.progress import unsaved
from trainer.progress.errors import DatabaseLockedError, DiskFullError
from trainer.progress.location import database_path
from trainer.progress.saving import SaveState
from trainer.progress.store import ProgressStore
from trainer.settings import Settings
from trainer.ui import main_window
from trainer.ui.errors import classify
from trainer.ui.main_window import MainWindow
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.settings.page import SettingsPage
from trainer.ui.table.action_bar import KEYS

from .conftest import photograph
from .test_errors import raised


def window_dealing(qtbot, store: Settings) -> tuple[MainWindow, FlashcardsPage]:
    """The main window on its flashcards page, a card dealt."""
    window = MainWindow(store)
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    page = window.show_page("flashcards")
    assert isinstance(page, FlashcardsPage)
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)
    return window, page


@pytest.mark.parametrize("content", [b'name = "x"\n\xff\xfe\n',
                                     b"a = " + b"[" * 20_000 + b"]" * 20_000 + b"\n"])
def test_a_bad_saved_rules_file_never_locks_the_player_out(
        qtbot, store: Settings, data_dir: Path, tmp_path: Path, warnings: list[str],
        content: bytes) -> None:
    """Before: every start showed the bug dialog, and Flashcards, Shoe practice and Settings
    stayed on "loading…", so the file could not even be cleared."""
    rules = tmp_path / "custom.toml"
    rules.write_bytes(content)
    store.set(cfg.RULES_FILE, str(rules))
    window, flashcards = window_dealing(qtbot, store)   # it deals: the preset
    assert flashcards.rules is not None and flashcards.rules.name == "evolution"
    window.show_page("shoe")
    settings = window.show_page("settings")
    assert isinstance(settings, SettingsPage)
    qtbot.waitUntil(lambda: bool(warnings))
    assert len(warnings) == 1, "said once, not once per page"
    assert warnings[0].startswith(f"The rules file cannot be used\n{rules}: ")
    assert "Practising with the preset 'evolution' instead" in warnings[0]
    assert f"The preset is used instead: {rules}" in settings.rules.status.text()
    settings.rules.clear_rules_file()
    assert store.get(cfg.RULES_FILE) == ""
    window.grab().save(str(tmp_path / "settings.png"))
    flashcards.shutdown()
    window.pages["shoe"].page.shutdown()  # type: ignore[union-attr]


def answer(qtbot, page: FlashcardsPage) -> str:
    """Answer the card shown with its first offered action; returns its situation key."""
    assert page.card is not None
    key = page.card.situation.key
    qtbot.keyClick(page.table, KEYS[page.card.actions[0]])
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    return key


@pytest.fixture
def quick_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every store gives up waiting for a lock after 0.2 s (instead of 5 s)."""
    give_up_on_locks_quickly(monkeypatch)


def test_a_lock_never_loses_an_answer(qtbot, store: Settings, data_dir: Path,
                                      warnings: list[str], quick_store: None,
                                      tmp_path: Path) -> None:
    """Before: after one failed save (a 2.5 s lock) nothing more was saved that session, even
    once the lock was gone (11 answers lost). Now the answers wait, the status line and one
    dialog say so, and all are saved, in order, once the lock is gone."""
    page = FlashcardsPage(store, seed=11)
    qtbot.addWidget(page)
    page.resize(1180, 760)
    page.mode_box.setCurrentIndex(page.mode_box.findData(FlashMode.ALL.value))
    with qtbot.waitExposed(page):
        page.show()
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)
    path = database_path(str(data_dir))
    asked = [answer(qtbot, page)]
    qtbot.waitUntil(lambda: page.link.saver.state.saved)
    felt = page.table.geometry()
    with LockHolder(path):
        for _ in range(11):
            asked.append(answer(qtbot, page))
        qtbot.waitUntil(lambda: "11 answers are not saved yet: the progress file is locked"
                        in page.status.text(), timeout=10000)
        qtbot.waitUntil(lambda: bool(warnings))
        assert page.saving.retry.isVisible()
        assert page.table.geometry() == felt, "the felt moved when Try again showed"
        page.grab().save(str(tmp_path / "waiting.png"))
    assert len(warnings) == 1 and "locked by another program" in warnings[0]
    assert "your answers are kept and saved as soon as the file can take them" in warnings[0]
    qtbot.mouseClick(page.saving.retry, Qt.MouseButton.LeftButton)   # Try again, lock gone
    qtbot.waitUntil(lambda: page.link.saver.state.saved and page.saving.retry.isHidden()
                    and page.status.text() == f"Saved: 12 answers in {path}", timeout=10000)
    asked.append(answer(qtbot, page))   # and the next answer is saved as ever
    qtbot.waitUntil(lambda: page.link.saver.state.saved
                    and page.status.text() == f"Saved: 13 answers in {path}", timeout=10000)
    page.shutdown()
    with ProgressStore.open(path) as saved:
        assert [s.decision.situation_key for s in saved.decisions()] == asked


def test_quitting_with_answers_unsaved_asks_first_and_keeps_them(
        qtbot, store: Settings, data_dir: Path, warnings: list[str], quick_store: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: quitting offered only to lose the answers the file could not take. Now they
    are kept beside it, and the next start saves them."""
    asked: list[tuple[SaveState, str | None]] = []
    answers = iter([False, True])     # keep the trainer open, then quit (keeping them)
    monkeypatch.setattr(main_window, "confirm_quitting", lambda _parent, waiting, failure=None:
                        asked.append((waiting, failure)) or next(answers))
    window, page = window_dealing(qtbot, store)
    given = [answer(qtbot, page)]
    qtbot.waitUntil(lambda: page.link.saver.state.saved)
    path = database_path(str(data_dir))
    with LockHolder(path):
        given += [answer(qtbot, page), answer(qtbot, page)]
        assert not window.close() and window.isVisible()   # kept open
        assert window.close() and not window.isVisible()   # quit: kept for the next start
        assert len(unsaved.waiting(path)) == 1             # the session's end with them
    assert [(state.answers, failure) for state, failure in asked] == [(2, None), (2, None)]
    assert isinstance(asked[0][0].problem, DatabaseLockedError)
    assert "2 answers are not saved yet" in asked[0][0].text()
    with ProgressStore.open(path) as reopened:          # the next start saves them
        assert [s.decision.situation_key for s in reopened.decisions()] == given
        assert all(row["ended"] for row in reopened.rows("SELECT ended FROM sessions"))
    assert unsaved.waiting(path) == []


def test_answers_that_cannot_be_kept_either_are_lost_only_when_the_player_says_so(
        qtbot, store: Settings, data_dir: Path, warnings: list[str], quick_store: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeping them fails too (a full disk): the player is asked again, now that quitting
    loses them; staying, every answer is saved once the file can take them, the later ones
    in a session of their own."""
    asked: list[str | None] = []
    answers = iter([True, False])     # quit; then, as they cannot be kept, stay after all

    def full(*_: object, **__: object) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(unsaved, "keep", full)
    monkeypatch.setattr(main_window, "confirm_quitting", lambda _parent, waiting, failure=None:
                        asked.append(failure) or next(answers))
    window, page = window_dealing(qtbot, store)
    path = database_path(str(data_dir))
    with LockHolder(path):
        given = [answer(qtbot, page)]
        assert not window.close() and window.isVisible()
    given.append(answer(qtbot, page))
    qtbot.waitUntil(lambda: page.link.saver.state.saved, timeout=20_000)
    assert window.close()                 # all saved: nothing asked
    assert asked == [None, f"answers not saved could not be kept beside {path} either (No "
                           "space left on device)."]
    with ProgressStore.open(path) as saved:
        assert [s.decision.situation_key for s in saved.decisions()] == given
        assert [row["ended"] is not None for row in saved.rows("SELECT ended FROM sessions")
                ] == [True, True]
    box = main_window.quit_question(None, SaveState(1, 1), asked[1])
    assert box.text().startswith(f"The answers not saved could not be kept beside {path}")
    assert [b.text() for b in box.buttons()] == ["Keep the trainer open", "Quit without them"]


def test_closing_after_the_lock_is_gone_saves_and_asks_nothing(
        qtbot, store: Settings, data_dir: Path, warnings: list[str], quick_store: None) -> None:
    window, page = window_dealing(qtbot, store)
    with LockHolder(database_path(str(data_dir))):
        answer(qtbot, page)
        qtbot.waitUntil(lambda: page.link.unsaved() is not None, timeout=10000)
    assert window.close()      # no question: the last try saved it
    with ProgressStore.open(database_path(str(data_dir))) as saved:
        assert len(list(saved.decisions())) == 1


def test_the_quit_question_in_words(qtbot, tmp_path: Path) -> None:
    state = SaveState(4, 3, DiskFullError(Path("/data/progress.sqlite3")))
    box = main_window.quit_question(None, state)
    assert [b.text() for b in box.buttons()] == ["Keep the trainer open",
                                                 "Quit and save them at the next start"]
    assert box.text().endswith("If you quit now, they are kept beside the progress file and "
                               "saved the next time the trainer starts.")
    assert box.defaultButton().text() == "Keep the trainer open"
    photograph(box, tmp_path / "quit.png")
    assert state.text() == ("3 answers are not saved yet: the disk is full. They are kept and "
                            "will be saved as soon as the progress file can take them.")


def test_a_damaged_table_and_a_progress_fault_get_plain_messages() -> None:
    """Before: the app showed the "bug" dialog for a damaged table."""
    table = classify(raised(DamagedTableError("/x/data/evolution.json.gz", "it is empty")))
    assert not table.is_bug and table.title == "A strategy table cannot be used"
    assert "/x/data/evolution.json.gz" in table.message and "Reinstall" in table.message
    disk = classify(raised(DiskFullError(Path("/x/progress.sqlite3"))))
    assert not disk.is_bug and "Free some space" in disk.message
    full = classify(raised(OSError(errno.ENOSPC, "No space left on device", "/x/a.csv")))
    assert not full.is_bug and full.title == "The disk is full"


@pytest.mark.parametrize("damage", ["first = 0, growth = 0, lapse = 0, answers = 100000",
                                    "first = 9e999", "first = 'NaN'"])
def test_a_damaged_memory_fit_still_deals_and_shows_the_cards_due(
        qtbot, store: Settings, data_dir: Path, warnings: list[str], damage: str) -> None:
    """Before: Flashcards said "Something went wrong" and never dealt (a ZeroDivisionError in
    the memory model), the Progress page showed the bug dialog (an OverflowError), or reviews
    silently never came due (NaN). Now the fit is made again and the page says so."""
    import sqlite3

    from tests.progress.history import seed
    from trainer.progress.dashboard import ProgressQuery, load_cards

    path = database_path(str(data_dir))
    path.parent.mkdir(parents=True, exist_ok=True)
    seed(path, days=3, per_day=40)
    with ProgressStore.open(path) as saved:
        saved.save_fit("evolution", {"first": 0.04, "growth": 4.0, "lapse": 0.3, "cards": "facts",
                                     "log_likelihood": -80.0, "answers": 120})
    with sqlite3.connect(path) as conn:
        conn.execute(f"UPDATE memory_fits SET {damage}")
    conn.close()
    store.set(cfg.NEW_PER_DAY, 0)
    page = FlashcardsPage(store, seed=3)
    qtbot.addWidget(page)
    page.mode_box.setCurrentIndex(page.mode_box.findData(FlashMode.DUE.value))
    with qtbot.waitExposed(page):
        page.show()
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)       # a due card is dealt
    assert page.card is not None and page.session is not None
    assert page.session.counts().ready > 0       # answered days ago: due or learning, now
    assert "The stored memory model could not be read" in page.feedback.body.text()
    page.shutdown()
    assert not warnings
    due, cards, today, memory, _ = load_cards(path, ProgressQuery("evolution"))
    assert cards > 0 and sum(n for _, n in due) == cards        # overdue cards count today
    assert today == due[0][1]                                    # as due mode counts them
    assert memory.startswith("The trainer ")                    # its health check, refitted


def test_a_page_that_cannot_be_made_says_so_instead_of_loading(qtbot, store: Settings,
                                                              monkeypatch) -> None:
    """The last resort: whatever breaks a page, its slot never shows "loading…" for ever."""
    from trainer.ui.lazy_page import LazyPage
    from trainer.ui.pages import PageSpec

    spec = PageSpec("broken", "Broken", "a page that fails", f"{__name__}:broken_page")
    slot = LazyPage(spec, store)
    qtbot.addWidget(slot)
    with pytest.raises(OSError):
        slot.ensure()
    assert slot._loading.text() == "Broken could not be opened. Choose the page again to retry."


def broken_page(_settings: Settings) -> None:
    """A page factory that fails as a broken disk would."""
    raise OSError(errno.EIO, "Input/output error")
