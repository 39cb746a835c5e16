"""The progress store: one SQLite file holding sessions, every graded decision, cards, rounds.

The window, its pages and terminal drills in other processes share the file at once, so the
store never touches it outside SQLite: every connection is made by
:mod:`trainer.progress.files`, which explains why (closing any other descriptor of the file
drops the whole process's SQLite locks, and another process then deletes the write-ahead log
from under this one) and refuses such access while a connection is open.

Opening (see :mod:`trainer.progress.opening`) refuses a bad, newer, locked or read-only file
untouched and backs up an older one before upgrading it; a write waits for another writer up
to the busy timeout, then raises DatabaseLockedError (:mod:`trainer.progress.saving` keeps an
answer the store could not take and saves it later). Every write is its own committed transaction
(WAL), so killing the process loses nothing already recorded. One connection, usable from any
thread (calls are serialised by a lock).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from trainer.progress import files, judging, opening, unsaved
from trainer.progress.errors import ProgressStoreError, StoreClosedError, translate
from trainer.progress.filters import EVERYTHING, Filter, canonical_time, utc_text
from trainer.progress.opening import BUSY_TIMEOUT
from trainer.progress.relabel import Relabelling
from trainer.progress.shoe_rounds import ROUND_COLUMNS, PlayedRound, ShoeRound, shoe_round
from trainer.progress.space import saving_space
from trainer.progress.study_tables import CARD_MARKS, CardMarks, StudyTables
from trainer.rules.releases import label_fingerprint
from trainer.teaching.records import GradedDecision, Mode, ShoeGrade, Verdict

_BATCH = 1000
_COLUMNS = ("time", "preset", "mode", "situation_key", "cards", "dealer_up", "action",
            "best_action", "verdict", "ev_loss", "response_ms", "evs", "weight", "timed_out",
            "shoe_best", "shoe_verdict", "shoe_ev_loss", "shoe_evs", "apart")
DECISION_COLUMNS = ("id", "session_id", *_COLUMNS, "undone")
_INSERT = (f"INSERT INTO decisions (session_id, {', '.join(_COLUMNS)}, previous_time, "
           f"previous_session) VALUES ({', '.join('?' * (len(_COLUMNS) + 3))})")


@dataclass(frozen=True)
class StoredDecision:
    """A decision as stored: its row id and session with the graded record itself."""

    id: int
    session_id: int
    decision: GradedDecision


def _decision_row(session_id: int, d: GradedDecision) -> tuple[Any, ...]:
    """The decisions-table row for ``d`` (enums as values, evs as JSON text; the grade at a
    depleted shoe NULL when there is none)."""
    shoe = d.shoe
    at_shoe = (None, None, None, None) if shoe is None else (
        shoe.best, shoe.verdict.value, float(shoe.ev_loss), json.dumps(shoe.evs))
    return (session_id, canonical_time(d.time), d.preset, d.mode.value, d.situation_key,
            d.cards, d.dealer_up, d.action, d.best_action, d.verdict.value, float(d.ev_loss),
            int(d.response_ms), json.dumps(d.evs), float(d.weight), int(d.timed_out),
            *at_shoe, int(d.apart))


def decision_plain(d: GradedDecision) -> dict[str, Any]:
    """``d`` as plain JSON values keyed by column name (read back by
    :func:`decision_from_row`)."""
    return dict(zip(_COLUMNS, _decision_row(0, d)[1:], strict=True))


def decision_from_row(row: Mapping[str, Any]) -> GradedDecision:
    """Rebuild a GradedDecision from a stored (or exported) row keyed by column name (an
    export written before the grade at a depleted shoe was kept has none)."""
    shoe = None
    if row.get("shoe_best") not in (None, ""):
        shoe = ShoeGrade(str(row["shoe_best"]), Verdict(row["shoe_verdict"]),
                         float(row["shoe_ev_loss"]), json.loads(row["shoe_evs"] or "{}"))
    return GradedDecision(
        time=row["time"], preset=row["preset"], mode=Mode(row["mode"]),
        situation_key=row["situation_key"], cards=row["cards"], dealer_up=row["dealer_up"],
        action=row["action"], best_action=row["best_action"], verdict=Verdict(row["verdict"]),
        ev_loss=float(row["ev_loss"]), response_ms=int(row["response_ms"]),
        evs=json.loads(row["evs"]), weight=float(row["weight"]),
        timed_out=bool(int(row["timed_out"])), shoe=shoe,
        apart=bool(int(row.get("apart") or 0)),
    )


class ProgressStore(StudyTables, Relabelling):
    """An open progress file; create with :meth:`open` (also a context manager)."""

    def __init__(self, path: Path, conn: sqlite3.Connection, backup: Path | None,
                 clock: Callable[[], datetime], *, read_only: bool = False,
                 busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.path = path
        self.busy_timeout = busy_timeout
        self.backup = backup  # the copy made before upgrading this file, if one was made
        self.read_only = read_only
        self._depth = 0           # transactions open: an inner one is part of the outer
        self._conn: sqlite3.Connection | None = conn
        self._clock = clock
        self._lock = threading.RLock()

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, busy_timeout: float = BUSY_TIMEOUT,
             clock: Callable[[], datetime] | None = None,
             read_only: bool = False) -> ProgressStore:
        """Open (creating or upgrading) the progress file at ``path``, or raise a store error.

        ``read_only`` (stats, exports, the progress page) writes nothing, there or beside the
        file: a missing file is an empty history (see :func:`opening.connect_read_only`)."""
        path = Path(path)
        clock = clock or _now
        if read_only:
            return cls(path, opening.connect_read_only(path, busy_timeout), None, clock,
                       read_only=True, busy_timeout=busy_timeout)
        conn, backup = opening.connect(path, busy_timeout, clock)
        store = cls(path, conn, backup, clock, busy_timeout=busy_timeout)
        if unsaved.waiting(path):
            unsaved.restore(store)
        return store

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Fold the write-ahead log into the file and check the file's integrity (a writer),
        and close it; raises CorruptDatabaseError if damaged.

        The fold is explicit: SQLite folds and removes the log only when its last connection
        closes, and a reader (stats, an export) closing last cannot; the file alone, copied,
        must hold every answer."""
        with self._lock:
            if self._conn is None:
                return
            conn, self._conn = self._conn, None
            try:
                with suppress(sqlite3.OperationalError):  # a busy file only skips the tune-up
                    if not files.in_memory(conn):   # an upgraded copy is thrown away: no tune-up
                        conn.execute("PRAGMA optimize")
                    if not self.read_only:
                        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
                if not self.read_only:      # a reader changed nothing: judged when opened
                    judging.quick_check(conn, self.path)
            except sqlite3.Error as error:
                raise translate(self.path, error) from error
            finally:
                conn.close()

    def discard(self) -> None:
        """Let go of the connection without its closing checks (after a fault it met: the
        next store opened on the file starts afresh); nothing is written."""
        with self._lock:
            conn, self._conn = self._conn, None
        if conn is not None:
            with suppress(sqlite3.Error):
                conn.close()

    def restore_kept(self, name: str, entries: Sequence[unsaved.Entry]) -> int:
        """Save the writes kept in the file ``name`` (:mod:`.unsaved`) in one transaction,
        unless that file was saved before; returns the answers saved."""
        with self._transaction() as conn:
            if conn.execute("SELECT 1 FROM restored_files WHERE name = ?", (name,)).fetchone():
                return 0
            answers = unsaved.replay(self, entries, decision_from_row)
            conn.execute("INSERT INTO restored_files (name, time) VALUES (?, ?)",
                         (name, utc_text(self._clock())))
        return answers

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One committed write (BEGIN IMMEDIATE ... COMMIT), sqlite errors translated; one
        begun inside another is part of it."""
        with self._lock:
            conn = self._open_conn()
            if self._depth:
                self._depth += 1
                try:
                    yield conn
                finally:
                    self._depth -= 1
                return
            self._depth = 1
            try:
                saving_space(conn, self.path)
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                    conn.commit()
                except BaseException:
                    conn.rollback()  # also after a failed commit (disk full): nothing half-done
                    raise
            except sqlite3.IntegrityError as error:
                raise ValueError(f"refused by the progress store: {error}") from error
            except sqlite3.Error as error:
                raise translate(self.path, error) from error
            finally:
                self._depth = 0

    def _open_conn(self) -> sqlite3.Connection:
        """The connection, or :class:`StoreClosedError` if the store was closed (let go after
        a fault another saver sharing it met: the saver opens the file again)."""
        if self._conn is None:
            raise StoreClosedError(self.path)
        return self._conn

    @contextmanager
    def waiting(self, seconds: float) -> Iterator[ProgressStore]:
        """The store, waiting at most ``seconds`` for another program's lock in the block (a
        write that may be left for later), the other users of the connection waiting for the
        block to end."""
        with self._lock:
            usual = self.busy_timeout
            self.wait_for_locks(seconds)
            try:
                yield self
            finally:
                self.wait_for_locks(usual)

    def wait_for_locks(self, seconds: float) -> None:
        """Wait at most ``seconds`` for another program's lock from now on."""
        with self._lock:
            self._open_conn().execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
            self.busy_timeout = seconds

    @property
    def closed(self) -> bool:
        """True once the store was closed or let go."""
        return self._conn is None

    @property
    def copied(self) -> bool:
        """True for a reader of an older file: it reads that file upgraded in a copy in memory."""
        with self._lock:
            return files.in_memory(self._open_conn())

    def copy_to(self, write: Callable[[sqlite3.Connection], None]) -> None:
        """Let ``write`` copy the history through this store's connection (SQLite's backup
        API reads it in one snapshot, the write-ahead log included)."""
        with self._lock:
            try:
                write(self._open_conn())
            except sqlite3.Error as error:
                raise translate(self.path, error) from error

    def rows(self, sql: str, params: list | tuple = ()) -> list[dict[str, Any]]:
        """Run a read query; each row as a dict keyed by column name (used by the reviews)."""
        with self._lock:
            try:
                cursor = self._open_conn().execute(sql, params)
                names = [column[0] for column in cursor.description]
                return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
            except sqlite3.Error as error:
                raise translate(self.path, error) from error

    def tuples(self, sql: str, params: list | tuple = ()) -> list[tuple[Any, ...]]:
        """Run a read query; rows as plain tuples (for scans of many rows)."""
        with self._lock:
            try:
                return self._open_conn().execute(sql, params).fetchall()
            except sqlite3.Error as error:
                raise translate(self.path, error) from error

    def start_session(self, preset: str, mode: Mode, settings: Mapping[str, Any], *,
                      at: datetime | None = None) -> int:
        """Record the start of a practice session; returns its id. The session keeps the
        fingerprint of the rules its preset label files answers under (NULL if none is
        known): :func:`trainer.rules.releases.label_fingerprint`."""
        with self._transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO sessions (started, preset, mode, settings, rules) "
                "VALUES (?, ?, ?, ?, ?)",
                (utc_text(at or self._clock()), preset, mode.value,
                 json.dumps(dict(settings), sort_keys=True), label_fingerprint(preset)))
        return int(cursor.lastrowid or 0)

    def end_session(self, session_id: int, *, at: datetime | None = None) -> None:
        """Record the end of a session; ValueError if there is no such session."""
        with self._transaction() as conn:
            cursor = conn.execute("UPDATE sessions SET ended = ? WHERE id = ?",
                                  (utc_text(at or self._clock()), session_id))
            if cursor.rowcount == 0:
                raise ValueError(f"no session {session_id} in {self.path}")

    def record_decision(self, session_id: int, decision: GradedDecision) -> int:
        """Store one graded decision, committed before returning; returns its row id.

        Also links it to the situation's previous try (and, if it was recorded out of time
        order, relinks the try after it), which the retention review reads.
        """
        row = _decision_row(session_id, decision)
        with self._transaction() as conn:
            cursor = conn.execute(_INSERT, (*row, None, None))
            row_id = int(cursor.lastrowid or 0)
            _relink(conn, decision.preset, decision.situation_key, row[1])
        return row_id

    def undo_decision(self, decision_id: int) -> None:
        """Mark a decision undone (the player took the answer back): it stays stored, and the
        reviews, the memory model and the retention links leave it out. ValueError if there is
        no such decision."""
        with self._transaction() as conn:
            found = conn.execute("SELECT preset, situation_key, time FROM decisions "
                                 "WHERE id = ?", (decision_id,)).fetchone()
            if found is None:
                raise ValueError(f"no decision {decision_id} in {self.path}")
            conn.execute("UPDATE decisions SET undone = 1 WHERE id = ?", (decision_id,))
            _relink(conn, *found)

    def presets(self) -> list[str]:
        """Every preset with a stored session, sorted; a custom rule set is
        ``custom-FINGERPRINT`` (see ``trainer.teaching.situations.preset_label``)."""
        return [row[0] for row in self.tuples(
            "SELECT DISTINCT preset FROM sessions ORDER BY preset")]

    def record_round(self, session_id: int, round_number: int, *, bets: Mapping[str, float],
                     net_result: float, expected_result: float, cards: str,
                     detail: Mapping[str, Any] | None = None,
                     at: datetime | None = None) -> int:
        """Store one full-shoe round: bets by name, actual net, perfect-play expectation, and
        what the round history lists of it (``detail``, plain JSON values)."""
        with self._transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO shoe_rounds (session_id, round, time, bets, net_result, "
                "expected_result, cards, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (session_id, round_number, utc_text(at or self._clock()), json.dumps(dict(bets)),
                 float(net_result), float(expected_result), cards,
                 None if detail is None else json.dumps(dict(detail))))
        return int(cursor.lastrowid or 0)

    def rounds(self, session_id: int) -> list[ShoeRound]:
        """The rounds of one session, in order."""
        rows = self.rows(f"SELECT {ROUND_COLUMNS} FROM shoe_rounds WHERE session_id = ? "
                         "ORDER BY round", (session_id,))
        return [shoe_round(row) for row in rows]

    def round_history(self, *, limit: int = 500,
                      leave_out: int | None = None) -> list[PlayedRound]:
        """The latest ``limit`` full-shoe rounds of every session, most recent first, with
        their shoe's preset and start (``leave_out``: a session's id whose rounds the caller
        lists itself, the shoe in play)."""
        columns = ", ".join(f"r.{c.strip()}" for c in ROUND_COLUMNS.split(","))
        rows = self.rows(
            f"SELECT {columns}, s.preset, s.started FROM shoe_rounds r JOIN sessions s "
            "ON s.id = r.session_id WHERE r.session_id IS NOT ? "
            "ORDER BY r.time DESC, r.id DESC LIMIT ?", (leave_out, int(limit)))
        return [PlayedRound(row["preset"], row["started"], shoe_round(row)) for row in rows]

    def decision_rows(self, only: Filter = EVERYTHING) -> Iterator[tuple[Any, ...]]:
        """Stored decision rows matching ``only`` as tuples in DECISION_COLUMNS order, oldest
        first, read in batches (no transaction or lock is held between batches)."""
        where, params = only.sql()
        last = 0
        while True:
            rows = self.tuples(f"SELECT {', '.join(DECISION_COLUMNS)} FROM decisions "
                               f"WHERE {where} AND id > ? ORDER BY id LIMIT {_BATCH}",
                               [*params, last])
            yield from rows
            if len(rows) < _BATCH:
                return
            last = rows[-1][0]

    def decisions(self, only: Filter = EVERYTHING) -> Iterator[StoredDecision]:
        """Every stored decision matching ``only``, oldest first."""
        for row in self.decision_rows(only):
            named = dict(zip(DECISION_COLUMNS, row, strict=True))
            yield StoredDecision(row[0], row[1], decision_from_row(named))


def _relink(conn: sqlite3.Connection, preset: str, situation_key: str, time: str) -> None:
    """Link the first kept try of a situation at or after ``time`` to the kept try before it
    (the retention review reads these links; undone tries are skipped)."""
    kept = "preset = ? AND situation_key = ? AND undone = 0"
    after = conn.execute(f"SELECT id, time FROM decisions WHERE {kept} AND time >= ? "
                         "ORDER BY time, id LIMIT 2", (preset, situation_key, time)).fetchall()
    for row_id, row_time in after:   # the try at ``time`` and the one after it
        before = conn.execute(
            f"SELECT time, session_id FROM decisions WHERE {kept} AND "
            "(time < ? OR (time = ? AND id < ?)) ORDER BY time DESC, id DESC LIMIT 1",
            (preset, situation_key, row_time, row_time, row_id)).fetchone()
        conn.execute("UPDATE decisions SET previous_time = ?, previous_session = ? "
                     "WHERE id = ?", (*(before or (None, None)), row_id))


def _now() -> datetime:
    """The current UTC time to the whole second (the stored times of sessions and cards)."""
    return datetime.now(UTC).replace(microsecond=0)


__all__ = ["CARD_MARKS", "CardMarks", "PlayedRound", "ProgressStore", "ProgressStoreError",
           "ShoeRound", "StoredDecision"]
