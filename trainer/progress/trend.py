"""What the player's play costs, over time: the leak of :func:`trainer.drills.leak.estimate` as it
stood at the end of each day and of each session of their history.

The estimate reads each situation's last :data:`~trainer.drills.leak.RECENT` answers and counts
a situation not answered yet at what the assumed play loses there. Replaying the history in the
order it was answered, one deque of recent answers per situation, gives that estimate after
every answer in one pass: the leak changes only in the situation just answered. The last point
equals ``estimate(course, review.recent_answers(store, preset)).leak_per_100``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from trainer.drills.leak import RECENT
from trainer.progress.filters import Filter
from trainer.progress.review import day_sql
from trainer.progress.store import ProgressStore
from trainer.teaching.curriculum import Curriculum


@dataclass(frozen=True)
class LeakTrend:
    """One rule set's leak in main bets per 100 rounds: now, before any answer, classic basic
    strategy's, and at the end of each day and session with answers (oldest first)."""

    preset: str
    now: float
    start: float                               # the assumed play's, before the first answer
    classic: float                             # classic basic strategy's (perfect play: 0)
    days: tuple[tuple[str, float], ...] = ()   # (local day YYYY-MM-DD, leak at its end)
    sessions: tuple[tuple[int, float], ...] = ()  # (session id, leak after its last answer)

    def before(self, day: str) -> float:
        """The leak as it stood at the end of the last day with answers before ``day``
        (the start, when there is none)."""
        earlier = [leak for when, leak in self.days if when < day]
        return earlier[-1] if earlier else self.start


def leak_trend(store: ProgressStore, course: Curriculum, preset: str, *,
               utc_offset_minutes: int = 0) -> LeakTrend:
    """The leak of ``preset``'s history (answers the player undid and plays kept apart from the
    chart's left out), graded against
    ``course`` (its catalog's situations and natural frequencies, its assumed play)."""
    table = course.catalog
    weight, assumed = table.weight, course.leak
    start = 100 * sum(assumed.values())
    recent: dict[str, deque[float]] = {}
    cost: dict[str, float] = {}          # a situation answered: its cost now, per 100 rounds
    total = start
    days: dict[str, float] = {}
    sessions: dict[int, float] = {}
    where, params = Filter(preset=preset).sql()
    rows = store.tuples(
        f"SELECT situation_key, ev_loss, {day_sql(utc_offset_minutes)}, session_id "
        f"FROM decisions WHERE {where} ORDER BY time, id", params)
    for key, ev_loss, day, session in rows:
        if key not in weight:            # a situation this catalog does not hold
            continue
        answers = recent.get(key)
        if answers is None:
            answers = recent[key] = deque(maxlen=RECENT)
            before = 100 * assumed[key]
        else:
            before = cost[key]
        answers.append(ev_loss)
        cost[key] = 100 * weight[key] * sum(answers) / len(answers)
        total += cost[key] - before
        days[day] = sessions[session] = total
    now = sum(cost.values()) + 100 * sum(v for k, v in assumed.items() if k not in cost)
    return LeakTrend(preset, now, start, course.classic.leak_per_100(),
                     tuple(days.items()), tuple(sessions.items()))


__all__ = ["LeakTrend", "leak_trend"]
