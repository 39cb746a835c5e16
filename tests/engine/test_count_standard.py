"""The count lab checked as a careful counter would, on the standard game (6 decks, H17, DAS,
split to 4, no resplit of aces: ``bench/rules/standard-6d-h17.toml``): Hi-Lo's indices through
``freebet-charts indices --rules``, against published values where the conventions match; the
lab's shoes valued again by an independent exact analyzer; the insurance index by enumeration.

**The convention of the lab's indices**: the true count is the running count of every card
seen (those gone, the player's two, the up card) per deck unseen, counted to the card (the hole
card unseen), *floored*; a cell is the two-card hands of a chart row; the index is the first
floored true count at which the play's mean EV over the rounds meeting that count beats the
chart's play. A floored bin's mean sits near its middle, so the lab's index is the decimal
crossing rounded to the nearest count.

**Published values** (Hi-Lo, multi-deck): Schlesinger's Illustrious 18 (*Blackjack Attack*,
S17) and Blackjack Apprenticeship's H17 deviation chart, whose negative indices read "at the
index and below" on a true count truncated toward zero: "hit 13 v 2 at -1 and below" is hit
when the count is -1 or lower, which is the lab's floored -2 and below. Where the published
game is S17 the H17 value is taken from the H17 chart; where the two books differ, or the
published index is for every 16 and not the two-card ones, nothing is pinned (the report says
which, with the lab's figures).
"""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from strategy_charts.__main__ import main
from strategy_charts.counting.draws import Design
from strategy_charts.counting.insurance_count import insurance_by_bin
from strategy_charts.counting.scales import TRUE_COUNT
from strategy_charts.counting.shoes import TYPE_VALUE
from strategy_charts.counting.systems import HI_LO
from strategy_charts.counting.values import ACTIONS, DEALS, TableCharts, shoe_values
from strategy_charts.tables import load_or_build
from trainer.rules import Action, rules_file

from . import brute_force as bf

STANDARD = Path(__file__).resolve().parents[2] / "bench" / "rules" / "standard-6d-h17.toml"

#: (cell, play, direction, index on the lab's floored scale, source).
PUBLISHED = [
    ("insurance:0:v1", "insure", "+", 3, "every book: insure at +3 in a shoe game"),
    ("hard:15:v10", "stand", "+", 4, "I18 +4; BA H17 4+"),
    ("pair:10:v5", "split", "+", 5, "I18 +5; BA H17 5+"),
    ("pair:10:v6", "split", "+", 4, "I18 +4; BA H17 4+"),
    ("hard:10:v10", "double", "+", 4, "I18 +4; BA H17 4+"),
    ("hard:12:v2", "stand", "+", 3, "I18 +3; BA H17 3+"),
    ("hard:9:v2", "double", "+", 1, "I18 +1; BA H17 1+"),
    ("hard:10:v1", "double", "+", 3, "BA H17 3+ (I18's +4 is S17)"),
    ("hard:11:v1", "hit", "-", -2, "BA H17 'hit at -1 and below' (H17 doubles 11 v A)"),
    ("hard:13:v2", "hit", "-", -2, "I18 stand at -1; BA H17 'hit at -1 and below'"),
    ("hard:12:v4", "hit", "-", -1, "I18 stand at 0; BA H17 'hit at any negative count'"),
    ("hard:12:v5", "hit", "-", -3, "I18 stand at -2; BA H17 'hit at -2 and below'"),
]


@pytest.fixture(scope="module")
def indices() -> dict[str, dict]:
    """Hi-Lo's index plays of the standard game, as ``indices --rules FILE --json`` prints
    them (the lab built, in under a minute, and cached)."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["indices", "--rules", str(STANDARD), "--count", "hilo", "--json"]) == 0
    data = json.loads(buffer.getvalue())
    return {f"{p['cell']}|{p['play']}": p for p in data["indices"]}


@pytest.mark.slow
@pytest.mark.parametrize(("cell", "play", "direction", "index", "source"), PUBLISHED)
def test_hi_lo_indices_of_the_standard_game_are_the_published_ones(
        indices: dict[str, dict], cell: str, play: str, direction: str, index: int,
        source: str) -> None:
    found = indices[f"{cell}|{play}"]
    assert (found["direction"], found["index"]) == (direction, index), source
    assert found["index_sd"] < 0.5 and found["found"] >= 0.9, found   # and sure of it


def test_the_insurance_index_by_enumeration_is_plus_three_at_six_decks() -> None:
    """Insurance's mean EV at each floored true count, by enumeration of every depth and
    running count (no sampling): first positive at +3 for Hi-Lo in six decks (and a rise of
    about 1.2% of the bet a count)."""
    rules = rules_file.load(STANDARD)
    weight, mean = insurance_by_bin(rules, HI_LO, TRUE_COUNT)
    bins = np.array(TRUE_COUNT.bins)
    positive = bins[(mean > 0) & (weight > 0)]
    assert positive.min() == 3 and (mean[bins >= 3] > 0).all() and (mean[bins < 3] < 0).all()
    assert weight.sum() == pytest.approx(1 / 13)
    rise = np.diff(mean[(bins >= -3) & (bins <= 5)])
    assert (rise > 0.009).all() and (rise < 0.015).all()


@pytest.mark.slow
@pytest.mark.parametrize("tc", [-4, 0, 3])
def test_a_lab_shoe_valued_again_by_full_enumeration(tc: int) -> None:
    """The lab values each shoe with the engine; a shoe drawn as the lab draws them (the
    standard game's rules, one deck, so few cards are left that every hand's game tree can be
    enumerated with Fractions by :mod:`tests.engine.brute_force`, which uses none of the
    engine's formulas) has, deal by deal, the same stand, hit and double EVs. (Deep shoes are
    kept: the lab's draws at the count, one after another, until one has 16 cards or fewer.)"""
    rules = replace(rules_file.load(STANDARD), name="standard, one deck", decks=1,
                    penetration=0.8)
    design = Design(rules)
    lattice = design.lattices[0]
    rng = np.random.default_rng([7, tc + 20])
    shoe = ()
    for _ in range(500):              # the lab's draws at this count, the deep ones kept
        shoe = tuple(int(x) for x in np.bincount(TYPE_VALUE, lattice.draw(tc, 1, rng)[0], 10))
        if sum(shoe) <= 16:
            break
    assert 0 < sum(shoe) <= 16
    values = shoe_values(rules, shoe, TableCharts(rules, load_or_build(rules)["charts"]))
    column = {a: i for i, a in enumerate(ACTIONS)}
    checked = 0
    for row, (up, a, b) in enumerate(DEALS):
        if values.probability[row] <= 0 or np.isnan(values.actions[row, column[Action.HIT]]):
            continue
        rest = list(shoe)
        for v in (up, a, b):
            rest[v - 1] -= 1
        peek = rules.peek.peeks_on(up)
        mass = values.reach[row]
        best = bf.best_hit_stand(rules, (a, b), (1, 0), tuple(rest), up, peek)
        engine = max(values.actions[row, column[Action.STAND]],
                     values.actions[row, column[Action.HIT]])
        assert engine == pytest.approx(float(best) / mass, abs=1e-10), (up, a, b)
        if not np.isnan(values.actions[row, column[Action.DOUBLE]]):
            double = bf.double_value(rules, (a, b), (2, 0), tuple(rest), up, peek)
            assert values.actions[row, column[Action.DOUBLE]] == pytest.approx(
                float(double) / mass, abs=1e-10), (up, a, b)
        checked += 1
        if checked >= 12:
            break
    assert checked >= 6
