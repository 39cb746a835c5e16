"""Programs started without a standard stream (``drill <&-``, ``stats >&-``): before, an
AttributeError traceback on ``None`` and, for the drill, an empty session row left behind. Now
a plain message on standard error, exit 2, and nothing written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from trainer.progress.store import ProgressStore

from .conftest import ROOT, history

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="closes a POSIX descriptor")


def _started_without(redirection: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m ARGS REDIRECTION`` as a POSIX shell runs it (``<&-`` closes stdin)."""
    return subprocess.run(["/bin/sh", "-c", f'exec "$@" {redirection}', "sh", sys.executable,
                           "-m", *args], cwd=ROOT, input="h\n" if "<" not in redirection
                          else None, text=True, capture_output=True, timeout=120)


def _sessions(path: Path) -> int:
    with ProgressStore.open(path, read_only=True) as store:
        return int(store.tuples("SELECT COUNT(*) FROM sessions")[0][0])


@pytest.mark.parametrize(("redirection", "args", "said"), [
    ("<&-", ("trainer", "drill"), "standard input is closed (the command was started with "
     "<&-), and the drill reads your answers from it: nothing was done. Run it in a terminal"),
    ("<&-", ("trainer", "count", "running"), "standard input is closed"),
    (">&-", ("trainer", "drill"), "standard output is closed (the command was started with "
     ">&-), and the command prints there: nothing was done. Send the output to the terminal, "
     "to a file (> out.txt), or to /dev/null to discard it."),
    (">&-", ("trainer", "stats"), "standard output is closed"),
    (">&-", ("trainer", "export", "--csv", "{tmp}/history.csv"), "standard output is closed"),
])
def test_a_command_started_without_a_stream_it_needs_says_so(
        tmp_path: Path, redirection: str, args: tuple[str, ...], said: str) -> None:
    path = history(tmp_path / "data")
    done = _started_without(redirection, *(arg.format(tmp=tmp_path) for arg in args),
                            "--data-dir", str(path.parent))
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith(f"freebet-trainer: {said}")
    assert _sessions(path) == 1            # the history's own: no empty session left
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]


def test_the_engine_started_without_standard_output_says_so() -> None:
    done = _started_without(">&-", "strategy_charts", "ev")
    assert done.returncode == 2, done
    assert done.stderr.startswith("freebet-charts: standard output is closed"), done.stderr
    assert "Traceback" not in done.stderr


def test_a_drill_without_standard_input_creates_no_progress_file(tmp_path: Path) -> None:
    done = _started_without("<&-", "trainer", "drill", "--data-dir", str(tmp_path / "data"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert not (tmp_path / "data").exists()


def test_without_standard_error_a_command_runs_and_its_messages_go_nowhere(
        tmp_path: Path) -> None:
    """stats has all it needs; a refusal, unseen, still gives its exit code."""
    path = history(tmp_path / "data")
    done = _started_without("2>&-", "trainer", "stats", "--data-dir", str(path.parent))
    assert done.returncode == 0 and "3 decisions" in done.stdout, done
    refused = _started_without("2>&- >&-", "trainer", "stats", "--data-dir", str(path.parent))
    assert refused.returncode == 2 and refused.stderr == ""


def test_a_file_opened_after_a_closed_stream_never_takes_its_number(tmp_path: Path) -> None:
    """The null device holds descriptors 0-2, so the progress file opens on 3 or above (a
    stray write to fd 1 would otherwise land in it)."""
    probe = ("import os, sys\n"
             "from trainer.commands.streams import Stream, hold_closed\n"
             "assert hold_closed() == {Stream.OUTPUT}\n"
             "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)\n"
             "os.write(2, str(fd).encode())\n")
    done = subprocess.run(["/bin/sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-c", probe,
                           str(tmp_path / "file")], cwd=ROOT, text=True, capture_output=True,
                          timeout=60)
    assert done.returncode == 0, done
    assert int(done.stderr) >= 3
