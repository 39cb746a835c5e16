"""FSRS-6 as the health check computes it agrees with py-fsrs 6, review for review (two
implementations of the same equations, one written out here, one the package's)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating, Scheduler

from trainer.scheduler import fsrs6
from trainer.scheduler.memory import day_of

START = datetime(2026, 3, 1, 8, 0, tzinfo=UTC)


def test_the_default_parameters_are_py_fsrs_own() -> None:
    assert tuple(Scheduler().parameters) == fsrs6.W


@pytest.mark.parametrize("seed", range(6))
def test_every_review_matches_py_fsrs(seed: int) -> None:
    rng = random.Random(seed)
    scheduler = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    theirs = Card(card_id=1)
    mine: fsrs6.Card | None = None
    when = START
    for _ in range(40):
        when += timedelta(seconds=rng.choice((30, 600, 3 * 3600, 86400, 3 * 86400,
                                              int(11.5 * 86400), 40 * 86400)))
        day = day_of(when)
        expected = scheduler.get_card_retrievability(theirs, when)
        assert fsrs6.retrievability(mine, day) == pytest.approx(expected, abs=1e-12)
        right = rng.random() < 0.7
        theirs, _ = scheduler.review_card(theirs, Rating.Good if right else Rating.Again, when)
        mine = fsrs6.review(mine, day, right)
        assert mine.stability == pytest.approx(theirs.stability, rel=1e-12)
        assert mine.difficulty == pytest.approx(theirs.difficulty, rel=1e-12)


def test_many_cards_at_once_are_each_card_alone() -> None:
    import numpy as np

    rng = random.Random(9)
    n = 50
    right = np.array([float(rng.random() < 0.6) for _ in range(n)])
    s, d = fsrs6.first_arrays(right)
    cards = [fsrs6.review(None, 0.0, bool(r)) for r in right]
    assert np.allclose(s, [c.stability for c in cards]) and np.allclose(
        d, [c.difficulty for c in cards])
    for _ in range(6):
        elapsed = np.array([rng.choice((0.01, 0.5, 1.0, 2.7, 9.0, 30.0)) for _ in range(n)])
        right = np.array([float(rng.random() < 0.6) for _ in range(n)])
        r = fsrs6.recall_arrays(s, elapsed)
        s, d = fsrs6.review_arrays(s, d, elapsed, right)
        for i, card in enumerate(cards):
            day = card.last + float(elapsed[i])
            assert r[i] == pytest.approx(fsrs6.retrievability(card, day))
            cards[i] = fsrs6.review(card, day, bool(right[i]))
        assert np.allclose(s, [c.stability for c in cards], rtol=1e-12)
        assert np.allclose(d, [c.difficulty for c in cards], rtol=1e-12)
