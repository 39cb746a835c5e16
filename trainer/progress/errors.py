"""The progress store's errors: faults of the user's file or machine, each saying what to do.

The app shows these as a plain dialog (not a crash report), so every message names the file,
says that it was left unchanged, and tells the user what to do next.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


class ProgressStoreError(Exception):
    """Base of every progress-store fault; ``path`` is the progress file concerned."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path


class CorruptDatabaseError(ProgressStoreError):
    """The file is not an SQLite database, is damaged, or belongs to another program."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(
            path,
            f"The progress file {path} cannot be used: {detail}. The trainer has not tried to "
            "repair or replace it. "
            f"Move it somewhere safe (or restore a backup named {path.name}.bak-*), then start "
            "the trainer again to begin a new history; or choose another folder with --data-dir.",
        )


class NewerDatabaseError(ProgressStoreError):
    """The file was written by a newer version of the trainer than this one."""

    def __init__(self, path: Path, found: int, known: int) -> None:
        super().__init__(
            path,
            f"The progress file {path} was written by a newer version of Free Bet Trainer "
            f"(schema version {found}; this version knows up to {known}). It has not been "
            "changed. Update the trainer to open it, or use --data-dir to keep a separate "
            "history with this version.",
        )
        self.found = found
        self.known = known


class DatabaseLockedError(ProgressStoreError):
    """Another program holds the file locked for longer than the short busy timeout."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            path,
            f"The progress file {path} is locked by another program (perhaps another Free Bet "
            "Trainer window or a backup tool). It has not been changed. Close that program and "
            "try again.",
        )


class StorageError(ProgressStoreError):
    """The disk or folder refused a write: full, read-only, or an I/O failure."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(
            path,
            f"The progress file {path} could not be written ({detail}). Free some disk space or "
            "check that the folder is writable, then try again; answers already saved are kept.",
        )


def translate(path: Path, error: sqlite3.Error) -> ProgressStoreError:
    """The store error for an sqlite3 failure on ``path`` (locked, corrupt, or storage)."""
    text = str(error).lower()
    if "locked" in text or "busy" in text:
        return DatabaseLockedError(path)
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return CorruptDatabaseError(path, str(error))
    return StorageError(path, str(error))
