"""The fault suite's helpers: commands run as a user would run them, and a user whom file
permissions bind (root ignores them, so as root the child gives up that power first)."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Linux capabilities that let root ignore file permissions: DAC_OVERRIDE, DAC_READ_SEARCH, FOWNER.
_OVERRIDES = (1, 2, 3)
_PR_CAPBSET_DROP = 24


def _bound_by_permissions() -> None:
    """In a child before exec: drop root's permission overrides from the bounding set, so the
    program it runs meets a read-only file as an ordinary user does."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in _OVERRIDES:
        if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def run(args: Sequence[str], *, stdin: str = "", as_user: bool = False,
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``python -m <args>`` from the project folder, text in and out."""
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, input=stdin, text=True,
                          capture_output=True, timeout=timeout,
                          preexec_fn=_bound_by_permissions if as_user else None)


def history(folder: Path, answers: int = 3) -> Path:
    """A closed progress file in ``folder`` with one session of ``answers`` decisions."""
    from tests.progress.factories import decision
    from trainer.progress.store import ProgressStore
    from trainer.teaching.records import Mode
    path = folder / "progress.sqlite3"
    with ProgressStore.open(path) as store:
        session = store.start_session("evolution", Mode.FLASHCARDS, {})
        for number in range(answers):
            store.record_decision(session, decision(situation_key=f"answer {number}"))
    return path


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where a progress file goes (its folder not made yet)."""
    return tmp_path / "data" / "progress.sqlite3"


@pytest.fixture
def read_only_works(tmp_path: Path) -> None:
    """Skip where a child cannot be bound by file permissions (root elsewhere than Linux)."""
    probe = tmp_path / "probe"
    probe.write_text("x")
    probe.chmod(0o444)
    try:
        child = subprocess.run([sys.executable, "-c", f"open({str(probe)!r}, 'a')"],
                               capture_output=True, preexec_fn=_bound_by_permissions)
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot drop root's file overrides here: {exc}")
    finally:
        probe.chmod(0o644)
    if child.returncode == 0:
        pytest.skip("file permissions do not bind a child here")
