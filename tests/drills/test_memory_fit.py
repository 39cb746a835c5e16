"""Fitting the memory model: it finds the parameters and the card mapping answers came from."""

from __future__ import annotations

import random

import numpy as np
import pytest

from trainer.drills.memory import Answer, MemoryParams, Trace, learn, recall
from trainer.drills.memory_fit import Fit, Grid, fit, log_likelihoods

TRUE = MemoryParams(first=0.04, growth=7.0, lapse=0.3)


def _answers(params: MemoryParams, card_of: dict[str, str], seed: int,
             guess: float = 0.0) -> list[Answer]:
    """Answers of a simulated player whose memory follows ``params`` exactly: a session a day
    of a few minutes, each situation several times."""
    rng = random.Random(seed)
    traces: dict[str, Trace] = {}
    found = []
    keys = sorted(card_of)
    for day in range(30):
        for i in range(60):
            key = keys[(day * 7 + i * 3) % len(keys)]
            when = day + i * 10 / 86400
            card = card_of[key]
            r = recall(traces.get(card), when)
            recalled = rng.random() < r
            right = recalled or rng.random() < guess
            answer = Answer(key, when, right, guess)
            # the simulated memory moves by what really happened, not by the posterior
            truth = Answer(key, when, recalled, 0.0)
            traces[card] = learn(params, traces.get(card), truth)
            found.append(answer)
    return found


SITUATIONS = {f"s{i}": f"s{i}" for i in range(24)}
FACTS = {f"s{i}": f"f{i // 4}" for i in range(24)}


def test_the_fit_recovers_the_parameters_it_was_made_with() -> None:
    answers = _answers(TRUE, SITUATIONS, seed=1)
    found = fit(answers, {"situations": SITUATIONS})
    assert found.params == TRUE and found.cards == "situations"
    assert found.answers == len(answers)


@pytest.mark.parametrize(("truth", "name"), [(FACTS, "facts"), (SITUATIONS, "situations")])
def test_the_fit_tells_a_rule_learner_from_a_cell_learner(truth: dict[str, str],
                                                          name: str) -> None:
    answers = _answers(TRUE, truth, seed=2)
    assert fit(answers, {"facts": FACTS, "situations": SITUATIONS}).cards == name


def test_guesses_are_counted_as_such() -> None:
    """A novice right half the time by chance: the fit still finds the memory behind it."""
    answers = _answers(TRUE, SITUATIONS, seed=3, guess=0.5)
    found = fit(answers, {"situations": SITUATIONS})
    assert found.params.first in (0.02, 0.04, 0.08)        # within a step of the truth
    default = MemoryParams()
    [at_default] = log_likelihoods(answers, SITUATIONS, Grid.of(
        [default.first], [default.growth], [default.lapse]))
    assert found.log_likelihood > at_default + 10


def test_the_likelihood_is_that_of_each_answer_in_turn() -> None:
    """Two answers of one card, scored by hand: the first by the guess alone."""
    answers = [Answer("k", 0.0, False, 0.25), Answer("k", 0.5, True, 0.25)]
    grid = Grid(np.array([0.02, 1.0]), np.array([10.0, 10.0]), np.array([0.3, 0.3]))
    scores = log_likelihoods(answers, {"k": "k"}, grid)
    for score, s in zip(scores, grid.first, strict=True):
        r = 1 / (1 + 0.5 / (9 * s))
        assert score == pytest.approx(np.log(0.75) + np.log(r + (1 - r) * 0.25))


def test_a_fit_round_trips_through_plain_values() -> None:
    found = Fit(MemoryParams(0.02, 10.0, 0.3), "facts", -12.5, 400)
    assert Fit.from_plain(found.to_plain()) == found
