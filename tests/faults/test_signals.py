"""A closed terminal (SIGHUP), SIGTERM and Ctrl-C end a terminal drill the way quitting does:
what waits is saved (the lock waited for up to the busy timeout), or kept beside the file and
saved at the next start; the exit status is 128 + the signal's number. Before: SIGHUP lost the
answers waiting, with exit 129 from Python's default."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.faults.locks import LockHolder
from tests.faults.signalled import default_signals
from trainer.progress import unsaved
from trainer.progress.store import ProgressStore

ROOT = Path(__file__).resolve().parents[2]


def _until_prompt(drill: subprocess.Popen[bytes]) -> bytes:
    """Read the drill's output up to its next question ("... > ")."""
    assert drill.stdout is not None
    seen = b""
    while not seen.endswith(b"> "):
        byte = drill.stdout.read(1)
        if not byte:
            raise AssertionError(f"the drill ended: {seen.decode(errors='replace')}")
        seen += byte
    return seen


def _answer(drill: subprocess.Popen[bytes], key: str) -> None:
    _until_prompt(drill)
    assert drill.stdin is not None
    drill.stdin.write(key.encode() + b"\n")
    drill.stdin.flush()


def _answers(path: Path) -> int:
    with ProgressStore.open(path) as store:         # saves what was kept, first
        return int(store.tuples("SELECT COUNT(*) FROM decisions WHERE undone = 0")[0][0])


@pytest.mark.parametrize(("signum", "released", "status"), [
    (signal.SIGTERM, True, 143),
    pytest.param(signal.SIGHUP, False, 129, marks=pytest.mark.slow),
    pytest.param(signal.SIGINT, False, 130, marks=pytest.mark.slow),
])
def test_a_drill_told_to_stop_saves_or_keeps_what_waits(tmp_path: Path, signum: int,
                                                        released: bool, status: int) -> None:
    folder = tmp_path / "data"
    path = folder / "progress.sqlite3"
    drill = subprocess.Popen(
        [sys.executable, "-m", "trainer", "drill", "--mode", "all", "--count", "20",
         "--seed", "3", "--data-dir", str(folder)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=default_signals)
    holder = LockHolder(path)
    try:
        for _ in range(3):
            _answer(drill, "s")
        _until_prompt(drill)                       # the fourth card: its answer must wait
        holder.__enter__()
        assert drill.stdin is not None
        drill.stdin.write(b"s\n")
        drill.stdin.flush()
        _until_prompt(drill)                       # asked the fifth after waiting the lock
        drill.send_signal(signum)
        if released:
            holder.release()
        _, err = drill.communicate(timeout=120)
    finally:
        holder.release()
        if drill.poll() is None:
            drill.kill()
    said = err.decode()
    assert drill.returncode == status, said
    assert "Traceback" not in said
    if released:
        assert unsaved.waiting(path) == []
    else:
        assert "1 answer was not saved (the progress file is locked" in said
        [kept] = unsaved.waiting(path)
        assert str(kept) in said
    assert _answers(path) == 4                     # every answer, saved or kept and saved now
    assert unsaved.waiting(path) == []
    with ProgressStore.open(path) as store:
        [session] = store.rows("SELECT ended FROM sessions")
        assert session["ended"] is not None
    assert os.path.exists(path)
