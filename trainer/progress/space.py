"""Keeping the write-ahead log small when the disk is short of space.

SQLite folds its log into the file only once the log reaches about 4 MB (1,000 pages); on a
nearly full disk (a small quota, a full memory card) the log alone can fill it, and the
trainer would stop saving with most of the space held by answers already made. So before each
write, when the disk has less free space than a log may take, the log is folded into the file
and cut back to nothing, and the space it held is free again.
"""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import suppress
from pathlib import Path

#: Free bytes under which the log is folded before each write: four times the size the log
#: reaches before SQLite folds it itself (1,000 pages of 4 KiB).
SHORT_OF_SPACE = 4 * 1000 * 4096


def free_space(folder: Path) -> int | None:
    """Free bytes on the disk of ``folder`` for this user (a statfs: opens no file); None
    when the system cannot say."""
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return None


def saving_space(conn: sqlite3.Connection, path: Path) -> None:
    """Before a write through ``conn`` to ``path``: fold and truncate the log when the disk is
    short of space (another process's reading only delays the fold)."""
    free = free_space(path.parent)
    if free is not None and free < SHORT_OF_SPACE:
        with suppress(sqlite3.OperationalError):
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
