"""Killing a writer process mid-session loses no decision it had reported as answered."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.progress.store import ProgressStore

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import sys
from datetime import UTC, datetime, timedelta
from trainer.teaching.records import GradedDecision, Mode, Verdict
from trainer.progress.store import ProgressStore

store = ProgressStore.open(sys.argv[1])
session = store.start_session("evolution", Mode.FLASHCARDS, {"writer": "crash test"})
start = datetime(2026, 3, 1, tzinfo=UTC)
number = 0
while True:
    number += 1
    moment = (start + timedelta(seconds=number)).isoformat().replace("+00:00", "Z")
    store.record_decision(session, GradedDecision(
        time=moment, preset="evolution", mode=Mode.FLASHCARDS, situation_key=f"answer {number}",
        cards="10 6", dealer_up="10", action="hit", best_action="hit",
        verdict=Verdict.CORRECT, ev_loss=0.0, response_ms=number, evs={"hit": -0.5}))
    print("answered", number, flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_writer_loses_nothing_it_reported(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as writer:
        assert writer.stdout is not None and writer.stderr is not None
        reported: list[int] = []
        while len(reported) < 300:
            line = writer.stdout.readline()
            if not line:
                pytest.fail(f"the writer stopped early: {writer.stderr.read()}")
            reported.append(int(line.split()[1]))
        os.kill(writer.pid, signal.SIGKILL)  # mid-session, most likely mid-write
        writer.wait(timeout=10)
        reported += [int(line.split()[1]) for line in writer.stdout.read().splitlines()
                     if line.startswith("answered")]
        writer.stderr.read()
    assert writer.returncode == -signal.SIGKILL
    assert reported == list(range(1, len(reported) + 1))
    with ProgressStore.open(path) as store:
        stored = [s.decision.response_ms for s in store.decisions()]
        [session] = store.rows("SELECT ended FROM sessions")
    assert session["ended"] is None
    # every reported answer is there; at most one more was committed but not yet reported
    assert stored[: len(reported)] == reported
    assert len(stored) - len(reported) in (0, 1)
