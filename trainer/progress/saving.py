"""Saving a practice session so that a lock or a full disk never loses an answer.

Every write of a session (its start, each decision and each undo, each shoe round, the memory
fit, its end)
joins a queue in memory, in order, and :meth:`SessionSaver.save` writes the queue to the
progress file from the front. A write the store cannot take now (the file locked by another
program past SQLite's busy timeout, the disk full, a permission) stays at the front with the
reason, and everything after it waits behind it; the next :meth:`~SessionSaver.save` (the next
answer, or a retry the caller schedules) tries again, and nothing queued is ever dropped. Only
a file the trainer must not touch again (damaged, or from a newer trainer) stops the tries:
the answers stay in memory and :class:`SaveState` says why. The store is opened by the first
save with something to write (or the first :meth:`~SessionSaver.read`), with the same
retries, so a file locked when practice starts costs nothing either.

The terminal drill and the app share this; it imports no Qt. It is safe to queue from one
thread while another saves (the app saves off its UI thread).
"""

from __future__ import annotations

import itertools
import threading
from collections import deque
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from trainer.progress import changes, relabel, unsaved
from trainer.progress.errors import (
    DatabaseLockedError,
    DiskFullError,
    ProgressStoreError,
    StoreClosedError,
)
from trainer.progress.store import ProgressStore, decision_plain
from trainer.progress.unsaved import Entry
from trainer.progress.writers import OwnStore, Stores
from trainer.rules import RuleSet
from trainer.teaching.records import GradedDecision, Mode

T = TypeVar("T")
#: Faults after which the connection is kept: the next try on it may succeed.
_KEEPS_CONNECTION = (DatabaseLockedError, DiskFullError)


@dataclass(frozen=True)
class SaveState:
    """Where a session's saving stands: what still waits, and why (None: all saved)."""

    waiting: int                  # writes not saved yet
    answers: int                  # of them, graded decisions (what a player calls answers)
    problem: ProgressStoreError | None = None
    saved_answers: int = 0        # answers whose commit has returned, since the saver began

    @property
    def saved(self) -> bool:
        """True when nothing waits."""
        return self.waiting == 0

    @property
    def stopped(self) -> bool:
        """True when the file must not be touched again: what waits stays in memory only."""
        return self.problem is not None and not self.problem.retry

    def text(self) -> str:
        """One plain line for the player ("" when everything is saved)."""
        if self.saved:
            return ""
        reason = self.problem.reason if self.problem is not None else "saving"
        one = self.answers == 1
        what = (f"{self.answers} answer{'' if one else 's'}" if self.answers
                else "Your session")
        if self.stopped:
            kept = f" {what} {'is' if one else 'are'} kept" if self.answers else " It is kept"
            return f"Not saving: {reason}.{kept} only until you close the trainer."
        single = one or not self.answers
        return (f"{what} {'is' if single else 'are'} not saved yet: {reason}. "
                f"{'It is' if single else 'They are'} kept and will be saved as soon as the "
                f"progress file can take {'it' if single else 'them'}.")


class Row:
    """A queued row (a session, a decision): its row id once it is saved, for the writes
    queued after it that refer to it (a decision's session; undoing a decision); ``ref``
    numbers it among the rows of its saver (a kept write refers to it so: :mod:`.unsaved`)."""

    id: int | None = None
    _refs = itertools.count()

    def __init__(self) -> None:
        self.ref = next(Row._refs)

    def reference(self) -> dict[str, int]:
        """How a kept write names this row: its id once saved, else its ``ref``."""
        return {"id": self.id} if self.id is not None else {"ref": self.ref}

    def saved_id(self) -> int:
        """The row id (a write queued after this row's own always finds it saved)."""
        if self.id is None:
            raise RuntimeError("a write was saved before the row it refers to")
        return self.id


@dataclass(frozen=True)
class _Write:
    """One queued write: what it does to the store, and whether it is an answer."""

    apply: Callable[[ProgressStore], object]
    answer: bool = False
    kept: Callable[[], Entry] | None = None    # its plain form, to keep it (None: derived)


class SessionSaver:
    """The writes of one page's (or one drill's) sessions, saved in order, never dropped."""

    def __init__(self, stores: Stores | Callable[[], ProgressStore]) -> None:
        """``stores``: the process's shared writer, or a function opening a store of its
        own."""
        self._stores: Stores = OwnStore(stores) if callable(stores) else stores
        self.store: ProgressStore | None = None
        self._queue: deque[_Write] = deque()
        self._queue_lock = threading.Lock()     # guards the queue and the state
        self._save_lock = threading.Lock()      # one save at a time
        self._session: Row | None = None
        self._problem: ProgressStoreError | None = None
        self._saved_answers = 0
        self._kept_answers = 0
        self._begun: tuple[str, Mode, dict[str, Any]] | None = None   # the last start's values

    @classmethod
    def with_store(cls, store: ProgressStore) -> SessionSaver:
        """A saver for a store already open (:meth:`close` closes it; a later save opens the
        same file again)."""
        saver = cls(lambda: ProgressStore.open(store.path))
        saver.store = store
        return saver

    # ----- queueing (cheap, never touches the file) -----------------------------------------

    def start(self, preset: str, mode: Mode, settings: Mapping[str, Any]) -> None:
        """End the session in progress, if any, and start a new one."""
        self.end()
        session = Row()
        self._session = session
        values = (preset, mode, dict(settings))
        self._begun = values

        def write(store: ProgressStore) -> None:
            session.id = store.start_session(*values)
        self.write(write, kept=_kept("session", ref=session.ref, preset=preset, mode=mode.value,
                                     settings=values[2]))

    def session_values(self) -> tuple[str, Mode, dict[str, Any]] | None:
        """What the session in progress was started with (None: no session in progress)."""
        return self._begun if self._session is not None else None

    def elsewhere(self) -> None:
        """The file was closed (:meth:`close`) and the next one opened is another (a new data
        folder): its fault and the count of answers saved are the old file's, forgotten."""
        with self._save_lock, self._queue_lock:
            self._problem, self._saved_answers, self._kept_answers = None, 0, 0

    def resume(self) -> None:
        """Start a session like the last one if it was ended (the player stayed after all:
        their next answers belong to a session too)."""
        if self._session is None and self._begun is not None:
            self.start(*self._begun)

    def decision(self, decision: GradedDecision) -> Row | None:
        """Queue one graded decision; returns its row (None outside a session), which
        :meth:`undo` takes."""
        if self._session is None:
            self.resume()        # an answer after an end belongs to a session like the last
        session = self._session
        if session is None:
            return None
        row = Row()

        def write(store: ProgressStore) -> None:
            row.id = store.record_decision(session.saved_id(), decision)
        self.write(write, answer=True, kept=lambda: {
            "kind": "decision", "ref": row.ref, "session": session.reference(),
            "decision": decision_plain(decision)})
        return row

    def undo(self, row: Row) -> None:
        """Queue marking a queued or saved decision undone (the player took it back)."""
        self.write(lambda store: store.undo_decision(row.saved_id()),
                   kept=lambda: {"kind": "undo", "decision": row.reference()})

    def fit(self, preset: str, fit: Mapping[str, Any]) -> None:
        """Queue storing the memory model newly fitted to ``preset``'s answers."""
        values = dict(fit)
        self.write(lambda store: store.save_fit(preset, values))

    def round(self, number: int, **values: Any) -> None:
        """Queue one shoe round (see :meth:`ProgressStore.record_round`)."""
        session = self._session
        if session is not None:
            at = _now_text()
            self.write(lambda store: store.record_round(session.saved_id(), number, **values),
                       kept=lambda: {"kind": "round", "session": session.reference(),
                                     "number": number, "values": values, "at": at})

    @property
    def session_id(self) -> int | None:
        """The row id of the session in progress once it is saved (None before, or with no
        session): a read made under the save lock sees the rounds saved under it."""
        session = self._session
        return None if session is None else session.id

    def end(self) -> None:
        """Queue the end of the session in progress, if any."""
        session, self._session = self._session, None
        if session is not None:
            at = _now_text()
            self.write(lambda store: store.end_session(session.saved_id()),
                       kept=lambda: {"kind": "end", "session": session.reference(), "at": at})

    def marks(self, preset: str, situations: Collection[str], mark: str) -> None:
        """Queue a card browser mark (suspend, unsuspend, reset) of ``situations``."""
        chosen = sorted(situations)
        self.write(lambda store: store.mark_cards(preset, chosen, mark),
                   kept=_kept("marks", preset=preset, situations=chosen, mark=mark))

    def write(self, apply: Callable[[ProgressStore], object], *, answer: bool = False,
              kept: Callable[[], Entry] | None = None) -> None:
        """Queue any write to the store (saved after everything queued before it); ``answer``
        counts it among the answers a player is told are waiting; ``kept`` gives its plain
        form, for :meth:`keep_unsaved` (without one, a write is derived from the others and
        dropped if the trainer stops before saving it)."""
        with self._queue_lock:
            self._queue.append(_Write(apply, answer, kept))

    def keep_unsaved(self, path: Path) -> Path | None:
        """Write what waits to a file of its own beside the progress file ``path``, saved there
        by the next program that opens it (:mod:`.unsaved`), and forget it here; returns the
        file (None: nothing of the player's waited). For a program that must stop now."""
        with self._save_lock, self._queue_lock:
            entries = [write.kept() for write in self._queue if write.kept is not None]
            if not entries:
                return None
            kept = unsaved.keep(path, entries)
            self._kept_answers += sum(write.answer for write in self._queue)
            self._queue.clear()
            return kept

    # ----- saving ---------------------------------------------------------------------------

    @property
    def state(self) -> SaveState:
        """What waits now, and the last fault met (None once everything was saved)."""
        with self._queue_lock:
            answers = sum(write.answer for write in self._queue)
            return SaveState(len(self._queue), answers, self._problem, self._saved_answers)

    def save(self, *, wait: bool = False) -> SaveState:
        """Write what waits, oldest first, until done or the store refuses; returns the state.

        Waits at most the store's busy timeout for a lock. If another thread is saving, this
        returns at once (that save takes the new writes too, or the next one will), unless
        ``wait``: then it waits for that save and saves what is left.
        """
        if not self._save_lock.acquire(blocking=wait):
            return self.state
        try:
            committed = self._save_all()
        finally:
            self._save_lock.release()
        if committed is not None:
            changes.announce(committed)
        return self.state

    def _save_all(self) -> Path | None:
        """Save what waits; the file, if anything was committed to it."""
        if (self._problem is not None and not self._problem.retry) or self.state.saved:
            return None
        committed = None
        reopened = False
        try:
            store = self._opened()
            while True:
                with self._queue_lock:
                    if not self._queue:
                        break
                    write = self._queue[0]
                try:
                    write.apply(store)
                except StoreClosedError:
                    if reopened:
                        raise
                    self.store, reopened = None, True   # let go by another saver: once more
                    store = self._opened()
                    continue
                except ProgressStoreError:
                    raise
                except Exception:   # the store refused the data itself: a bug, not the file
                    with self._queue_lock:
                        self._queue.popleft()
                    raise
                reopened = False
                with self._queue_lock:
                    self._queue.popleft()
                    self._saved_answers += write.answer
                committed = store.path
        except ProgressStoreError as exc:
            with self._queue_lock:
                self._problem = exc
            if not isinstance(exc, _KEEPS_CONNECTION):
                self._let_go()
            return committed
        with self._queue_lock:
            self._problem = None
        return committed

    def _let_go(self) -> None:
        """Drop the connection after a fault (call with the save lock held): the next try opens
        the file afresh. Nothing queued is touched."""
        store, self.store = self.store, None
        if store is not None:
            self._stores.let_go(store)

    def try_again(self) -> SaveState:
        """Forget the last fault, even one that stopped the tries, and save what waits (the
        player's "Try again": the file restored, space freed, the lock gone)."""
        with self._save_lock:
            with self._queue_lock:
                self._problem = None
            self._let_go()
        return self.save(wait=True)

    def _opened(self) -> ProgressStore:
        """The store, opened now if it is not yet (call with the save lock held)."""
        if self.store is not None and self.store.closed:
            self.store = None                   # let go after another saver's fault
        if self.store is None:
            self.store = self._stores.open()
        return self.store

    def read(self, query: Callable[[ProgressStore], T], default: T) -> T:
        """``query``'s answer from the store, or ``default`` when the store cannot be read
        (the fault is kept in the state). Opens the store if needed, so it may wait up to the
        busy timeout: call it off a UI thread."""
        if self._problem is not None and not self._problem.retry:
            return default
        with self._save_lock:
            try:
                return query(self._opened())
            except ProgressStoreError as exc:
                with self._queue_lock:
                    self._problem = exc
                if not isinstance(exc, _KEEPS_CONNECTION):
                    self._let_go()
                return default

    def adopt(self, rules: RuleSet) -> relabel.Moved:
        """File ``rules``' answers still under their former label under their label now
        (:func:`trainer.progress.relabel.adopt`), before a session reads them; nothing moves
        while the store cannot be written (the next session tries again). Off a UI thread."""
        return self.read(lambda store: relabel.adopt(store, rules), relabel.Moved())

    def close(self, *, try_again: bool = True) -> SaveState:
        """End the session, save what waits (one more try, unless told not to), close the
        store; returns what could not be saved (the caller tells the player)."""
        self.end()
        state = self.save(wait=True) if try_again else self.state
        with self._save_lock:
            store, self.store = self.store, None
        if store is not None:
            try:
                self._stores.done(store)
            except ProgressStoreError as exc:
                return SaveState(state.waiting, state.answers, exc, state.saved_answers)
        return state


def _kept(kind: str, **values: Any) -> Callable[[], Entry]:
    """The plain form of a write that refers to no row, with the time it was queued."""
    entry = {"kind": kind, **values, "at": _now_text()}
    return lambda: entry


def _now_text() -> str:
    """Now, as a kept write's time (ISO 8601, UTC)."""
    return datetime.now(UTC).isoformat()


__all__ = ["Row", "SaveState", "SessionSaver"]
