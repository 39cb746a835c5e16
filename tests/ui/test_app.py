"""The app starts, shows its window and quits cleanly (a real process, as a user starts it);
``freebet-trainer`` opens it with a data folder for the run, and says its options plainly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_starts_shows_the_window_and_exits_cleanly(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path),
           "HOME": str(tmp_path)}
    code = "import sys; from trainer.ui.app import run; sys.exit(run(['freebet-trainer', " \
           "'--quit-after-show']))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    word, when = out.stdout.split()
    assert word == "first-paint" and float(when) > 0


def _window_env(tmp_path: Path) -> dict[str, str]:
    """A headless window whose settings and default data folder are the test's own."""
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path),
            "HOME": str(tmp_path), "FREEBET_TRAINER_DATA": str(tmp_path / "default-data")}


def test_the_command_opens_the_window_with_a_data_folder_for_this_run(tmp_path: Path) -> None:
    """Before: "argument command: invalid choice" for the folder's name, exit 2."""
    out = subprocess.run([sys.executable, "-m", "trainer", "--data-dir", str(tmp_path / "mine"),
                          "--quit-after-show"], capture_output=True, text=True,
                         env=_window_env(tmp_path), timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "first-paint"


def test_the_data_folder_reaches_the_window_and_qt_options_pass_to_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from trainer.__main__ import main
    from trainer.ui import app
    started: list[tuple[list[str], str | None]] = []
    monkeypatch.setattr(app, "run", lambda argv, data_dir=None: started.append(
        (argv, data_dir)) or 0)
    assert main(["--data-dir", str(tmp_path), "-platform", "offscreen"]) == 0
    assert main(["-platform", "offscreen"]) == 0
    assert [(argv[1:], folder) for argv, folder in started] == [
        (["-platform", "offscreen"], str(tmp_path)), (["-platform", "offscreen"], None)]


def test_help_is_plain_text_naming_the_commands_and_the_exit_codes(tmp_path: Path) -> None:
    """Before: the module's reStructuredText (":mod:`trainer.ui.app`")."""
    out = subprocess.run([sys.executable, "-m", "trainer", "--help"], capture_output=True,
                         text=True, env=_window_env(tmp_path), timeout=60, cwd=ROOT)
    assert out.returncode == 0 and out.stdout.startswith("usage: freebet-trainer ")
    assert ":mod:" not in out.stdout and "``" not in out.stdout and "`" not in out.stdout
    for shown in ("--data-dir DIR", "--self-test", "drill", "stats", "export", "count",
                  "Exit status: 0 done, 2 bad input, 1 a file that cannot be used"):
        assert shown in out.stdout


@pytest.mark.timeout(600)    # the window's first start may take up to 300 s
def test_the_first_card_is_dealt_and_timed_after_the_first_paint(tmp_path: Path) -> None:
    """What bench/startup.py reads: the moments of the first paint and of the first card."""
    env = {**_window_env(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    code = "import sys; from trainer.ui.app import run; sys.exit(run(['freebet-trainer', " \
           "'--quit-after-first-card']))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    seen = dict(line.split() for line in out.stdout.splitlines())
    assert float(seen["first-card"]) > float(seen["first-paint"]) > 0


def test_the_head_start_builds_the_rules_and_starting_point_set(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, qapp) -> None:
    import trainer.session
    from trainer import settings as cfg
    from trainer.teaching.curriculum import Prior
    from trainer.ui.app import head_start
    from trainer.ui.settings.window import WINDOW_PAGE
    built: list[tuple[str, Prior]] = []
    monkeypatch.setattr(trainer.session, "head_start",
                        lambda rules, prior: built.append((rules.name, prior)))
    store = cfg.Settings(tmp_path / "settings.toml")
    thread = head_start(store)
    assert thread is not None
    thread.join(60)
    rules_file = tmp_path / "mine.toml"
    rules_file.write_text('name = "mine"\nbase = "pot-of-gold"\n')
    store.set(cfg.RULES_FILE, str(rules_file))
    store.set(cfg.ASSUME_CLASSIC, False)
    thread = head_start(store)
    assert thread is not None
    thread.join(60)
    assert built == [("evolution", Prior.CLASSIC), ("mine", Prior.NOVICE)]
    store.set(WINDOW_PAGE, "settings")      # the window opens on another page
    assert head_start(store) is None
