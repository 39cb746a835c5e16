"""The risk figures of a player's ramp, for the Counting page (Qt-free): the ramp a counted shoe
bets by (:func:`.shoe.ramp_of`), its win rate and standard deviation per 100 rounds from the
count lab's edges and shares of rounds, and every figure of
:func:`strategy_charts.counting.risk.risk_figures` (SCORE, N0, DI, CE, the bankroll for a target
risk of ruin, the risk over a trip and before a goal), in lines to show."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from strategy_charts.counting.player import scale_read
from strategy_charts.counting.ramp import predicted
from strategy_charts.counting.risk import risk_figures

from .shoe import CountingSettings, ramp_of


@dataclass(frozen=True)
class RiskAsked:
    """What the figures are for: the ramp's bankroll, unit, spread and Kelly fraction, the
    target risk of ruin, the trip's rounds and the win goal (money)."""

    bankroll: float = 1000.0
    unit: float = 10.0
    spread: int = 12
    kelly: float = 0.5
    target: float = 0.05
    rounds: int = 10_000
    goal: float = 1000.0


def ramp_risk(lab_count: dict[str, Any], count: str, asked: RiskAsked) -> dict[str, Any]:
    """The ramp of ``asked`` for ``count`` (its part of the lab table) and its risk figures,
    with ``bets`` (count -> units) and ``letters`` (TC or RC)."""
    settings = CountingSettings(count, asked.bankroll, Fraction(asked.unit).limit_denominator(),
                                asked.kelly, asked.spread)
    ramp = ramp_of(lab_count, settings)
    edges = {int(t): e["chart_indices"] for t, e in lab_count["edges"].items()
             if "chart_indices" in e}
    shares = {int(t): s for t, s in lab_count["shares"].items()}
    outcome = predicted(ramp, shares, edges)
    figures = risk_figures(outcome.win_per_100, outcome.sd_per_100, asked.bankroll,
                           asked.kelly, asked.target, asked.rounds, asked.goal)
    return {**figures, "bets": dict(ramp.bets), "letters": scale_read(lab_count).letters}


def risk_lines(figures: dict[str, Any], asked: RiskAsked) -> list[str]:
    """The figures in words, a line each."""
    bets = figures["bets"]
    steps = ", ".join(f"{figures['letters']} {t:+d}: {b}" for t, b in bets.items()
                      if t == min(bets) or b != bets.get(t - 1))
    need = figures["bankroll_for_ror"]["bankroll"]
    n0 = figures["n0"]
    return [
        f"Bets (units) from: {steps}",
        f"Win {figures['win_per_100']:+.2f} per 100 rounds, SD {figures['sd_per_100']:.2f}",
        f"DI {figures['di']:.2f} · SCORE {figures['score']:.2f} · N0 "
        + (f"{n0:,.0f} rounds" if n0 is not None else "never (no edge)")
        + f" · CE {figures['certainty_equivalent_per_100']:+.2f} per 100 rounds",
        f"Bankroll for a {asked.target:.0%} risk of ruin: "
        + (f"{need:,.0f}" if need is not None else "none suffices (no edge)"),
        f"Risk of ruin of {asked.bankroll:,.0f}: {figures['ruin']['infinite']:.1%} playing on, "
        f"{figures['ruin']['trip']['risk']:.1%} within {asked.rounds:,} rounds",
        f"Winning {asked.goal:,.0f} before losing {asked.bankroll:,.0f}: "
        f"{figures['goal']['reached_first']:.1%}",
    ]


__all__ = ["RiskAsked", "ramp_risk", "risk_lines"]
