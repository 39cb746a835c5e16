"""The Pot of Gold wager's lab figure where it matters least surely: at Hi-Lo -4, the first
count a counter bets it at comfortably, the lab's fitted EV (a few shoes' means and its monotone
fit) against a separate sample, shoes drawn as rounds meet that count before the deal (the
lattice's own draw, another seed) and each valued exactly."""

from __future__ import annotations

import math

import numpy as np
import pytest

from strategy_charts.counting.draws import STRATA, Design
from strategy_charts.counting.lab import load_lab
from strategy_charts.counting.shoes import TYPE_VALUE
from strategy_charts.counting.systems import HI_LO
from strategy_charts.counting.valuing import value_shoes
from strategy_charts.tables import load_or_build
from trainer.rules import preset

#: Shoes of the separate sample, and the Hi-Lo true count they are drawn at.
SHOES, AT = 30, -4


def wager_at(count: int, shoes: int, seed: int, workers: int = 2) -> tuple[float, float]:
    """The Pot of Gold wager's EV per unit at Hi-Lo ``count`` (``pot-of-gold``) from
    ``shoes`` shoes drawn there, and its standard error."""
    rules = preset("pot-of-gold")
    design = Design(rules)
    lattice = design.lattices[STRATA.index(HI_LO)]
    types = lattice.draw(count, shoes, np.random.default_rng([seed, count + 100]))
    values = np.zeros((shoes, 10), dtype=np.int64)
    for t, value in enumerate(TYPE_VALUE):
        values[:, value] += types[:, t]
    jobs = [(tuple(int(x) for x in row), None) for row in values]
    evs = np.array([v.wagers["pot_of_gold"] for v in
                    value_shoes(rules, load_or_build(rules)["charts"], jobs, workers)])
    return float(evs.mean()), float(evs.std(ddof=1) / math.sqrt(shoes))


@pytest.mark.slow
def test_the_pot_of_gold_wager_at_minus_four_agrees_with_a_sample_of_its_own() -> None:
    cell = load_lab(preset("pot-of-gold"))["counts"]["hilo"]["cells"]["wager:pot_of_gold"]
    lab, lab_se = cell["evs"][str(AT)]["bet"], cell["errors"][str(AT)]["bet"]
    mean, se = wager_at(AT, SHOES, seed=27)
    assert mean > 0                           # worth betting at -4, the index stands
    assert abs(lab - mean) < 3 * math.hypot(lab_se, se), (lab, lab_se, mean, se)
