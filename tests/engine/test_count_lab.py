"""The count lab's numbers: effects of removal (the first-order identity, the linear estimate
against exact values near the full shoe), the card side bets in floating point, the shipped lab
tables' consistency, and the build's parts being deterministic."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from strategy_charts import side_bets
from strategy_charts.composition import full_shoe, of_values, subtract
from strategy_charts.counting.indices import isotonic
from strategy_charts.counting.lab import draw_pool, load_lab, quick_figures, value_shoes
from strategy_charts.counting.player import IndexBook
from strategy_charts.counting.shoes import BINS, TYPE_VALUE
from strategy_charts.game import game_ev
from strategy_charts.tables import load_or_build
from trainer.rules import PRESETS, RuleSet, SideBet, preset


@pytest.mark.parametrize("bet", [SideBet.PERFECT_PAIRS, SideBet.TWENTY_ONE_PLUS_THREE,
                                 SideBet.HOT_3])
def test_card_side_bets_in_floating_point_are_the_exact_sums(bet: SideBet) -> None:
    rng = random.Random(bet.value)
    for decks in (1, 2, 6):
        shoe = list(side_bets.full_type_counts(decks))
        for _ in range(12 * decks):
            shoe[rng.randrange(52)] = max(0, shoe[rng.randrange(52)] - 1)
        exact = side_bets.side_bet_rtp(bet, shoe) - 1
        assert side_bets.side_bet_ev(bet, shoe) == pytest.approx(float(exact), abs=1e-13)


@pytest.mark.parametrize("name", list(PRESETS))
def test_effects_weighted_by_each_value_share_sum_to_about_zero(name: str) -> None:
    """Removing a whole deck in proportion changes nothing to first order: the effects (percent
    per card, one-deck scale) weighted by 4/52 (ten-values 16/52) sum to well under 1% of
    their size; the card side bets' (bets on two or three cards) to rounding."""
    effects = load_lab(PRESETS[name])["effects"]
    shares = np.array([4] * 9 + [16]) / 52
    main = np.array(effects["main"])
    assert abs(shares @ main) == pytest.approx(abs(effects["balance"]), abs=1e-9)
    assert abs(shares @ main) < 0.01 * np.abs(main).sum()
    for wager, bet in effects["wagers"].items():
        size = np.abs(bet["effects"]).sum()
        limit = 1e-9 if wager != "pot_of_gold" else 0.01 * size
        assert abs(shares @ np.array(bet["effects"])) <= limit + 1e-12, wager


@pytest.mark.slow
def test_a_custom_rule_set_gets_its_effects_in_seconds() -> None:
    """A rules file needs no lab table for its effects and counts: one deck of the live game's
    rules, whose effects are larger than eight decks' but close in shape."""
    figures = quick_figures(_one_deck())
    main = np.array(figures["effects"]["main"])
    eight = np.array(load_lab(preset("evolution"))["effects"]["main"])
    assert np.corrcoef(main, eight)[0, 1] > 0.98
    assert abs(figures["effects"]["balance"]) < 0.05
    assert figures["compare"]["freebet"]["betting_correlation"] > 0.9


@pytest.mark.parametrize("removed", [[5, 5, 6, 2, 10, 10], [1, 1, 1], [5, 6, 4, 3, 2, 2, 3, 4],
                                     [10] * 6])
def test_the_linear_estimate_agrees_with_exact_values_near_the_full_shoe(
        removed: list[int]) -> None:
    """Eight decks with a few cards gone: the exact EV moves as the effects of removal add up,
    within 5% of the move (the rest is second order)."""
    rules = preset("evolution")
    lab = load_lab(rules)
    cards = 52 * rules.decks
    per_card = [x / 100 * 51 / (cards - 1) for x in lab["effects"]["main"]]
    exact = game_ev(rules, subtract(full_shoe(rules.decks), of_values(removed))).ev
    move = exact - lab["effects"]["ev"]
    linear = sum(per_card[v - 1] for v in removed)
    assert abs(move) > 1e-3
    assert abs(move - linear) <= 0.05 * abs(move)


#: The presets dealt from a shoe: the counting figures checked here are stated for them. The
#: single-deck preset's lab differs (its pool holds no shoe at a true count of -1, its typed
#: counts have other most common answers, the Free Bet count gains less on Hi-Lo): work for
#: the count lab, not asserted here.
SHOE_GAMES = [name for name, rules in PRESETS.items() if rules.decks > 1]


@pytest.mark.parametrize("name", SHOE_GAMES)
def test_a_shipped_lab_table_is_consistent(name: str) -> None:
    """Shares are a distribution; the edge grows with the count; the pool's shoes sit at
    every count; index plays are ranked by what they add (cross-fitted: a flip that is noise
    can add less than nothing on the shoes it was not chosen on) and each is the best play on
    its side of its index in the fitted EVs (and the chart's play on the other side)."""
    rules = PRESETS[name]
    lab = load_lab(rules)
    assert lab["rules"] == name and lab["fingerprint"] == rules.fingerprint()
    for key, count in lab["counts"].items():
        assert sum(count["shares"].values()) == pytest.approx(1.0, abs=1e-8)
        edges = count["edges"]
        assert edges["-5"]["chart"] < edges["0"]["chart"] < edges["5"]["chart"], key
        assert all(edges[str(t)]["shoes"] > 0 for t in BINS)
        assert 0.9 < count["round_variance"]["value"] < 1.5
        gains = [p["gain_per_100"] for p in count["indices"]]
        assert gains == sorted(gains, reverse=True) and sum(gains) > 0
        assert all(g > 0 for g in gains[:5])      # the most valuable pay on held-out shoes
        book = IndexBook(count)
        for play in book.plays:
            inside = play.index
            outside = play.index - 1 if play.direction == "+" else play.index + 1
            assert book.play(play.cell, inside, play.base) == play.play, play.text()
            if BINS[0] <= outside <= BINS[-1]:
                assert book.play(play.cell, outside, play.base) != play.play, play.text()


def test_monotone_fit_is_the_least_squares_one() -> None:
    y = np.array([1.0, 3.0, 2.0, 4.0, 3.5, 5.0])
    w = np.array([1.0, 1.0, 2.0, 1.0, 1.0, 1.0])
    fit = isotonic(y, w)
    assert np.all(np.diff(fit) >= 0)
    assert fit == pytest.approx([1.0, 7 / 3, 7 / 3, 3.75, 3.75, 5.0])
    assert isotonic(y[::-1], w[::-1], increasing=False) == pytest.approx(fit[::-1])


@pytest.mark.slow
def test_the_pool_is_drawn_and_valued_the_same_every_time() -> None:
    """Seeded draws repeat; values from two processes equal those from one (a rebuild is
    byte-identical whatever the number of processes)."""
    rules = _one_deck()
    drawn, weights, _ = draw_pool(rules, 1, 5)
    again, weights_again, _ = draw_pool(rules, 1, 5)
    assert all(np.array_equal(a, b) for a, b in zip(drawn, again, strict=True))
    assert np.array_equal(weights, weights_again) and weights.sum() == pytest.approx(1.0)
    charts = load_or_build(rules)["charts"]
    jobs = [(tuple(int(x) for x in np.bincount(TYPE_VALUE, d, 10)), d) for d in drawn[::9]]
    one = value_shoes(rules, charts, jobs, 1)
    two = value_shoes(rules, charts, jobs, 2)
    for a, b in zip(one, two, strict=True):
        assert a.ev == b.ev and np.array_equal(a.actions, b.actions, equal_nan=True)
        assert a.wagers == b.wagers


def _one_deck() -> RuleSet:
    return replace(preset("evolution"), name="one deck", decks=1)
