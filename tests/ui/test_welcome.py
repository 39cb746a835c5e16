"""Issue 24: the first run's welcome. Before, a new player landed on "Hard 11 v 10, first
decision" with nothing about what Free Bet changes, what the study queue does, or the silent
assumption that they know classic basic strategy (in Settings only)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PyQt6.QtCore import Qt

from tests.progress.history import seed
from trainer import settings as cfg
from trainer.settings import Settings
from trainer.teaching.curriculum import Prior
from trainer.ui.main_window import MainWindow
from trainer.ui.settings.chosen import first_run

ROOT = Path(__file__).resolve().parents[2]


def test_a_first_run_is_no_setting_and_no_progress_file(tmp_path: Path) -> None:
    store = Settings(tmp_path / "fresh.toml")
    assert first_run(store)
    store.set(cfg.WELCOMED, True)
    assert not first_run(store)
    returning = Settings(tmp_path / "returning.toml")
    returning.set(cfg.THEME, "dark")
    assert not first_run(returning)
    played = tmp_path / "played"
    seed(played / "progress.sqlite3", days=1, per_day=2)
    os.environ["FREEBET_TRAINER_DATA"] = str(played)   # the default folder holds answers
    try:
        assert not first_run(Settings(tmp_path / "new.toml"))
    finally:
        del os.environ["FREEBET_TRAINER_DATA"]


def _window(qtbot, store: Settings) -> MainWindow:
    window = MainWindow(store)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    return window


def test_the_welcome_draws_free_bets_three_differences(qtbot, store: Settings,
                                                        data_dir: Path) -> None:
    window = _window(qtbot, store)
    welcome = window.show_welcome()
    qtbot.waitUntil(lambda: welcome.facts is not None, timeout=60_000)
    assert "FD" in welcome.doubles_table.text() and "hard 9" in welcome.doubles_table.text()
    assert "FP" in welcome.splits_table.text() and "8,8" in welcome.splits_table.text()
    assert "a push" in welcome.dealer_table.text()
    assert welcome.classic.isChecked()                       # the default starting point
    welcome.reject()


def test_the_welcomes_choices_reach_the_settings_and_the_first_card(
        qtbot, store: Settings, data_dir: Path) -> None:
    window = _window(qtbot, store)
    flashcards = window.show_page("flashcards")
    qtbot.waitUntil(lambda: flashcards.session is not None, timeout=60_000)  # type: ignore
    assert flashcards.session.course.prior is Prior.CLASSIC  # type: ignore[attr-defined]
    welcome = window.show_welcome()
    welcome.novice.setChecked(True)
    welcome.new_cards.setValue(35)
    qtbot.mouseClick(welcome.go, Qt.MouseButton.LeftButton)
    assert store.get(cfg.ASSUME_CLASSIC) is False
    assert store.get(cfg.NEW_PER_DAY) == 35
    assert store.get(cfg.WELCOMED) is True
    assert window.current_page() == "flashcards"
    qtbot.waitUntil(lambda: flashcards.session is not None  # type: ignore[attr-defined]
                    and flashcards.session.course.prior is Prior.NOVICE,  # type: ignore
                    timeout=60_000)                          # dealt again from the new start
    assert flashcards.awaiting  # type: ignore[attr-defined]
    flashcards.shutdown()  # type: ignore[attr-defined]


def test_skipping_keeps_the_settings_and_help_opens_the_welcome_again(
        qtbot, store: Settings, data_dir: Path) -> None:
    window = _window(qtbot, store)
    welcome = window.show_welcome()
    welcome.novice.setChecked(True)
    qtbot.mouseClick(welcome.skip, Qt.MouseButton.LeftButton)
    assert store.get(cfg.WELCOMED) is True
    assert not store.is_set(cfg.ASSUME_CLASSIC)        # skipped: nothing chosen
    window.menus.welcome.trigger()
    assert window.welcome is not None and window.welcome is not welcome
    assert window.welcome.isVisible()
    window.welcome.reject()


def test_a_first_launch_welcomes_and_a_second_does_not(tmp_path: Path) -> None:
    """The real start: the welcome shows on the first launch (the benchmark's flag takes its
    defaults at once) and is remembered."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "FREEBET_TRAINER_DATA": str(tmp_path / "progress")}
    code = ("import sys; from trainer.ui.app import run; "
            "sys.exit(run(['freebet-trainer', '--quit-after-first-card']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    store = Settings(tmp_path / "config" / "freebet-trainer" / "settings.toml")
    assert store.get(cfg.WELCOMED) is True
    assert store.get(cfg.ASSUME_CLASSIC) is True      # its defaults, taken
