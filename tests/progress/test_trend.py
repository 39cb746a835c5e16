"""The leak over time: at the end of each day and session, the estimate of the answers given by
then (worked out here from the decisions themselves, not from the SQL), and now the estimate of
the stored recent answers."""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

import pytest

from tests.progress.factories import decision
from trainer.drills.leak import RECENT, Recent, estimate
from trainer.progress import review
from trainer.progress.store import ProgressStore
from trainer.progress.trend import LeakTrend, leak_trend
from trainer.rules import preset
from trainer.teaching.curriculum import Curriculum, Prior, curriculum
from trainer.teaching.records import GradedDecision, Mode, Verdict

START = datetime(2026, 3, 1, 22, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def course() -> Curriculum:
    return curriculum(preset("evolution"), Prior.CLASSIC)


def expected(course: Curriculum, answers: Iterable[GradedDecision]) -> float:
    """The estimate of the newest RECENT answers per situation among ``answers``."""
    recent: dict[str, list[Recent]] = {}
    for answer in sorted(answers, key=lambda d: d.time, reverse=True):
        recent.setdefault(answer.situation_key, []).append(
            Recent(answer.action, answer.best_action, answer.ev_loss))
    return estimate(course, {k: v[:RECENT] for k, v in recent.items()}).leak_per_100


def practise(store: ProgressStore, course: Curriculum, rng: random.Random, days: int,
             per_session: int) -> list[tuple[int, GradedDecision]]:
    """Two sessions a day every other day, on the costliest situations of the course: the
    answers (with their session) in time order."""
    keys = sorted(course.leak, key=lambda k: -course.leak[k])[:40]
    given = []
    for day in range(0, days, 2):
        for half in range(2):
            began = START + timedelta(days=day, hours=3 * half)
            session = store.start_session("evolution", Mode.FLASHCARDS, {}, at=began)
            for i in range(per_session):
                wrong = rng.random() < 0.4
                answer = decision(
                    time=(began + timedelta(seconds=30 * i)).isoformat().replace("+00:00", "Z"),
                    situation_key=rng.choice(keys), action="stand" if wrong else "hit",
                    best_action="hit", verdict=Verdict.WRONG if wrong else Verdict.CORRECT,
                    ev_loss=rng.uniform(0.01, 0.3) if wrong else 0.0)
                store.record_decision(session, answer)
                given.append((session, answer))
    return given


def test_the_leak_at_the_end_of_each_day_and_session_is_the_estimate_of_the_answers_by_then(
        store: ProgressStore, course: Curriculum) -> None:
    given = practise(store, course, random.Random(5), days=8, per_session=60)
    trend = leak_trend(store, course, "evolution")
    assert trend.start == pytest.approx(course.leak_per_100())
    assert trend.classic == pytest.approx(course.classic.leak_per_100())
    # sessions at 22:00 and 01:00 every other day: every day has answers
    assert [day for day, _ in trend.days] == [f"2026-03-0{d}" for d in range(1, 9)]
    for day, leak in trend.days:
        by_then = [d for _, d in given if d.time[:10] <= day]
        assert leak == pytest.approx(expected(course, by_then), rel=1e-9), day
    sessions = [s for s, _ in given]
    for session, leak in trend.sessions:
        last = max(i for i, s in enumerate(sessions) if s == session)
        assert leak == pytest.approx(expected(course, [d for _, d in given[:last + 1]]),
                                     rel=1e-9)
    assert [s for s, _ in trend.sessions] == sorted(set(sessions))
    now = estimate(course, review.recent_answers(store, "evolution")).leak_per_100
    assert trend.now == pytest.approx(now, rel=1e-12)
    assert trend.days[-1][1] == pytest.approx(now, rel=1e-9)
    assert trend.now < trend.start        # practice at the costliest spots pays


def test_local_days_undone_or_damaged_answers_other_presets_and_unknown_keys(
        store: ProgressStore, course: Curriculum) -> None:
    key = max(course.leak, key=lambda k: course.leak[k])
    weight = course.catalog.weight[key]
    session = store.start_session("evolution", Mode.FLASHCARDS, {}, at=START)
    other = store.start_session("pot-of-gold", Mode.SHOE, {}, at=START)
    wrong = dict(situation_key=key, action="stand", verdict=Verdict.WRONG, ev_loss=0.2)
    store.record_decision(session, decision(time="2026-03-01T22:00:00Z", **wrong))
    taken_back = store.record_decision(session, decision(time="2026-03-01T22:01:00Z",
                                                         **wrong))
    store.undo_decision(taken_back)
    store.record_decision(session, decision(time="2026-03-01T22:01:30Z",    # damaged: left out
                                            **{**wrong, "ev_loss": 1e308}))
    store.record_decision(session, decision(time="2026-03-01T22:02:00Z", situation_key=key))
    store.record_decision(session, decision(time="2026-03-01T22:03:00Z",
                                            situation_key="evolution|nowhere|at|all|2|v1"))
    store.record_decision(other, decision(time="2026-03-01T22:04:00Z", preset="pot-of-gold",
                                          situation_key="pot-of-gold|first|real|hard12|2|v4",
                                          ev_loss=1.0, verdict=Verdict.WRONG))
    here = leak_trend(store, course, "evolution", utc_offset_minutes=120)
    cost = 100 * weight * 0.2 / 2
    assert here.days == (("2026-03-02", pytest.approx(here.start - 100 * course.leak[key]
                                                      + cost)),)
    assert here.now == pytest.approx(here.days[0][1])
    assert [s for s, _ in here.sessions] == [session]


def test_no_answers_leave_the_assumed_play(store: ProgressStore, course: Curriculum) -> None:
    trend = leak_trend(store, course, "evolution")
    assert trend == LeakTrend("evolution", pytest.approx(trend.start), trend.start,
                              trend.classic)
    assert trend.before("2026-03-01") == trend.start
    assert trend.now == pytest.approx(course.classic.leak_per_100())   # the classic prior
