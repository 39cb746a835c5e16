"""A counter's risk figures from a win rate and a standard deviation per round: the numbers
CVCX's calculators print, by the formulas of Schlesinger's *Blackjack Attack* (3rd ed.,
chapters 6 and 10).

The game is treated as a random walk with drift ``mu`` and variance ``var`` per round (a
diffusion: exact for many rounds and a bankroll of many bets; the rules-core simulations of
``tests/engine/test_count_risk.py`` check each formula against trips of real rounds).

* **DI**, desirability index: ``1000 x mu / sd`` per round (scale-free).
* **SCORE**: the win per 100 rounds, in dollars, of a $10,000 bankroll betting the ramp scaled
  to full Kelly, ``100 x 10,000 x mu^2 / var = DI^2`` (this is the ramp's own figure, what
  Richard Reid calls the c-SCORE; Schlesinger's SCORE first re-optimises the ramp).
* **N0**: ``var / mu^2`` rounds, the long run: after N0 rounds the expected win equals one
  standard deviation (a loss then still has chance Phi(-1) = 15.9%).
* **CE**, certainty equivalent: ``mu - var / (2 k B)`` per round, the sure win worth as much
  as the game to a player betting ``k`` Kelly on a bankroll ``B`` (utility
  ``x^(1 - 1/k) / (1 - 1/k)``, log for full Kelly; the quadratic approximation).
* **risk of ruin**, infinite play: ``exp(-2 mu B / var)``; the **bankroll** for a risk ``r``:
  ``-var x ln(r) / (2 mu)``.
* **trip risk of ruin**, within ``n`` rounds (the barrier crossed before the end):
  ``Phi((-B - mu n) / (sd sqrt n)) + exp(-2 mu B / var) Phi((-B + mu n) / (sd sqrt n))``.
* **goal**: the chance of winning ``G`` before losing ``B``, play unlimited,
  ``(1 - exp(-a B)) / (1 - exp(-a (B + G)))`` with ``a = 2 mu / var`` (``B / (B + G)`` for
  ``mu = 0``); ruin before the goal is the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * math.erfc(-x / math.sqrt(2))


@dataclass(frozen=True)
class Walk:
    """A game as a random walk: the mean and variance of one round, in money."""

    mu: float
    var: float

    def __post_init__(self) -> None:
        if not self.var > 0 or not math.isfinite(self.mu):
            raise ValueError("a game needs a finite win rate and a positive variance")

    @property
    def sd(self) -> float:
        """The standard deviation of one round."""
        return math.sqrt(self.var)

    @property
    def di(self) -> float:
        """Desirability index: 1000 mu / sd."""
        return 1000 * self.mu / self.sd

    @property
    def score(self) -> float:
        """SCORE of this ramp: DI squared (win per 100 rounds of $10,000 at full Kelly); 0 for
        a game that loses."""
        return self.di ** 2 if self.mu > 0 else 0.0

    @property
    def n0(self) -> float:
        """N0, the long run in rounds (infinite for a game with no edge)."""
        return self.var / self.mu ** 2 if self.mu > 0 else math.inf

    def certainty_equivalent(self, bankroll: float, kelly: float) -> float:
        """CE per round for a player of Kelly fraction ``kelly`` with ``bankroll``."""
        return self.mu - self.var / (2 * kelly * bankroll)

    def ruin(self, bankroll: float) -> float:
        """Risk of ruin of ``bankroll`` in unlimited play."""
        if self.mu <= 0:
            return 1.0
        return math.exp(-2 * self.mu * bankroll / self.var)

    def bankroll_for(self, risk: float) -> float:
        """The bankroll whose risk of ruin in unlimited play is ``risk`` (infinite for a game
        that loses)."""
        if not 0 < risk < 1:
            raise ValueError("a target risk of ruin is more than 0 and less than 1")
        return -self.var * math.log(risk) / (2 * self.mu) if self.mu > 0 else math.inf

    def trip_ruin(self, bankroll: float, rounds: int) -> float:
        """Risk of losing ``bankroll`` within ``rounds`` rounds."""
        spread = self.sd * math.sqrt(rounds)
        drift = self.mu * rounds
        first = _phi((-bankroll - drift) / spread)
        exponent = -2 * self.mu * bankroll / self.var
        second = _phi((-bankroll + drift) / spread)
        if second == 0.0:
            return first
        return min(1.0, first + math.exp(min(exponent + math.log(second), 0.0)))

    def goal(self, bankroll: float, goal: float) -> float:
        """The chance of winning ``goal`` before losing ``bankroll`` (play unlimited)."""
        a = 2 * self.mu / self.var
        if abs(a * (bankroll + goal)) < 1e-12:
            return bankroll / (bankroll + goal)
        if a > 0:
            return math.expm1(-a * bankroll) / math.expm1(-a * (bankroll + goal))
        return math.exp(_log_expm1(-a * bankroll) - _log_expm1(-a * (bankroll + goal)))


def _log_expm1(x: float) -> float:
    """log(exp(x) - 1) for x > 0, without overflow."""
    return x + math.log1p(-math.exp(-x)) if x > 50 else math.log(math.expm1(x))


def risk_figures(win_per_100: float, sd_per_100: float, bankroll: float, kelly: float,
                 target: float, rounds: int, goal: float) -> dict[str, Any]:
    """Every risk figure of a game of this win rate and standard deviation per 100 rounds
    (money): DI, SCORE, N0 (rounds), CE per 100 rounds, the bankroll for a ``target`` risk of
    ruin, the risk of ruin of ``bankroll`` unlimited and within ``rounds`` rounds, and the
    chance of winning ``goal`` first (None for N0 and the bankroll of a game with no edge: it
    has no long run, and no bankroll suffices)."""
    walk = Walk(win_per_100 / 100, (sd_per_100 / 10) ** 2)
    reach = walk.goal(bankroll, goal)
    edge = walk.mu > 0
    return {"win_per_100": win_per_100, "sd_per_100": sd_per_100, "di": walk.di,
            "score": walk.score, "n0": walk.n0 if edge else None,
            "certainty_equivalent_per_100": 100 * walk.certainty_equivalent(bankroll, kelly),
            "bankroll_for_ror": {"ror": target,
                                 "bankroll": walk.bankroll_for(target) if edge else None},
            "ruin": {"infinite": walk.ruin(bankroll),
                     "trip": {"rounds": rounds, "risk": walk.trip_ruin(bankroll, rounds)}},
            "goal": {"goal": goal, "reached_first": reach, "ruined_first": 1 - reach}}


__all__ = ["Walk", "risk_figures"]
