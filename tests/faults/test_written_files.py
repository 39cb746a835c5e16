"""Finding 6 and 11's leftovers: a write never replaces what is not a writable regular file, keeps
an existing file's permissions, and what a killed write leaves behind is cleaned up."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.__main__ import main
from trainer.progress.opening import remove_partial_backups
from trainer.progress.store import ProgressStore
from trainer.rules.atomic_file import RefusedTargetError, atomic_write, check_target
from trainer.teaching.records import Mode

from .conftest import ROOT


@pytest.fixture
def folder(tmp_path: Path) -> str:
    """A data folder with a progress file of two decisions."""
    with ProgressStore.open(tmp_path / "data" / "progress.sqlite3") as store:
        session = store.start_session("evolution", Mode.FLASHCARDS, {})
        store.record_decision(session, decision(situation_key="one"))
        store.record_decision(session, decision(situation_key="two"))
    return str(tmp_path / "data")


def export(folder: str, target: object) -> int:
    return main(["export", "--csv", str(target), "--data-dir", folder])


def test_a_read_only_file_is_not_replaced(folder: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Before: replaced in a writable folder, and made 0644."""
    target = tmp_path / "keep.csv"
    target.write_text("mine\n")
    target.chmod(0o444)
    assert export(folder, target) == 1
    assert capsys.readouterr().err == (f"freebet-trainer: cannot write {str(target)!r}: the file "
                                       "is read-only\n")
    assert target.read_text() == "mine\n" and stat.S_IMODE(target.stat().st_mode) == 0o444


@pytest.mark.parametrize("target", ["/dev/null", "", "."])
def test_a_device_nothing_or_a_folder_is_refused(folder: str, target: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Before: as root, --csv /dev/null replaced the device with a regular file; "" raised a
    ValueError traceback."""
    assert export(folder, target) == 1
    said = capsys.readouterr().err
    assert said.startswith(f"freebet-trainer: cannot write {target!r}: ")
    if target == "/dev/null":
        assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_refusals_say_why(tmp_path: Path) -> None:
    (tmp_path / "ro.csv").write_text("x")
    (tmp_path / "ro.csv").chmod(0o444)
    cases = {"": "no file name was given", str(tmp_path): "it is a folder",
             "/dev/null": "not a regular file", str(tmp_path / "ro.csv"): "read-only",
             str(tmp_path / "missing" / "x.csv"): "does not exist"}
    for target, why in cases.items():
        with pytest.raises(RefusedTargetError, match=why):
            check_target(target)


def test_a_replaced_file_keeps_its_permissions_and_a_link_its_target(folder: str,
                                                                     tmp_path: Path) -> None:
    target = tmp_path / "history.csv"
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    assert export(folder, link) == 0
    assert link.is_symlink() and stat.S_IMODE(target.stat().st_mode) == 0o640
    assert "one" in target.read_text(encoding="utf-8-sig")


KILLED_WRITER = """
import sys, time
from trainer.rules.atomic_file import atomic_write
with atomic_write(sys.argv[1]) as handle:
    handle.write("half")
    handle.flush()
    print("writing", flush=True)
    time.sleep(60)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_exports_hidden_file_is_removed_by_the_next(folder: str,
                                                              tmp_path: Path) -> None:
    target = tmp_path / "history.csv"
    with subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(target)], cwd=ROOT,
                          stdout=subprocess.PIPE, text=True) as writer:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "writing"
        leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        assert len(leftovers) == 1 and leftovers[0].startswith(".history.csv.")
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait(10)
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == leftovers
    assert export(folder, target) == 0
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert "two" in target.read_text(encoding="utf-8-sig")


def test_a_running_writers_file_is_left_alone(tmp_path: Path) -> None:
    """Only files of processes that no longer run are removed: this one's own stays."""
    target = tmp_path / "rules.toml"
    with atomic_write(target) as handle:
        handle.write("a = 1\n")
        mine = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        with atomic_write(tmp_path / "other.toml") as other:
            other.write("b = 2\n")
        assert [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == mine
    assert target.read_text() == "a = 1\n"


def test_a_failed_write_leaves_the_target_and_no_hidden_file(tmp_path: Path) -> None:
    target = tmp_path / "history.csv"
    target.write_text("old\n")
    with pytest.raises(ZeroDivisionError), atomic_write(target) as handle:
        handle.write("new")
        raise ZeroDivisionError
    assert target.read_text() == "old\n" and [p.name for p in tmp_path.iterdir()] == [
        "history.csv"]


def test_a_half_made_backup_of_a_killed_upgrade_is_removed_on_opening(db_path: Path) -> None:
    """Before: a killed schema upgrade left a .bak-….partial (124 MB in the fault run)."""
    with ProgressStore.open(db_path):
        pass
    partial = db_path.with_name(db_path.name + ".bak-v1-20260101T000000Z.partial")
    partial.write_bytes(b"half a backup")
    journal = partial.with_name(partial.name + "-journal")
    journal.write_bytes(b"x")
    other = db_path.with_name("unrelated.bak-v1.partial")
    other.write_bytes(b"not ours")
    with ProgressStore.open(db_path):
        pass
    assert not partial.exists() and not journal.exists() and other.exists()
    assert remove_partial_backups(db_path) == []
