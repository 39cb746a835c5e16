"""Faults of the user's file: not a database, damaged, locked. Refused clearly, never changed."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.progress import opening
from trainer.progress.errors import (
    CorruptDatabaseError,
    DatabaseLockedError,
    DiskFullError,
    NewerDatabaseError,
    ProgressStoreError,
    ReadOnlyError,
    StorageError,
    StoreClosedError,
    translate,
)
from trainer.progress.store import ProgressStore


def _refused_untouched(db_path: Path, error: type[ProgressStoreError],
                       **kwargs: float) -> ProgressStoreError:
    """Open must raise ``error`` naming the file and leave the folder byte-for-byte as it was."""
    before = {p.name: p.read_bytes() for p in db_path.parent.iterdir()}
    with pytest.raises(error) as caught:
        ProgressStore.open(db_path, **kwargs)
    assert {p.name: p.read_bytes() for p in db_path.parent.iterdir()} == before
    assert str(db_path) in str(caught.value)
    return caught.value


def _real_file(db_path: Path, decisions: int = 400) -> None:
    """A closed progress file with a session and some decisions (several pages)."""
    with ProgressStore.open(db_path) as store:
        session = store.start_session("evolution", decision().mode, {"deck": 8})
        for i in range(decisions):
            store.record_decision(session, decision(situation_key=f"key {i}", cards="x" * 40))


def test_random_bytes_are_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(random.Random(4).randbytes(8192))
    error = _refused_untouched(db_path, CorruptDatabaseError)
    assert "not an SQLite database" in str(error)
    assert "Move it somewhere safe" in str(error) and "not tried to repair" in str(error)


def test_random_bytes_behind_an_sqlite_header_are_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"SQLite format 3\x00" + random.Random(5).randbytes(8176))
    _refused_untouched(db_path, CorruptDatabaseError)


def test_a_truncated_database_is_refused_untouched(db_path: Path) -> None:
    _real_file(db_path)
    data = db_path.read_bytes()
    assert len(data) > 8 * 4096
    db_path.write_bytes(data[: len(data) // 2])
    _refused_untouched(db_path, CorruptDatabaseError)


def test_an_empty_file_is_a_new_database(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.touch()
    with ProgressStore.open(db_path) as store:
        assert list(store.decisions()) == []
        assert store.backup is None


def test_damage_found_on_close_is_reported(db_path: Path) -> None:
    """quick_check runs again on close; with a tiny page cache it reads the damaged pages."""
    _real_file(db_path)
    store = ProgressStore.open(db_path)
    store.tuples("PRAGMA cache_size = 1")
    size = db_path.stat().st_size
    scribble = ("import random, sys\n"      # another program scribbles over the second half
                "with open(sys.argv[1], 'r+b') as handle:\n"
                f"    handle.seek({size // 2})\n"
                f"    handle.write(random.Random(6).randbytes({size // 2}))\n")
    subprocess.run([sys.executable, "-c", scribble, str(db_path)], check=True)
    with pytest.raises(CorruptDatabaseError, match=r"progress\.sqlite3"):
        store.close()
    assert store.closed
    with pytest.raises(StoreClosedError):  # closed all the same
        store.answer_rows("evolution")


@pytest.fixture
def exclusive_lock(db_path: Path) -> Iterator[sqlite3.Connection]:
    """Another connection holding BEGIN EXCLUSIVE on an existing progress file."""
    _real_file(db_path, decisions=3)
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    yield other
    other.execute("ROLLBACK")
    other.close()


def test_a_locked_file_is_reported_after_the_busy_timeout(
        db_path: Path, exclusive_lock: sqlite3.Connection) -> None:
    """The busy timeout asked for (0.1 s here) is all the wait: then a plain error."""
    error = _refused_untouched(db_path, DatabaseLockedError, busy_timeout=0.1)
    assert "locked by another program" in str(error)


def test_a_lock_taken_while_open_is_reported_on_write(db_path: Path) -> None:
    _real_file(db_path, decisions=1)
    with ProgressStore.open(db_path, busy_timeout=0.1) as store:
        session = store.start_session("evolution", decision().mode, {})
        other = sqlite3.connect(db_path, isolation_level=None)
        try:
            other.execute("BEGIN EXCLUSIVE")
            with pytest.raises(DatabaseLockedError):
                store.record_decision(session, decision(situation_key="while locked"))
            other.execute("ROLLBACK")
        finally:
            other.close()
        store.record_decision(session, decision(situation_key="after"))
        keys = [s.decision.situation_key for s in store.decisions()]
    assert "while locked" not in keys
    assert keys[-1] == "after"


def test_a_locked_rollback_journal_file_is_reported(tmp_path: Path) -> None:
    """Outside WAL mode an exclusive lock (held by another program) stops even the check."""
    path = tmp_path / "progress.sqlite3"
    other = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys\n"
         f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
         "c.execute('CREATE TABLE t (x)'); c.execute('BEGIN EXCLUSIVE')\n"
         "print('locked', flush=True); sys.stdin.readline()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "locked"
        with pytest.raises(DatabaseLockedError):
            ProgressStore.open(path, busy_timeout=0.05)
    finally:
        other.communicate("\n", timeout=60)


def test_every_error_is_a_progress_store_error() -> None:
    for error in (CorruptDatabaseError, DatabaseLockedError, NewerDatabaseError, StorageError):
        assert issubclass(error, ProgressStoreError)


def _locked(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    waiter = sqlite3.connect(path, timeout=0.01)
    try:
        waiter.execute("SELECT * FROM t")
    finally:
        holder.execute("ROLLBACK")
    return waiter


def _not_a_database(path: Path) -> sqlite3.Connection:
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 32)
    conn = sqlite3.connect(path)
    conn.execute("SELECT * FROM sqlite_master")
    return conn


def _full(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.execute("PRAGMA max_page_count = 2")   # the disk "holds" two pages
    conn.execute("INSERT INTO t VALUES (?)", ["x" * 100_000])
    return conn


def _read_only(path: Path) -> sqlite3.Connection:
    sqlite3.connect(path).execute("CREATE TABLE t (x)")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    conn.execute("INSERT INTO t VALUES (1)")
    return conn


@pytest.mark.parametrize(("cause", "kind"), [
    (_locked, DatabaseLockedError),
    (_not_a_database, CorruptDatabaseError),
    (_full, DiskFullError),
    (_read_only, ReadOnlyError),
])
def test_sqlite_failures_become_store_errors_by_their_result_code(
        tmp_path: Path, cause, kind: type[ProgressStoreError]) -> None:
    """Real SQLite failures, told apart by SQLite's result code (not its message text)."""
    path = tmp_path / "progress.sqlite3"
    with pytest.raises(sqlite3.Error) as caught:
        cause(path)
    error = translate(path, caught.value)
    assert type(error) is kind
    assert str(path) in str(error) and error.reason in (
        "the progress file is locked by another program", "the progress file is damaged",
        "the disk is full", "the progress file is read-only")


def test_a_new_file_opened_elsewhere_at_the_same_time_is_waited_for(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Switching a file to WAL mode needs it alone, and while another opening holds it for
    writing (two pages open a new file together on a first run) SQLite says "locked" at once,
    without waiting: the switch waits for the busy timeout like every other lock."""
    ProgressStore.open(db_path).close()
    other = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    other.execute("PRAGMA journal_mode = delete")    # a file not yet switched
    released = threading.Timer(0.3, lambda: other.execute("ROLLBACK"))
    prepare = opening.prepare

    def read_meanwhile(*args: object, **kwargs: object) -> object:
        made = prepare(*args, **kwargs)           # type: ignore[arg-type]
        other.execute("BEGIN IMMEDIATE")          # another opening takes it now,
        released.start()                          # for 0.3 s
        return made

    monkeypatch.setattr(opening, "prepare", read_meanwhile)
    try:
        ProgressStore.open(db_path, busy_timeout=30).close()
    finally:
        released.join()
        other.close()
    after = sqlite3.connect(db_path)
    assert after.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    after.close()
