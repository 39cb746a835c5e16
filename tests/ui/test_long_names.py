"""Issue 22, finding 6, in the app: a data folder whose name is longer than the file system
allows (over 255 bytes). Before: a raw "[Errno 36] File name too long" box, and the flashcards
never dealt. Now every page that reads or writes the progress file says it as the store's own
fault, naming the folder and what to do, and practice goes on."""

from __future__ import annotations

from pathlib import Path

from trainer import settings as cfg
from trainer.settings import Settings
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.progress.page import ProgressPage, progress_page
from trainer.ui.settings.page import SettingsPage, settings_page

#: A folder name of 300 bytes: no common file system takes it.
LONG = "a" * 300
SAID = "is 300 bytes long, more than a file system allows (255)"


def long_folder(store: Settings, tmp_path: Path) -> Path:
    folder = tmp_path / LONG
    store.set(cfg.DATA_DIR, str(folder))
    return folder


def test_the_flashcards_deal_and_say_plainly_why_nothing_is_saved(
        qtbot, store: Settings, tmp_path: Path, warnings: list[str]) -> None:
    folder = long_folder(store, tmp_path)
    page = FlashcardsPage(store, seed=3)
    qtbot.addWidget(page)
    with qtbot.waitExposed(page):
        page.show()
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)      # it deals
    qtbot.waitUntil(lambda: bool(warnings), timeout=10000)
    assert len(warnings) == 1 and "Errno" not in warnings[0]
    assert warnings[0].startswith("Your progress is not being saved\nThe progress file "
                                  f"{folder / 'progress.sqlite3'} cannot be used: ")
    assert SAID in warnings[0] and "Choose another folder" in warnings[0]
    assert "the progress file's location is not usable" in page.status.text()
    page.shutdown()


def test_the_progress_page_names_the_folder(qtbot, store: Settings, tmp_path: Path) -> None:
    folder = long_folder(store, tmp_path)
    page = progress_page(store)
    assert isinstance(page, ProgressPage)
    qtbot.addWidget(page)
    with qtbot.waitSignal(page.loaded, timeout=20_000):
        page.show()
    assert page.error is not None and str(folder) in page.error and SAID in page.error


def test_settings_refuses_such_a_folder_and_its_export_says_why(
        qtbot, store: Settings, tmp_path: Path) -> None:
    page = settings_page(store)
    assert isinstance(page, SettingsPage)
    qtbot.addWidget(page)
    assert not page.set_data_dir(str(tmp_path / LONG))        # before: an OSError traceback
    assert SAID in page.error.text() and "The data location is unchanged." in page.error.text()
    assert store.get(cfg.DATA_DIR) == ""
    long_folder(store, tmp_path)                              # set before, by hand
    with qtbot.waitSignal(page.exported, timeout=20_000) as exported:
        page.export_to(tmp_path / "history.csv")
    assert exported.args == [-1]
    assert page.export_status.text().startswith("Not exported: The progress file ")
    assert SAID in page.export_status.text()
    assert not (tmp_path / "history.csv").exists()
