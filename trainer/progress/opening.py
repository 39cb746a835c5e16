"""Opening a progress file safely: every check before any write, a backup before any upgrade.

The order matters: the location is checked (the folder is a folder, the file is not one) and,
for writing, that the file, the files SQLite keeps beside it and the folder may be written, so
a read-only file is refused before SQLite creates anything beside it. The header is read from
the file; ``PRAGMA quick_check`` and the version, owner and recorded steps are read through
SQLite without writing; only then is the write lock taken (BEGIN IMMEDIATE, so a locked file is
found now rather than at the first answer), backups left half-made by a killed upgrade removed,
the file copied aside with the backup API if it has data and steps are pending, and the steps
applied in that same transaction. WAL mode is switched on last.

Read-only opening (:func:`connect_read_only`, for stats and exports) writes nothing at all: a
missing file reads as an empty history, a file that may not be written is opened immutable (no
lock files beside it), and an older file is upgraded in a copy in memory.
"""

from __future__ import annotations

import contextlib
import glob
import os
import sqlite3
import urllib.parse
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database

from trainer.progress import schema
from trainer.progress.errors import (
    CorruptDatabaseError,
    LocationError,
    NewerDatabaseError,
    ReadOnlyError,
    translate,
    translate_os,
)

SQLITE_MAGIC = b"SQLite format 3\x00"
#: Seconds to wait for another writer before reporting the file locked (SQLite's busy timeout;
#: Python's default). The app waits off the UI thread; the terminal drill simply waits.
BUSY_TIMEOUT = 5.0
#: The files SQLite keeps beside a WAL-mode database.
COMPANIONS = ("-wal", "-shm")


def connect(path: Path, busy_timeout: float,
            clock: Callable[[], datetime]) -> tuple[sqlite3.Connection, Path | None]:
    """A checked, current, WAL-mode connection to ``path`` and the backup made, if any."""
    check_location(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise translate_os(path, error) from error
    check_writable(path)
    check_header(path)
    try:
        conn = sqlite3.connect(path, timeout=busy_timeout, check_same_thread=False)
    except sqlite3.Error as error:
        raise translate(path, error) from error
    with _closed_on_failure(conn, path):
        quick_check(conn, path)
        backup = prepare(conn, path, busy_timeout, clock)
        conn.execute("PRAGMA foreign_keys = ON")
        Database(conn, recursive_triggers=False, execute_plugins=False).enable_wal()
        conn.execute("PRAGMA synchronous = NORMAL")  # durable across a killed process
    return conn, backup


def connect_read_only(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """A connection that only reads ``path`` and writes nothing, there or beside it."""
    check_location(path)
    try:
        empty = not path.exists() or path.stat().st_size == 0
    except OSError as error:
        raise translate_os(path, error) from error
    if empty:   # no history yet: an empty, current database in memory
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        schema.migrate(Database(conn, recursive_triggers=False, execute_plugins=False))
        return conn
    check_header(path)
    wal = path.with_name(path.name + "-wal")
    immutable = not _may_write(path) and not (wal.exists() and wal.stat().st_size)
    uri = (f"file:{urllib.parse.quote(str(path))}?mode=ro"
           + ("&immutable=1" if immutable else ""))
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=busy_timeout, check_same_thread=False)
    except sqlite3.Error as error:
        raise translate(path, error) from error
    with _closed_on_failure(conn, path):
        quick_check(conn, path)
        state = schema.inspect(conn)
        _refuse_foreign_or_newer(state, path)
        if state.version >= schema.SCHEMA_VERSION:
            return conn
        copy = sqlite3.connect(":memory:", check_same_thread=False)   # upgrade a copy,
        conn.backup(copy)                                             # never the file
    conn.close()
    with _closed_on_failure(copy, path):
        schema.migrate(Database(copy, recursive_triggers=False, execute_plugins=False))
    return copy


@contextlib.contextmanager
def _closed_on_failure(conn: sqlite3.Connection, path: Path) -> Iterator[None]:
    """Close ``conn`` if the block fails; an sqlite3 failure becomes the store's own error."""
    try:
        yield
    except sqlite3.Error as error:
        conn.close()
        raise translate(path, error) from error
    except BaseException:
        conn.close()
        raise


def check_location(path: Path) -> None:
    """Refuse a data folder that is a file, and a progress file that is a folder."""
    for folder in (path.parent, *path.parent.parents):
        if folder.exists():
            if not folder.is_dir():
                raise LocationError(path, f"{folder} is a file, not a folder")
            break
    if path.is_dir():
        raise LocationError(path, f"{path} is a folder, not a progress file")


def check_writable(path: Path) -> None:
    """Refuse, before SQLite creates anything, a progress file, a file SQLite keeps beside it
    (left by an earlier run) or a folder that may not be written."""
    for candidate in (path, *(path.with_name(path.name + end) for end in COMPANIONS)):
        if candidate.exists() and not os.access(candidate, os.W_OK):
            raise ReadOnlyError(path, candidate)
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise ReadOnlyError(path, path.parent)


def _may_write(path: Path) -> bool:
    """True when this process may write ``path`` and create files beside it."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)


def check_header(path: Path) -> None:
    """Refuse a non-empty file that does not start like an SQLite database (read only)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return
    except OSError as error:
        raise translate_os(path, error) from error
    if head and head != SQLITE_MAGIC:
        raise CorruptDatabaseError(path, "it is not an SQLite database")


def quick_check(conn: sqlite3.Connection, path: Path) -> None:
    """Run ``PRAGMA quick_check``; CorruptDatabaseError unless it reports ok."""
    result = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
    if result != ["ok"]:
        raise CorruptDatabaseError(path, "it is damaged (" + "; ".join(result[:3]) + ")")


def prepare(conn: sqlite3.Connection, path: Path, busy_timeout: float,
            clock: Callable[[], datetime]) -> Path | None:
    """Refuse foreign or newer files; else migrate under the write lock, backing up first.

    Taking the write lock (BEGIN IMMEDIATE) even when nothing is pending finds a locked file
    at open rather than at the first answer. Returns the backup made, if any.
    """
    _refuse_foreign_or_newer(schema.inspect(conn), path)
    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    conn.execute("BEGIN IMMEDIATE")
    try:
        state = schema.inspect(conn)  # again, under the lock: another process may have moved on
        _refuse_foreign_or_newer(state, path)
        remove_partial_backups(path)
        backup = None
        if state.version < schema.SCHEMA_VERSION:
            if state.has_tables:
                backup = _backup(path, state.version, busy_timeout, clock)
            schema.migrate(db)
        conn.commit()
    except BaseException:
        conn.rollback()
        raise
    return backup


def _refuse_foreign_or_newer(state: schema.FileState, path: Path) -> None:
    """Refuse another program's file and one a newer trainer wrote (its version as found)."""
    if state.is_foreign:
        raise CorruptDatabaseError(path, "it is an SQLite database of some other program")
    if state.is_newer:
        raise NewerDatabaseError(path, state.version, schema.SCHEMA_VERSION,
                                 state.unknown_steps)


def remove_partial_backups(path: Path) -> list[Path]:
    """Remove backups an upgrade killed midway left half-made (``<name>.bak-….partial``).

    Call with the write lock held: only the lock's holder ever makes a backup, so none of
    these is being written now. Returns the files removed.
    """
    removed = []
    for leftover in path.parent.glob(glob.escape(path.name) + ".bak-*.partial*"):
        with contextlib.suppress(OSError):
            leftover.unlink()
            removed.append(leftover)
    return removed


def _backup(path: Path, version: int, busy_timeout: float,
            clock: Callable[[], datetime]) -> Path:
    """Copy ``path`` to ``<name>.bak-v<version>-<UTC time>`` with the SQLite backup API.

    Reads through a second connection (the first holds the write lock); never overwrites an
    existing file, and only a complete copy gets the backup's name.
    """
    stamp = clock().astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.bak-v{version}-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.bak-v{version}-{stamp}-{counter}")
    partial = target.with_name(target.name + ".partial")
    source = sqlite3.connect(path, timeout=busy_timeout)
    try:
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
        finally:
            copy.close()
        partial.rename(target)
    except BaseException:
        partial.unlink(missing_ok=True)  # our own incomplete copy, never the user's file
        raise
    finally:
        source.close()
    return target
