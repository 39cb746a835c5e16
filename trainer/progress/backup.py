"""One self-contained copy of the history: File ▸ Back up… and ``freebet-trainer backup FILE``.

Copying ``progress.sqlite3`` by hand may miss the newest answers, which SQLite keeps in the
write-ahead log beside it until it folds them in, and a copy made while a drill writes may be
torn. A backup made here reads the history through SQLite (the log included, in one
consistent snapshot, with SQLite's backup API) into a new file of its own (no log beside it),
written under a temporary name and renamed only once complete; it never replaces the progress
file or the files SQLite keeps beside it.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from trainer.progress import files
from trainer.rules.atomic_file import RefusedTargetError, check_target

if TYPE_CHECKING:
    from trainer.progress.store import ProgressStore


@dataclass(frozen=True)
class BackedUp:
    """What a backup holds: its file, the decisions in it (every one, taken back or not), and
    the sessions they were given in (a session with no decision yet, such as the one a page
    starts when it deals its first card, is not counted: nor does the Progress page list
    it)."""

    path: Path
    sessions: int
    decisions: int


def write_copy(source: sqlite3.Connection, target: Path, busy_timeout: float) -> None:
    """Copy the database ``source`` reads into ``target``, one self-contained file, through
    SQLite's backup API; only a complete copy gets the name (an existing ``target`` is
    replaced at once, never left half-written). Raises sqlite3.Error or OSError."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)          # a copy of ours that a killed run left
    try:
        copy = files.connect(partial, timeout=busy_timeout)
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")   # no log beside the copy
        finally:
            copy.close()
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)      # our own incomplete copy, never the user's file
        raise


def back_up(store: ProgressStore, target: str | os.PathLike[str]) -> BackedUp:
    """Copy the history ``store`` has open into ``target``; what the copy holds.

    Raises OSError (RefusedTargetError for the progress file itself, a file SQLite keeps
    beside it, a folder, a device or a read-only file) or a progress store error."""
    if files.same_history(store.path, Path(target)):
        raise RefusedTargetError(errno.EINVAL, "it is the progress file itself", str(target))
    where = check_target(target)
    store.copy_to(lambda conn: write_copy(conn, where, store.busy_timeout))
    copy = files.connect(where, timeout=store.busy_timeout, read_only=True, immutable=True)
    try:
        sessions, decisions = copy.execute(
            "SELECT COUNT(DISTINCT session_id), COUNT(*) FROM decisions").fetchone()
    finally:
        copy.close()
    return BackedUp(where, int(sessions), int(decisions))


__all__ = ["BackedUp", "back_up", "write_copy"]
