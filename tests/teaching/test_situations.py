"""Situation keys are stable, live hands map to the right key and table entry, weights add up."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from trainer.rules import Bets, Card, Hand, Round, Shoe, Stakes, cards, preset
from trainer.teaching.catalog import Catalog
from trainer.teaching.situations import (
    Context,
    HandKind,
    Situation,
    StakeLabel,
    hand_spot,
    insurance_spot,
    preset_label,
    round_spot,
)

PINNED = [
    # These literal keys are the user's history: they must never change.
    (Situation("evolution", Context.FIRST, StakeLabel.REAL, HandKind.HARD, 12, 2, 4),
     "evolution|first|real|hard12|2|v4"),
    (Situation("pot-of-gold", Context.SPLIT, StakeLabel.FREE, HandKind.SOFT, 18, 2, 1),
     "pot-of-gold|split|free|soft18|2|vA"),
    (Situation("evolution", Context.DRAWN, StakeLabel.REAL, HandKind.HARD, 15, 4, 10),
     "evolution|drawn|real|hard15|4|v10"),
    (Situation("evolution", Context.INSURANCE, StakeLabel.REAL, HandKind.ANY, 0, 2, 1),
     "evolution|insurance|real|any|2|vA"),
    (Situation("evolution", Context.FIRST, StakeLabel.REAL, HandKind.PAIR, 1, 2, 6),
     "evolution|first|real|pairA|2|v6"),
    (Situation("pot-of-gold", Context.SPLIT, StakeLabel.REAL, HandKind.PAIR, 8, 2, 10),
     "pot-of-gold|split|real|pair8|2|v10"),
]


@pytest.mark.parametrize(("situation", "key"), PINNED)
def test_keys_are_pinned_and_read_back(situation: Situation, key: str) -> None:
    assert situation.key == key
    assert Situation.from_key(key) == situation


@pytest.mark.parametrize("bad", ["", "evolution|first|real|hard12|2", "evolution|first|real|"
                                 "hard12|2|v11", "evolution|later|real|hard12|2|v4",
                                 "evolution|first|real|hard012|2|v4", "evolution|first|real|"
                                 "pair1|2|v4"])
def test_malformed_keys_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="not a situation key"):
        Situation.from_key(bad)


def test_every_catalog_key_reads_back(evolution: Catalog, pot_of_gold: Catalog) -> None:
    for table in (evolution, pot_of_gold):
        for key, situation in table.situations.items():
            assert Situation.from_key(key) == situation
        assert {key for _, key in PINNED if key.startswith(table.preset + "|")} <= set(
            table.situations)


def test_live_hands_map_to_situation_and_table_entry() -> None:
    evolution, pog = preset("evolution"), preset("pot-of-gold")
    ten_two = hand_spot(evolution, Hand(tuple(cards("Ks 2d")), Stakes(Fraction(10))),
                        Card.parse("4h"))
    assert (ten_two.situation.key, ten_two.table_key) == (
        "evolution|first|real|hard12|2|v4", "first:real:10,2:v4")
    free = Hand(tuple(cards("7c As")), Stakes(Fraction(0), Fraction(10)), from_split=True)
    spot = hand_spot(pog, free, Card.parse("Ad"), hands_in_seat=2)
    assert (spot.situation.key, spot.table_key) == (
        "pot-of-gold|split|free|soft18|2|vA", "split:free:7,1:v1")
    drawn = Hand(tuple(cards("5c 4d 3h 3s")), Stakes(Fraction(10)))
    assert hand_spot(evolution, drawn, Card.parse("Qs")).situation.key == (
        "evolution|drawn|real|hard15|4|v10")
    insurance = insurance_spot(evolution, tuple(cards("9c 9d")), Card.parse("Ah"))
    assert (insurance.situation.key, insurance.table_key) == (
        "evolution|insurance|real|any|2|vA", "insurance:real:9,9:v1")


def test_a_pair_is_a_pair_only_while_a_split_is_offered() -> None:
    pog = preset("pot-of-gold")
    eights = Hand(tuple(cards("8c 8d")), Stakes(Fraction(10)), from_split=True)
    assert hand_spot(pog, eights, Card.parse("Th"), 2).situation.hand_class == "pair8"
    assert hand_spot(pog, eights, Card.parse("Th"), 4).situation.hand_class == "hard16"
    assert hand_spot(preset("evolution"), eights, Card.parse("Th"), 2).situation.hand_class == (
        "hard16")


def test_round_spot_reads_the_awaited_decision() -> None:
    rules = preset("evolution")
    shoe = Shoe.stacked(cards("8h 6c 8d 10c"), decks=8)
    rnd = Round(rules, shoe, Bets(main=Fraction(10)))
    assert round_spot(rnd).situation.key == "evolution|first|real|pair8|2|v6"


def test_custom_rules_get_their_own_preset_label() -> None:
    rules = preset("evolution")
    assert preset_label(replace(rules, penetration=0.6)) == "evolution"
    custom = replace(rules, dealer_hits_soft_17=True)
    assert preset_label(custom) == f"custom-{custom.fingerprint()}"


def test_natural_frequencies_sum_sensibly(evolution: Catalog) -> None:
    by_context: dict[str, float] = {}
    for key, weight in evolution.weight.items():
        context = key.split("|")[1]
        by_context[context] = by_context.get(context, 0.0) + weight
    assert by_context["insurance"] == pytest.approx(1 / 13, rel=1e-6)
    # First decisions: every round except player blackjacks and peeked dealer blackjacks.
    assert 0.90 < by_context["first"] < 0.95
    assert 0.0 < by_context["split"] < 0.2
    assert 0.2 < by_context["drawn"] < 0.6
    common = evolution.weight["evolution|first|real|hard12|2|v4"]
    assert common == pytest.approx(sum(
        evolution.entry_weight[f"first:real:{cards_key}:v4"]
        for cards_key in ("10,2", "9,3", "8,4", "7,5")))
    # Fives are never split, so 5-5 after a split is never met; 8-2 after a split of 8s is.
    assert evolution.entry_weight["split:real:5,5:v10"] == 0.0
    assert evolution.entry_weight["split:real:8,2:v10"] > 0.0
