"""The window and the terminal share one settings file: each page setting set by
``freebet-trainer settings set`` shows on the window's Settings page, each set on the page
lists in the terminal, and a change made while the window is open takes effect when the
window is activated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PyQt6.QtCore import QEvent
from PyQt6.QtWidgets import QComboBox, QDoubleSpinBox, QLineEdit, QSpinBox, QWidget

from trainer import settings as cfg
from trainer.__main__ import main
from trainer.settings import Range, Setting, Settings
from trainer.ui.main_window import MainWindow
from trainer.ui.settings.page import SettingsPage


def _other_values(folder: Path) -> dict[str, str]:
    """A value other than the default for each page setting, as typed in a terminal."""
    rules = folder / "mine.toml"
    rules.write_text('name = "mine"\nbase = "pot-of-gold"\n')
    data = folder / "elsewhere"
    data.mkdir()
    return {"play.preset": "pot-of-gold", "play.rules_file": str(rules),
            "table.chips": "5, 25, 100", "table.minimum": "25", "table.maximum": "2000",
            "table.side_bet_maximum": "50", "play.penetration": "0.8", "play.feedback": "shoe",
            "play.timer_seconds": "4.5", "play.dealer_speed_ms": "1200",
            "play.decision_shares": "false", "play.betting_seconds": "20",
            "table.behind_follows_doubles": "true", "table.behind_follows_splits": "true",
            "table.seat_errors": "0.15",
            "study.assume_classic": "false", "study.new_per_day": "35",
            "study.retention": "0.85", "look.theme": "dark", "data.dir": str(data)}


def _shown(page: SettingsPage, setting: Setting) -> object:
    """What the page's editor of ``setting`` shows, as the setting's value."""
    editor: QWidget = page.editors[setting.key]
    if setting.editor is cfg.Editor.RULES_FILE:
        return page.rules.path.text()
    if setting.editor is cfg.Editor.FOLDER:
        return page.data_path.text()
    if isinstance(editor, QComboBox):
        return editor.currentData()
    if isinstance(editor, QSpinBox):
        return editor.value()
    if isinstance(editor, QDoubleSpinBox) and isinstance(setting.allowed, Range):
        return round(editor.value() / setting.allowed.scale, 6)
    assert isinstance(editor, QLineEdit)
    return editor.text()


def _page(qtbot, window: MainWindow) -> SettingsPage:
    page = window.show_page("settings")
    assert isinstance(page, SettingsPage)
    return page


def test_each_page_setting_set_in_the_terminal_shows_on_the_page(
        qtbot, tmp_path: Path) -> None:
    values = _other_values(tmp_path)
    assert {s.key for s in cfg.on_the_page()} == set(values)
    for key, value in values.items():
        assert main(["settings", "set", key, value]) == 0, key
    window = MainWindow(Settings())
    qtbot.addWidget(window)
    page = _page(qtbot, window)
    for setting in cfg.on_the_page():
        expected = setting.parse(values[setting.key])
        assert _shown(page, setting) == expected, setting.key
        assert setting.default != expected, setting.key        # the test sees a change


def test_each_page_setting_set_on_the_page_lists_in_the_terminal(
        qtbot, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    values = _other_values(tmp_path)
    window = MainWindow(Settings())
    qtbot.addWidget(window)
    page = _page(qtbot, window)
    for setting in cfg.on_the_page():
        if setting.editor is cfg.Editor.RULES_FILE:      # as the page's Choose… stores it
            assert page.apply(setting, values[setting.key]) is None
        elif setting.editor is cfg.Editor.FOLDER:
            assert page.set_data_dir(values[setting.key])
        else:
            assert page.apply(setting, setting.parse(values[setting.key])) is None
    capsys.readouterr()
    assert main(["settings", "--json"]) == 0
    listed = {row["key"]: row for row in json.loads(capsys.readouterr().out)["settings"]}
    for setting in cfg.on_the_page():
        assert listed[setting.key]["set"], setting.key
        assert listed[setting.key]["value"] == setting.parse(values[setting.key]), setting.key


def test_a_change_made_in_the_terminal_takes_effect_when_the_window_is_activated(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    window = MainWindow(Settings())
    qtbot.addWidget(window)
    page = _page(qtbot, window)
    assert window.menus.themes["light"].isChecked()
    assert main(["settings", "set", "look.theme", "dark"]) == 0
    assert main(["settings", "set", "play.timer_seconds", "12"]) == 0
    assert window.menus.themes["light"].isChecked()          # not read yet
    monkeypatch.setattr(window, "isActiveWindow", lambda: True)
    window.changeEvent(QEvent(QEvent.Type.ActivationChange))
    assert window.menus.themes["dark"].isChecked()
    assert page.editors[cfg.THEME.key].currentData() == "dark"
    assert _shown(page, cfg.TIMER_SECONDS) == 12.0
    from PyQt6.QtWidgets import QApplication

    from trainer.ui.theme import is_dark
    app = QApplication.instance()
    assert isinstance(app, QApplication) and is_dark(app.palette())
    window.store.set(cfg.THEME, "light")
