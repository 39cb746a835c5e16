"""What changed in a progress file, announced to whoever shows it.

Every saver of the process announces its commits here (:func:`announce`), so a page that shows
the history reads it again when, and only when, it may have changed: after answers saved in
this process, or when the file changed on disk (another program wrote to it: the terminal, a
second window). :func:`stamp` gives both in one comparable value; the disk part is the size and
time of the file and of its write-ahead log, read with ``os.stat`` (which opens neither file:
only SQLite opens the database).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

#: Called with the progress file's path after a commit to it (on the saving thread).
Listener = Callable[[Path], None]

_lock = threading.Lock()
_generations: dict[Path, int] = {}
_listeners: list[Listener] = []


def _key(path: Path | str) -> Path:
    return Path(os.path.abspath(path))


@dataclass(frozen=True)
class Stamp:
    """How far a progress file has come: commits announced in this process, and what its
    file and log look like on disk (equal stamps: nothing to read again)."""

    generation: int
    disk: tuple[tuple[int, int] | None, ...]


def announce(path: Path | str) -> None:
    """Say that ``path`` took a commit; every listener hears it (on this thread)."""
    key = _key(path)
    with _lock:
        _generations[key] = _generations.get(key, 0) + 1
        listeners = list(_listeners)
    for listener in listeners:
        listener(key)


def subscribe(listener: Listener) -> Callable[[], None]:
    """Hear every announced commit from now on; returns the call that stops it."""
    with _lock:
        _listeners.append(listener)

    def unsubscribe() -> None:
        with _lock:
            if listener in _listeners:
                _listeners.remove(listener)
    return unsubscribe


def stamp(path: Path | str) -> Stamp:
    """``path``'s stamp now: equal to an earlier one when nothing was committed to it since,
    here or by another program."""
    key = _key(path)
    with _lock:
        generation = _generations.get(key, 0)
    return Stamp(generation, tuple(_looks(Path(f"{key}{suffix}")) for suffix in ("", "-wal")))


def same_file(one: Path | str, other: Path | str) -> bool:
    """True when two names of a progress file name the same one (as announced)."""
    return _key(one) == _key(other)


def _looks(file: Path) -> tuple[int, int] | None:
    """A file's size and change time in nanoseconds (None: no such file)."""
    try:
        status = os.stat(file)
    except OSError:
        return None
    return status.st_size, status.st_mtime_ns


__all__ = ["Listener", "Stamp", "announce", "same_file", "stamp", "subscribe"]
