"""A file the trainer refuses is left byte for byte as it was, its write-ahead log and index
too; a log without its database is never dropped (issue: a refused file changed anyway)."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.progress.errors import (
    CorruptDatabaseError,
    NewerDatabaseError,
    OrphanLogError,
    ProgressStoreError,
)
from trainer.progress.store import ProgressStore

WAL, SHM = "-wal", "-shm"


def _folder(path: Path) -> dict[str, bytes]:
    """Every file of the folder, byte for byte."""
    return {p.name: p.read_bytes() for p in sorted(path.parent.iterdir()) if p.is_file()}


def _answers(path: Path, folded: int, count: int) -> None:
    """Record ``folded`` answers folded into the file, then ``count`` more in a process that is
    then killed: those stay in the -wal only."""
    script = textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(Path.cwd())!r})
        from pathlib import Path
        from tests.progress.factories import decision
        from trainer.progress.store import ProgressStore
        store = ProgressStore.open(Path({str(path)!r}))
        session = store.start_session("evolution", decision().mode, {{}})
        for i in range({folded}):
            store.record_decision(session, decision(situation_key=f"key {{i}}", cards="x" * 60))
        store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        store._conn.execute("PRAGMA wal_autocheckpoint = 0")
        for i in range({folded}, {folded + count}):
            store.record_decision(session, decision(situation_key=f"key {{i}}", cards="x" * 60))
        os._exit(9)   # killed: no close, no checkpoint
        """)
    subprocess.run([sys.executable, "-c", script], check=False, timeout=120)


def _count(path: Path) -> int:
    with ProgressStore.open(path, read_only=True) as store:
        return int(store.tuples("SELECT COUNT(*) FROM decisions")[0][0])


@pytest.fixture
def crashed(db_path: Path) -> Path:
    """A history of 40 answers, its backup, then a drill killed with 45 of its 187 answers in its
    log."""
    db_path.parent.mkdir(parents=True)
    with ProgressStore.open(db_path) as store:
        session = store.start_session("evolution", decision().mode, {})
        for i in range(40):
            store.record_decision(session, decision(situation_key=f"old {i}", cards="y" * 60))
    shutil.copyfile(db_path, db_path.with_name("mybackup.sqlite3"))
    _answers(db_path, 142, 45)
    assert (db_path.with_name(db_path.name + WAL)).stat().st_size > 0
    return db_path


def _refused_untouched(path: Path, error: type[ProgressStoreError], *,
                       read_only: bool = False) -> ProgressStoreError:
    before = _folder(path)
    with pytest.raises(error) as caught:
        ProgressStore.open(path, read_only=read_only)
    assert _folder(path) == before
    assert str(path) in str(caught.value)
    return caught.value


@pytest.mark.parametrize("read_only", [False, True])
def test_a_backup_put_back_beside_a_log_is_refused_untouched(crashed: Path,
                                                             read_only: bool) -> None:
    safe = crashed.parent / "safe"
    safe.mkdir()
    shutil.move(crashed, safe / crashed.name)          # the careful player's move ...
    shutil.copyfile(crashed.with_name("mybackup.sqlite3"), crashed)   # ... and restore
    # the log still beside the restored backup: applied to it, it damages the file
    error = _refused_untouched(crashed, CorruptDatabaseError, read_only=read_only)
    assert f"{crashed.name}-wal" in str(error) and "move with it" in str(error)
    # the log and the file it belongs to, brought together again, hold every answer
    for end in (WAL, SHM):
        shutil.move(crashed.with_name(crashed.name + end), safe / (crashed.name + end))
    assert _count(safe / crashed.name) == 227


def test_a_file_cut_in_half_beside_its_log_is_refused_untouched(crashed: Path) -> None:
    data = crashed.read_bytes()
    crashed.write_bytes(data[: len(data) // 2])
    _refused_untouched(crashed, CorruptDatabaseError)
    _refused_untouched(crashed, CorruptDatabaseError, read_only=True)


def test_a_newer_file_with_a_log_is_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with ProgressStore.open(db_path):
        pass
    script = textwrap.dedent(f"""
        import os, sqlite3
        conn = sqlite3.connect({str(db_path)!r})
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        conn.execute("PRAGMA user_version = 9999")
        conn.commit()
        os._exit(9)
        """)
    subprocess.run([sys.executable, "-c", script], check=False, timeout=60)
    assert db_path.with_name(db_path.name + WAL).stat().st_size > 0
    error = _refused_untouched(db_path, NewerDatabaseError)
    assert "It has not been changed" in str(error)
    _refused_untouched(db_path, NewerDatabaseError, read_only=True)


@pytest.mark.parametrize("main", ["empty", "missing"])
@pytest.mark.parametrize("beside", [(WAL,), (SHM,), (WAL, SHM)])
@pytest.mark.parametrize("read_only", [False, True])
def test_a_log_without_its_database_is_refused_and_kept(crashed: Path, main: str,
                                                        beside: tuple[str, ...],
                                                        read_only: bool) -> None:
    for end in (WAL, SHM):
        if end not in beside:
            crashed.with_name(crashed.name + end).unlink()
    if main == "empty":
        crashed.write_bytes(b"")
    else:
        crashed.unlink()
    error = _refused_untouched(crashed, OrphanLogError, read_only=read_only)
    for end in beside:
        assert f"{crashed.name}{end}" in str(error)
    assert "belong" in str(error)


def test_a_healthy_file_with_a_log_opens_with_every_answer(crashed: Path) -> None:
    before = _folder(crashed)
    assert _count(crashed) == 227
    # the read-only look wrote nothing into the file or its log
    assert {k: v for k, v in _folder(crashed).items() if not k.endswith(SHM)} == {
        k: v for k, v in before.items() if not k.endswith(SHM)}
    with ProgressStore.open(crashed) as store:
        assert store.tuples("SELECT COUNT(*) FROM decisions")[0][0] == 227


def test_a_healthy_file_is_judged_without_a_trace(db_path: Path) -> None:
    """A refusal found only after the check (a newer file) leaves no log or index beside."""
    db_path.parent.mkdir(parents=True)
    with ProgressStore.open(db_path):
        pass
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA user_version = 9999")
    conn.commit()
    conn.close()
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]
    _refused_untouched(db_path, NewerDatabaseError)
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]


def test_a_writer_closing_before_a_reader_folds_its_log(db_path: Path) -> None:
    """The file alone, copied after the writer closed, holds every answer even though a
    reader (stats, an export) was still open and closed last."""
    db_path.parent.mkdir(parents=True)
    writer = ProgressStore.open(db_path)
    reader = ProgressStore.open(db_path, read_only=True)
    session = writer.start_session("evolution", decision().mode, {})
    for i in range(240):
        writer.record_decision(session, decision(situation_key=f"key {i}"))
    writer.close()
    reader.close()
    alone = db_path.with_name("copied.sqlite3")
    shutil.copyfile(db_path, alone)
    assert _count(alone) == 240


def test_a_disk_short_of_space_keeps_the_log_small(db_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.progress import space
    monkeypatch.setattr(space, "free_space", lambda folder: space.SHORT_OF_SPACE - 1)
    with ProgressStore.open(db_path) as store:
        session = store.start_session("evolution", decision().mode, {})
        for i in range(300):
            store.record_decision(session, decision(situation_key=f"key {i}", cards="x" * 200))
        log = db_path.with_name(db_path.name + WAL)
        assert log.stat().st_size < 64 * 1024     # folded before every write
        assert store.tuples("SELECT COUNT(*) FROM decisions")[0][0] == 300
