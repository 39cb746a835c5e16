"""The starting point never changes behind the player's back: the answers only suggest."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from trainer.scheduler.memory import day_of
from trainer.scheduler.start import ASK_AGAIN, AT_LEAST, Opening, Start, infer
from trainer.scheduler.study import StudyQueue
from trainer.teaching.answers import Answer
from trainer.teaching.catalog import Catalog
from trainer.teaching.curriculum import Curriculum, Prior, curriculum

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def classic(evolution: Catalog) -> Curriculum:
    return curriculum(evolution.rules, Prior.CLASSIC)


def _first_answers(course: Curriculum, rows: int, wrong_every: int) -> list[Answer]:
    """One answer in each of ``rows`` chart rows where the classic play is right, every
    ``wrong_every``-th of them wrong (a player who does not know classic strategy)."""
    answers: list[Answer] = []
    seen: set[str] = set()
    when = NOW - timedelta(days=1)
    for key in sorted(course.catalog.situations):
        row = course.row(key)
        luck, habit = course.opening_odds(key)
        if row in seen or habit < 1.0 or luck > 0.5:
            continue
        seen.add(row)
        right = (len(answers) + 1) % wrong_every != 0
        answers.append(Answer(key, day_of(when + timedelta(seconds=10 * len(answers))), right,
                              1.0, luck=luck, habit=habit))
        if len(answers) == rows:
            break
    return answers


def test_a_novices_first_answers_are_a_question_not_a_new_curriculum(
        classic: Curriculum) -> None:
    """Before, the queue switched to the novice curriculum on its own (counts jumped, the
    setting still said classic); now it teaches what the setting says and suggests the other,
    with the evidence."""
    answers = _first_answers(classic, 12, 2)       # 6 of 12 classic plays missed
    queue = StudyQueue(classic, answers, NOW)
    assert queue.course is classic and queue.course.prior is Prior.CLASSIC
    found = queue.origin.suggestion
    assert found is not None and found.prior is Prior.NOVICE
    assert (found.missed, found.asked) == (6, 12)
    assert "you missed 6 of the 12 classic plays asked" in found.question()
    assert found.question().endswith("?")


def test_a_classic_player_is_suggested_nothing(classic: Curriculum) -> None:
    queue = StudyQueue(classic, _first_answers(classic, 12, 1000), NOW)
    assert queue.origin.suggestion is None and queue.course is classic


def test_a_suggestion_needs_enough_first_answers() -> None:
    few = {str(i): Opening(False, 0.5, 1.0) for i in range(AT_LEAST - 1)}
    assert infer(few, Prior.CLASSIC).suggestion is None
    more = {str(i): Opening(False, 0.5, 1.0) for i in range(AT_LEAST)}
    start = infer(more, Prior.CLASSIC)
    assert start.prior is Prior.CLASSIC                   # taught: the one set
    assert start.suggestion is not None and start.suggestion.prior is Prior.NOVICE


def test_a_declined_suggestion_comes_back_only_with_more_evidence() -> None:
    def start(n: int) -> Start:
        return infer({str(i): Opening(False, 0.5, 1.0) for i in range(n)}, Prior.CLASSIC)

    assert start(8).suggestion_after(8) is None
    assert start(8 + ASK_AGAIN - 1).suggestion_after(8) is None
    again = start(8 + ASK_AGAIN).suggestion_after(8)
    assert again is not None and again.prior is Prior.NOVICE
    assert start(8).suggestion_after(None) is not None


def test_a_novice_setting_with_classic_answers_is_asked_to_go_the_other_way(
        evolution: Catalog, classic: Curriculum) -> None:
    novice = curriculum(evolution.rules, Prior.NOVICE)
    queue = StudyQueue(novice, _first_answers(classic, 12, 1000), NOW)
    assert queue.course is novice
    found = queue.origin.suggestion
    assert found is not None and found.prior is Prior.CLASSIC
    assert "12 of the 12 classic plays" in found.question()
