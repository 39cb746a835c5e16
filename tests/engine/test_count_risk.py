"""The risk formulas (:mod:`strategy_charts.counting.risk`) against trips of real rounds: each
round dealt, played by the charts and settled by the rules core, trips made of those shoes
drawn at random (as ``ramp`` draws them), each formula within a few standard errors of what
the trips show.

The game pays blackjack 2 to 1 (an edge of about 2%, so every figure is finite and a trip of a
few thousand rounds shows it) on two decks; one unit a round. Shoes are independent; rounds
within a shoe are not, which the trips keep (they are made of whole shoes).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from strategy_charts.counting.player import ShoeRun, play_shoes
from strategy_charts.counting.ramp import kelly_ramp, measured, risk_of_ruin
from strategy_charts.counting.risk import Walk, risk_figures
from strategy_charts.counting.systems import HI_LO
from strategy_charts.tables import load_or_build
from trainer.rules import preset

SHOES = 700


@pytest.fixture(scope="module")
def runs() -> list[ShoeRun]:
    rules = replace(preset("pot-of-gold"), name="two decks, blackjack 2 to 1", decks=2,
                    blackjack_pays=Fraction(2), pot_of_gold=None)
    return play_shoes(rules, load_or_build(rules), HI_LO, None, SHOES, seed=21)


def _walk(runs: list[ShoeRun]) -> Walk:
    nets = np.concatenate([r.nets for r in runs])
    return Walk(float(nets.mean()), float(nets.var()))


def _trips(runs: list[ShoeRun], trips: int, rounds: int, seed: int) -> Iterator[np.ndarray]:
    """``trips`` paths of ``rounds`` rounds (cumulative results), whole shoes at random."""
    rng = np.random.default_rng(seed)
    shoes = [r.nets for r in runs]
    per = max(1, int(rounds / np.mean([len(s) for s in shoes])) + 2)
    for _ in range(trips):
        path = np.concatenate([shoes[j] for j in rng.integers(len(shoes), size=per)])
        while len(path) < rounds:
            path = np.concatenate([path, shoes[int(rng.integers(len(shoes)))]])
        yield np.cumsum(path[:rounds])


def _within(formula: float, seen: float, trips: int, slack: float = 0.0) -> None:
    """``seen`` (a share of ``trips``) within four binomial standard errors of ``formula``."""
    se = math.sqrt(max(formula * (1 - formula), 1e-4) / trips)
    assert abs(seen - formula) < 4 * se + slack, f"formula {formula:.4f}, trips {seen:.4f}"


@pytest.mark.slow
def test_the_game_has_the_edge_it_should(runs: list[ShoeRun]) -> None:
    walk = _walk(runs)
    assert 0.01 < walk.mu < 0.04 and 1.0 < walk.var < 1.6


@pytest.mark.slow
def test_trip_risk_of_ruin(runs: list[ShoeRun]) -> None:
    """Ruin within 2,000 rounds of a bankroll two standard deviations of the trip."""
    walk = _walk(runs)
    rounds, trips = 2000, 3000
    bankroll = 2 * walk.sd * math.sqrt(rounds)
    ramp = kelly_ramp({t: 0.0 for t in range(-10, 11)}, 1.0, bankroll, 1.0, spread=1)
    seen = risk_of_ruin(ramp, runs, rounds, trips, seed=4)
    _within(walk.trip_ruin(bankroll, rounds), seen, trips, slack=0.01)
    # as ``ramp`` prints it: the walk of whole shoes' variance (rounds of a shoe offset a little)
    _within(Walk(*measured(ramp, runs).long_run).trip_ruin(bankroll, rounds), seen, trips)


@pytest.mark.slow
def test_the_bankroll_for_a_risk_of_ruin_and_ruin_unlimited(runs: list[ShoeRun]) -> None:
    """The bankroll sized for a 20% risk of ruin is lost in about 20% of long trips (long
    enough that a trip still alive at the end is all but safe)."""
    walk = _walk(runs)
    bankroll = walk.bankroll_for(0.2)
    assert walk.ruin(bankroll) == pytest.approx(0.2)
    rounds, trips = int(12 * bankroll / walk.mu), 1500
    seen = np.mean([bool((path <= -bankroll).any()) for path in _trips(runs, trips, rounds, 5)])
    _within(0.2, float(seen), trips, slack=0.015)


@pytest.mark.slow
def test_the_chance_of_a_goal_before_ruin(runs: list[ShoeRun]) -> None:
    walk = _walk(runs)
    bankroll, goal, trips = 40.0, 60.0, 2000
    rounds = int(8 * (bankroll + goal) / walk.mu)
    first = []
    for path in _trips(runs, trips, rounds, seed=6):
        ruined, won = path <= -bankroll, path >= goal
        at_ruin = int(ruined.argmax()) if ruined.any() else rounds
        at_goal = int(won.argmax()) if won.any() else rounds
        assert min(at_ruin, at_goal) < rounds          # every trip ends one way or the other
        first.append(at_goal < at_ruin)
    _within(walk.goal(bankroll, goal), float(np.mean(first)), trips, slack=0.015)


@pytest.mark.slow
def test_n0_is_the_long_run(runs: list[ShoeRun]) -> None:
    """After N0 rounds the expected win is one standard deviation: behind with chance
    Phi(-1) = 15.9%."""
    walk = _walk(runs)
    rounds, trips = round(walk.n0), 3000
    behind = np.mean([path[-1] < 0 for path in _trips(runs, trips, rounds, seed=7)])
    _within(0.5 * math.erfc(1 / math.sqrt(2)), float(behind), trips, slack=0.01)


@pytest.mark.slow
def test_score_is_the_full_kelly_growth(runs: list[ShoeRun]) -> None:
    """A $10,000 bankroll betting the ramp at full Kelly (each round its bankroll times mu /
    var) grows its log by SCORE / (2 x 10,000) per 100 rounds (SCORE = DI^2)."""
    walk = _walk(runs)
    assert walk.score == pytest.approx(walk.di ** 2)
    f = walk.mu / walk.var
    trips = 4000
    growth = np.array([np.log1p(f * np.diff(path, prepend=0.0)).sum()
                       for path in _trips(runs, trips, 100, seed=8)])
    expected = walk.score / (2 * 10_000)
    assert abs(growth.mean() - expected) < 4 * growth.std() / math.sqrt(trips), \
        (growth.mean(), expected)


@pytest.mark.slow
def test_the_certainty_equivalent(runs: list[ShoeRun]) -> None:
    """Half Kelly on 100 units: the sure win per 100 rounds worth as much as the game (utility
    x^(1 - 1/k) / (1 - 1/k) of the bankroll after 100 rounds) is CE = W - S^2 / (2 k B)."""
    walk = _walk(runs)
    bankroll, kelly, trips = 100.0, 0.5, 20_000
    figures = risk_figures(100 * walk.mu, 10 * walk.sd, bankroll, kelly, 0.05, 100, 100)
    after = bankroll + np.array([path[-1] for path in _trips(runs, trips, 100, seed=9)])
    power = 1 - 1 / kelly
    utility = after ** power / power
    mean = float(utility.mean())
    seen = (mean * power) ** (1 / power) - bankroll
    # its error by the delta method: d(CE)/d(mean utility) = (mean * power) ** (1/power - 1)
    error = (mean * power) ** (1 / power - 1) * utility.std() / math.sqrt(trips)
    assert abs(seen - figures["certainty_equivalent_per_100"]) < 4 * error + 0.05, \
        (seen, figures["certainty_equivalent_per_100"], error)
