"""The app starts, shows its window and quits cleanly (a real process, as a user starts it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


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
