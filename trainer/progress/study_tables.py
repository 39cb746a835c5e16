"""The progress store's tables of the study queue: answers as it reads them, the kept pictures
of the player's memory, the memory fit, the card browser's marks (a part of
:class:`~trainer.progress.store.ProgressStore`, apart for its length)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Collection, Iterable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from trainer.progress.filters import utc_text

#: The answers the study queue reads: neither undone nor kept apart from the chart's play.
KEPT = "undone = 0 AND apart = 0"
#: What the card browser records of a situation (:meth:`StudyTables.mark_cards`).
CARD_MARKS = ("suspend", "unsuspend", "reset")


@dataclass(frozen=True)
class CardMarks:
    """A preset's card marks: situations suspended, and each reset one's last reset time."""

    suspended: frozenset[str] = frozenset()
    resets: Mapping[str, str] = field(default_factory=dict)
    last_reset: int = 0           # the newest reset's id (0: none)


Mark = tuple[str, int]


@dataclass(frozen=True)
class MadeOf:
    """What a memory picture was made of, found unchanged as it is kept
    (:meth:`StudyTables.save_picture`): the kept picture it started from (its last decision's
    time and id, and its bytes; None: it read every answer), the digest (:func:`rows_digest`) of
    the stored answers it took in after that, up to its own last one, and the newest reset it
    knew of. A reader may make a picture just before another connection undoes, resets or
    stores before its last an answer it took in: the file's triggers drop a kept picture then,
    but cannot drop one not kept yet."""

    since: tuple[str, int, bytes] | None
    rows: str
    last_reset: int


def rows_digest(rows: Iterable[Iterable[Any]]) -> str:
    """A digest of study rows (:meth:`StudyTables.study_rows`' values, in order)."""
    digest = hashlib.sha256()
    for row in rows:
        digest.update(repr(tuple(row)).encode() + b"\n")
    return digest.hexdigest()


def _rows_query(preset: str, after: Mark | None, upto: Mark | None,
                situations: Collection[str] | None) -> tuple[str, list[Any]]:
    """The query of :meth:`StudyTables.study_rows` and its parameters."""
    where = ["preset = ?", KEPT]
    params: list[Any] = [preset]
    if after is not None:
        where.append("(time, id) > (?, ?)")
        params += after
    if upto is not None:
        where.append("(time, id) <= (?, ?)")
        params += upto
    if situations is not None:
        where.append(f"situation_key IN ({', '.join('?' * len(situations))})")
        params += sorted(situations)
    return ("SELECT id, time, situation_key, cards, verdict, ev_loss FROM decisions "
            f"WHERE {' AND '.join(where)} ORDER BY time, id", params)


def _still_made_of(conn: sqlite3.Connection, key: tuple[str, str, str], upto: Mark,
                   made_of: MadeOf) -> bool:
    """True when what ``made_of`` says a picture of ``key`` (preset, prior, model) up to
    ``upto`` was made of is still as stored (read inside the keeping transaction)."""
    after: Mark | None = None
    if made_of.since is not None:
        found = conn.execute("SELECT last_time, last_id, picture FROM memory_pictures WHERE "
                             "preset = ? AND prior = ? AND model = ?", key).fetchone()
        if found is None or (found[0], found[1], bytes(found[2])) != made_of.since:
            return False            # dropped (what it took in changed) or replaced
        after = made_of.since[:2]
    if rows_digest(conn.execute(*_rows_query(key[0], after, upto, None))) != made_of.rows:
        return False
    reset = conn.execute("SELECT COALESCE(MAX(id), 0) FROM card_marks WHERE preset = ? AND "
                         "mark = 'reset'", (key[0],)).fetchone()[0]
    return int(reset) == made_of.last_reset


class _Store(Protocol):
    """What these tables need of the store: its reads, its one committed write, its clock."""

    _clock: Callable[[], datetime]

    def tuples(self, sql: str, params: list | tuple = ()) -> list[tuple[Any, ...]]: ...

    def rows(self, sql: str, params: list | tuple = ()) -> list[dict[str, Any]]: ...

    def _transaction(self) -> AbstractContextManager[sqlite3.Connection]: ...


class StudyTables:
    """The study queue's reads and writes, a part of the store (``self`` is the store)."""

    def answer_rows(self: _Store, preset: str) -> list[tuple[str, str, str, str, float]]:
        """Every answer kept in ``preset``, oldest first, as the study queue reads them:
        (time, situation key, cards, verdict, EV lost). Answers of the chart's play only: a
        play kept apart (graded at a depleted shoe whose best play differs) is left out."""
        return [tuple(r) for r in self.tuples(
            "SELECT time, situation_key, cards, verdict, ev_loss FROM decisions "
            f"WHERE preset = ? AND {KEPT} ORDER BY time, id", (preset,))]

    def study_rows(self: _Store, preset: str, *, after: tuple[str, int] | None = None,
                   upto: tuple[str, int] | None = None,
                   situations: Collection[str] | None = None) -> list[tuple[Any, ...]]:
        """Kept answers of ``preset`` in (time, id) order, as the study queue reads them: (id,
        time, situation key, cards, verdict, EV lost); only those after the mark ``after``, up
        to the mark ``upto`` (marks are (time, id)), in ``situations``."""
        return self.tuples(*_rows_query(preset, after, upto, situations))

    def load_picture(self: _Store, preset: str, prior: str, model: str
                     ) -> tuple[str, int, int, bytes] | None:
        """The memory picture kept for ``preset`` under an assumed play and memory model: the
        time and id of the last decision it took in, the rows it could not read, its bytes."""
        rows = self.tuples("SELECT last_time, last_id, unreadable, picture FROM memory_pictures "
                           "WHERE preset = ? AND prior = ? AND model = ?", (preset, prior, model))
        return (str(rows[0][0]), int(rows[0][1]), int(rows[0][2]), bytes(rows[0][3])
                ) if rows else None

    def save_picture(self: _Store, preset: str, prior: str, model: str, upto: tuple[str, int],
                     unreadable: int, picture: bytes, made_of: MadeOf | None = None) -> bool:
        """Keep (replace) a memory picture (see :meth:`load_picture`); a decision stored or
        changed since at or before ``upto`` drops it (the schema's triggers). With ``made_of``,
        only if what it was made of is still as stored (checked in the same transaction);
        True when kept."""
        with self._transaction() as conn:
            if made_of is not None and not _still_made_of(conn, (preset, prior, model), upto,
                                                          made_of):
                return False
            conn.execute(
                "INSERT OR REPLACE INTO memory_pictures (preset, prior, model, last_time, "
                "last_id, unreadable, made, picture) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (preset, prior, model, *upto, unreadable, utc_text(self._clock()), picture))
        return True

    def save_fit(self: _Store, preset: str, fit: Mapping[str, Any]) -> None:
        """Store (replace) the memory model fitted to ``preset``'s answers: ``first``,
        ``growth``, ``lapse``, ``cards``, ``log_likelihood``, ``answers``, and when given
        ``share``, ``prior``, ``slip``, ``curve``, ``health`` (a mapping, kept as JSON) and
        ``fsrs6`` (FSRS-6's parameters where the fit chose it, kept as JSON)."""
        health, fsrs6 = fit.get("health"), fit.get("fsrs6")
        with self._transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO memory_fits (preset, first, growth, lapse, cards, "
                "log_likelihood, answers, updated, share, prior, health, slip, curve, fsrs6) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (preset, float(fit["first"]), float(fit["growth"]), float(fit["lapse"]),
                 str(fit["cards"]), float(fit["log_likelihood"]), int(fit["answers"]),
                 utc_text(self._clock()), fit.get("share"), fit.get("prior"),
                 None if health is None else json.dumps(health, sort_keys=True),
                 fit.get("slip"), fit.get("curve"),
                 None if fsrs6 is None else json.dumps(list(fsrs6))))

    def load_fit(self: _Store, preset: str) -> dict[str, Any] | None:
        """The memory model stored for ``preset`` (the fields :meth:`save_fit` takes), if any;
        ``health`` and ``fsrs6`` as stored (JSON text), the fit reads them."""
        rows = self.rows("SELECT first, growth, lapse, cards, log_likelihood, answers, share, "
                         "prior, health, slip, curve, fsrs6 FROM memory_fits WHERE preset = ?",
                         (preset,))
        return rows[0] if rows else None

    def mark_cards(self: _Store, preset: str, situations: Collection[str], mark: str, *,
                   at: datetime | None = None) -> None:
        """Record ``mark`` (one of :data:`CARD_MARKS`) for ``situations`` in one write."""
        if mark not in CARD_MARKS:
            raise ValueError(f"a card mark is one of {CARD_MARKS}, not {mark!r}")
        when = utc_text(at or self._clock())
        with self._transaction() as conn:
            conn.executemany("INSERT INTO card_marks (preset, situation_key, mark, time) "
                             "VALUES (?, ?, ?, ?)",
                             [(preset, key, mark, when) for key in sorted(situations)])

    def first_answers(self: _Store, preset: str) -> list[tuple[str, str]]:
        """Each situation's first kept answer in ``preset``, oldest first: (key, verdict)."""
        return [(str(k), str(v)) for k, v, _ in self.tuples(
            "SELECT situation_key, verdict, MIN(time) AS first FROM decisions WHERE preset = ? "
            f"AND {KEPT} GROUP BY situation_key ORDER BY first", (preset,))]

    def card_marks(self: _Store, preset: str) -> CardMarks:
        """What the card browser's marks say of ``preset`` now (see :class:`CardMarks`)."""
        suspended: set[str] = set()
        resets: dict[str, str] = {}
        last_reset = 0
        for number, key, mark, time in self.tuples(
                "SELECT id, situation_key, mark, time FROM card_marks WHERE preset = ? "
                "ORDER BY id", (preset,)):
            if mark == "suspend":
                suspended.add(key)
            elif mark == "unsuspend":
                suspended.discard(key)
            elif mark == "reset":
                resets[key] = str(time)
                last_reset = int(number)
        return CardMarks(frozenset(suspended), resets, last_reset)
