"""Finding 11: the small ones. Ctrl-C and a closed pipe end quietly; errors go to stderr with an
exit code; counts must be 1 or more; a data folder that is a file, or a progress file that is a
folder, is named for what it is; a file from a newer trainer reports the version it has."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlite_utils import Database

from trainer.__main__ import main
from trainer.progress import schema
from trainer.progress.errors import NewerDatabaseError
from trainer.progress.store import ProgressStore

from .conftest import ROOT, history, run


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_in_the_drill_ends_it_quietly_with_the_answers_saved(tmp_path: Path) -> None:
    """Before: a KeyboardInterrupt traceback.

    The drill runs as ``python -m trainer`` would, with Ctrl-C's handler set first: a process
    that inherits SIGINT ignored (as a test worker may pass it on) never installs Python's
    handler, and the signal would be lost, not tested."""
    folder = tmp_path / "data"
    start = ("import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler);"
             " sys.argv[0] = 'trainer'; runpy.run_module('trainer', run_name='__main__')")
    with subprocess.Popen([sys.executable, "-c", start, "drill", "--mode", "hard",
                           "--seed", "2", "--data-dir", str(folder)], cwd=ROOT, text=True,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as drill:
        assert drill.stdin is not None and drill.stdout is not None
        drill.stdin.write("s\n")
        drill.stdin.flush()
        seen = ""
        while "2. " not in seen:   # the first answer is graded, the second card asked
            seen += drill.stdout.readline()
        drill.send_signal(signal.SIGINT)
        out, err = drill.communicate(timeout=60)
    assert drill.returncode == 130, (out, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "Stopped." in out
    with ProgressStore.open(folder / "progress.sqlite3") as store:
        assert len(list(store.decisions())) == 1
        assert store.rows("SELECT ended FROM sessions")[0]["ended"] is not None


def test_ctrl_c_during_an_export_leaves_nothing_half_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "data"
    history(folder)
    target = tmp_path / "history.csv"
    target.write_text("the last export\n")

    def interrupted(self: ProgressStore, only: object = None):  # type: ignore[no-untyped-def]
        yield (1, 1, *["x"] * 14)
        raise KeyboardInterrupt
    monkeypatch.setattr(ProgressStore, "decision_rows", interrupted)
    assert main(["export", "--csv", str(target), "--data-dir", str(folder)]) == 130
    assert "Traceback" not in capsys.readouterr().err
    assert target.read_text() == "the last export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "history.csv"]


def test_a_reader_that_goes_away_ends_stats_quietly(tmp_path: Path) -> None:
    """``stats | head``: before, a BrokenPipeError traceback."""
    folder = tmp_path / "data"
    history(folder)
    with subprocess.Popen([sys.executable, "-m", "trainer", "stats", "--data-dir",
                           str(folder)], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True) as stats:
        assert stats.stdout is not None and stats.stderr is not None
        stats.stdout.close()               # the reader is gone before the first line
        err = stats.stderr.read()
        stats.wait(60)
    assert "Traceback" not in err and "BrokenPipe" not in err
    assert stats.returncode == 1


def test_errors_go_to_stderr_with_an_exit_code(tmp_path: Path) -> None:
    """Before: printed on stdout."""
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "progress.sqlite3").write_bytes(b"not a database " * 100)
    for command in (["stats"], ["export", "--csv", str(tmp_path / "x.csv")],
                    ["drill", "--count", "1"]):
        out = run(["trainer", *command, "--data-dir", str(folder)])
        assert out.returncode == 1 and out.stdout == ""
        assert out.stderr.startswith("freebet-trainer: The progress file ")


@pytest.mark.parametrize("count", ["-5", "0", "many"])
def test_a_count_must_be_one_or_more(count: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["drill", "--count", count])
    assert caught.value.code == 2
    assert "argument --count" in capsys.readouterr().err


def test_a_data_folder_that_is_a_file_is_named_as_one(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Before: the advice was to free some disk space."""
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("mine")
    for command in (["drill", "--count", "1"], ["stats"]):
        assert main([*command, "--data-dir", str(not_a_folder)]) == 1
        said = capsys.readouterr().err
        assert f"{not_a_folder} is a file, not a folder" in said and "disk space" not in said
    assert not_a_folder.read_text() == "mine"


def test_a_progress_file_that_is_a_folder_is_named_as_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "progress.sqlite3").mkdir()
    for command in (["drill", "--count", "1"], ["stats"]):
        assert main([*command, "--data-dir", str(tmp_path)]) == 1
        said = capsys.readouterr().err
        assert f"{tmp_path / 'progress.sqlite3'} is a folder, not a progress file" in said
        assert "disk space" not in said


def test_a_newer_trainers_step_is_reported_with_the_version_the_file_has(
        db_path: Path) -> None:
    """Before: the message claimed schema version SCHEMA_VERSION + 1 whatever the file said."""
    with ProgressStore.open(db_path):
        pass
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                 f"VALUES ('{schema.MIGRATION_SET}', 'from_the_future', 'x')")
    conn.close()
    with pytest.raises(NewerDatabaseError) as caught:
        ProgressStore.open(db_path)
    assert caught.value.found == schema.SCHEMA_VERSION
    assert (f"(schema version {schema.SCHEMA_VERSION}, with steps this version does not know: "
            f"from_the_future; this version knows up to {schema.SCHEMA_VERSION})"
            in str(caught.value))


def test_stats_and_export_leave_an_older_file_as_it_was(db_path: Path) -> None:
    """Read-only opening upgrades a copy in memory, never the file: no upgrade, no backup."""
    db_path.parent.mkdir(parents=True)
    conn = sqlite3.connect(db_path)
    schema.migrate(Database(conn), upto=1)    # a file of the first version, with a session
    conn.execute("INSERT INTO sessions (started, preset, mode, settings) "
                 "VALUES ('2026-01-01T00:00:00Z', 'evolution', 'flashcards', '{}')")
    conn.commit()
    conn.close()
    before = db_path.read_bytes()
    with ProgressStore.open(db_path, read_only=True) as store:
        assert store.presets() == ["evolution"]
        assert store.rounds(1) == []          # a table of a later version, in the copy
    assert db_path.read_bytes() == before
    assert sorted(p.name for p in db_path.parent.iterdir()) == ["progress.sqlite3"]
