"""Opening a progress file safely: every check before any write, a backup before any upgrade.

The order matters: the location is checked (the folder is a folder, the file is not one) and,
for writing, that the file, the files SQLite keeps beside it and the folder may be written, so
a read-only file is refused before SQLite creates anything beside it. Nothing here ever opens
the file itself (see :mod:`trainer.progress.files`, which makes every connection, for why).
Then the file is judged (:mod:`trainer.progress.judging`: not a database, damaged, another
program's, a newer trainer's, or an empty file beside a write-ahead log) by readers that change
nothing, before any connection that could write exists: a refused file, its ``-wal`` and
``-shm`` stay byte for byte as they were. Only then is the writer opened and the write lock
taken (BEGIN IMMEDIATE, so a locked file is found now rather than at the first answer), the
version, owner and recorded steps read again under it (another process may have moved on),
backups left half-made by a killed upgrade removed, the file copied aside with the backup API
if it has data and steps are pending (unless a complete backup of this very content is already
there, left by an upgrade killed after its copy), and the steps applied in that same
transaction. WAL mode is switched on last (waiting, as for any lock, for another opening).

Read-only opening (:func:`connect_read_only`, for stats and exports) writes nothing at all: a
missing file reads as an empty history, a file that may not be written is opened immutable (no
lock files beside it), and an older file is upgraded in a copy in memory.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database

from trainer.progress import files, judging, schema
from trainer.progress.backup import write_copy
from trainer.progress.errors import (
    LocationError,
    ReadOnlyError,
    translate,
    translate_os,
)
from trainer.progress.links import check_links

#: Seconds to wait for another writer before reporting the file locked (SQLite's busy timeout;
#: Python's default). The app waits off the UI thread; the terminal drill simply waits.
BUSY_TIMEOUT = 5.0


def connect(path: Path, busy_timeout: float,
            clock: Callable[[], datetime]) -> tuple[sqlite3.Connection, Path | None]:
    """A checked, current, WAL-mode connection to ``path`` and the backup made, if any."""
    check_location(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise translate_os(path, error) from error
    check_writable(path)
    judging.judge(path, busy_timeout)
    try:
        conn: sqlite3.Connection = files.connect(path, timeout=busy_timeout)
    except sqlite3.Error as error:
        raise translate(path, error) from error
    with _closed_on_failure(conn, path):
        backup = prepare(conn, path, busy_timeout, clock)
        conn.execute("PRAGMA foreign_keys = ON")
        _wal_on(conn, busy_timeout)
        conn.execute("PRAGMA synchronous = NORMAL")  # durable across a killed process
    return conn, backup


def _wal_on(conn: sqlite3.Connection, busy_timeout: float) -> None:
    """Switch ``conn``'s file to WAL mode (kept in the file: once is enough). Switching needs
    the file to itself, and while another connection reads it (the window's pages open a new
    file together on a first run) SQLite neither waits its busy timeout nor always says so: it
    answers "locked" or leaves the mode as it was. So the switch is tried again until the busy
    timeout has passed, and the file reported locked if it still cannot be made."""
    deadline = time.monotonic() + busy_timeout
    while True:
        try:
            if conn.execute("PRAGMA journal_mode = wal").fetchone()[0] == "wal":
                return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error):
                raise
        if time.monotonic() >= deadline:
            raise sqlite3.OperationalError("database is locked")
        time.sleep(_WAL_RETRY)


#: Seconds between tries to switch a file being opened elsewhere to WAL mode.
_WAL_RETRY = 0.02


def connect_read_only(path: Path, busy_timeout: float) -> sqlite3.Connection:
    """A connection that only reads ``path`` and writes nothing, there or beside it."""
    check_location(path)
    judging.judge(path, busy_timeout)
    try:
        empty = not path.exists() or path.stat().st_size == 0
    except OSError as error:
        raise translate_os(path, error) from error
    if empty:   # no history yet: an empty, current database in memory
        conn = files.memory()
        schema.migrate(Database(conn, recursive_triggers=False, execute_plugins=False))
        return conn
    wal = path.with_name(path.name + "-wal")
    immutable = not _may_write(path) and not (wal.exists() and wal.stat().st_size)
    try:
        conn = files.connect(path, timeout=busy_timeout, read_only=True, immutable=immutable)
    except sqlite3.Error as error:
        raise translate(path, error) from error
    with _closed_on_failure(conn, path):
        state = schema.inspect(conn)
        judging.refuse_foreign_or_newer(state, path)
        if state.version >= schema.SCHEMA_VERSION:
            return conn
        copy = files.memory()       # upgrade a copy,
        conn.backup(copy)           # never the file
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
        raise judging.translated(path, error) from error
    except BaseException:
        conn.close()
        raise


def check_location(path: Path) -> None:
    """Refuse a data folder that is a file, and a progress file that is a folder; a name the
    file system refuses (too long, say) is said as the store's own fault."""
    try:
        check_links(path)     # a link to nothing, or a loop: named as such
        for folder in (path.parent, *path.parent.parents):
            if folder.exists():
                if not folder.is_dir():
                    raise LocationError(path, f"{folder} is a file, not a folder")
                break
        if path.is_dir():
            raise LocationError(path, f"{path} is a folder, not a progress file")
    except OSError as error:
        raise translate_os(path, error) from error


def check_writable(path: Path) -> None:
    """Refuse, before SQLite creates anything, a progress file, a file SQLite keeps beside it
    (left by an earlier run) or a folder that may not be written."""
    for candidate in (path, *(path.with_name(path.name + end) for end in files.LOG_FILES)):
        if candidate.exists() and not os.access(candidate, os.W_OK):
            raise ReadOnlyError(path, candidate)
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise ReadOnlyError(path, path.parent)


def _may_write(path: Path) -> bool:
    """True when this process may write ``path`` and create files beside it."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)


def prepare(conn: sqlite3.Connection, path: Path, busy_timeout: float,
            clock: Callable[[], datetime]) -> Path | None:
    """Refuse foreign or newer files; else migrate under the write lock, backing up first.

    Taking the write lock (BEGIN IMMEDIATE) even when nothing is pending finds a locked file
    at open rather than at the first answer. Returns the backup made, if any.
    """
    judging.refuse_foreign_or_newer(schema.inspect(conn), path)
    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    conn.execute("BEGIN IMMEDIATE")
    try:
        state = schema.inspect(conn)  # again, under the lock: another process may have moved on
        judging.refuse_foreign_or_newer(state, path)
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
    """Copy ``path`` to ``<name>.bak-v<version>-<UTC time>`` with the SQLite backup API, or
    return the backup of this very content already there (an upgrade killed after its copy
    leaves one; the next open must not make a second of a file that may be hundreds of MB).

    Reads through a second connection (the first holds the write lock); never overwrites an
    existing file, and only a complete copy gets the backup's name.
    """
    source = files.connect(path, timeout=busy_timeout, read_only=True)
    try:
        for earlier in sorted(path.parent.glob(f"{glob.escape(path.name)}.bak-v{version}-*")):
            if not earlier.name.endswith((".partial", *files.COMPANIONS)) and _same_content(
                    source, earlier):
                return earlier
        stamp = clock().astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
        target = path.with_name(f"{path.name}.bak-v{version}-{stamp}")
        counter = 1
        while target.exists():
            counter += 1
            target = path.with_name(f"{path.name}.bak-v{version}-{stamp}-{counter}")
        write_copy(source, target, busy_timeout)
    finally:
        source.close()
    return target


def _same_content(source: sqlite3.Connection, backup: Path) -> bool:
    """True when ``backup`` is a readable SQLite file holding exactly ``source``'s rows
    (read immutable: nothing writes a backup, and nothing is left beside it)."""
    try:
        other = files.connect(backup, timeout=0, read_only=True, immutable=True)
    except sqlite3.Error:
        return False
    try:
        return content_digest(other) == content_digest(source)
    except sqlite3.Error:
        return False     # damaged or not a database: not a backup to rely on
    finally:
        other.close()


def content_digest(conn: sqlite3.Connection) -> str:
    """A digest of a database's schema and every row of every table, read through SQLite
    in one read transaction (two files with the same digest hold the same history)."""
    digest = hashlib.sha256()
    own = not conn.in_transaction
    if own:
        conn.execute("BEGIN")
    try:
        for version in ("user_version", "application_id"):
            digest.update(repr(conn.execute(f"PRAGMA {version}").fetchone()).encode())
        tables = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' "
                              "ORDER BY name").fetchall()
        for name, sql in tables:
            digest.update(repr((name, sql)).encode())
            quoted = '"' + name.replace('"', '""') + '"'
            for row in conn.execute(f"SELECT * FROM {quoted} ORDER BY rowid"):
                digest.update(repr(row).encode())
    finally:
        if own:
            conn.rollback()
    return digest.hexdigest()
