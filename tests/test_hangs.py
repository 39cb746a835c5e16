"""A test that hangs fails fast and names itself (pytest-timeout, configured in pyproject.toml):
one run of the UI and fault tests once hung for 14 minutes with both workers idle."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

STUCK = '''
import threading


def test_stuck_on_a_lock_no_one_will_release():
    lock = threading.Lock()
    lock.acquire()
    lock.acquire()   # waits in C for good
'''


def test_every_test_has_a_generous_hard_limit(pytestconfig: pytest.Config) -> None:
    """300 s, with its setup and teardown; the thread method stops a wait in C too."""
    assert pytestconfig.getini("timeout") == "300"
    assert pytestconfig.getini("timeout_method") == "thread"


def test_a_stuck_test_is_stopped_and_named(tmp_path: Path) -> None:
    """Under the project's configuration (its limit lowered to 2 s), a test stuck on a lock is
    stopped, its stack printed and its name with it, and the run fails."""
    (tmp_path / "test_stuck.py").write_text(STUCK)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir",
         str(tmp_path), "-p", "no:cacheprovider", "-p", "no:xdist", "-o", "timeout=2",
         str(tmp_path / "test_stuck.py")],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    said = done.stdout + done.stderr
    assert done.returncode != 0, said
    assert "Timeout" in said and "test_stuck_on_a_lock_no_one_will_release" in said, said
