"""How the dealer draws: hit 16 or less, S17 in evolution, H17 in pot-of-gold."""

from __future__ import annotations

import pytest

from trainer.rules import Action, dealer_must_hit

from .conftest import EVOLUTION, POT_OF_GOLD, assert_all_dealt, deal, hand_nets, play


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_dealer_hits_16_or_less(rules) -> None:
    """docs/rules/evolution.md#the-dealer: the dealer draws on 16 or less."""
    rnd = play(deal(rules, "10h 10s 9d 6c 5h"), Action.STAND)  # dealer 16 + 5 = 21
    assert rnd.dealer_cards[-1].points == 5
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_dealer_stands_on_hard_17(rules) -> None:
    """docs/rules/evolution.md#the-dealer and docs/rules/pot-of-gold.md#the-dealer: the dealer
    stands on a hard 17 (both presets)."""
    rnd = play(deal(rules, "10h 10s 9d 7c"), Action.STAND)
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)


def test_evolution_dealer_stands_on_soft_17() -> None:
    """docs/rules/evolution.md#the-dealer: the live game's dealer stands on every 17, a soft 17
    included."""
    rnd = play(deal(EVOLUTION, "10h 6s 10d Ac"), Action.STAND)  # dealer 6 + A = soft 17
    assert len(rnd.dealer_cards) == 2
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)


def test_pot_of_gold_dealer_hits_soft_17() -> None:
    """docs/rules/pot-of-gold.md#the-dealer: the table game's dealer hits a soft 17."""
    rnd = play(deal(POT_OF_GOLD, "10h 6s 10d Ac 4c"), Action.STAND)  # soft 17 + 4 = 21
    assert len(rnd.dealer_cards) == 3
    assert hand_nets(rnd) == [-10]
    assert_all_dealt(rnd)


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_dealer_stands_on_soft_18(rules) -> None:
    """docs/rules/evolution.md#the-dealer: the dealer stands on a soft 18 (both presets)."""
    rnd = play(deal(rules, "10h 7s 9d Ac"), Action.STAND)
    assert hand_nets(rnd) == [10]
    assert_all_dealt(rnd)


@pytest.mark.parametrize(("points", "h17", "hits"), [
    ((10, 6), False, True), ((10, 7), False, False), ((1, 6), False, False),
    ((1, 6), True, True), ((1, 7), True, False), ((10, 7), True, False),
    ((1, 5, 1), True, True), ((1, 5, 1), False, False), ((10, 6, 1), True, False),
])
def test_dealer_must_hit_rule(points, h17, hits) -> None:
    """docs/rules/evolution.md#the-dealer and docs/rules/pot-of-gold.md#the-dealer: draw on 16 or
    less, stand on 17 or more, a soft 17 hit only with H17."""
    assert dealer_must_hit(points, h17) is hits
