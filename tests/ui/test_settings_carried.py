"""The first releases' settings (Qt's ini file) are carried once into the settings file: valid
values written, invalid ones left behind and said, the ini file left as it was."""

from __future__ import annotations

import tomllib
from pathlib import Path

from PyQt6.QtCore import QByteArray, QSettings

from trainer import settings as cfg
from trainer.settings import Settings
from trainer.ui.settings.carried import carry_over, ini_keys
from trainer.ui.settings.window import WINDOW_PAGE


def _old(tmp_path: Path) -> QSettings:
    old = QSettings(str(tmp_path / "old.ini"), QSettings.Format.IniFormat)
    old.setValue("play/preset", "pot-of-gold")
    old.setValue("play/timer_seconds", 4.5)
    old.setValue("look/theme", "dark")
    old.setValue("window/page", "charts")
    old.setValue("window/geometry", QByteArray(b"\x01\xd9\xd0\xcb"))
    old.setValue("study/assume_classic", False)
    old.setValue("table/side_maximum", 250)             # renamed since
    old.setValue("play/dealer_speed_ms", 99999)          # not allowed: left behind
    old.setValue("counting/own_tags", "A:-1, 2-6:1, T:-1")
    old.sync()
    return old


def test_the_old_values_are_carried_once_and_the_ini_left_alone(tmp_path: Path) -> None:
    old = _old(tmp_path)
    before = Path(old.fileName()).read_bytes()
    settings = Settings(tmp_path / "config" / "settings.toml")
    assert carry_over(settings, old) == 8
    again = Settings(settings.path)
    assert again.get(cfg.PRESET) == "pot-of-gold"
    assert again.get(cfg.TIMER_SECONDS) == 4.5
    assert again.get(cfg.THEME) == "dark"
    assert again.get(WINDOW_PAGE) == "charts"
    assert again.get(cfg.WINDOW_GEOMETRY) == b"\x01\xd9\xd0\xcb"
    assert again.get(cfg.ASSUME_CLASSIC) is False
    assert again.get(cfg.SIDE_BET_MAXIMUM) == 250
    assert again.get(cfg.OWN_TAGS) == "A:-1, 2-6:1, T:-1"
    assert not again.is_set(cfg.DEALER_SPEED_MS)
    [said] = settings.refused()
    assert "Dealer speed" in said and "99999" in said and old.fileName() in said
    assert Path(old.fileName()).read_bytes() == before

    settings.set(cfg.THEME, "light")               # carried once: never again over the file
    assert carry_over(Settings(settings.path), old) == 0
    assert tomllib.loads(settings.path.read_text())["look"]["theme"] == "light"


def test_nothing_to_carry_writes_no_file(tmp_path: Path) -> None:
    empty = QSettings(str(tmp_path / "empty.ini"), QSettings.Format.IniFormat)
    settings = Settings(tmp_path / "settings.toml")
    assert carry_over(settings, empty) == 0
    assert not settings.path.exists()


def test_each_setting_is_looked_for_under_its_old_ini_keys() -> None:
    assert ini_keys(cfg.SIDE_BET_MAXIMUM) == ["table/side_bet_maximum", "table/side_maximum"]
    assert ini_keys(cfg.THEME) == ["look/theme"]
