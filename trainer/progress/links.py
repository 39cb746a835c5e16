"""Symbolic links on the way to the progress file that lead to no file.

A link to a file that does not exist would have SQLite create the file at the link's target (a
new, empty history where the player's own may be on a drive not connected), or fail with
"unable to open database file"; a read would find an empty history. Every link on the way (the
progress file, each folder above it) is checked before the file is opened; one that leads
nowhere, or round a loop, is refused by name (:class:`~trainer.progress.errors.BrokenLinkError`).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from trainer.progress.errors import BrokenLinkError

#: Links followed at most when a loop is named (the system gives up sooner: 40 on Linux).
_MOST = 40


def check_links(path: Path) -> None:
    """Refuse ``path`` when it, or a folder above it, is a symbolic link that leads to no file
    (the link nearest the root is named)."""
    for step in (*reversed(path.parents), path):
        if not step.is_symlink():
            continue
        try:
            os.stat(step)
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise BrokenLinkError(path, step, step, _loop(step)) from error
            if error.errno in (errno.ENOENT, errno.ENOTDIR):
                raise BrokenLinkError(path, step, _end(step)) from error
            raise


def _target(link: Path) -> Path:
    """Where ``link`` points, as a path from here."""
    return Path(os.path.normpath(link.parent / os.readlink(link)))


def _end(link: Path) -> Path:
    """The path a chain of links starting at ``link`` ends on (one that does not exist)."""
    at = link
    for _ in range(_MOST):
        if not at.is_symlink():
            return at
        at = _target(at)
    return at


def _loop(link: Path) -> tuple[Path, ...]:
    """The links from ``link`` round its loop, back to the first one repeated (just ``link``
    when the loop passes through a folder and cannot be followed link by link)."""
    chain = [link]
    seen = [Path(os.path.abspath(link))]
    for _ in range(_MOST):
        if not chain[-1].is_symlink():
            break
        following = _target(chain[-1])
        chain.append(following)
        if Path(os.path.abspath(following)) in seen:
            return tuple(chain)
        seen.append(Path(os.path.abspath(following)))
    return (link,)


__all__ = ["check_links"]
