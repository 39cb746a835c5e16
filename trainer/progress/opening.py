"""Opening a progress file safely: every check before any write, a backup before any upgrade.

The order matters: the header is read from the file; ``PRAGMA quick_check`` and the version,
owner and recorded steps are read through SQLite without writing; only then is the write lock
taken (BEGIN IMMEDIATE, so a locked file is found now rather than at the first answer), the
file copied aside with the backup API if it has data and steps are pending, and the steps
applied in that same transaction. WAL mode is switched on last.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database

from trainer.progress import schema
from trainer.progress.errors import CorruptDatabaseError, NewerDatabaseError, translate

SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT = 1.0  # seconds to wait for another writer before reporting the file locked


def connect(path: Path, busy_timeout: float,
            clock: Callable[[], datetime]) -> tuple[sqlite3.Connection, Path | None]:
    """A checked, current, WAL-mode connection to ``path`` and the backup made, if any."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise translate(path, sqlite3.OperationalError(str(error))) from error
    check_header(path)
    try:
        conn = sqlite3.connect(path, timeout=busy_timeout, check_same_thread=False)
    except sqlite3.Error as error:
        raise translate(path, error) from error
    try:
        quick_check(conn, path)
        backup = prepare(conn, path, busy_timeout, clock)
        conn.execute("PRAGMA foreign_keys = ON")
        Database(conn, recursive_triggers=False, execute_plugins=False).enable_wal()
        conn.execute("PRAGMA synchronous = NORMAL")  # durable across a killed process
    except sqlite3.Error as error:
        conn.close()
        raise translate(path, error) from error
    except BaseException:
        conn.close()
        raise
    return conn, backup


def check_header(path: Path) -> None:
    """Refuse a non-empty file that does not start like an SQLite database (read only)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return
    except OSError as error:
        raise translate(path, sqlite3.OperationalError(str(error))) from error
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
    state = schema.inspect(conn)
    if state.is_foreign:
        raise CorruptDatabaseError(path, "it is an SQLite database of some other program")
    if state.is_newer:
        raise NewerDatabaseError(path, max(state.version, schema.SCHEMA_VERSION + 1),
                                 schema.SCHEMA_VERSION)
    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    conn.execute("BEGIN IMMEDIATE")
    try:
        state = schema.inspect(conn)  # again, under the lock: another process may have moved on
        if state.is_newer:
            raise NewerDatabaseError(path, max(state.version, schema.SCHEMA_VERSION + 1),
                                     schema.SCHEMA_VERSION)
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
