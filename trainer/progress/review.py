"""Review queries over the stored decisions: accuracy, EV lost, leaks, retention, speed.

Each is SQL over the covering indexes of ``decisions`` (retention reads the previous-try link
kept on each row), returning frozen dataclasses. Conventions:

- a decision is *right* when its verdict is correct or acceptable (a time-out is stored wrong:
  a miss); accuracy = right / decisions;
- every grade read is the chart's: plays kept apart from the chart's (graded at a depleted shoe
  whose best play differs) are left out, as the filters leave them out;
- EV lost is the sum of ``ev_loss`` (units of the main bet), mean EV loss its average;
- a day is a UTC calendar day unless ``utc_offset_minutes`` shifts it to local time;
- response times leave out timed-out decisions (their time is the timer's, not the player's).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from statistics import fmean, median

from trainer.drills.leak import (
    RECENT,
    TIMED_OUT,
    Recent,
    SituationLeak,
    costliest,
    situation_leak,
)
from trainer.progress.filters import EVERYTHING, Filter
from trainer.progress.store import ProgressStore

_RIGHT = "SUM(verdict != 'wrong')"
GAP_SECONDS = 24 * 3600


def day_sql(utc_offset_minutes: int, column: str = "time") -> str:
    """SQL for the calendar day of ``column``, shifted from UTC by a whole number of minutes."""
    if utc_offset_minutes == 0:
        return f"substr({column}, 1, 10)"
    return f"date({column}, '{int(utc_offset_minutes):+d} minutes')"


def _ratio(part: int | None, whole: int | None) -> float | None:
    """part / whole, or None when there is nothing to divide."""
    return (part or 0) / whole if whole else None


@dataclass(frozen=True)
class DayStats:
    """Accuracy and EV lost on one day."""

    day: str                # YYYY-MM-DD
    decisions: int
    right: int
    accuracy: float
    ev_lost: float


@dataclass(frozen=True)
class SessionStats:
    """Accuracy and EV lost in one practice session."""

    session_id: int
    preset: str
    mode: str
    started: str
    ended: str | None
    decisions: int
    right: int
    accuracy: float
    ev_lost: float


@dataclass(frozen=True)
class SituationStats:
    """One situation's record; ``leak_per_100`` is its cost per 100 hands of natural play.

    leak_per_100 = mean EV loss per try × weight × 100, where weight (the situation's natural
    frequency, averaged over its stored decisions) is the chance that a hand of real play meets
    the situation: the money the player's habit here costs over 100 hands, in main bets.
    """

    preset: str
    situation_key: str
    decisions: int
    right: int
    accuracy: float
    ev_lost: float
    mean_ev_loss: float
    mean_response_ms: float | None
    weight: float
    leak_per_100: float


@dataclass(frozen=True)
class Tally:
    """How many tries of a kind and how many were right."""

    tries: int
    right: int

    @property
    def accuracy(self) -> float | None:
        """right / tries, None with no tries."""
        return _ratio(self.right, self.tries)


@dataclass(frozen=True)
class Retention:
    """Accuracy by what came before each try of a situation (same preset, any mode).

    ``after_gap``: the previous try was at least a day (24 h) earlier: retention.
    ``in_session``: the previous try was earlier in the same session (and less than a day ago).
    ``between_sessions``: the previous try was in another session less than a day earlier.
    ``first``: the situation had never been met before.
    """

    after_gap: Tally
    in_session: Tally
    between_sessions: Tally
    first: Tally


@dataclass(frozen=True)
class ResponseDay:
    """Response times on one day (milliseconds; timed-out decisions left out)."""

    day: str
    decisions: int
    mean_ms: float
    median_ms: float        # of an even count, the mean of the middle two


def by_day(store: ProgressStore, only: Filter = EVERYTHING, *,
           utc_offset_minutes: int = 0) -> list[DayStats]:
    """Accuracy and EV lost per day, oldest day first."""
    where, params = only.sql()
    rows = store.rows(
        f"SELECT {day_sql(utc_offset_minutes)} AS day, COUNT(*) AS decisions, "
        f"{_RIGHT} AS right, SUM(ev_loss) AS ev_lost FROM decisions WHERE {where} "
        "GROUP BY day ORDER BY day",
        params)
    return [DayStats(accuracy=row["right"] / row["decisions"], **row) for row in rows]


def by_session(store: ProgressStore, only: Filter = EVERYTHING) -> list[SessionStats]:
    """Accuracy and EV lost per session (sessions with a matching decision), oldest first."""
    where, params = only.sql("d")
    rows = store.rows(
        "SELECT s.id AS session_id, s.preset, s.mode, s.started, s.ended, "
        "COUNT(*) AS decisions, SUM(d.verdict != 'wrong') AS right, SUM(d.ev_loss) AS ev_lost "
        f"FROM decisions AS d JOIN sessions AS s ON s.id = d.session_id WHERE {where} "
        "GROUP BY s.id ORDER BY s.started, s.id", params)
    return [SessionStats(accuracy=row["right"] / row["decisions"], **row) for row in rows]


def by_situation(store: ProgressStore, only: Filter = EVERYTHING) -> list[SituationStats]:
    """Count, accuracy, EV lost, mean response and leak cost of each situation met."""
    where, params = only.sql()
    rows = store.rows(
        f"SELECT preset, situation_key, COUNT(*) AS decisions, {_RIGHT} AS right, "
        "SUM(ev_loss) AS ev_lost, AVG(ev_loss) AS mean_ev_loss, "
        "AVG(CASE WHEN timed_out = 0 THEN response_ms END) AS mean_response_ms, "
        f"AVG(weight) AS weight FROM decisions WHERE {where} "
        "GROUP BY preset, situation_key ORDER BY preset, situation_key", params)
    return [SituationStats(accuracy=row["right"] / row["decisions"],
                           leak_per_100=row["mean_ev_loss"] * row["weight"] * 100, **row)
            for row in rows]


def leaks(store: ProgressStore, only: Filter = EVERYTHING, *,
          limit: int | None = 20) -> list[SituationStats]:
    """The costliest leaks: situations losing money, by EV lost per 100 hands of natural play.

    See :class:`SituationStats` for the formula. Ties go to the larger total EV lost, then key.
    """
    return rank_leaks(by_situation(store, only), limit)


def rank_leaks(situations: Iterable[SituationStats],
               limit: int | None = 20) -> list[SituationStats]:
    """:func:`leaks` from situations already read with :func:`by_situation`."""
    ranked = sorted((s for s in situations if s.leak_per_100 > 0),
                    key=lambda s: (-s.leak_per_100, -s.ev_lost, s.preset, s.situation_key))
    return ranked if limit is None else ranked[:limit]


def recent_answers(store: ProgressStore, preset: str,
                   per_situation: int = RECENT) -> dict[str, list[Recent]]:
    """Each situation's latest ``per_situation`` kept answers in ``preset``, newest first (what
    :func:`trainer.drills.leak.estimate` reads)."""
    where, params = Filter(preset=preset).sql()
    found: dict[str, list[Recent]] = defaultdict(list)
    for key, action, best, ev_loss, timed_out in _latest_rows(
            store, "d.situation_key, d.action, d.best_action, d.ev_loss, d.timed_out", where,
            params, per_situation):
        found[key].append(Recent(action, best, ev_loss, bool(timed_out)))
    return dict(found)


def latest_tries(store: ProgressStore, preset: str,
                 per_situation: int = RECENT) -> dict[str, list[tuple[str, bool, str]]]:
    """Each situation's latest ``per_situation`` kept answers in ``preset``, newest first:
    (time, right, action played: "timeout" for a time-out) — what the card browser shows."""
    where, params = Filter(preset=preset).sql()
    found: dict[str, list[tuple[str, bool, str]]] = defaultdict(list)
    for key, time, verdict, action, timed_out in _latest_rows(
            store, "d.situation_key, d.time, d.verdict, d.action, d.timed_out", where, params,
            per_situation):
        right = verdict != "wrong" and not timed_out
        found[key].append((str(time), right, TIMED_OUT if timed_out else str(action)))
    return dict(found)


def recent_leaks(store: ProgressStore, only: Filter = EVERYTHING,
                 per_situation: int = RECENT) -> list[SituationLeak]:
    """What each situation costs per 100 rounds, from its latest ``per_situation`` answers among
    the decisions ``only`` selects (what :func:`trainer.drills.leak.estimate` reads, filtered),
    costliest first; situations that cost nothing are left out.

    A situation's natural frequency is the weight stored with its decisions (the catalog's, as
    the drills record it), so this needs no strategy table: custom rule sets too.
    """
    where, params = only.sql()
    where = f"{where} AND typeof(decisions.weight) IN ('integer', 'real')"
    found: dict[str, list[Recent]] = defaultdict(list)
    weights: dict[str, float] = {}
    for key, action, best, ev_loss, weight, timed_out in _latest_rows(
            store, "d.situation_key, d.action, d.best_action, d.ev_loss, d.weight, d.timed_out",
            where, params, per_situation):
        found[key].append(Recent(action, best, ev_loss, bool(timed_out)))
        weights.setdefault(key, weight)
    leaks = (situation_leak(key, tries, weights[key]) for key, tries in found.items())
    return costliest([leak for leak in leaks if leak.per_100 > 0])


def _latest_rows(store: ProgressStore, columns: str, where: str, params: list,
                 per_situation: int) -> list[tuple]:
    """``columns`` of each situation's latest ``per_situation`` decisions matching ``where``
    (on ``decisions``), by situation, newest first.

    Each situation's rows come from a seek in the index by preset and situation, newest first,
    so the query reads a few rows per situation rather than a window over every decision (at
    300,000 decisions: a few hundredths of a second against about one). A situation key
    belongs to one preset (its first part), so situations are told apart as by the key alone.
    """
    return store.tuples(
        f"SELECT {columns} FROM "
        f"(SELECT DISTINCT preset, situation_key FROM decisions WHERE {where}) AS k "
        "JOIN decisions AS d ON d.id IN (SELECT id FROM decisions WHERE "
        "decisions.preset = k.preset AND decisions.situation_key = k.situation_key "
        f"AND {where} ORDER BY decisions.time DESC, decisions.id DESC LIMIT ?) "
        "ORDER BY d.situation_key, d.time DESC, d.id DESC", [*params, *params, per_situation])


_KINDS = ("after_gap", "in_session", "between_sessions", "first")


def _kind_sql(gap_seconds: int) -> tuple[str, list]:
    """SQL classing a decision against its situation's previous try (an index into _KINDS),
    with its parameters."""
    gap = "(julianday(time) - julianday(previous_time)) * 86400.0 >= ? - 0.001"
    if gap_seconds >= 86400:  # a try on the same UTC date as the previous one is never a gap
        gap = f"substr(time, 1, 10) != substr(previous_time, 1, 10) AND {gap}"
    return ("CASE WHEN previous_time IS NULL THEN 3 "
            f"WHEN {gap} THEN 0 WHEN previous_session = session_id THEN 1 ELSE 2 END",
            [gap_seconds])


def retention(store: ProgressStore, only: Filter = EVERYTHING, *,
              gap_seconds: int = GAP_SECONDS) -> Retention:
    """Accuracy on the first try after a gap of a day or more, apart from in-session accuracy.

    Each try is classed against the situation's previous try in the whole history of the
    preset (any mode, any date; linked when it was recorded), so a range filter picks which
    tries are scored, not which earlier tries count. Gaps are measured to the millisecond.
    """
    where, params = only.sql()
    kind, kind_params = _kind_sql(gap_seconds)
    rows = store.tuples(f"SELECT {kind} AS kind, COUNT(*), {_RIGHT} FROM decisions "
                        f"WHERE {where} GROUP BY kind", [*kind_params, *params])
    tallies = {_KINDS[kind]: Tally(tries, right) for kind, tries, right in rows}
    return Retention(**{kind: tallies.get(kind, Tally(0, 0)) for kind in _KINDS})


def response_times(store: ProgressStore, only: Filter = EVERYTHING, *,
                   utc_offset_minutes: int = 0) -> list[ResponseDay]:
    """Mean and median response time per day, oldest first: is the play getting automatic?

    SQL gathers each day's times (one JSON array per day); the median is taken in Python.
    """
    where, params = only.sql()
    rows = store.tuples(
        f"SELECT {day_sql(utc_offset_minutes)} AS day, json_group_array(response_ms) "
        f"FROM decisions WHERE {where} AND timed_out = 0 GROUP BY day ORDER BY day", params)
    days = []
    for day, array in rows:
        times = json.loads(array)
        days.append(ResponseDay(day, len(times), fmean(times), median(times)))
    return days


@dataclass(frozen=True)
class Overview:
    """What :func:`by_day`, :func:`by_session`, :func:`retention` and :func:`response_times`
    return, read together."""

    days: list[DayStats]
    sessions: list[SessionStats]
    retention: Retention
    response: list[ResponseDay]


def overview(store: ProgressStore, only: Filter = EVERYTHING, *, utc_offset_minutes: int = 0,
             gap_seconds: int = GAP_SECONDS) -> Overview:
    """The four time-based reviews from one pass over the decisions (the progress page reads
    them together; one scan instead of four). Equal to calling each of them, but for the last
    bits of the EV sums, which are added in another order.

    The scan groups by session, day and retention class (a few rows per session); days,
    sessions, the retention tallies and each day's response times are added up from those.
    """
    where, params = only.sql()
    kind, kind_params = _kind_sql(gap_seconds)
    groups = store.tuples(
        f"SELECT session_id, {day_sql(utc_offset_minutes)} AS day, {kind} AS kind, COUNT(*), "
        f"{_RIGHT}, SUM(ev_loss), json_group_array(response_ms) FILTER (WHERE timed_out = 0) "
        f"FROM decisions WHERE {where} GROUP BY session_id, day, kind",
        [*kind_params, *params])
    by_day: dict[str, list] = defaultdict(lambda: [0, 0, 0.0, []])
    by_session: dict[int, list] = defaultdict(lambda: [0, 0, 0.0])
    kinds = [[0, 0] for _ in _KINDS]
    for session, day, kind_index, decisions, right, ev_lost, times in groups:
        for one in (by_day[day], by_session[session]):
            one[0] += decisions
            one[1] += right
            one[2] += ev_lost
        by_day[day][3].extend(json.loads(times))
        kinds[kind_index][0] += decisions
        kinds[kind_index][1] += right
    days = [DayStats(day, n, right, right / n, lost)
            for day, (n, right, lost, _) in sorted(by_day.items())]
    response = [ResponseDay(day, len(times), fmean(times), median(times))
                for day, (_, _, _, times) in sorted(by_day.items()) if times]
    sessions = []
    for session, preset, mode, started, ended in store.tuples(
            "SELECT id, preset, mode, started, ended FROM sessions ORDER BY started, id"):
        if session in by_session:
            n, right, lost = by_session[session]
            sessions.append(SessionStats(session, preset, mode, started, ended, n, right,
                                         right / n, lost))
    return Overview(days, sessions,
                    Retention(*(Tally(tries, right) for tries, right in kinds)), response)
