"""One writer per progress file in a process: every saver of the process shares it.

The window's pages each save their own sessions (flashcards, shoe practice, counting), and the
Progress page keeps the memory picture it computed; each used to open a connection of its own
that wrote, so one process held several writers of the same file, and two pages opening a new
file together raced each other for its lock. Anki keeps one collection per process; here the
same: :func:`writer` gives the one :class:`Writer` of a file in this process, whose store every
saver takes (:meth:`Writer.take`) and gives back (:meth:`Writer.give_back`) — the last one to
give it back closes it, with the closing checks — and SQLite serialises the transactions of that
one connection (:class:`~trainer.progress.store.ProgressStore` holds its lock through each).
After a fault, the store is let go (:meth:`Writer.let_go`): the next saver to take it opens the
file afresh, and a saver still holding the old one finds it closed and takes the new one
(:class:`SharedStores`). Reads (stats, exports, the Progress page's queries) open read-only
connections of their own, as SQLite's WAL mode lets any number of readers do; the memory
picture a read made is kept afterwards through this one writer
(:func:`~trainer.progress.study_store.keep_made`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from trainer.progress.errors import translate_os
from trainer.progress.opening import BUSY_TIMEOUT
from trainer.progress.store import ProgressStore


class Writer:
    """The one writing store of the progress file at ``path`` in this process."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._store: ProgressStore | None = None
        self._users = 0
        #: how many times the file was opened for writing (a fault, or all given back, ends one)
        self.openings = 0

    def take(self, wait: float = BUSY_TIMEOUT) -> ProgressStore:
        """The open store, opened now if none is (or the last one was let go), waiting at
        most ``wait`` seconds for another program's lock to open it (then the usual busy
        timeout); raises the store's own error, an operating-system fault too (a folder name
        too long, say)."""
        with self._lock:
            if self._store is None or self._store.closed:
                try:
                    store = ProgressStore.open(self.path, busy_timeout=wait)
                except OSError as exc:
                    raise translate_os(self.path, exc) from exc
                if wait != BUSY_TIMEOUT:
                    store.wait_for_locks(BUSY_TIMEOUT)
                self._store = store
                self._users = 0
                self.openings += 1
            self._users += 1
            return self._store

    def give_back(self, store: ProgressStore) -> None:
        """One user is done with ``store``: the last one closes it (folding the write-ahead
        log into the file and checking it: the store's error if that fails)."""
        with self._lock:
            if store is not self._store:
                return                     # let go after a fault: closed already
            self._users -= 1
            if self._users > 0:
                return
            self._store = None
            store.close()

    def let_go(self, store: ProgressStore) -> None:
        """``store`` met a fault: drop it without its closing checks, so that the next user
        opens the file afresh (its other users find it closed and take the new one)."""
        with self._lock:
            if store is self._store:
                self._store, self._users = None, 0
        store.discard()

    @property
    def open(self) -> bool:
        """True while some user holds the store."""
        with self._lock:
            return self._store is not None and not self._store.closed


_writers: dict[str, Writer] = {}
_registry = threading.Lock()


def writer(path: Path) -> Writer:
    """The one writer of the progress file at ``path`` in this process (by its real path: a
    symbolic link or a relative name finds the same)."""
    key = os.path.realpath(path)
    with _registry:
        found = _writers.get(key)
        if found is None:
            found = _writers[key] = Writer(Path(path))
        return found


class SharedStores:
    """A saver's stores: the one writer's of whichever file ``where`` names when it opens one
    (a page that follows a change of data folder names the new file)."""

    def __init__(self, where: Callable[[], Path]) -> None:
        self._where = where

    def open(self) -> ProgressStore:
        """The store of the file named now, shared with the process's other savers."""
        return writer(self._where()).take()

    def let_go(self, store: ProgressStore) -> None:
        """``store`` met a fault: every saver opens its file afresh next."""
        writer(store.path).let_go(store)

    def done(self, store: ProgressStore) -> None:
        """This saver is done with ``store``."""
        writer(store.path).give_back(store)


class Stores(Protocol):
    """Where a saver's store comes from, and where it goes after a fault or when done (the
    process's one writer of the file: :class:`~trainer.progress.writers.SharedStores`)."""

    def open(self) -> ProgressStore:
        """The store to write to (raises the store's own error)."""

    def let_go(self, store: ProgressStore) -> None:
        """``store`` met a fault: the next :meth:`open` starts afresh."""

    def done(self, store: ProgressStore) -> None:
        """The saver is done with ``store`` (raises the store's error if closing finds one)."""


class OwnStore:
    """A store of the saver's own, opened by ``open_store`` (the terminal's drills, tests)."""

    def __init__(self, open_store: Callable[[], ProgressStore]) -> None:
        self.open = open_store

    def let_go(self, store: ProgressStore) -> None:
        store.discard()

    def done(self, store: ProgressStore) -> None:
        store.close()


__all__ = ["OwnStore", "SharedStores", "Stores", "Writer", "writer"]
