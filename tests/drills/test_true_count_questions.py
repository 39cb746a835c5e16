"""The true-count drill never asks the same question twice in a row (before: "Running count 0,
1 deck left" three times running on a single deck), and says a deck in the singular."""

from __future__ import annotations

import pytest

from tests.conftest import FakeClock
from trainer.drills.counting.true_count import TrueCountDrill, TrueCountQuestion
from trainer.rules import preset


@pytest.mark.parametrize("name", ["golden-nugget-1d-6to5", "evolution"])
def test_no_question_is_asked_twice_in_a_row(clock: FakeClock, name: str) -> None:
    repeats = []
    for seed in range(6):
        drill = TrueCountDrill(preset(name), "hilo", seed=seed, clock=clock)
        before = None
        for n in range(40):
            question = drill.next()
            asked = (question.running, question.decks)
            if asked == before:
                repeats.append((seed, n, asked))
            before = asked
            drill.answer(str(question.true_count + (n % 2)))    # every other one missed
            clock.advance(5)
    assert repeats == []


def test_a_question_says_one_deck_in_the_singular(clock: FakeClock) -> None:
    question = TrueCountQuestion(0, 0, 1.0, 0, clock())
    assert question.text() == "Running count 0, 1 deck left"
    assert TrueCountQuestion(0, 7, 3.5, 2, clock()).text() == "Running count +7, 3.5 decks left"
