"""Bet ramps: a bet for each true count, its win rate and spread, and its risk of ruin.

**The ramp** is a fraction of Kelly: at true count t the bet is ``kelly x bankroll x edge(t) /
variance`` (edge: the lab's EV of the charts with the index plays at t; variance: of one round's
result, measured by simulation), rounded to whole units of the table minimum and kept between 1
and ``spread`` units; where the edge is not positive the bet is one unit. With ``wong`` the
counter sits out every round below that true count (back-counting: watching the shoe, playing
only from that count on; how the seat is found is not modelled), and figures are per 100 rounds
played.

**Predicted** figures come from the lab table: per 100 rounds, the win rate is ``100 x sum_t
share(t) x bet(t) x edge(t)`` and the standard deviation ``10 x sqrt(sum_t share(t) x bet(t)^2
x variance)``.

**Measured** figures come from shoes dealt and settled by the rules core
(:func:`.player.play_shoes`: the charts, the count's index plays, one main bet a round): each
round's result is scaled by the ramp's bet at its true count (a round's result is proportional
to its bet). **Risk of ruin** is measured on trips made of those shoes drawn at random (shoes
are independent, each freshly shuffled): the share of trips whose bankroll falls below one
unit within ``rounds`` rounds, beside the diffusion formulas of :mod:`.risk` (the trip formula for
the same rounds, and unlimited play). The walk of those formulas has the measured win rate and
the **long-run variance** per round, that of whole shoes' totals over their rounds: the rounds
of one shoe offset each other a little (the cards one round takes the next cannot: at eight
decks a shoe's total varies about 9% less than its rounds apart), so the variance of one round
overstates the spread of a trip and its risk.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .player import ShoeRun
from .shoes import BINS


@dataclass(frozen=True)
class Ramp:
    """Bets in units of ``unit`` per count (every bin of the count's scale: true counts
    -10..+10, or an unbalanced count's running counts; :mod:`.scales`)."""

    unit: float
    bankroll: float
    kelly: float
    spread: int
    variance: float
    bets: dict[int, int]      # 0: the round is sat out
    wong: int | None = None

    @property
    def bins(self) -> tuple[int, ...]:
        """The counts the ramp bets at, lowest first."""
        return tuple(sorted(self.bets))

    def bet(self, tc: int) -> int:
        """Units bet at count ``tc`` (clipped to the bins; 0 where the counter sits out)."""
        bins = self.bins
        return self.bets[min(max(tc, bins[0]), bins[-1])]


def kelly_ramp(edges: dict[int, float], variance: float, bankroll: float, unit: float,
               kelly: float = 0.5, spread: int = 12, wong: int | None = None,
               bins: tuple[int, ...] = BINS) -> Ramp:
    """The ramp for ``edges`` (main bets, per count: every one of ``bins``) and a round's
    ``variance``."""
    if bankroll <= 0 or unit <= 0 or not 0 < kelly <= 1 or spread < 1 or variance <= 0:
        raise ValueError("a ramp needs a positive bankroll, unit and variance, a Kelly "
                         "fraction in (0, 1] and a spread of at least 1 unit")
    bets = {}
    for t in bins:
        edge = edges.get(t, 0.0)
        units = round(kelly * bankroll * edge / variance / unit) if edge > 0 else 1
        bets[t] = 0 if wong is not None and t < wong else int(min(max(units, 1), spread))
    return Ramp(unit, bankroll, kelly, spread, variance, bets, wong)


@dataclass(frozen=True)
class Outcome:
    """A ramp's win rate and standard deviation per 100 rounds, in money and in units."""

    win_per_100: float
    sd_per_100: float
    win_se: float = 0.0     # standard error of a measured win rate (0 when predicted)
    rounds: int = 0         # rounds played (measured)
    played: float = 1.0     # the share of rounds dealt that the counter plays
    shoe_sd_per_100: float | None = None   # measured: the long-run SD, from whole shoes

    @property
    def long_run(self) -> tuple[float, float]:
        """Mean and long-run variance of one round (the variance of whole shoes' totals per
        round when measured; of one round when predicted)."""
        sd = self.sd_per_100 if self.shoe_sd_per_100 is None else self.shoe_sd_per_100
        return self.win_per_100 / 100, (sd / 10) ** 2

    @property
    def per_round(self) -> tuple[float, float]:
        """Mean and variance of one round."""
        return self.win_per_100 / 100, (self.sd_per_100 / 10) ** 2


def predicted(ramp: Ramp, shares: dict[int, float], edges: dict[int, float]) -> Outcome:
    """Win rate and spread per 100 rounds played, from the lab table's shares and edges."""
    bins = ramp.bins
    played = sum(shares[t] for t in bins if ramp.bet(t))
    win = sum(shares[t] * ramp.bet(t) * edges.get(t, 0.0) for t in bins) * ramp.unit / played
    second = sum(shares[t] * ramp.bet(t) ** 2 for t in bins) * ramp.variance / played
    return Outcome(100 * win, 10 * math.sqrt(second) * ramp.unit, played=played)


def _money(ramp: Ramp, run: ShoeRun) -> np.ndarray:
    """A shoe's round results in money under the ramp."""
    bets = np.array([ramp.bet(int(t)) for t in run.counts], dtype=float)
    return bets * run.nets * ramp.unit


def measured(ramp: Ramp, runs: list[ShoeRun]) -> Outcome:
    """Win rate and spread per 100 rounds played over simulated shoes (with the win rate's
    standard error and the long-run SD, from the shoes' totals: rounds within a shoe are not
    independent)."""
    per_shoe = [_money(ramp, run)[_played(ramp, run)] for run in runs]
    rounds = sum(len(x) for x in per_shoe)
    dealt = sum(len(run.nets) for run in runs)
    if not rounds:
        raise ValueError("the ramp sits out every round of these shoes")
    allx = np.concatenate(per_shoe)
    mean = float(allx.mean())
    totals = np.array([x.sum() - mean * len(x) for x in per_shoe])
    long_run = float((totals ** 2).sum()) / rounds     # variance per round of whole shoes
    se = math.sqrt(long_run / rounds)
    return Outcome(100 * mean, 10 * float(allx.std()), 100 * se, rounds, rounds / dealt,
                   10 * math.sqrt(long_run))


def _played(ramp: Ramp, run: ShoeRun) -> np.ndarray:
    """Which rounds of a shoe the ramp plays."""
    return np.array([ramp.bet(int(t)) > 0 for t in run.counts], dtype=bool)


def risk_of_ruin(ramp: Ramp, runs: list[ShoeRun], rounds: int = 20_000, trips: int = 1000,
                 seed: int = 0) -> float:
    """The share of trips (shoes drawn at random from ``runs``) whose bankroll falls below one
    unit within ``rounds`` rounds played."""
    per_shoe = [_money(ramp, run)[_played(ramp, run)] for run in runs]
    per_shoe = [x for x in per_shoe if len(x)]
    rng = np.random.default_rng(seed)
    ruined = 0
    floor = ramp.unit - ramp.bankroll
    mean_len = np.mean([len(x) for x in per_shoe])
    for _ in range(trips):
        path: list[np.ndarray] = []
        length = 0
        while length < rounds:
            batch = rng.integers(len(per_shoe), size=max(1, int(rounds / mean_len) + 1))
            for i in batch:
                path.append(per_shoe[i])
                length += len(per_shoe[i])
                if length >= rounds:
                    break
        trail = np.cumsum(np.concatenate(path)[:rounds])
        ruined += bool((trail < floor).any())
    return ruined / trips
