"""Issue 22, finding 4, in the app: a saved rules file is read off the UI thread, on every page
that plays it, and one that is not a regular file (a named pipe) is refused at once.

Before: the flashcards page opened the file on the UI thread while the window was being made,
and a named pipe with no writer blocked that ``open()`` forever: the app never showed."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from trainer import settings as cfg
from trainer.rules import rules_file
from trainer.settings import Settings
from trainer.ui.counting.page import CountingPage
from trainer.ui.main_window import MainWindow
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.practice.shoe_page import ShoePage
from trainer.ui.progress.page import ProgressPage
from trainer.ui.rules_files import RulesFiles
from trainer.ui.settings.page import SettingsPage


def shown_window(qtbot, store: Settings) -> MainWindow:
    window = MainWindow(store)
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    return window


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_saved_rules_file_that_is_a_named_pipe_never_holds_the_window(
        qtbot, store: Settings, data_dir: Path, tmp_path: Path, warnings: list[str]) -> None:
    fifo = tmp_path / "rules.toml"
    os.mkfifo(fifo)
    store.set(cfg.RULES_FILE, str(fifo))
    window = shown_window(qtbot, store)
    page = window.show_page("flashcards")
    assert isinstance(page, FlashcardsPage)
    qtbot.waitUntil(lambda: page.awaiting, timeout=20_000)       # the preset is dealt
    assert page.rules is not None and page.rules.name == "evolution"
    qtbot.waitUntil(lambda: bool(warnings), timeout=10_000)
    assert warnings[0].startswith(f"The rules file cannot be used\ncannot read rules file "
                                  f"{fifo}: it is a named pipe (FIFO), not a rules file")
    page.shutdown()


def test_every_page_reads_the_rules_file_off_the_ui_thread(
        qtbot, store: Settings, data_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The flashcards, the shoe, the Counting and Progress pages and Settings all play (or
    show) the file's rules, and no read of it ran on the UI thread."""
    path = tmp_path / "mine.toml"
    path.write_text('base = "evolution"\nname = "my evolution"\n', encoding="utf-8")
    store.set(cfg.RULES_FILE, str(path))
    read_on: list[threading.Thread] = []
    real_load = rules_file.load

    def watched_load(where: str | os.PathLike[str]):  # type: ignore[no-untyped-def]
        read_on.append(threading.current_thread())
        return real_load(where)

    monkeypatch.setattr(rules_file, "load", watched_load)
    window = shown_window(qtbot, store)
    pages = {key: window.show_page(key) for key in ("flashcards", "shoe", "counting",
                                                     "progress", "settings")}
    flashcards, shoe, counting = pages["flashcards"], pages["shoe"], pages["counting"]
    progress, settings = pages["progress"], pages["settings"]
    assert isinstance(flashcards, FlashcardsPage) and isinstance(shoe, ShoePage)
    assert isinstance(counting, CountingPage) and isinstance(progress, ProgressPage)
    assert isinstance(settings, SettingsPage)
    qtbot.waitUntil(lambda: flashcards.awaiting, timeout=30_000)
    for page in (flashcards, shoe, counting):
        qtbot.waitUntil(lambda page=page: page.rules is not None
                        and page.rules.name == "my evolution", timeout=30_000)
    qtbot.waitUntil(lambda: "Using 'my evolution'" in settings.rules.status.text(),
                    timeout=10_000)
    assert read_on and all(thread is not threading.main_thread() for thread in read_on)
    for page in (flashcards, shoe):
        page.shutdown()


def test_a_file_read_again_says_when_its_rules_changed(qtbot, tmp_path: Path) -> None:
    """The last outcome is kept; a read that finds the file edited says so, once."""
    path = tmp_path / "mine.toml"
    path.write_text('base = "evolution"\nname = "first"\n', encoding="utf-8")
    files = RulesFiles()
    changed: list[str] = []
    files.changed.connect(changed.append)
    assert files.result(str(path)) is None                      # the first read under way
    qtbot.waitUntil(lambda: files.last(str(path)) is not None)
    first = files.last(str(path))
    assert not isinstance(first, Exception) and first is not None and first.name == "first"
    outcomes: list[object] = []
    files.read(str(path), outcomes.append)
    qtbot.waitUntil(lambda: bool(outcomes))
    assert changed == [str(path)]                               # the same rules: said once
    path.write_text('base = "evolution"\nname = "second"\n', encoding="utf-8")
    files.read(str(path), outcomes.append)
    qtbot.waitUntil(lambda: len(outcomes) == 2)
    assert changed == [str(path)] * 2
    path.write_text("decks = \n", encoding="utf-8")
    files.read(str(path), outcomes.append)
    qtbot.waitUntil(lambda: len(outcomes) == 3)
    assert isinstance(files.last(str(path)), rules_file.RuleSetError) and len(changed) == 3
