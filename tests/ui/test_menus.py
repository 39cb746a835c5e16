"""Issue 24: the window's menu bar. Before: no menu, no help, no about; the keys were in
tooltips only."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest
from PyQt6.QtCore import Qt, QUrl
from PyQt6.QtGui import QDesktopServices, QPalette
from PyQt6.QtWidgets import QApplication, QComboBox

from tests.progress.history import seed
from trainer import __version__
from trainer import settings as cfg
from trainer.rules import PRESETS, RuleSet, preset
from trainer.rules.in_words import plain
from trainer.settings import Settings
from trainer.ui.main_window import MainWindow
from trainer.ui.pages import PAGES
from trainer.ui.theme import apply_theme


@pytest.fixture
def window(qtbot, store: Settings, data_dir: Path) -> MainWindow:
    made = MainWindow(store)
    qtbot.addWidget(made)
    made.show()
    return made


def _titles(window: MainWindow) -> list[str]:
    bar = window.menuBar()
    assert bar is not None
    return [action.text() for action in bar.actions()]


def test_the_menu_bar_has_file_view_and_help(window: MainWindow) -> None:
    assert _titles(window) == ["&File", "&View", "&Help"]
    menus = window.menus
    assert menus.quit.shortcut().toString() == "Ctrl+Q"
    assert menus.export_csv.shortcut().toString() == "Ctrl+E"
    assert menus.keys.shortcut().toString() == "F1"
    for number, spec in enumerate(PAGES, start=1):
        action = menus.pages[spec.key]
        assert action.text() == spec.title and action.shortcut().toString() == f"Ctrl+{number}"


def test_each_page_is_a_view_action_and_its_key_works(qtbot, window: MainWindow) -> None:
    window.menus.pages["settings"].trigger()
    assert window.current_page() == "settings"
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() == "charts"


def test_the_theme_chosen_in_settings_is_ticked_in_the_view_menu(
        qtbot, window: MainWindow, store: Settings, qapp: QApplication) -> None:
    """Before: after Dark in Settings, View ▸ Theme still ticked Light."""
    settings = window.show_page("settings")
    box = settings.editors[cfg.THEME.key]  # type: ignore[attr-defined]
    try:
        box.setCurrentIndex(box.findData("dark"))
        assert store.get(cfg.THEME) == "dark"
        assert window.menus.themes["dark"].isChecked()
        assert not window.menus.themes["light"].isChecked()
    finally:
        window.menus.set_theme("light")
        apply_theme(qapp, "light")


def test_the_theme_from_the_view_menu_reaches_every_widget_and_the_settings_page(
        qtbot, window: MainWindow, store: Settings, qapp: QApplication) -> None:
    settings = window.show_page("settings")
    try:
        window.menus.themes["dark"].trigger()
        assert store.get(cfg.THEME) == "dark"
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 128
        box = settings.editors[cfg.THEME.key]  # type: ignore[attr-defined]
        assert isinstance(box, QComboBox) and box.currentData() == "dark"
        assert window.menus.themes["dark"].isChecked()
    finally:
        window.menus.set_theme("light")
        apply_theme(qapp, "light")


def test_export_csv_writes_every_decision_and_says_where(
        qtbot, window: MainWindow, data_dir: Path, tmp_path: Path) -> None:
    seed(data_dir / "progress.sqlite3", days=2, per_day=10)
    target = tmp_path / "history.csv"
    job = window.menus.export(target)
    assert job is not None
    qtbot.waitUntil(lambda: window.menus.dialog is not None, timeout=30_000)
    assert window.menus.dialog.text() == f"Exported 20 decisions to {target}."  # type: ignore
    assert target.read_text(encoding="utf-8-sig").count("\n") == 21


def test_export_with_no_history_says_so(window: MainWindow, data_dir: Path) -> None:
    assert window.menus.export(data_dir / "none.csv") is None
    assert "Nothing to export" in window.menus.dialog.windowTitle()  # type: ignore[union-attr]


def test_back_up_copies_the_whole_history_into_one_file_and_says_how_to_restore(
        qtbot, window: MainWindow, data_dir: Path, tmp_path: Path) -> None:
    seed(data_dir / "progress.sqlite3", days=2, per_day=10)
    target = tmp_path / "backup.sqlite3"
    job = window.menus.backup(target)
    assert job is not None
    qtbot.waitUntil(lambda: window.menus.dialog is not None, timeout=30_000)
    text = window.menus.dialog.text()  # type: ignore[union-attr]
    assert text.startswith(f"Backed up 20 decisions of 2 sessions to {target}.")
    assert "-wal" in text
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("backup")) == [
        "backup.sqlite3"]                          # one self-contained file


def test_back_up_refuses_the_progress_file_itself(qtbot, window: MainWindow,
                                                   data_dir: Path) -> None:
    seed(data_dir / "progress.sqlite3", days=1, per_day=3)
    job = window.menus.backup(data_dir / "progress.sqlite3-wal")
    assert job is not None
    qtbot.waitUntil(lambda: window.menus.dialog is not None, timeout=30_000)
    assert "Not backed up" in window.menus.dialog.windowTitle()  # type: ignore[union-attr]
    assert "progress file itself" in window.menus.dialog.text()  # type: ignore[union-attr]


def test_the_data_folder_opens_in_the_file_manager(window: MainWindow, data_dir: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    window.menus.data_folder.trigger()
    assert [url.toLocalFile() for url in opened] == [str(data_dir)]
    assert data_dir.is_dir()                       # made, for the file manager to show


def test_help_keys_names_every_decision_key_and_page_shortcut(window: MainWindow) -> None:
    from PyQt6.QtWidgets import QTextBrowser
    browser = window.menus.show_keys().findChild(QTextBrowser)
    assert browser is not None
    shown = browser.toPlainText()
    for word in ("Hit", "Stand", "Free Double", "Insurance: Yes", "Ctrl+Z", "Ctrl+6",
                 "Space"):
        assert word in shown, word
    from trainer.ui.practice.shoe_betting import KEYS_HELP
    for keys, what in KEYS_HELP:                 # the betting's keys, as Shoe practice takes them
        assert f"{keys}\t{what}" in shown or f"{keys}\n{what}" in shown or keys in shown, keys
    assert "deal" in shown and "then Space" not in shown   # Enter deals, Space repeats the bets


def test_the_rules_of_this_game_say_every_rule_of_the_rules_practised(
        window: MainWindow, store: Settings) -> None:
    from PyQt6.QtWidgets import QTextBrowser
    store.set(cfg.PRESET, "pot-of-gold")
    window.menus.rules.trigger()
    shown = window.menus.dialog.findChild(QTextBrowser).toPlainText()  # type: ignore
    assert shown.startswith("pot-of-gold")
    for field in fields(RuleSet):
        if field.name not in ("name", "dealer_hits_soft_17"):
            assert plain(field.metadata["doc"]) in shown, field.name
    assert "Dealer hits soft 17 (H17)." in shown and "docs/rules/" in shown


def test_the_rules_of_this_game_give_the_cut_card_the_shoes_are_dealt_with(
        window: MainWindow, store: Settings) -> None:
    """Before: Help said the rule set's 75% while Settings had 50% (and the shoes cut at
    50%): one penetration, the one the shoes are dealt with, said everywhere."""
    from PyQt6.QtWidgets import QTextBrowser

    from trainer.ui.practice.rules_choice import penetration
    store.set(cfg.PRESET, "evolution")
    store.set(cfg.PENETRATION, 0.5)
    assert preset("evolution").penetration != 0.5 and penetration(store) == 0.5
    window.menus.rules.trigger()
    shown = window.menus.dialog.findChild(QTextBrowser).toPlainText()  # type: ignore
    assert "50%" in shown and f"{preset('evolution').penetration:.0%}" not in shown


def test_about_gives_the_version_the_data_folder_and_each_tables_fingerprint(
        window: MainWindow, data_dir: Path) -> None:
    from PyQt6.QtWidgets import QTextBrowser
    window.menus.about.trigger()
    shown = window.menus.dialog.findChild(QTextBrowser).toPlainText()  # type: ignore
    assert __version__ in shown and str(data_dir) in shown
    for name in PRESETS:
        assert preset(name).fingerprint() in shown, name


def test_one_decision_exported_and_backed_up_is_said_as_one(
        qtbot, window: MainWindow, data_dir: Path, tmp_path: Path) -> None:
    """Before: "Exported 1 decisions", "Backed up 1 decisions of 1 sessions"."""
    seed(data_dir / "progress.sqlite3", days=1, per_day=1)
    target = tmp_path / "history.csv"
    assert window.menus.export(target) is not None
    qtbot.waitUntil(lambda: window.menus.dialog is not None, timeout=30_000)
    assert window.menus.dialog.text() == f"Exported 1 decision to {target}."  # type: ignore
    window.menus.dialog = None
    copy = tmp_path / "backup.sqlite3"
    assert window.menus.backup(copy) is not None
    qtbot.waitUntil(lambda: window.menus.dialog is not None, timeout=30_000)
    assert window.menus.dialog.text().startswith(  # type: ignore[union-attr]
        f"Backed up 1 decision of 1 session to {copy}.")


def test_a_session_with_no_answer_yet_is_not_counted_in_the_backup(
        qtbot, window: MainWindow, data_dir: Path, tmp_path: Path) -> None:
    """Before: "Backed up 1 decision of 2 sessions" after one drill, when the Flashcards page
    shown at start had saved its session (dealt, not answered yet) before the backup (on a
    loaded machine, or with the table already in memory). Here that order is made sure of."""
    page = window.pages["flashcards"].ensure()
    saver = page.link.saver  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: saver.session_id is not None, timeout=60_000)
    seed(data_dir / "progress.sqlite3", days=1, per_day=1)
    copy = tmp_path / "backup.sqlite3"
    assert window.menus.backup(copy) is not None
    qtbot.waitUntil(lambda: window.menus.dialog is not None, timeout=30_000)
    assert window.menus.dialog.text().startswith(  # type: ignore[union-attr]
        f"Backed up 1 decision of 1 session to {copy}.")
