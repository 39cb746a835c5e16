"""Interleaving: the study queue does not fixate on one chart row or alternate two cards."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest

from trainer.scheduler.interleave import SHARE, WINDOW
from trainer.scheduler.memory import day_of
from trainer.scheduler.study import StudyQueue
from trainer.teaching.answers import Answer
from trainer.teaching.catalog import Catalog
from trainer.teaching.curriculum import Curriculum, Prior, curriculum

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
SPLIT_TENS = "evolution|first|real|pair10|2|v10"


@pytest.fixture(scope="module")
def course(evolution: Catalog) -> Curriculum:
    return curriculum(evolution.rules, Prior.CLASSIC)


def _session(course: Curriculum, queue: StudyQueue, cards: int, seed: int,
             start: datetime) -> list[str]:
    """``cards`` answers to the queue's choices, 12 s apart, right 70% of the time."""
    rng = random.Random(seed)
    asked = []
    for i in range(cards):
        when = start + timedelta(seconds=12 * (i + 1))
        key = queue.choose(when)
        asked.append(key)
        queue.record(Answer(key, day_of(when), rng.random() > 0.3, 0.0))
    return asked


def _check_spread(course: Curriculum, asked: list[str]) -> None:
    rows = [course.chart_row(k) for k in asked]
    facts = [course.facts.of_situation[k] for k in asked]
    for i in range(1, len(asked)):
        assert rows[i] != rows[i - 1], f"card {i}: {asked[i]} after {asked[i - 1]}"
        assert facts[i] != facts[i - 1]
    for i in range(len(asked)):
        window = rows[max(0, i - WINDOW + 1):i + 1]
        row, count = Counter(window).most_common(1)[0]
        assert count <= -(-SHARE * len(window) // 1), f"{row}: {count} of {len(window)}"


def test_one_split_of_tens_does_not_fill_the_next_cards_with_pairs_of_tens(
        course: Curriculum) -> None:
    """Splitting 10,10 v 10 (a mistake outside classic strategy's gap) made every pair of
    tens worth exploring, and they came one after another; now no two of one chart row come
    back to back and no row has over a quarter of any 20 cards."""
    queue = StudyQueue(course, [], NOW)
    queue.record(Answer(SPLIT_TENS, day_of(NOW), False, 1.0, course.miss_cost(SPLIT_TENS)))
    asked = _session(course, queue, 37, 7, NOW)
    _check_spread(course, [SPLIT_TENS, *asked])
    tens = sum(course.situation(k).hand_class == "pair10" for k in asked[:20])
    assert tens <= SHARE * WINDOW


def test_a_drill_on_a_seeded_history_does_not_alternate_two_learning_cards(
        course: Curriculum) -> None:
    """A history of sessions with misses (learning cards left over) and a ten-card drill:
    it is spread over chart rows, not two cards asked turn about."""
    queue = StudyQueue(course, [], NOW - timedelta(days=1))
    _session(course, queue, 60, 3, NOW - timedelta(days=1))
    history = queue.answers
    drill = StudyQueue(course, history, NOW)
    asked = _session(course, drill, 10, 11, NOW)
    _check_spread(course, asked)
    assert len({course.chart_row(k) for k in asked}) >= 4


def test_undo_forgets_the_row_of_the_answer_taken_back(course: Curriculum) -> None:
    queue = StudyQueue(course, [], NOW)
    first = queue.choose(NOW)
    answer = Answer(first, day_of(NOW), True, 0.0)
    change = queue.record(answer)
    assert queue.spread.recent == [(course.chart_row(first), course.facts.of_situation[first])]
    queue.undo(queue.answers[-1], change)
    assert queue.spread.recent == []
