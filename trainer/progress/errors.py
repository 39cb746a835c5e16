"""The progress store's errors: faults of the user's file or machine, each saying what to do.

The app shows these as a plain dialog (not a crash report), so every message names the file,
says that it was left unchanged, and tells the user what to do next.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from trainer.progress.files import LOG_FILES


class ProgressStoreError(Exception):
    """Base of every progress-store fault; ``path`` is the progress file concerned.

    ``reason`` says in a few plain words what is wrong (for a status line). ``retry`` is True
    when a later try may succeed (a lock released, disk space freed, a permission fixed); False
    for a file the trainer must not touch again (damaged, or from a newer version).
    """

    reason = "the progress file could not be used"
    retry = True

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path


class CorruptDatabaseError(ProgressStoreError):
    """The file is not an SQLite database, is damaged, or belongs to another program."""

    reason = "the progress file is damaged"
    retry = False

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(
            path,
            f"The progress file {path} cannot be used: {detail}. The trainer has not tried to "
            "repair or replace it, and has not changed it. "
            f"Move it somewhere safe{companions_note(path)} (or restore a backup named "
            f"{path.name}.bak-*), then start the trainer again to begin a new history; or "
            "choose another folder with --data-dir.",
        )


class NewerDatabaseError(ProgressStoreError):
    """The file was written by a newer version of the trainer than this one: a higher schema
    version, or migration steps this version does not know."""

    reason = "the progress file is from a newer version of the trainer"
    retry = False

    def __init__(self, path: Path, found: int, known: int,
                 unknown_steps: tuple[str, ...] = ()) -> None:
        steps = (f", with steps this version does not know: {', '.join(unknown_steps)}"
                 if unknown_steps else "")
        super().__init__(
            path,
            f"The progress file {path} was written by a newer version of Free Bet Trainer "
            f"(schema version {found}{steps}; this version knows up to {known}). It has not "
            "been changed. Update the trainer to open it, or use --data-dir to keep a separate "
            f"history with this version{companions_note(path, 'if you move it')}.",
        )
        self.found = found
        self.known = known
        self.unknown_steps = unknown_steps


class OrphanLogError(ProgressStoreError):
    """SQLite's write-ahead log or its index lies beside a missing or empty progress file: the
    newest answers of some history, whose main file is elsewhere. Never opened, moved or
    deleted: SQLite would drop the log on opening a new history there."""

    reason = "the progress file is missing beside its write-ahead log"
    retry = False

    def __init__(self, path: Path, companions: tuple[Path, ...], missing: bool) -> None:
        names = " and ".join(str(companion) for companion in companions)
        state = "missing" if missing else "empty"
        one = len(companions) == 1
        super().__init__(
            path,
            f"The progress file {path} is {state}, but {names} {'is' if one else 'are'} "
            f"beside it: SQLite's write-ahead {'file' if one else 'files'} of a progress file, "
            "which may hold its newest answers. They belong to the progress file they were "
            "written with and must stay with it. The trainer has not changed or removed "
            "anything. Put that progress file back beside them; or, to begin a new history "
            "here, move them away together with the file they belong to; or choose another "
            "folder with --data-dir.",
        )
        self.companions = companions


def companions_note(path: Path, when: str = "") -> str:
    """", with its files X-wal and X-shm: they belong to it ..." when SQLite's files lie
    beside ``path`` (a stat, never an open), else ""."""
    beside = [path.with_name(path.name + end).name for end in LOG_FILES
              if path.with_name(path.name + end).exists()]
    if not beside:
        return ""
    files = " and ".join(beside)
    they = "it holds" if len(beside) == 1 else "they hold"
    return (f", together with {files} beside it ({they} its newest answers and belong"
            f"{'s' if len(beside) == 1 else ''} to it: move with it{', ' + when if when else ''}"
            ", never apart)")


class DatabaseLockedError(ProgressStoreError):
    """Another program holds the file locked for longer than the busy timeout."""

    reason = "the progress file is locked by another program"

    def __init__(self, path: Path) -> None:
        super().__init__(
            path,
            f"The progress file {path} is locked by another program (perhaps another Free Bet "
            "Trainer window or a backup tool). It has not been changed. Close that program and "
            "try again.",
        )


class StoreClosedError(ProgressStoreError):
    """The store was closed: by its user, or let go after a fault another saver sharing it met
    (see :mod:`trainer.progress.writers`); opening the file again is all it takes."""

    reason = "the progress file is being opened again"

    def __init__(self, path: Path) -> None:
        super().__init__(path, f"The progress file {path} was closed; the trainer opens it "
                               "again to save what waits.")


class StorageError(ProgressStoreError):
    """The disk or folder refused a write or a read: an I/O failure (see the subclasses for a
    full disk and a read-only file)."""

    reason = "the progress file could not be written"

    def __init__(self, path: Path, detail: str, advice: str | None = None) -> None:
        super().__init__(
            path,
            f"The progress file {path} could not be written ({detail}). "
            + (advice or "Check that the disk is connected and the folder is writable, then "
               "try again; answers already saved are kept."),
        )


class DiskFullError(StorageError):
    """No space left on the disk that holds the progress file."""

    reason = "the disk is full"

    def __init__(self, path: Path, detail: str = "the disk is full") -> None:
        super().__init__(path, detail, "Free some space on that disk; answers already saved "
                                       "are kept.")


class ReadOnlyError(StorageError):
    """The progress file, a file beside it, or its folder may not be written: said for what
    it is (:func:`_why_read_only`): on a file system mounted read-only (``mounted``: the system
    said so), another user's, or one's own made read-only."""

    reason = "the progress file is read-only"

    def __init__(self, path: Path, culprit: Path | None = None, *, mounted: bool = False
                 ) -> None:
        self.culprit = culprit or path
        what, advice = _why_read_only(self.culprit, mounted)
        super().__init__(path, what, f"Answers cannot be saved there. {advice}; answers "
                                     "already saved are kept.")


def _why_read_only(culprit: Path, mounted: bool) -> tuple[str, str]:
    """Why ``culprit`` may not be written, and what to do about it."""
    probe = next((p for p in (culprit, *culprit.parents) if os.path.lexists(p)), culprit)
    owner: int | None = None
    try:
        mounted = mounted or bool(os.statvfs(probe).f_flag & os.ST_RDONLY)
        owner = os.stat(probe).st_uid
    except (OSError, AttributeError):   # no statvfs (Windows), or nothing to ask
        pass
    if mounted:
        return (f"{culprit} is on a file system mounted read-only",
                "Mount it read-write, or choose a folder on another disk with --data-dir (or "
                "in Settings)")
    if owner is not None and hasattr(os, "geteuid") and owner != os.geteuid():
        return (f"{culprit} belongs to another user, {_user_name(owner)}, and may not be "
                "written by you",
                "Ask that user (or an administrator) to let you write it, or choose a folder "
                "of your own with --data-dir (or in Settings)")
    return (f"{culprit} is read-only",
            f"Make it writable (chmod u+w {culprit}), or choose another folder with "
            "--data-dir (or in Settings)")


def _user_name(uid: int) -> str:
    """The name of the user ``uid`` (the number, when the system knows no name)."""
    try:
        import pwd
        return pwd.getpwuid(uid).pw_name
    except (ImportError, KeyError):
        return f"user id {uid}"


class LocationError(ProgressStoreError):
    """The data folder is a file, or the progress file is a folder."""

    reason = "the progress file's location is not usable"

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(
            path,
            f"The progress file {path} cannot be used: {detail}. Nothing was changed. Choose "
            "another folder with --data-dir (or in Settings), or move that away.")


class BrokenLinkError(LocationError):
    """The progress file, or a folder on its path, is a symbolic link that leads to no file:
    to something that does not exist (a drive not connected, a file moved), or round a loop.
    ``link`` is that link; ``chain`` the links of a loop, in order (empty: no loop)."""

    reason = "the progress file is a symbolic link that leads nowhere"

    def __init__(self, path: Path, link: Path, target: Path, chain: tuple[Path, ...] = ()
                 ) -> None:
        what = "it is" if link == path else f"the folder {link} on its path is"
        point = (f"point the link at your progress file (ln -sfn FILE {link})" if link == path
                 else f"point the link at your progress file's folder (ln -sfn FOLDER {link})")
        if chain:
            detail = (f"{what} a symbolic link in a loop of links "
                      f"({' → '.join(map(str, chain))}), which leads to no file")
            advice = f"{point[0].upper()}{point[1:]}, or remove it"
        else:
            detail = (f"{what} a symbolic link to {target}, which does not exist (a drive not "
                      "connected, or the file moved or deleted?)")
            advice = f"Connect the drive, or {point}, or remove the link"
        ProgressStoreError.__init__(
            self, path, f"The progress file {path} cannot be used: {detail}. Nothing was "
            f"changed. {advice} to begin a new history there; or choose another folder with "
            "--data-dir (or in Settings).")
        self.link, self.target, self.chain = link, target, chain


#: SQLite's primary result codes (``sqlite_errorcode & 0xff``) that are the file's or the
#: machine's fault, and the store error each is; any other code is a bug, not the file's.
_FAULTS: dict[int, type[ProgressStoreError]] = {
    5: DatabaseLockedError, 6: DatabaseLockedError,      # BUSY, LOCKED
    11: CorruptDatabaseError, 26: CorruptDatabaseError,  # CORRUPT, NOTADB
    13: DiskFullError,                                   # FULL
    8: ReadOnlyError, 3: ReadOnlyError,                  # READONLY, PERM
    10: StorageError, 14: StorageError,                  # IOERR, CANTOPEN
}


def fault_kind(error: sqlite3.Error) -> type[ProgressStoreError] | None:
    """The store fault an sqlite3 failure is, by SQLite's result code (never its message);
    None for a failure that is not the file's or the machine's fault."""
    return _FAULTS.get((getattr(error, "sqlite_errorcode", None) or 0) & 0xFF)


def translate(path: Path, error: sqlite3.Error) -> ProgressStoreError:
    """The store error for an sqlite3 failure on ``path``, chosen by SQLite's result code."""
    kind = fault_kind(error) or StorageError
    if kind is DatabaseLockedError or kind is ReadOnlyError:
        return kind(path)
    return kind(path, str(error))


def translate_os(path: Path, error: OSError) -> ProgressStoreError:
    """The store error for an operating-system failure around ``path``, chosen by errno."""
    culprit = Path(error.filename) if error.filename else path
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return DiskFullError(path, error.strerror or str(error))
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return ReadOnlyError(path, culprit, mounted=error.errno == errno.EROFS)
    if error.errno in (errno.ENOTDIR, errno.EEXIST):
        return LocationError(path, f"{culprit} is a file, not a folder")
    if error.errno == errno.EISDIR:
        return LocationError(path, f"{culprit} is a folder, not a progress file")
    if error.errno == errno.ENAMETOOLONG:
        longest = max(culprit.parts, key=lambda part: len(os.fsencode(part)), default="")
        size = len(os.fsencode(longest))
        detail = (f"the folder name {longest[:24]}… in its path is {size} bytes long, more "
                  "than a file system allows (255)" if size > 255 else
                  "its path is longer than the file system allows")
        return LocationError(path, detail)
    return StorageError(path, error.strerror or str(error))
