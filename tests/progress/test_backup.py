"""File ▸ Back up… and ``freebet-trainer backup``: one self-contained copy of the history,
the answers still in the write-ahead log included."""

from __future__ import annotations

import errno
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.progress.backup import back_up
from trainer.progress.store import ProgressStore
from trainer.rules.atomic_file import RefusedTargetError


def _decisions(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM decisions").fetchone()[0])
    finally:
        conn.close()


def test_a_backup_holds_the_answers_still_in_the_log(db_path: Path, tmp_path: Path) -> None:
    writer = ProgressStore.open(db_path)
    try:
        writer._open_conn().execute("PRAGMA wal_autocheckpoint = 0")
        session = writer.start_session("evolution", decision().mode, {})
        for i in range(50):
            writer.record_decision(session, decision(situation_key=f"key {i}"))
        # the file alone, copied by hand now (by another program), lacks them; the backup
        # has them all
        by_hand = tmp_path / "by-hand.sqlite3"
        subprocess.run([sys.executable, "-c", "import shutil, sys; shutil.copyfile(*sys.argv[1:])",
                        str(db_path), str(by_hand)], check=True, timeout=60)
        assert _decisions(by_hand) < 50
        with ProgressStore.open(db_path, read_only=True) as reader:
            copy = back_up(reader, tmp_path / "backup.sqlite3")
    finally:
        writer.close()
    assert (copy.decisions, copy.sessions) == (50, 1)
    assert _decisions(copy.path) == 50
    assert not copy.path.with_name(copy.path.name + "-wal").exists()
    assert not copy.path.with_name(copy.path.name + ".partial").exists()


@pytest.mark.parametrize("end", ["", "-wal", "-shm", "-journal"])
def test_a_backup_never_writes_over_the_history(db_path: Path, end: str) -> None:
    with ProgressStore.open(db_path) as store:
        store.start_session("evolution", decision().mode, {})
        with pytest.raises(RefusedTargetError) as refused:
            back_up(store, db_path.with_name(db_path.name + end))
    assert refused.value.errno == errno.EINVAL
    assert _decisions(db_path) == 0 and not db_path.with_name(db_path.name + ".partial").exists()


def test_the_terminal_backup_says_what_it_copied(db_path: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from trainer.__main__ import main
    with ProgressStore.open(db_path) as store:
        session = store.start_session("evolution", decision().mode, {})
        for i in range(3):
            store.record_decision(session, decision(situation_key=f"key {i}"))
    target = tmp_path / "kept.sqlite3"
    assert main(["backup", "--data-dir", str(db_path.parent), str(target)]) == 0
    assert capsys.readouterr().out == f"backed up 3 decisions (1 session) to {target}\n"
    assert _decisions(target) == 3
    assert main(["backup", "--data-dir", str(tmp_path / "none"), str(target)]) == 1
    assert "nothing to back up" in capsys.readouterr().err


def test_one_decision_is_said_as_one(db_path: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Before: "backed up 1 decisions", "wrote 1 decisions"."""
    from trainer.__main__ import main
    with ProgressStore.open(db_path) as store:
        session = store.start_session("evolution", decision().mode, {})
        store.record_decision(session, decision(situation_key="key 0"))
    target = tmp_path / "kept.sqlite3"
    assert main(["backup", "--data-dir", str(db_path.parent), str(target)]) == 0
    assert capsys.readouterr().out == f"backed up 1 decision (1 session) to {target}\n"
    csv = tmp_path / "one.csv"
    assert main(["export", "--data-dir", str(db_path.parent), "--csv", str(csv)]) == 0
    assert capsys.readouterr().out.startswith("wrote 1 decision to ")


def test_a_backup_counts_the_sessions_its_decisions_were_given_in(db_path: Path,
                                                                   tmp_path: Path) -> None:
    """Before: a session started but never answered in (the Flashcards page deals its first
    card when the window opens) was counted: "1 decision of 2 sessions" after one drill. The
    sessions counted are those the decisions counted were given in (an answer taken back is
    still in the copy, and counted, like its session); the Progress page lists no empty
    session either."""
    from trainer.progress.review import overview
    with ProgressStore.open(db_path) as store:
        store.start_session("evolution", decision().mode, {})          # dealt, not answered
        answered = store.start_session("evolution", decision().mode, {})
        store.record_decision(answered, decision(situation_key="key 0"))
        taken_back = store.start_session("evolution", decision().mode, {})
        store.undo_decision(store.record_decision(taken_back, decision(situation_key="key 1")))
        store.start_session("evolution", decision().mode, {})          # the page's next one
        copy = back_up(store, tmp_path / "kept.sqlite3")
        listed = overview(store).sessions
    assert (copy.decisions, copy.sessions) == (2, 2)
    assert [session.session_id for session in listed] == [answered]
