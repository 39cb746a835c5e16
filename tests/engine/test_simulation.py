"""The engine against simulation: rounds dealt and settled by the rules core, played by the
charts, average to the engine's exact td EV within their error bars.

Two independent implementations meet here: ``trainer.rules.Round`` (dealing, legal actions,
peek, free doubles and splits, push 22, Charlie, settlement) and ``strategy_charts`` (exact
values on the finite shoe). Each round is the first hand of a freshly shuffled full shoe, the
situation the table's EV describes. The seeds are fixed, so the test is deterministic; the
bound is four standard errors. At these counts the standard error is about 0.3% of the main
bet: a blackjack paid 6:5 instead of 3:2 (1.4%) or a dealer 22 that does not push (about 7%)
would fail it; a small rule such as Six Card Charlie (about 0.1%) would not.
"""

from __future__ import annotations

import statistics
from fractions import Fraction

import pytest

from strategy_charts.tables import load_table
from trainer.rules import Bets, Round, Shoe, preset

from .chart_player import ChartPlayer

ROUNDS = {"evolution": 120_000, "pot-of-gold": 80_000}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(ROUNDS))
def test_chart_play_averages_to_the_engines_td_ev(name: str) -> None:
    rules = preset(name)
    table = load_table(rules)
    player = ChartPlayer(rules, table)
    nets = [player.play(Round(rules, Shoe.shuffled(rules.decks, seed=seed),
                              Bets(main=Fraction(1))))
            for seed in range(ROUNDS[name])]
    mean = statistics.fmean(nets)
    error = statistics.pstdev(nets) / len(nets) ** 0.5
    expected = table["game"]["td"]["ev"]
    assert abs(mean - expected) < 4 * error, (
        f"{name}: simulated {mean:.5f} ± {error:.5f}, engine td {expected:.5f}")
    assert 0.9 < statistics.pstdev(nets) < 1.3          # a blackjack round's spread
    assert player.fallbacks < len(nets) / 100          # the charts decide almost everything
