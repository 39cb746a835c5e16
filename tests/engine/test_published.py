"""The engine reproduces published and independently known figures."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from strategy_charts.composition import full_shoe, of_values
from strategy_charts.game import game_ev
from strategy_charts.initial_hand import action_values
from trainer.rules import Action, preset

from .conftest import values_for


def test_evolution_main_game_rtp_is_the_published_98_45() -> None:
    """docs/rules/evolution.md#published-returns: the main game returns 98.45% with optimal
    play of the first hand from a full 8-deck shoe."""
    result = game_ev(preset("evolution"))
    assert round(result.rtp * 100, 2) == 98.45
    assert result.rtp == pytest.approx(0.984478364, abs=1e-9)


def test_standard_blackjack_6d_h17_das_spl3_matches_combinatorial_analyzers(
        standard_6d_h17) -> None:
    """Free features off: the standard fixed-strategy split computation gives -0.615389123%."""
    assert game_ev(standard_6d_h17).ev * 100 == pytest.approx(-0.615389123, abs=5e-10)


def test_tiny_shoe_two_two_against_seven(standard_6d_h17) -> None:
    """Shoe {2:4, 3:4, 4:2, 7:2, ten:7}, S17, player 2,2 v 7: the published four values."""
    rules = replace(standard_6d_h17, dealer_hits_soft_17=False)
    shoe = (0, 4, 4, 2, 0, 0, 2, 0, 0, 7)
    hand = of_values([2, 2])
    values = values_for(rules, shoe, 7, hand)
    evs = {a: x / values.mass(hand) * 100 for a, x in action_values(values, hand).items()}
    assert evs[Action.STAND] == pytest.approx(-61.639194139, abs=5e-10)
    assert evs[Action.HIT] == pytest.approx(-13.266733267, abs=5e-10)
    assert evs[Action.DOUBLE] == pytest.approx(-123.278388278, abs=5e-10)
    assert evs[Action.SPLIT] == pytest.approx(-76.210220335, abs=5e-10)


def test_free_bet_twelve_against_four_in_the_infinite_shoe_limit() -> None:
    """Free Bet, H17, no Charlie, 12 v 4 with a very large shoe: stand -0.301161, hit -0.279823."""
    rules = preset("pot-of-gold")
    hand = of_values([10, 2])
    values = values_for(rules, full_shoe(100_000), 4, hand)
    evs = action_values(values, hand)
    assert evs[Action.STAND] == pytest.approx(-0.301161, abs=5e-7)
    assert evs[Action.HIT] == pytest.approx(-0.279823, abs=5e-7)


def test_standard_counterpart_turns_every_free_feature_off() -> None:
    """The standard game has no free double, no free split, no push 22 and no Charlie."""
    rules = preset("evolution").standard_counterpart()
    hand = of_values([6, 5])
    values = values_for(rules, full_shoe(8), 6, hand)
    acts = action_values(values, hand)
    assert Action.FREE_DOUBLE not in acts and Action.DOUBLE in acts
    pair = of_values([8, 8])
    values = values_for(rules, full_shoe(8), 6, pair)
    assert Action.SPLIT in action_values(values, pair)


def test_uk_trial_sheet_house_edge_is_the_published_1_01() -> None:
    """docs/rules/variants.md#uk-6d: the rule sheet's 1.01% (resplit aces, H17 as the
    analysis read "the normal rules")."""
    edge = -game_ev(preset("uk-6d")).ev * 100
    assert round(edge, 2) == 1.01
    assert edge == pytest.approx(1.0143694387, abs=1e-9)


def test_golden_nugget_2012_with_two_card_doubles() -> None:
    """docs/rules/variants.md#what-the-figures-say: 1.2857% against the analyst's 0.625%, the
    gap the launch's free double on any number of cards makes (the preset doubles two
    cards)."""
    edge = -game_ev(preset("golden-nugget-2012")).ev * 100
    assert edge == pytest.approx(1.2856512846, abs=1e-9)
    assert edge - 0.625 == pytest.approx(0.66, abs=0.01)


def test_golden_nugget_launch_with_free_doubles_after_a_hit() -> None:
    """docs/rules/variants.md#what-the-figures-say: with the launch's free double on a hard 9
    to 11 of any number of cards (free_double_after_hit), the engine gives 0.6305%, the
    analyst's 0.625% within 0.006% of the bet."""
    launch = replace(preset("golden-nugget-2012"), free_double_after_hit=True)
    edge = -game_ev(launch).ev * 100
    assert edge == pytest.approx(0.6305136587, abs=1e-9)
    assert abs(edge - 0.625) < 0.01


def test_golden_nugget_single_deck_six_to_five() -> None:
    """docs/rules/variants.md#golden-nugget-1d-6to5: 6:5 costs about what it is known to cost
    ("almost 1.4%")."""
    rules = preset("golden-nugget-1d-6to5")
    edge = -game_ev(rules).ev * 100
    assert edge == pytest.approx(2.6664531071, abs=1e-9)
    at_3_to_2 = -game_ev(replace(rules, blackjack_pays=Fraction(3, 2))).ev * 100
    assert 1.35 < edge - at_3_to_2 < 1.4
