"""The chart (total-dependent) strategy: valued exactly, and never better than exact play."""

from __future__ import annotations

import pytest

from strategy_charts.charts_data import ChartBuilder
from strategy_charts.composition import of_values, subtract, total
from strategy_charts.hand_values import FREE, REAL
from strategy_charts.tables import load_table
from strategy_charts.total_dependent import TotalDependent, composition_weight
from trainer.rules import PRESETS, preset

from . import brute_force as bf
from .conftest import values_for


def hit_below_15(cards, stakes) -> str:
    """A simple fixed rule for the check: hit below 15, else stand."""
    hard = sum(cards)
    t = hard + 10 if 1 in cards and hard + 10 <= 21 else hard
    return "hit" if t < 15 else "stand"


@pytest.mark.parametrize("name", ["evolution", "pot-of-gold"])
def test_fixed_hit_stand_play_is_valued_exactly(name) -> None:
    """TotalDependent.play equals a Fraction enumeration of the same fixed rule."""
    rules = preset(name)
    shoe, up, cards = (1, 2, 1, 2, 1, 2, 1, 1, 1, 5), 10, (3, 2)
    hand = of_values(cards)
    values = values_for(rules, shoe, up, hand)
    td = TotalDependent(values, ChartBuilder(rules))
    td.drawn_decision = lambda h, s: hit_below_15(  # type: ignore[method-assign]
        tuple(v for v in range(1, 11) for _ in range(h[v - 1])), s)
    rest = subtract(subtract(shoe, of_values([up])), hand)
    for stakes in (REAL, FREE):
        exact = bf.fixed_play(rules, cards, stakes, rest, up, values.peek, hit_below_15)
        assert td.play(hand, stakes) == pytest.approx(float(exact), abs=1e-12)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_chart_play_costs_a_little_against_exact_play(name) -> None:
    """td EV <= cd EV, and by less than 0.1% of the bet."""
    game = load_table(preset(name))["game"]
    assert game["td"]["ev"] <= game["cd"]["ev"]
    assert game["cd"]["ev"] - game["td"]["ev"] < 0.001


def test_composition_weights_sum_to_one() -> None:
    """Probabilities of every 3-card composition from a small shoe sum to 1."""
    shoe = (2, 1, 3, 0, 2, 1, 1, 2, 1, 4)
    comps = {of_values([a, b, c]) for a in range(1, 11) for b in range(a, 11)
             for c in range(b, 11)}
    weights = [composition_weight(shoe, h) for h in comps
               if all(k <= s for k, s in zip(h, shoe, strict=True))]
    assert sum(weights) == pytest.approx(1.0, abs=1e-12)
    assert total(of_values([1, 6]))[0] == 17
