"""The one place this process opens progress files: every connection goes through here.

Why it matters: SQLite coordinates processes with POSIX advisory locks, and those belong to the
*process*, not to a descriptor. Closing any descriptor of the file — a ``open(path).read(16)``
for its header, a copy for a backup — silently drops every lock the process's connections
hold, so another process (a terminal drill beside the window) believes it is alone,
checkpoints and deletes the write-ahead log under this one's feet, and answers are lost or the
file is damaged (SQLite's "How To Corrupt An SQLite Database File", section 2.2). SQLite itself
is careful: when one of its connections closes while another in the process holds locks on
the same file, it keeps the descriptor open until the locks go.

So the rules are:

* every connection to a progress file (and to its backups) is made by :func:`connect` here;
  no other product module calls ``sqlite3.connect`` (``tests/test_architecture.py``);
* nothing reads, copies, truncates, renames over or removes a file while this process holds
  a connection to it: the header is read by SQLite (a file that is not a database fails its
  first query with SQLITE_NOTADB), backups use SQLite's backup API, sizes come from ``stat``
  (which opens nothing);
* a guard makes the second rule hard to break by accident: while a connection is open, an
  audit hook (:func:`sys.addaudithook`) refuses Python's ``open``, ``os.remove``,
  ``os.rename``/``os.replace``, ``os.truncate`` and ``shutil`` copies of the file or of the
  files SQLite keeps beside it, raising :class:`RawAccessError` instead of damaging it.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
import urllib.parse
from collections import Counter
from pathlib import Path
from typing import Any

#: The files SQLite keeps beside a WAL-mode database: the write-ahead log and its index.
LOG_FILES = ("-wal", "-shm")
#: The files SQLite keeps beside a database (rollback journal, write-ahead log, its index).
COMPANIONS = ("-journal", *LOG_FILES)
#: Audit events that open or change a file by name, and which of their arguments are names.
_GUARDED = {"open": (0,), "os.remove": (0,), "os.rename": (0, 1), "os.truncate": (0,),
            "shutil.copyfile": (0, 1), "shutil.copymode": (1,), "shutil.copystat": (1,),
            "shutil.move": (0, 1)}


class RawAccessError(RuntimeError):
    """Something in this process tried to open or change a progress file outside SQLite
    while a connection to it is open: a bug, refused before it could drop SQLite's locks."""


class _Held:
    """The files this process holds connections to (every name they go by), counted."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._names: Counter[str] = Counter()

    def add(self, names: tuple[str, ...]) -> None:
        with self._lock:
            self._names.update(names)

    def remove(self, names: tuple[str, ...]) -> None:
        with self._lock:
            self._names.subtract(names)
            for name in names:
                if self._names[name] <= 0:
                    del self._names[name]

    def holds(self, name: str) -> bool:
        return name in self._names    # a dict lookup: safe without the lock

    def __bool__(self) -> bool:
        return bool(self._names)


_held = _Held()
#: Held while a connection is made, and by the one module that looks at a file outside SQLite
#: while this process holds no connection to it (:mod:`trainer.progress.judging`, having
#: checked :func:`holds` under it): no connection is made while such a descriptor is open.
RAW_ACCESS = threading.RLock()
_hook_installed = False
_install_lock = threading.Lock()


def _names(path: Path) -> tuple[str, ...]:
    """Every name the guard knows ``path``'s file and its companions by."""
    bases = {os.path.abspath(path), os.path.realpath(path)}
    return tuple(base + end for base in sorted(bases) for end in ("", *COMPANIONS))


def _normal(name: object) -> str | None:
    """A file name given to ``open`` and friends, absolute; None for a descriptor."""
    if not isinstance(name, str | bytes | os.PathLike):
        return None
    try:
        return os.path.abspath(os.fsdecode(name))
    except (TypeError, ValueError):
        return None


def _guard(event: str, args: tuple[Any, ...]) -> None:
    """The audit hook: refuse raw access to a held progress file (see the module docstring)."""
    positions = _GUARDED.get(event)
    if positions is None or not _held:
        return
    for position in positions:
        if position < len(args) and (name := _normal(args[position])) and _held.holds(name):
            raise RawAccessError(
                f"refused {event} on {name}: this process holds an SQLite connection to it, "
                "and touching the file outside SQLite would drop that connection's locks")


def _install_guard() -> None:
    global _hook_installed
    with _install_lock:
        if not _hook_installed:
            sys.addaudithook(_guard)
            _hook_installed = True


class Connection(sqlite3.Connection):
    """An SQLite connection that tells the guard when it closes."""

    _guarded: tuple[str, ...] = ()

    def close(self) -> None:
        names, self._guarded = self._guarded, ()
        try:
            super().close()
        finally:
            if names:
                _held.remove(names)

    def __del__(self) -> None:   # a connection dropped without close(): forget it too
        if self._guarded:
            _held.remove(self._guarded)
            self._guarded = ()


def connect(path: Path, *, timeout: float, read_only: bool = False,
            immutable: bool = False) -> Connection:
    """A connection to ``path`` usable from any thread (calls serialised by the caller).

    ``read_only`` opens it with ``mode=ro`` (nothing written); ``immutable`` also tells SQLite
    the file cannot change, so it takes no locks and keeps no files beside it (for a file this
    process may not write). Raises ``sqlite3.Error`` as SQLite does.
    """
    _install_guard()
    names = _names(path)
    with RAW_ACCESS:
        conn = _connect(path, timeout, read_only, immutable)
        _held.add(names)
    conn._guarded = names
    return conn


def _connect(path: Path, timeout: float, read_only: bool, immutable: bool) -> Connection:
    """SQLite's connection to ``path`` (see :func:`connect`)."""
    if read_only:
        uri = f"file:{urllib.parse.quote(str(path))}?mode=ro" + ("&immutable=1" if immutable
                                                                 else "")
        conn = sqlite3.connect(uri, uri=True, timeout=timeout, check_same_thread=False,
                               factory=Connection)
    else:
        conn = sqlite3.connect(path, timeout=timeout, check_same_thread=False,
                               factory=Connection)
    assert isinstance(conn, Connection)
    return conn


def memory() -> sqlite3.Connection:
    """A private in-memory database (an empty or upgraded copy of a history)."""
    return sqlite3.connect(":memory:", check_same_thread=False)


def in_memory(conn: sqlite3.Connection) -> bool:
    """True for a connection to a private in-memory database (:func:`memory`), not a file."""
    return str(conn.execute("PRAGMA database_list").fetchone()[2]) == ""


def same_history(path: Path, other: Path) -> bool:
    """True when ``other`` names ``path``'s file or a file SQLite keeps beside it (by any
    name: a symbolic link, a relative path): never to be written over."""
    return bool(set(_names(path)) & {os.path.abspath(other), os.path.realpath(other)})


def holds(path: Path) -> bool:
    """True while this process holds a connection to ``path``."""
    return any(_held.holds(name) for name in _names(path))


__all__ = ["COMPANIONS", "LOG_FILES", "RAW_ACCESS", "Connection", "RawAccessError", "connect",
           "holds", "in_memory", "memory", "same_history"]
