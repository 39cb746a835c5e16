"""The one owner of the progress file's connections: nothing in the process touches the file
outside SQLite while a connection is open (SQLite's "How To Corrupt An SQLite Database File",
section 2.2), the header is read by SQLite, and the file's state is read in one snapshot."""

from __future__ import annotations

import gc
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.progress import files, schema
from trainer.progress.errors import CorruptDatabaseError, DatabaseLockedError
from trainer.progress.export import export_csv
from trainer.progress.files import RawAccessError
from trainer.progress.store import ProgressStore
from trainer.teaching.records import Mode

ROOT = Path(__file__).resolve().parents[2]


def test_while_a_store_is_open_the_file_cannot_be_opened_or_replaced_outside_sqlite(
        db_path: Path, tmp_path: Path) -> None:
    store = ProgressStore.open(db_path)
    other = tmp_path / "other.txt"
    other.write_text("x")
    for attempt in (lambda: db_path.open("rb"),
                    lambda: os.open(db_path, os.O_RDONLY),
                    lambda: db_path.with_name(db_path.name + "-wal").open("rb"),
                    lambda: os.replace(other, db_path),
                    lambda: db_path.unlink()):
        with pytest.raises(RawAccessError, match="holds an SQLite connection"):
            attempt()
    reader = ProgressStore.open(db_path, read_only=True)
    store.close()
    with pytest.raises(RawAccessError):   # the reader still holds it
        db_path.read_bytes()
    reader.close()
    assert db_path.read_bytes()[:16] == b"SQLite format 3\x00"   # free again once all closed
    assert not files.holds(db_path)


def test_a_connection_dropped_without_close_releases_the_file(db_path: Path) -> None:
    ProgressStore.open(db_path).close()
    conn = files.connect(db_path, timeout=1)
    assert files.holds(db_path)
    del conn
    gc.collect()       # sqlite3 connections sit in reference cycles: freed by the collector
    assert not files.holds(db_path)


def test_the_export_refuses_the_progress_file_and_its_companions(db_path: Path) -> None:
    with ProgressStore.open(db_path) as store:
        session = store.start_session("evolution", Mode.FLASHCARDS, {})
        store.record_decision(session, decision())
        for target in (db_path, db_path.with_name(db_path.name + "-wal")):
            with pytest.raises(OSError, match="it is the progress file itself"):
                export_csv(store, target)
        assert store.tuples("SELECT COUNT(*) FROM decisions") == [(1,)]


def test_a_file_that_is_no_database_is_refused_by_sqlite_and_left_alone(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"not a database at all, just text " * 100)
    with pytest.raises(CorruptDatabaseError, match="not an SQLite database"):
        ProgressStore.open(db_path)
    with pytest.raises(CorruptDatabaseError, match="not an SQLite database"):
        ProgressStore.open(db_path, read_only=True)
    assert sorted(p.name for p in db_path.parent.iterdir()) == ["progress.sqlite3"]


def test_a_whole_store_life_never_opens_the_file_outside_sqlite(tmp_path: Path) -> None:
    """Every Python-level open of the progress file or the files beside it made while this
    process holds a connection to it is recorded by an audit hook (SQLite's own opens are C
    calls, not seen): open, upgrade with its backup, read while writing, export, close. (The
    check before opening asks the system about other processes' locks with a descriptor of
    its own, while the process holds none.)"""
    folder = tmp_path / "data"
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from pathlib import Path
        seen = []
        def hook(event, args):
            name = args[0] if event == "open" and isinstance(args[0], str) else ""
            if (Path(name).name.startswith("progress.sqlite3") and ".csv" not in name
                    and files.holds(Path(name))):
                seen.append(name)
        from trainer.progress import files
        sys.addaudithook(hook)
        from sqlite_utils import Database
        from tests.progress.factories import decision
        from trainer.teaching.records import Mode
        from trainer.progress import files, schema
        from trainer.progress.export import export_csv
        from trainer.progress.store import ProgressStore
        path = Path({str(folder)!r}) / "progress.sqlite3"
        path.parent.mkdir()
        old = files.connect(path, timeout=1)
        schema.migrate(Database(old), upto=2)
        old.commit(); old.close()
        store = ProgressStore.open(path)                # upgraded, with a backup
        assert store.backup is not None
        session = store.start_session("evolution", Mode.FLASHCARDS, {{}})
        store.record_decision(session, decision())
        with ProgressStore.open(path, read_only=True) as reader:
            export_csv(reader, path.with_name("progress.sqlite3.csv"))
        store.close()
        print(seen)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == "[]"


def test_the_file_state_is_read_in_one_snapshot(db_path: Path) -> None:
    """A reader inspecting a new file while another connection creates the history in it must
    not see the tables without their owner (it once called a new history "an SQLite database
    of some other program"). The creation is forced between the reader's first two queries."""
    db_path.parent.mkdir(parents=True)
    db_path.touch()
    reader = sqlite3.connect(db_path, timeout=0.2)
    outcome: list[str] = []

    def between(statement: str) -> None:
        if "application_id" in statement and not outcome:
            try:
                ProgressStore.open(db_path, busy_timeout=0.2).close()
                outcome.append("created")
            except DatabaseLockedError:
                outcome.append("waited for the reader")

    reader.set_trace_callback(between)
    state = schema.inspect(reader)
    reader.set_trace_callback(None)
    reader.close()
    assert outcome == ["waited for the reader"]
    assert not state.is_foreign and not state.has_tables
    ProgressStore.open(db_path).close()     # and the history is made once the reader is done
    with ProgressStore.open(db_path, read_only=True) as store:
        assert store.tuples("SELECT COUNT(*) FROM sessions") == [(0,)]


def _another_process_can_lock(path: Path) -> bool:
    """True when another process gets an exclusive lock on ``path`` at once."""
    probe = ("import sqlite3, sys\n"
             "conn = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)\n"
             "try:\n"
             "    conn.execute('BEGIN EXCLUSIVE')\n"
             "    print('locked')\n"
             "except sqlite3.OperationalError:\n"
             "    print('busy')\n")
    out = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True,
                         text=True, check=True, timeout=60)
    return out.stdout.strip() == "locked"


def test_opening_and_closing_stores_beside_a_reader_keeps_its_locks(db_path: Path) -> None:
    """The premise of the files module, and every way the trainer opens the file: while one
    connection of this process reads (a shared lock held), opening and closing writers and
    readers beside it must leave that lock in place — a Python ``open``/``close`` of the file
    would drop it, and another process could then take the file."""
    ProgressStore.open(db_path).close()
    reading = files.connect(db_path, timeout=1)
    reading.execute("PRAGMA journal_mode = DELETE")   # a rollback journal: readers lock the file
    reading.execute("BEGIN")
    reading.execute("SELECT COUNT(*) FROM sessions").fetchone()
    assert not _another_process_can_lock(db_path)
    ProgressStore.open(db_path, read_only=True).close()
    with pytest.raises(DatabaseLockedError):   # a writer's probes, then its lock waits for us
        ProgressStore.open(db_path, busy_timeout=0.1)
    assert not _another_process_can_lock(db_path)
    reading.rollback()
    reading.close()
    assert _another_process_can_lock(db_path)
