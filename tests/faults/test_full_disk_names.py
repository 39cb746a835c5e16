"""A full disk names the file it could not write. Before: "freebet-charts: cannot use: No space
left on device" (a chart, a table, the output sent to a file), without saying which."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from strategy_charts.__main__ import main as charts
from trainer.rules import atomic_file
from trainer.rules.atomic_file import atomic_write

from .conftest import ROOT

FULL = os.strerror(errno.ENOSPC)


def _disk_full(descriptor: int) -> None:
    raise OSError(errno.ENOSPC, FULL)        # as the system says it: no file named


def test_a_file_the_disk_cannot_take_is_named_and_not_left_half_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "history.csv"
    target.write_text("old\n")
    monkeypatch.setattr(atomic_file.os, "fsync", _disk_full)
    with pytest.raises(OSError) as refused, atomic_write(target) as handle:
        handle.write("new")
    assert (refused.value.errno, refused.value.filename) == (errno.ENOSPC, str(target))
    assert target.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == [
        "history.csv"]


def test_an_error_that_names_its_own_file_keeps_it(tmp_path: Path) -> None:
    elsewhere = str(tmp_path / "elsewhere")
    with pytest.raises(OSError) as refused, atomic_write(tmp_path / "out.txt"):
        raise OSError(errno.ENOSPC, FULL, elsewhere)
    assert refused.value.filename == elsewhere


def test_a_chart_on_a_full_disk_names_its_file(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "chart.png"
    monkeypatch.setattr(atomic_file.os, "fsync", _disk_full)
    assert charts(["chart", "--preset", "evolution", "--out", str(out)]) == 1
    assert capsys.readouterr().err == f"freebet-charts: cannot use {out}: {FULL}\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("program", [("trainer", "stats"), ("strategy_charts", "ev")])
def test_output_sent_to_a_full_disk_is_named(tmp_path: Path, program: tuple[str, str]) -> None:
    """``stats > file`` on a full disk: /dev/full stands for the file."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", *program, *(
            ["--data-dir", str(tmp_path)] if program[0] == "trainer" else [])], cwd=ROOT,
            stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    name = program[0].replace("trainer", "freebet-trainer").replace("strategy_charts",
                                                                    "freebet-charts")
    assert done.returncode == 1
    assert done.stderr == f"{name}: cannot use standard output (/dev/full): {FULL}\n"
