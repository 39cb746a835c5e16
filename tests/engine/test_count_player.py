"""Index plays against the rules core: a counter playing real shoes (dealt and settled by
``trainer.rules``) gains what the lab table says its index plays add, within the error bars.

To keep the suite quick the game is two decks (index plays matter more there, so fewer rounds
tell) and its lab is built small: 2 shoes a stratum (about 130 two-deck shoes valued) and 8
bootstrap replicates. Two measures of the gain, each per round:

* **exact**: at each index play the player makes, the exact EV of that play less the chart's
  play at the cards the player has not seen (the engine at the live shoe);
* **played out**: at each index play, the round is played on by the rules core from copies
  with either play, the cards to come the same for both: the real ones and 29 reshuffles of the
  cards the player has not seen (the hole card included).

Each must agree with the claimed gain within three combined standard errors, and the exact gain
must be positive beyond twice its error: the index plays pay at the table. (The played-out gain,
a round's result played on from copies, is the noisier measure: about three of its standard
errors for the gain a two-deck lab claims, too few to ask it alone to show the gain.)
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from strategy_charts.counting.lab import build_lab
from strategy_charts.counting.player import IndexBook, ShoeRun, claimed_gain, play_shoes
from strategy_charts.counting.systems import TRAINED
from strategy_charts.tables import load_or_build
from trainer.rules import RuleSet, preset

SHOES = 400
REPLAYS = 30


@pytest.fixture(scope="module")
def two_decks() -> tuple[RuleSet, dict[str, Any]]:
    rules = replace(preset("evolution"), name="two decks", decks=2)
    return rules, build_lab(rules, samples=2, workers=1, replicates=8)


def _mean_and_error(runs: list[ShoeRun], field: str) -> tuple[float, float]:
    """Mean per round and its standard error from the shoes' totals (rounds of a shoe are
    not independent)."""
    values = np.concatenate([getattr(r, field) for r in runs])
    mean = float(values.mean())
    totals = np.array([getattr(r, field).sum() - mean * len(r.nets) for r in runs])
    return mean, math.sqrt(float((totals ** 2).sum())) / len(values)


@pytest.mark.slow
@pytest.mark.parametrize("count", list(TRAINED))
def test_index_plays_gain_at_the_table_what_the_lab_claims(
        two_decks: tuple[RuleSet, dict[str, Any]], count: str) -> None:
    rules, lab = two_decks
    part = lab["counts"][count]
    book = IndexBook(part)
    claimed = claimed_gain(book.plays)
    claim_error = math.sqrt(sum(p["gain_se"] ** 2 for p in part["indices"]
                                if not p["cell"].startswith("wager"))) / 100
    runs = play_shoes(rules, load_or_build(rules), TRAINED[count], book, SHOES, seed=11,
                      measure=True, replays=REPLAYS)
    exact, exact_error = _mean_and_error(runs, "exact")
    played, played_error = _mean_and_error(runs, "gains")
    report = (f"{count}: claimed {claimed * 100:.3f} ± {claim_error * 100:.3f}, exact "
              f"{exact * 100:.3f} ± {exact_error * 100:.3f}, played out {played * 100:.3f} ± "
              f"{played_error * 100:.3f} main bets per 100 rounds")
    print(report)
    assert abs(exact - claimed) < 3 * math.hypot(exact_error, claim_error), report
    assert abs(played - claimed) < 3 * math.hypot(played_error, claim_error), report
    assert exact > 2 * exact_error, report
