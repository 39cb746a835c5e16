"""Fitting the memory model: it finds the parameters and the card mapping answers came from."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest

from trainer.scheduler.fitting import describe
from trainer.scheduler.memory import CURVES, MemoryParams, Trace, learn, recall, retrievability
from trainer.scheduler.memory_fit import (
    GRID,
    GRID_CURVES,
    Fit,
    Grid,
    Replay,
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


#: The grid stored fits are checked against below: two slips, two curves, two ease steps.
STORED = Grid.of([0.02], [10.0], [0.3], [0.0, 0.03], ["power", "exponential"], [0.0, 0.3])


@pytest.mark.parametrize(("name", "value", "read"), [
    ("slip", None, 0.0), ("slip", 0.03, 0.03), ("slip", "absent", 0.0), ("slip", 0.05, None),
    ("slip", True, None), ("slip", "0.03", None),
    ("curve", None, "power"), ("curve", "absent", "power"),
    ("curve", "exponential", "exponential"), ("curve", "cubic", None), ("curve", 3, None),
    ("ease", None, 0.0), ("ease", "absent", 0.0), ("ease", 0.3, 0.3), ("ease", 0.2, None),
    ("ease", "0.3", None)])
def test_a_stored_slip_curve_and_ease_are_read_on_the_grid_or_refitted(
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
    """A player whose memory follows any of the curves, asked again days after most cards'
    stability, is fitted that curve."""
    truth = MemoryParams(first=0.04, growth=7.0, lapse=0.3, curve=curve)
    answers = _spaced(truth, 60, seed=3)
    grid = Grid.of([0.02, 0.04, 0.08], [4.0, 7.0, 10.0], [0.3], [0.0], CURVES)
    assert fit(answers, {"s": {f"s{i}": f"s{i}" for i in range(60)}}, grid).params.curve == curve


def test_the_grid_reads_recall_on_each_candidates_own_curve() -> None:
    """Candidates of every curve side by side (given in any order): each column's recall is
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
    assert {curve for _, curve in grid.blocks} == set(CURVES)


def test_the_default_grid_holds_the_exponential_and_the_flat_curve() -> None:
    """A queue is fitted to the steep exponential curve or to the flat power one (the
    module's note says why not FSRS-4's in between)."""
    assert {GRID.params(i).curve for i in range(GRID.first.size)} == set(GRID_CURVES) == {
        "exponential", "power-0.25"}


#: The days a card of :func:`_differing` is asked on, from its first.
_MONTH = (0.0, 0.01, 0.02, 0.03, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0, 8.0, 10.0, 13.0,
          17.0, 22.0, 30.0)


def _differing(cards: int, sigma: float, seed: int) -> tuple[list[Answer], dict[str, str]]:
    """Answers of a simulated player whose cards differ: each card's first stability and
    growth scaled by its own factor e^N(0, sigma) (sigma 0: every card alike), each card asked
    20 times over a month from a day of its own within the first week."""
    rng = random.Random(seed)
    found = []
    for card in range(cards):
        factor = math.exp(rng.gauss(0.0, sigma))
        own = MemoryParams(first=0.04 * factor, growth=7.0 * factor, lapse=0.3,
                           curve="exponential")
        trace, start = None, rng.random() * 7
        for day in _MONTH:
            answer = Answer(f"s{card}", start + day,
                            rng.random() < recall(trace, start + day, own.curve), 0.0)
            trace = learn(own, trace, answer)
            found.append(answer)
    return sorted(found, key=lambda answer: answer.day), {f"s{i}": f"s{i}" for i in range(cards)}


@pytest.mark.parametrize(("sigma", "ease"), [(0.0, 0.0), (1.5, 0.3)])
def test_the_fit_finds_whether_a_players_cards_differ(sigma: float, ease: float) -> None:
    """Cards alike are fitted no ease step; cards whose memory differs (a card one standard
    deviation harder than the average grows at a fifth of its rate), one."""
    answers, cards = _differing(100, sigma, seed=4)
    grid = Grid.of([0.02, 0.04, 0.08], [4.0, 7.0, 10.0], [0.3], [0.0], ["exponential"],
                   [0.0, 0.3])
    assert fit(answers, {"s": cards}, grid).params.ease == ease


def test_the_replay_keeps_each_cards_ease_as_the_memory_model_does() -> None:
    """Replayed in two parts under every candidate of a grid with an ease step, each card's
    stability and ease are what :func:`learn` makes of its answers, and so is the score."""
    answers, cards = _differing(30, 1.0, seed=4)
    grid = Grid.of([0.02, 0.08], [4.0, 10.0], [0.3], [0.0, 0.03], ["exponential", "power-0.25"],
                   [0.0, 0.3])
    replay = Replay.empty(grid).extend(answers[:100], cards, grid).extend(answers[100:], cards,
                                                                          grid)
    for i in range(grid.first.size):
        params = grid.params(i)
        traces: dict[str, Trace] = {}
        for answer in answers:
            traces[answer.situation] = learn(params, traces.get(answer.situation), answer)
        for row, card in enumerate(replay.cards):
            assert replay.stability[row, i] == pytest.approx(traces[card].stability, rel=1e-12)
            assert replay.eases[row, i] == pytest.approx(traces[card].ease, abs=1e-12)
    assert {grid.params(i).ease for i in range(grid.first.size)} == {0.0, 0.3}


def test_the_model_in_words_says_what_the_fit_found() -> None:
    """The curve, what a card is, the start, slips and whether cards differ, each said only
    where the fit found it."""
    plain = Fit(MemoryParams(0.02, 10.0, 0.3, curve="exponential"), "facts", -12.5, 400,
                prior="classic")
    assert describe(plain) == ("exponential curve; you learn facts; you started from classic "
                               "basic strategy")
    found = replace(plain, params=replace(plain.params, curve="power-0.25", slip=0.03, ease=0.3),
                    cards="rows")
    assert describe(found) == ("flat power curve; you learn chart rows; you started from "
                               "classic basic strategy; 3% of answers slip; some cards come "
                               "harder to you than others")
