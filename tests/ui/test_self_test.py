"""``freebet-trainer --self-test``: passes on a working install, fails loudly otherwise."""

from __future__ import annotations

import os
import subprocess
import sys

from trainer.ui import self_test


def test_self_test_passes_in_a_fresh_process() -> None:
    """The real command: window, one flashcard answered and read back, exit 0."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-m", "trainer", "--self-test"], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "self-test passed" in done.stdout


def test_self_test_reports_a_failure_with_exit_1(monkeypatch, capsys) -> None:
    """Any failure inside the check is printed and gives exit code 1."""
    def broken(folder):
        raise RuntimeError("no tables")

    monkeypatch.setattr(self_test, "_deal_and_answer", broken)
    assert self_test.run_self_test() == 1
    assert "self-test FAILED: no tables" in capsys.readouterr().err
