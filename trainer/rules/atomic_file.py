"""Writing a file atomically: it appears complete or not at all, and never replaces a non-file.

One helper for every file the trainer writes whole (rules files, strategy tables, CSV exports):
the data go to a temporary file in the target's folder, are flushed to disk, and the temporary
file is renamed over the target; on any failure it is removed and the target is left as it was.
The target is checked before anything is written: a folder, a device, a pipe or a read-only
file is refused (:class:`RefusedTargetError`, an ``OSError``), an existing file keeps its
permissions, and a symbolic link is followed (the file it points to is replaced).

Temporary files are named ``.<target name>.<pid>-<random>.tmp``; one left by a killed process is
removed by the next write to the same target (:func:`remove_stale`).
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

_WRITE_BITS = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH


class RefusedTargetError(OSError):
    """The target is not a regular file that may be written: nothing was written."""


def check_target(path: str | os.PathLike[str]) -> Path:
    """The file to write for ``path`` (a symbolic link's target), or RefusedTargetError.

    Refused: an empty path, a folder, anything that is not a regular file (a device, a pipe),
    a file nobody may write (no write permission bit) or that this process may not write, and
    a folder that does not exist or may not be written.
    """
    if not str(path):
        raise RefusedTargetError(errno.EINVAL, "no file name was given", str(path))
    target = Path(os.path.realpath(path))
    try:
        info = target.stat()
    except FileNotFoundError:
        info = None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise RefusedTargetError(errno.EISDIR, "it is a folder", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise RefusedTargetError(
                errno.EINVAL, "it is not a regular file (a device, pipe or socket)", str(path))
        if not info.st_mode & _WRITE_BITS or not os.access(target, os.W_OK):
            raise RefusedTargetError(errno.EACCES, "the file is read-only", str(path))
    folder = target.parent
    if not folder.is_dir():
        raise RefusedTargetError(errno.ENOENT, f"the folder {folder} does not exist", str(path))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise RefusedTargetError(errno.EACCES, f"the folder {folder} is read-only", str(path))
    return target


def _stale_pattern(target: Path) -> re.Pattern[str]:
    return re.compile(rf"\.{re.escape(target.name)}\.(\d+)-[0-9a-f]+\.tmp")


def remove_stale(target: Path) -> list[Path]:
    """Remove temporary files of ``target`` left by processes that no longer run; returns them.

    Only POSIX can tell whether a process runs (signal 0); elsewhere nothing is removed.
    """
    if os.name != "posix":
        return []
    pattern = _stale_pattern(target)
    removed = []
    with suppress(OSError):
        for entry in os.scandir(target.parent):
            match = pattern.fullmatch(entry.name)
            if match and not _running(int(match.group(1))):
                with suppress(FileNotFoundError):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:   # another user's process
        return True
    return True


@contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "w", *,
                 encoding: str | None = None, newline: str | None = None) -> Iterator[IO[Any]]:
    """Open a temporary file for writing whole ``path``; renamed over it when the block ends.

    The target is checked first (see :func:`check_target`) and the temporary file is created
    before the block runs, so a folder that cannot be written is found before long work inside
    the block. ``mode`` is ``"w"`` (text) or ``"wb"``. A write the system refuses without
    naming a file (a full disk) is raised naming ``path``.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_write writes whole files: mode 'w' or 'wb', not {mode!r}")
    target = check_target(path)
    remove_stale(target)
    temporary = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(6)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                 0o666)
    try:
        handle = os.fdopen(fd, mode, encoding=None if "b" in mode else encoding or "utf-8",
                           newline=newline)
    except BaseException:
        os.close(fd)
        temporary.unlink(missing_ok=True)
        raise
    try:
        with handle:
            with suppress(FileNotFoundError):   # keep an existing file's permissions
                os.chmod(temporary, stat.S_IMODE(target.stat().st_mode))
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        if error.filename is None and error.errno is not None:   # a write the system refused
            error.filename = str(path)
        raise
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); best effort."""
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


__all__ = ["RefusedTargetError", "atomic_write", "check_target", "remove_stale"]
