"""The progress store's tables of the study queue: answers as it reads them, the kept pictures
of the player's memory, the memory fit, the card browser's marks (a part of
:class:`~trainer.progress.store.ProgressStore`, apart for its length)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Collection, Mapping
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
        return self.tuples("SELECT id, time, situation_key, cards, verdict, ev_loss FROM "
                           f"decisions WHERE {' AND '.join(where)} ORDER BY time, id", params)

    def load_picture(self: _Store, preset: str, prior: str, model: str
                     ) -> tuple[str, int, int, bytes] | None:
        """The memory picture kept for ``preset`` under an assumed play and memory model: the
        time and id of the last decision it took in, the rows it could not read, its bytes."""
        rows = self.tuples("SELECT last_time, last_id, unreadable, picture FROM memory_pictures "
                           "WHERE preset = ? AND prior = ? AND model = ?", (preset, prior, model))
        return (str(rows[0][0]), int(rows[0][1]), int(rows[0][2]), bytes(rows[0][3])
                ) if rows else None

    def save_picture(self: _Store, preset: str, prior: str, model: str, upto: tuple[str, int],
                     unreadable: int, picture: bytes) -> None:
        """Keep (replace) a memory picture (see :meth:`load_picture`); a decision stored or
        changed since at or before ``upto`` drops it (the schema's triggers)."""
        with self._transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO memory_pictures (preset, prior, model, last_time, "
                "last_id, unreadable, made, picture) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (preset, prior, model, *upto, unreadable, utc_text(self._clock()), picture))

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
        for key, mark, time in self.tuples(
                "SELECT situation_key, mark, time FROM card_marks WHERE preset = ? ORDER BY id",
                (preset,)):
            if mark == "suspend":
                suspended.add(key)
            elif mark == "unsuspend":
                suspended.discard(key)
            elif mark == "reset":
                resets[key] = str(time)
        return CardMarks(frozenset(suspended), resets)
