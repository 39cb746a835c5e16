"""Judging a progress file before anything that could write it exists.

Why first: SQLite's last connection to close folds the write-ahead log (``-wal``) into the
file and deletes the log. A read-write connection opened on a file that is then refused
(damaged, newer, another program's) would, on closing, write the log into the very file it
refused and drop the log: the newest answers lost, the file changed. So every verdict that can
refuse a file is reached here, by a reader that changes nothing, before any writer is opened:

* a file another process has open now (a trainer window, a terminal drill): a read-only
  connection that takes SQLite's locks as every reader of that live file does; it writes
  neither the file nor its log (the index, ``-shm``, is shared memory its readers keep);
* a file no other process has open, with no log with content beside it: the file alone is the
  database, read by SQLite immutable (no locks, nothing created beside it);
* a file no other process has open, with a log (left by a crash, or by a file moved away from
  it): SQLite judges a private copy of the file and its log in a temporary folder, so that
  neither the log nor its index is touched.

A missing or empty file beside a log or its index is refused outright: opening it would begin a
new history there and delete the log.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import struct
import sys
import tempfile
from pathlib import Path

from trainer.progress import files, schema
from trainer.progress.errors import (
    CorruptDatabaseError,
    NewerDatabaseError,
    OrphanLogError,
    translate,
    translate_os,
)

#: SQLite's result code for "file is not a database".
_NOT_A_DATABASE = 26
#: The bytes of a database file on which SQLite takes its locks (os_unix.c: from PENDING_BYTE,
#: 0x40000000, for 512 bytes); every connection holds one while it is open in WAL mode, and
#: while it reads or writes in rollback mode.
_LOCK_BYTES = (0x40000000, 512)


def judge(path: Path, busy_timeout: float) -> None:
    """Return when ``path`` may be opened (it holds a current or older history of this
    trainer, or nothing yet); else raise the store error that refuses it, having changed
    nothing: neither the file nor the files SQLite keeps beside it."""
    logs = tuple(path.with_name(path.name + end) for end in files.LOG_FILES)
    try:
        size = path.stat().st_size if path.exists() else None
        beside = tuple(log for log in logs if log.exists())
        log_size = logs[0].stat().st_size if logs[0] in beside else 0
    except OSError as error:
        raise translate_os(path, error) from error
    if not size:
        if beside:
            raise OrphanLogError(path, beside, missing=size is None)
        return                           # no history yet
    with contextlib.ExitStack() as stack:
        copy: Path | None = None
        with files.RAW_ACCESS:          # no connection is made while a descriptor is open
            if files.holds(path):
                return                  # judged already: this process has it open
            before = _stamps(path, logs)
            content, known = _content(before), os.path.realpath(path)
            if _passed.get(known) == content:
                return                  # judged already, and not changed since
            live = _in_use(path)
            if not live and log_size:
                copy = _copied(path, logs[0], stack)
        if copy is not None:
            try:
                _judged(path, files.connect(copy, timeout=busy_timeout))
                _passed[known] = content
                return
            except CorruptDatabaseError:
                if _stamps(path, logs) == before:
                    raise
            live = True    # written while copied: the copy may be torn; judge the file itself
        _judged(path, files.connect(path, timeout=busy_timeout, read_only=True,
                                    immutable=not live and not log_size))
        _passed[known] = content


#: Each file this process judged sound, by its real path, with what its content was then
#: (:func:`_content`): a file not changed since is not judged again (a whole-file check takes
#: about a second on a long history, and the Progress page opens the file three times).
_passed: dict[str, tuple[tuple[int, int] | None, ...]] = {}


def _content(stamps: tuple[tuple[int, int] | None, ...]) -> tuple[tuple[int, int] | None, ...]:
    """What of :func:`_stamps` changes with the history itself: the file's, and its
    write-ahead log's while it holds anything (a reader makes an empty log and the index
    beside the file, which change nothing of it)."""
    main, log = stamps[0], stamps[1]
    return (main, log if log is not None and log[0] else None)


def _copied(path: Path, log: Path, stack: contextlib.ExitStack) -> Path | None:
    """A private copy of the file and its log (not its index: SQLite rebuilds that from the
    log) in a temporary folder that ``stack`` removes; None when no copy can be made there
    (the file is then judged as a live one)."""
    try:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="freebet-")))
        copy = folder / "judged.sqlite3"
        shutil.copyfile(path, copy)
        shutil.copyfile(log, copy.with_name(copy.name + files.LOG_FILES[0]))
    except OSError:
        return None
    return copy


def _stamps(path: Path, logs: tuple[Path, ...]) -> tuple[tuple[int, int] | None, ...]:
    """Size and change time of the file and its logs (a stat, never an open)."""
    stamps: list[tuple[int, int] | None] = []
    for each in (path, *logs):
        try:
            status = each.stat()
        except FileNotFoundError:
            stamps.append(None)
        else:
            stamps.append((status.st_size, status.st_mtime_ns))
    return tuple(stamps)


def _in_use(path: Path) -> bool:
    """True when another process has the database open (it holds one of SQLite's locks on
    the file), or when that cannot be told on this system (the careful answer).

    The file is opened here outside SQLite, only to ask the system about locks, and only by
    :func:`judge`, which runs while this process holds no connection to it (closing a
    descriptor of the file would otherwise drop that connection's locks)."""
    try:
        import fcntl
    except ImportError:      # no POSIX locks to ask about (Windows)
        return True
    layout = {"linux": "hhqqi", "darwin": "qqihh"}.get(sys.platform)
    if layout is None:
        return True
    start, length = _LOCK_BYTES
    query = ((fcntl.F_WRLCK, os.SEEK_SET, start, length, 0) if layout == "hhqqi"
             else (start, length, 0, fcntl.F_WRLCK, os.SEEK_SET))
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except OSError:
        return True
    try:
        answer = struct.unpack(layout, fcntl.fcntl(descriptor, fcntl.F_GETLK,
                                                   struct.pack(layout, *query)))
    except OSError:
        return True
    finally:
        os.close(descriptor)
    kind = answer[0] if layout == "hhqqi" else answer[3]
    return bool(kind != fcntl.F_UNLCK)


def _judged(path: Path, conn: sqlite3.Connection) -> None:
    """Run the checks through ``conn`` (a reader of ``path`` or of its copy), then close it."""
    try:
        quick_check(conn, path)
        refuse_foreign_or_newer(schema.inspect(conn), path)
    except sqlite3.Error as error:
        raise translated(path, error) from error
    finally:
        with contextlib.suppress(sqlite3.Error):
            conn.close()


def quick_check(conn: sqlite3.Connection, path: Path) -> None:
    """Run ``PRAGMA quick_check``; CorruptDatabaseError unless it reports ok."""
    result = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
    if result != ["ok"]:
        raise CorruptDatabaseError(path, "it is damaged (" + "; ".join(result[:3]) + ")")


def refuse_foreign_or_newer(state: schema.FileState, path: Path) -> None:
    """Refuse another program's file and one a newer trainer wrote (its version as found)."""
    if state.is_foreign:
        raise CorruptDatabaseError(path, "it is an SQLite database of some other program")
    if state.is_newer:
        raise NewerDatabaseError(path, state.version, schema.SCHEMA_VERSION,
                                 state.unknown_steps)


def translated(path: Path, error: sqlite3.Error) -> Exception:
    """:func:`translate`, saying plainly when the file is no SQLite database at all."""
    if ((getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF) == _NOT_A_DATABASE:
        return CorruptDatabaseError(path, "it is not an SQLite database")
    return translate(path, error)


__all__ = ["judge", "quick_check", "refuse_foreign_or_newer", "translated"]
