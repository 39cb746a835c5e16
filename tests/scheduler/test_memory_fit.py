"""Fitting the memory model: it finds the parameters and the card mapping answers came from."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from trainer.scheduler.fitting import describe
from trainer.scheduler.memory import CURVES, MemoryParams, Trace, learn, recall, retrievability
from trainer.scheduler.memory_fit import (
    GRID_CURVES,
    Fit,
    Grid,
    checked_fit,
    fit,
    log_likelihoods,
)
from trainer.teaching.answers import Answer

TRUE = MemoryParams(first=0.04, growth=7.0, lapse=0.3, curve=GRID_CURVES[0])


def _answers(params: MemoryParams, card_of: dict[str, str], seed: int,
             guess: float = 0.0, slip: float = 0.0) -> list[Answer]:
    """Answers of a simulated player whose memory follows ``params`` exactly: a session a day
    of a few minutes, each situation several times (with ``slip``, an answer is wrong with
    that chance whatever they recalled)."""
    rng = random.Random(seed)
    traces: dict[str, Trace] = {}
    found = []
    keys = sorted(card_of)
    for day in range(30):
        for i in range(60):
            key = keys[(day * 7 + i * 3) % len(keys)]
            when = day + i * 10 / 86400
            card = card_of[key]
            r = recall(traces.get(card), when, params.curve)
            recalled = rng.random() < r
            right = (recalled or rng.random() < guess) and not (slip and rng.random() < slip)
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
    grid = Grid.of([0.02, 1.0], [10.0], [0.3], [0.0], ["power", "exponential"])
    scores = log_likelihoods(answers, {"k": "k"}, grid)
    for i, score in enumerate(scores):
        s = grid.first[i]
        r = 1 / (1 + 0.5 / (9 * s)) if grid.params(i).curve == "power" else 0.9 ** (0.5 / s)
        assert score == pytest.approx(np.log(0.75) + np.log(r + (1 - r) * 0.25))
    assert {grid.params(i).curve for i in range(4)} == {"power", "exponential"}


def test_a_slip_is_scored_by_hand_and_read_as_possibly_recalled() -> None:
    """Three answers of one card under a slip chance of 5%: the second, wrong, is a slip of a
    recalled card with the posterior chance slip·R / P(wrong), and the third is scored at the
    stability that posterior gives (the geometric mean of recalled and missed), with the slip
    chance after one miss in a row, 5%²."""
    answers = [Answer("k", 0.0, True, 0.25), Answer("k", 0.5, False, 0.25),
               Answer("k", 1.5, True, 0.25)]
    params = MemoryParams(0.02, 10.0, 0.3, slip=0.05)
    grid = Grid.of([params.first], [params.growth], [params.lapse], [params.slip])
    [score] = log_likelihoods(answers, {"k": "k"}, grid)
    r = 1 / (1 + 0.5 / (9 * 0.02))
    wrong = 1 - 0.95 * (r + (1 - r) * 0.25)
    p = 0.05 * r / wrong
    grown, cut = 0.02 * (1 + 10 * (1 - r)) + 0.02, max(0.02, 0.3 * 0.02)
    stability = grown ** p * cut ** (1 - p)
    r2 = 1 / (1 + 1.0 / (9 * stability))
    assert score == pytest.approx(np.log(0.25) + np.log(wrong)
                                  + np.log((1 - 0.05 ** 2) * (r2 + (1 - r2) * 0.25)))
    # the memory model's own update agrees, trace for trace
    trace = learn(params, None, answers[0])
    assert learn(params, trace, answers[1]).stability == pytest.approx(stability)


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("slip", "fitted"), [(0.0, (0.0,)), (0.05, (0.03, 0.08))])
def test_the_fit_finds_a_players_slips(slip: float, fitted: tuple[float, ...],
                                       seed: int) -> None:
    """A player who never slips is fitted none; one who slips on 5% of answers is fitted a
    slip chance a step of the grid either side of it."""
    found = fit(_answers(TRUE, SITUATIONS, seed=seed, slip=slip), {"situations": SITUATIONS})
    assert found.params.slip in fitted


#: The grid stored fits are checked against below: two slips, both curves.
STORED = Grid.of([0.02], [10.0], [0.3], [0.0, 0.03], ["power", "exponential"])


@pytest.mark.parametrize(("name", "value", "read"), [
    ("slip", None, 0.0), ("slip", 0.03, 0.03), ("slip", "absent", 0.0), ("slip", 0.05, None),
    ("slip", True, None), ("slip", "0.03", None),
    ("curve", None, "power"), ("curve", "absent", "power"),
    ("curve", "exponential", "exponential"), ("curve", "cubic", None), ("curve", 3, None)])
def test_a_stored_slip_and_curve_are_read_on_the_grid_or_refitted(
        name: str, value: object, read: object) -> None:
    """A fit stored before slips and curves were fitted (the field absent, or NULL) reads as
    no slips on the power curve; a value off the grid, or not of its kind, makes the stored
    fit one to make again."""
    plain = Fit(MemoryParams(0.02, 10.0, 0.3), "facts", -12.5, 400).to_plain()
    if value == "absent":
        del plain[name]
    else:
        plain[name] = value
    found = checked_fit(plain, {"facts"}, STORED)
    assert (found is None) if read is None else (
        found is not None and getattr(found.params, name) == read)


def _spaced(params: MemoryParams, cards: int, seed: int) -> list[Answer]:
    """Answers of a simulated player whose memory follows ``params``: each card asked twice
    on its first day, then 1, 3, 7, 14 and 30 days on (gaps far past its stability)."""
    rng = random.Random(seed)
    found = []
    for card in range(cards):
        trace, start = None, rng.random() / 2
        for day in (0.0, 0.01, 1.0, 3.0, 7.0, 14.0, 30.0):
            answer = Answer(f"s{card}", start + day,
                            rng.random() < recall(trace, start + day, params.curve), 0.0)
            trace = learn(params, trace, answer)
            found.append(answer)
    return sorted(found, key=lambda answer: answer.day)


@pytest.mark.parametrize("curve", CURVES)
def test_the_fit_tells_the_curves_apart_when_the_gaps_reach_past_stability(curve: str) -> None:
    """A player whose memory follows either curve, asked again days after most cards'
    stability, is fitted that curve (before, with each card asked every day, the two curves'
    fits were a nat or so apart and the test passed by the seed's luck)."""
    truth = MemoryParams(first=0.04, growth=7.0, lapse=0.3, curve=curve)
    answers = _spaced(truth, 60, seed=3)
    grid = Grid.of([0.02, 0.04, 0.08], [4.0, 7.0, 10.0], [0.3], [0.0], CURVES)
    assert fit(answers, {"s": {f"s{i}": f"s{i}" for i in range(60)}}, grid).params.curve == curve


def test_the_grid_reads_recall_on_each_candidates_own_curve() -> None:
    """Candidates of both curves side by side (given in either order): each column's recall is
    the memory model's on that candidate's curve."""
    grid = Grid.of([0.02, 1.0], [10.0], [0.3], [0.0, 0.03], list(reversed(CURVES)))
    elapsed = np.array([[0.0], [0.4], [2.0], [31.0]])
    stability = np.outer([0.5, 1.0, 3.0, 8.0], grid.first)
    found = grid.recall(elapsed, stability)
    for row in range(4):
        for i in range(grid.first.size):
            curve = grid.params(i).curve
            assert found[row, i] == pytest.approx(
                retrievability(elapsed[row, 0], stability[row, i], curve), rel=1e-12)
    assert {grid.params(i).curve for i in range(grid.first.size)} == set(CURVES)


def test_the_model_in_words_says_what_the_fit_found() -> None:
    """The curve, what a card is, the start and slips, each said only where the fit found
    it."""
    plain = Fit(MemoryParams(0.02, 10.0, 0.3, curve="exponential"), "facts", -12.5, 400,
                prior="classic")
    assert describe(plain) == ("exponential curve; you learn facts; you started from classic "
                               "basic strategy")
    found = replace(plain, params=replace(plain.params, curve="power", slip=0.03), cards="rows")
    assert describe(found) == ("FSRS-4 curve; you learn chart rows; you started from classic "
                               "basic strategy; 3% of answers slip")
