"""The settings page: built from the declarations, values round-trip and are validated, a bad
rules file changes nothing, a good one builds its tables off the UI thread, theme, export."""

from __future__ import annotations

import csv
import threading
from pathlib import Path

import pytest
from PyQt6.QtCore import QSettings
from PyQt6.QtGui import QPalette
from PyQt6.QtWidgets import QApplication, QComboBox, QDoubleSpinBox, QGroupBox, QSpinBox

from tests.progress.history import seed
from trainer.ui.settings import declarations as cfg
from trainer.ui.settings import page as module
from trainer.ui.settings import rules_file_editor
from trainer.ui.settings.page import SettingsPage, export_history, settings_page
from trainer.ui.theme import apply_theme, is_dark


@pytest.fixture
def page(qtbot, store: QSettings) -> SettingsPage:
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
    keys = {s.key for s in cfg.on_the_page()}
    assert keys == {cfg.PRESET.key, cfg.RULES_FILE.key, cfg.PENETRATION.key, cfg.FEEDBACK.key,
                    cfg.TIMER_SECONDS.key, cfg.DEALER_SPEED_MS.key, cfg.ASSUME_CLASSIC.key,
                    cfg.NEW_PER_DAY.key, cfg.RETENTION.key, cfg.THEME.key, cfg.DATA_DIR.key}
    assert set(page.editors) == keys
    for setting in cfg.on_the_page():
        assert page.editors[setting.key].toolTip() == setting.description
    assert [box.title() for box in page.findChildren(QGroupBox)] == list(cfg.SECTIONS)


def test_values_round_trip_through_qsettings(qtbot, page: SettingsPage, store: QSettings,
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
    store.sync()

    reread = QSettings(store.fileName(), QSettings.Format.IniFormat)
    assert cfg.read(reread, cfg.PRESET) == "pot-of-gold"
    assert cfg.read(reread, cfg.FEEDBACK) == "hand"
    assert cfg.read(reread, cfg.PENETRATION) == pytest.approx(0.85)
    assert cfg.read(reread, cfg.TIMER_SECONDS) == 4.5
    assert cfg.read(reread, cfg.DEALER_SPEED_MS) == 1200
    assert cfg.read(reread, cfg.DATA_DIR) == str(tmp_path)

    again = SettingsPage(reread)
    qtbot.addWidget(again)
    assert again.editors[cfg.PRESET.key].currentData() == "pot-of-gold"
    assert again.editors[cfg.PENETRATION.key].value() == 85
    assert again.editors[cfg.TIMER_SECONDS.key].value() == 4.5
    assert again.data_path.text() == str(tmp_path)


def test_values_the_declaration_refuses_are_not_stored(page: SettingsPage,
                                                       store: QSettings) -> None:
    assert page.apply(cfg.PENETRATION, 0.95) is not None
    assert page.apply(cfg.FEEDBACK, "sometimes") is not None
    assert page.apply(cfg.DEALER_SPEED_MS, "fast") is not None
    assert page.error.isVisible() and "Dealer speed" in page.error.text()
    assert store.value(cfg.PENETRATION.key) is None
    assert store.value(cfg.FEEDBACK.key) is None
    assert not page.set_data_dir("/no/such/folder/anywhere")
    assert store.value(cfg.DATA_DIR.key) is None
    assert page.apply(cfg.PENETRATION, 0.6) is None
    assert not page.error.isVisible()


def test_an_invalid_rules_file_shows_its_error_and_changes_nothing(
        qtbot, page: SettingsPage, store: QSettings, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "evolution"\ndecks = "many"\n', encoding="utf-8")
    with qtbot.waitSignal(page.rules.checked, timeout=20_000) as checked:
        page.rules.choose_rules_file(bad)       # read off the UI thread
    assert checked.args == [None]
    assert "bad.toml" in page.rules.status.text() and "decks" in page.rules.status.text()
    assert store.value(cfg.RULES_FILE.key) is None
    assert page.rules.path.text() == ""
    assert not page.rules.is_building()


@pytest.mark.slow
def test_a_custom_rules_file_builds_its_tables_off_the_ui_thread(
        qtbot, page: SettingsPage, store: QSettings, tmp_path: Path, monkeypatch) -> None:
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
    assert cfg.read(store, cfg.RULES_FILE) == str(good)
    page.editors[cfg.DEALER_SPEED_MS.key].setValue(700)   # the window answers meanwhile
    assert cfg.read(store, cfg.DEALER_SPEED_MS) == 700
    go.set()

    qtbot.waitUntil(lambda: not page.rules.is_building(), timeout=300_000)
    assert built_on and built_on[0] is not threading.main_thread()
    assert not page.rules.busy.isVisible()
    assert "ready" in page.rules.status.text()
    assert rules.fingerprint() in page.rules.tables
    assert list((tmp_path / "cache" / "tables").glob(f"{rules.fingerprint()}*.json.gz"))
    shown = [done for done, total in steps if total == 11]   # a step per up card, then the
    assert len(set(shown)) >= 3 and shown == sorted(shown)    # side bets: the bar only grows


def test_dark_theme_applies_a_dark_palette(page: SettingsPage, store: QSettings) -> None:
    theme = page.editors[cfg.THEME.key]
    assert isinstance(theme, QComboBox)
    theme.setCurrentIndex(theme.findData("dark"))
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert is_dark(app.palette())
    assert app.palette().color(QPalette.ColorRole.Base).lightness() < 60
    assert cfg.read(store, cfg.THEME) == "dark"
    theme.setCurrentIndex(theme.findData("light"))
    assert not is_dark(app.palette())


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
