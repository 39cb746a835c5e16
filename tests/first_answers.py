"""A progress file whose first answers show a player new to blackjack (for the starting point's
question): one first answer in each of 12 chart rows where classic basic strategy is right,
half of them wrong."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from trainer.progress.store import ProgressStore
from trainer.rules import preset
from trainer.teaching.curriculum import Curriculum, Prior, curriculum
from trainer.teaching.records import GradedDecision, Mode, Verdict

#: When the first answers were given (the day before the tests' sessions).
WHEN = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)
_LABELS = {1: "A", 10: "10"}


def classic_rows(course: Curriculum, rows: int = 12) -> list[str]:
    """One situation in each of ``rows`` chart rows where the classic play is right for every
    hand and a pick is right at most half the time."""
    found: list[str] = []
    seen: set[str] = set()
    for key in sorted(course.catalog.situations):
        row = course.row(key)
        luck, habit = course.opening_odds(key)
        if row not in seen and habit == 1.0 and luck <= 0.5 and course.situation(key).cards == 2:
            seen.add(row)
            found.append(key)
            if len(found) == rows:
                break
    return found


def _cards(course: Curriculum, key: str) -> str:
    hand = course.catalog.spots[key][0].hand
    return " ".join(f"{_LABELS.get(v, str(v))}♠" for v, n in enumerate(hand, 1)
                    for _ in range(n))


def seed_novice(path: Path, wrong_every: int = 2) -> int:
    """Store the first answers (every ``wrong_every``-th wrong) in ``path``; how many wrong."""
    course = curriculum(preset("evolution"), Prior.CLASSIC)
    keys = classic_rows(course)
    wrong = 0
    with ProgressStore.open(path) as store:
        session = store.start_session("evolution", Mode.FLASHCARDS, {}, at=WHEN)
        for i, key in enumerate(keys):
            miss = (i + 1) % wrong_every == 0
            wrong += miss
            best = course.catalog.evs(course.catalog.spots[key][0])[1]
            store.record_decision(session, GradedDecision(
                time=(WHEN + timedelta(seconds=20 * i)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                preset="evolution", mode=Mode.FLASHCARDS, situation_key=key,
                cards=_cards(course, key), dealer_up=key.rsplit("|v", 1)[1],
                action="surrender" if miss else best, best_action=best,
                verdict=Verdict.WRONG if miss else Verdict.CORRECT,
                ev_loss=0.3 if miss else 0.0, response_ms=1200, weight=0.002))
    return wrong
