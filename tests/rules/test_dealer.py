"""How the dealer draws: hit 16 or less, S17 in evolution, H17 in pot-of-gold."""

from __future__ import annotations

import pytest

from trainer.rules import Action, dealer_must_hit

from .conftest import EVOLUTION, POT_OF_GOLD, assert_all_dealt, deal, hand_nets, play


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_dealer_hits_16_or_less(rules) -> None:
    """Doc 000: "The dealer must Hit on a hand of 16 or less"."""
    rnd = play(deal(rules, "10h 10s 9d 6c 5h"), Action.STAND)  # dealer 16 + 5 = 21
    assert rnd.dealer_cards[-1].points == 5
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_dealer_stands_on_hard_17(rules) -> None:
    """Doc 000: "The dealer always stands on 17." (hard 17, both presets)"""
    rnd = play(deal(rules, "10h 10s 9d 7c"), Action.STAND)
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)


def test_evolution_dealer_stands_on_soft_17() -> None:
    """RULINGS (evolution): "Dealer stands on all 17s."; doc 000: "must Stand on a hand of soft
    17 or more"."""
    rnd = play(deal(EVOLUTION, "10h 6s 10d Ac"), Action.STAND)  # dealer 6 + A = soft 17
    assert len(rnd.dealer_cards) == 2
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)


def test_pot_of_gold_dealer_hits_soft_17() -> None:
    """Doc 001: "Dealer hits on soft-17"."""
    rnd = play(deal(POT_OF_GOLD, "10h 6s 10d Ac 4c"), Action.STAND)  # soft 17 + 4 = 21
    assert len(rnd.dealer_cards) == 3
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_dealer_stands_on_soft_18(rules) -> None:
    """Doc 000: "must Stand on a hand of soft 17 or more" (soft 18, both presets)."""
    rnd = play(deal(rules, "10h 7s 9d Ac"), Action.STAND)
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)


@pytest.mark.parametrize(("points", "h17", "hits"), [
    ((10, 6), False, True), ((10, 7), False, False), ((1, 6), False, False),
    ((1, 6), True, True), ((1, 7), True, False), ((10, 7), True, False),
    ((1, 5, 1), True, True), ((1, 5, 1), False, False), ((10, 6, 1), True, False),
])
def test_dealer_must_hit_rule(points, h17, hits) -> None:
    """Doc 000: "The dealer must Hit on a hand of 16 or less and must Stand on a hand of soft
    17 or more"; doc 001: "Dealer hits on soft-17"."""
    assert dealer_must_hit(points, h17) is hits
