"""How far apart the player's sessions are, read from the answers, and the plan over the sessions
to come the study queue makes for a player who does not come back daily."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from trainer.scheduler.memory import MemoryParams, day_of
from trainer.scheduler.memory_fit import Fit
from trainer.scheduler.picture import advance, decode, empty, encode
from trainer.scheduler.spacing import BREAK, RECENT, Sessions, apart
from trainer.scheduler.study import StudyQueue
from trainer.teaching.answers import Answer
from trainer.teaching.catalog import Catalog
from trainer.teaching.curriculum import FACTS, Curriculum, Prior, curriculum

MINUTE = 1 / 1440


def _session(day: float, answers: int = 40) -> list[float]:
    """The days of one session's answers, twenty seconds apart."""
    return [day + i * MINUTE / 3 for i in range(answers)]


def test_answers_less_than_a_break_apart_are_one_session() -> None:
    days = _session(10.0) + _session(10.0 + BREAK * 0.9, 5) + _session(12.5) + _session(13.2)
    sessions = Sessions().after(days)
    assert sessions.starts == (10.0, 12.5, 13.2)
    assert sessions.latest == days[-1]
    assert Sessions().after(days[:7]).after(days[7:]) == sessions   # folded in any pieces


def test_only_the_latest_gaps_are_kept_and_a_clock_set_back_begins_nothing() -> None:
    days = [d for start in range(0, 60, 3) for d in _session(float(start), 3)]
    sessions = Sessions().after(days)
    assert len(sessions.starts) == RECENT + 1 and sessions.starts[-1] == 57.0
    assert sessions.after([56.0]) == sessions


def test_the_gap_counts_a_session_begun_now_and_a_new_player_comes_back_daily() -> None:
    assert Sessions().gap(5.0) == 1.0
    assert Sessions().after(_session(5.0)).gap(5.01) == 1.0     # still the first session
    sessions = Sessions().after(_session(0.0) + _session(2.0) + _session(5.0))
    assert sessions.gap(5.05) == pytest.approx(2.5)             # this session: 0, 2, 5
    assert sessions.gap(8.0) == pytest.approx(8.0 / 3)          # and one begun now at 8


def test_a_daily_player_gets_no_plan_however_their_hours_drift() -> None:
    """Evenings one day, mornings the next: the gaps wander around a day, never past
    :data:`BREAK` beyond it on average, so nothing changes for them."""
    hours = [20, 9, 21, 8, 19, 10] * 4
    starts = [day + hours[day] / 24 for day in range(20)]
    sessions = Sessions().after(d for s in starts for d in _session(s))
    assert apart(sessions.gap(20 + 20 / 24)) is None
    assert apart(1.0) is None and apart(1.0 + BREAK) is None
    assert apart(2.0) == 2.0 and apart(2.2) == 2.25 and apart(1.3) == 1.25   # a quarter day


@pytest.fixture(scope="module")
def course(evolution: Catalog) -> Curriculum:
    return curriculum(evolution.rules, Prior.CLASSIC)


def _history(course: Curriculum, gaps: list[int], now: datetime) -> list[Answer]:
    """Sessions of forty answers, ``gaps`` days apart, the last of them a day before ``now``."""
    keys = sorted(course.decks[FACTS].card_of)
    starts = [day_of(now) - 1.0]
    for gap in reversed(gaps):
        starts.insert(0, starts[0] - gap)
    return [Answer(keys[(n * 40 + i) % len(keys)], day, i % 5 != 0, 0.0)
            for n, start in enumerate(starts) for i, day in enumerate(_session(start))]


def test_the_queue_plans_for_a_player_who_comes_every_few_days(course: Curriculum) -> None:
    """Gaps of 3, 2, 3, ... days and a day to now: the latest eight average 2.25 days, the
    next session is taken as that far on, and a kept picture plans the same."""
    now = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
    answers = _history(course, [3, 2] * 5, now)
    fitted = Fit(MemoryParams(0.04, 4.0, 0.3), FACTS, -1.0, len(answers))
    daily = StudyQueue(course, _history(course, [1] * 10, now), now, fitted=fitted)
    assert daily.plan is None and daily.horizon == pytest.approx(day_of(now) + 1.0)
    spread = StudyQueue(course, answers, now, fitted=fitted)
    assert spread.plan is not None and spread.plan.params == fitted.params
    assert spread.plan.gap == (2 + 3 + 2 + 3 + 2 + 3 + 2 + 1) / 8
    assert spread.horizon == pytest.approx(day_of(now) + 2.25) and spread.price > 0
    kept = decode(encode(advance(course, empty(course, fitted.params, FACTS), answers)))
    assert kept is not None and kept.sessions == Sessions().after(a.day for a in answers)
    again = StudyQueue.of_picture(course, kept, now, fit_used=fitted, fitted=fitted)
    assert again.plan is spread.plan and again.horizon == spread.horizon
