"""The settings page: built from the declarations, values round-trip and are validated, a bad
rules file changes nothing, a good one builds its tables off the UI thread, theme, export."""

from __future__ import annotations

import csv
import threading
from pathlib import Path

import pytest
from PyQt6.QtGui import QPalette
from PyQt6.QtWidgets import (
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QGroupBox,
    QLineEdit,
    QSpinBox,
)

from tests.progress.history import seed
from trainer import settings as cfg
from trainer.settings import Settings
from trainer.ui.progress_service import export_history
from trainer.ui.settings import page as module
from trainer.ui.settings import rules_file_editor
from trainer.ui.settings.page import SettingsPage, settings_page
from trainer.ui.theme import apply_theme, is_dark


@pytest.fixture
def page(qtbot, store: Settings) -> SettingsPage:
    widget = settings_page(store)
    assert isinstance(widget, SettingsPage)
    qtbot.addWidget(widget)
    widget.resize(1090, 800)
    with qtbot.waitExposed(widget):
        widget.show()
    return widget


@pytest.fixture(autouse=True)
def light_again():
    yield
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, "light")


def test_every_user_setting_has_an_editor_built_from_its_declaration(
        page: SettingsPage) -> None:
    """Every declared setting with a label has its editor, and only those: a new setting is
    one declaration, never a list to update here."""
    keys = {s.key for s in cfg.on_the_page()}
    assert keys and set(page.editors) == keys
    assert {s.section for s in cfg.on_the_page()} == set(cfg.SECTIONS)
    for setting in cfg.on_the_page():
        assert page.editors[setting.key].toolTip() == setting.help
    assert [box.title() for box in page.findChildren(QGroupBox)] == list(cfg.SECTIONS)


def test_values_round_trip_through_the_settings_file(qtbot, page: SettingsPage, store: Settings,
                                             tmp_path: Path) -> None:
    preset = page.editors[cfg.PRESET.key]
    feedback = page.editors[cfg.FEEDBACK.key]
    penetration = page.editors[cfg.PENETRATION.key]
    timer = page.editors[cfg.TIMER_SECONDS.key]
    speed = page.editors[cfg.DEALER_SPEED_MS.key]
    assert isinstance(preset, QComboBox) and isinstance(feedback, QComboBox)
    assert isinstance(penetration, QDoubleSpinBox) and isinstance(timer, QDoubleSpinBox)
    assert isinstance(speed, QSpinBox)
    preset.setCurrentIndex(preset.findData("pot-of-gold"))
    feedback.setCurrentIndex(feedback.findData("hand"))
    penetration.setValue(85)                       # shown in percent
    timer.setValue(4.5)
    speed.setValue(1200)
    assert page.set_data_dir(str(tmp_path))

    reread = Settings(store.path)
    assert reread.get(cfg.PRESET) == "pot-of-gold"
    assert reread.get(cfg.FEEDBACK) == "hand"
    assert reread.get(cfg.PENETRATION) == pytest.approx(0.85)
    assert reread.get(cfg.TIMER_SECONDS) == 4.5
    assert reread.get(cfg.DEALER_SPEED_MS) == 1200
    assert reread.get(cfg.DATA_DIR) == str(tmp_path)

    again = SettingsPage(reread)
    qtbot.addWidget(again)
    assert again.editors[cfg.PRESET.key].currentData() == "pot-of-gold"
    assert again.editors[cfg.PENETRATION.key].value() == 85
    assert again.editors[cfg.TIMER_SECONDS.key].value() == 4.5
    assert again.data_path.text() == str(tmp_path)


def test_values_the_declaration_refuses_are_not_stored(page: SettingsPage,
                                                       store: Settings) -> None:
    assert page.apply(cfg.PENETRATION, 0.95) is not None
    assert page.apply(cfg.FEEDBACK, "sometimes") is not None
    assert page.apply(cfg.DEALER_SPEED_MS, "fast") is not None
    assert page.error.isVisible() and "Dealer speed" in page.error.text()
    assert not store.is_set(cfg.PENETRATION)
    assert not store.is_set(cfg.FEEDBACK)
    assert not page.set_data_dir("/no/such/folder/anywhere")
    assert not store.is_set(cfg.DATA_DIR)
    assert page.apply(cfg.PENETRATION, 0.6) is None
    assert not page.error.isVisible()


def test_the_chips_are_typed_and_refused_in_plain_words(qtbot, page: SettingsPage,
                                                         store: Settings) -> None:
    chips = page.editors[cfg.CHIPS.key]
    assert isinstance(chips, QLineEdit) and chips.text() == "1, 5, 10, 25, 100, 500"
    chips.setText("5, 1")
    chips.editingFinished.emit()
    assert page.error.isVisible()
    assert page.error.text() == ("'5, 1' is not allowed for Chips: give each amount once, "
                                 "lowest first.")
    assert not store.is_set(cfg.CHIPS)
    chips.setText("5, 25, 100, 1000")
    chips.editingFinished.emit()
    assert not page.error.isVisible() and store.get(cfg.CHIPS) == "5, 25, 100, 1000"
    for typed, words in (("five", "whole amounts"), ("1,2,3,4,5,6,7,8,9", "1 to 8 amounts"),
                         ("0, 5", "from 1 to 100,000")):
        assert words in (page.apply(cfg.CHIPS, typed) or "")


def test_an_invalid_rules_file_shows_its_error_and_changes_nothing(
        qtbot, page: SettingsPage, store: Settings, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "evolution"\ndecks = "many"\n', encoding="utf-8")
    with qtbot.waitSignal(page.rules.checked, timeout=20_000) as checked:
        page.rules.choose_rules_file(bad)       # read off the UI thread
    assert checked.args == [None]
    assert "bad.toml" in page.rules.status.text() and "decks" in page.rules.status.text()
    assert not store.is_set(cfg.RULES_FILE)
    assert page.rules.path.text() == ""
    assert not page.rules.is_building()


@pytest.mark.slow
def test_a_custom_rules_file_builds_its_tables_off_the_ui_thread(
        qtbot, page: SettingsPage, store: Settings, tmp_path: Path, monkeypatch) -> None:
    """The build runs in a worker thread (told by the thread it ran on); it is held back until
    the page has shown it is busy and answered another change, then the bar only grows."""
    monkeypatch.setenv("FREEBET_TABLE_CACHE", str(tmp_path / "cache"))
    good = tmp_path / "two-decks.toml"
    good.write_text('base = "evolution"\nname = "evolution-2d"\ndecks = 2\n', encoding="utf-8")
    go = threading.Event()
    built_on: list[threading.Thread] = []
    real_build = rules_file_editor.load_or_build

    def held_build(rules, report):
        built_on.append(threading.current_thread())
        assert go.wait(60)
        return real_build(rules, report)

    monkeypatch.setattr(rules_file_editor, "load_or_build", held_build)
    steps: list[tuple[int, int]] = []
    page.rules.busy.valueChanged.connect(
        lambda value: steps.append((value, page.rules.busy.maximum())))

    with qtbot.waitSignal(page.rules.checked, timeout=20_000) as checked:
        page.rules.choose_rules_file(good)      # read, then taken while the build waits
    rules = checked.args[0]
    assert rules is not None and rules.decks == 2
    assert page.rules.is_building() and page.rules.busy.isVisible()
    assert "Building the strategy tables" in page.rules.status.text()
    assert store.get(cfg.RULES_FILE) == str(good)
    page.editors[cfg.DEALER_SPEED_MS.key].setValue(700)   # the window answers meanwhile
    assert store.get(cfg.DEALER_SPEED_MS) == 700
    go.set()

    qtbot.waitUntil(lambda: not page.rules.is_building(), timeout=300_000)
    assert built_on and built_on[0] is not threading.main_thread()
    assert not page.rules.busy.isVisible()
    assert "ready" in page.rules.status.text()
    assert rules.fingerprint() in page.rules.tables
    assert list((tmp_path / "cache" / "tables").glob(f"{rules.fingerprint()}*.json.gz"))
    shown = [done for done, total in steps if total == 11]   # a step per up card, then the
    assert len(set(shown)) >= 3 and shown == sorted(shown)    # side bets: the bar only grows


def test_dark_theme_applies_a_dark_palette_and_view_theme_ticks_it(
        qtbot, store: Settings) -> None:
    """Chosen on the Settings page, the theme applies at once and View ▸ Theme ticks it
    (before, the menu still ticked Light)."""
    from trainer.ui.main_window import MainWindow
    window = MainWindow(store)
    qtbot.addWidget(window)
    page = window.show_page("settings")
    assert isinstance(page, SettingsPage)
    theme = page.editors[cfg.THEME.key]
    assert isinstance(theme, QComboBox)
    theme.setCurrentIndex(theme.findData("dark"))
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert is_dark(app.palette())
    assert app.palette().color(QPalette.ColorRole.Base).lightness() < 60
    assert store.get(cfg.THEME) == "dark"
    assert window.menus.themes["dark"].isChecked()
    assert not window.menus.themes["light"].isChecked()
    theme.setCurrentIndex(theme.findData("light"))
    assert not is_dark(app.palette())
    assert window.menus.themes["light"].isChecked()


def test_csv_export_writes_every_decision(tmp_path: Path) -> None:
    seed(tmp_path / "progress.sqlite3", days=2, per_day=10)
    target = tmp_path / "out.csv"
    assert export_history(tmp_path / "progress.sqlite3", target) == 20
    with target.open(encoding="utf-8-sig", newline="") as source:
        assert len(list(csv.DictReader(source))) == 20


def test_the_export_button_asks_where_and_exports_in_the_background(
        qtbot, page: SettingsPage, tmp_path: Path, monkeypatch) -> None:
    seed(tmp_path / "progress.sqlite3", days=1, per_day=12)
    assert page.set_data_dir(str(tmp_path))
    target = tmp_path / "history"
    monkeypatch.setattr(module.QFileDialog, "getSaveFileName",
                        lambda *args: (str(target), "CSV files (*.csv)"))
    with qtbot.waitSignal(page.exported, timeout=10_000) as signal:
        page.export_button.click()
    assert signal.args == [12]
    assert target.with_suffix(".csv").exists()
    assert "Exported 12 decisions" in page.export_status.text()
