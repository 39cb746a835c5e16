"""Doubles after a hit in the engine (docs/rules/rulings.md#doubles-after-a-hit): the values
with ``free_double_after_hit`` and ``double_after_hit`` equal a full enumeration with Fractions
on tiny shoes (first hands, split hands' own play, and whole splits), and the batched engine
equals the one-hand-at-a-time engine."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from strategy_charts.composition import full_shoe, of_values, subtract
from strategy_charts.game import starting_hands
from strategy_charts.hand_values import FREE, REAL
from strategy_charts.initial_hand import action_values
from strategy_charts.splits import SplitValues
from strategy_charts.up_card import UpCard, dealer_cache, live_hand
from trainer.rules import Action, offers

from . import brute_force as bf
from .conftest import rules_named, values_for

BOTH = "+free-after-hit+paid-after-hit"
CASES = [
    # (rules, shoe A..ten, up, player cards)
    ("evolution+free-after-hit", (1, 2, 2, 2, 1, 1, 1, 1, 1, 5), 10, (2, 3)),
    ("evolution" + BOTH, (2, 2, 1, 2, 1, 1, 1, 1, 1, 5), 1, (3, 2)),
    # a five-card 11 doubles into a Six Card Charlie
    ("evolution+free-after-hit", (1, 5, 2, 1, 1, 1, 1, 1, 1, 4), 9, (2, 2)),
    ("pot-of-gold" + BOTH, (1, 2, 2, 1, 2, 1, 1, 1, 1, 5), 6, (2, 4)),
    ("pot-of-gold+paid-after-hit", (2, 1, 2, 2, 1, 1, 1, 1, 1, 5), 1, (3, 2)),
    ("pot-of-gold-no-auto-stand+paid-after-hit", (2, 1, 1, 1, 2, 1, 1, 1, 1, 5), 10, (1, 5)),
]


@pytest.mark.parametrize(("name", "shoe", "up", "cards"), CASES)
def test_best_play_with_doubles_after_a_hit_equals_enumeration(name, shoe, up, cards) -> None:
    """Stand, hit with every later double the rules core offers, as a first hand and as a
    split hand (whose doubles follow the split rules), real and free stakes."""
    rules = rules_named(name)
    hand = of_values(cards)
    values = values_for(rules, shoe, up, hand)
    rest = subtract(subtract(shoe, of_values([up])), hand)
    for stakes in (REAL, FREE):
        for split in (False, True):
            exact = bf.best_play(rules, cards, stakes, rest, up, values.peek, from_split=split)
            engine = max(values.stand(hand, stakes),
                         values.hit(hand, stakes, from_split=split))
            assert engine == pytest.approx(float(exact), abs=1e-12), (stakes, split)


@pytest.mark.parametrize(("name", "shoe", "up", "cards"), CASES[:2])
def test_the_rule_is_worth_something_here(name, shoe, up, cards) -> None:
    """The cases above can tell the rule from its absence: its hit value is higher."""
    rules = rules_named(name)
    plain = rules_named(name.split("+")[0])
    hand = of_values(cards)
    with_rule = values_for(rules, shoe, up, hand).hit(hand, REAL)
    without = values_for(plain, shoe, up, hand).hit(hand, REAL)
    assert with_rule > without + 1e-3


SPLITS = [
    # (rules, most hands, shoe A..ten, pair, up): a split 3 or 2 hits to a three-card 9 to 11.
    # Tiny shoes, but none runs out mid-round (the formula's exchangeability needs that); two
    # hands at most keep the enumeration to seconds (resplits are checked in test_brute_force)
    ("pot-of-gold+free-after-hit", 2, (1, 2, 4, 2, 1, 1, 1, 1, 1, 6), 3, 6),
    ("evolution" + BOTH, 2, (1, 2, 3, 2, 1, 1, 1, 1, 1, 4), 2, 5),
]


@pytest.mark.parametrize(("name", "most", "shoe", "pair", "up"), SPLITS)
def test_split_value_with_doubles_after_a_hit_equals_sequential_play(name, most, shoe, pair,
                                                                     up) -> None:
    """The split formula equals playing every split hand in turn, the fixed post-split
    strategy doubling after hits where the split rules let it."""
    rules = replace(rules_named(name), max_hands=most)
    hand = of_values([pair, pair])
    values = values_for(rules, shoe, up, hand)
    split = SplitValues(values, pair)
    split.prepare()
    rest = subtract(subtract(shoe, of_values([up])), hand)
    free = offers.split_kind(rules, pair) is Action.FREE_SPLIT
    decided: list[str] = []

    def decide(cards: tuple[int, ...], stakes: tuple[int, int]) -> str:
        choice = split.decision(of_values(cards), stakes)
        if len(cards) > 2:
            decided.append(choice)
        return choice

    exact = bf.split_value(rules, pair, rest, up, values.peek, decide, free=free)
    assert split.value(free=free) == pytest.approx(float(exact), abs=1e-12)
    # where split hands double, some split hand doubles after a hit
    assert ("double" in decided) is rules.free_double_after_split


@pytest.mark.parametrize(("name", "up"), [("evolution" + BOTH, 6), ("pot-of-gold" + BOTH, 10),
                                          ("pot-of-gold+free-after-hit", 5)])
def test_every_first_decision_of_a_one_deck_shoe_batched(name, up) -> None:
    rules = rules_named(name)
    shoe = full_shoe(1)
    card = UpCard(rules, shoe, up, dealer_cache(rules, shoe))
    for deal in starting_hands(shoe):
        if deal.up == up:
            values = values_for(rules, shoe, up, deal.hand)
            expected = action_values(values, deal.hand)
            got = card.first_actions(deal.hand)
            assert got.keys() == expected.keys()
            for action, value in expected.items():
                assert got[action] == pytest.approx(value, abs=1e-12), (deal, action)


@pytest.mark.parametrize("name", ["evolution" + BOTH, "pot-of-gold+free-after-hit"])
def test_live_hands_of_three_cards_batched(name) -> None:
    """Hands after a hit at random small shoes: their double, first hand and split hand."""
    rules = rules_named(name)
    rng = random.Random(39)
    checked = 0
    for _ in range(40):
        shoe = (*(rng.randrange(1, 7) for _ in range(9)), rng.randrange(6, 20))
        up = rng.randrange(1, 11)
        hand = of_values([rng.randrange(2, 6), rng.randrange(2, 5), rng.randrange(2, 6)])
        if min(x - y for x, y in zip(subtract(shoe, of_values([up])), hand, strict=True)) < 0:
            continue
        values = values_for(rules, shoe, up, hand)
        card = live_hand(rules, subtract(shoe, of_values([up])), up, hand)
        for stakes, split in ((REAL, False), (FREE, True)):
            expected = action_values(values, hand, stakes, after_split=split)
            got = card.actions(hand, stakes, after_split=split)
            assert got.keys() == expected.keys()
            for action, value in expected.items():
                assert got[action] == pytest.approx(value, abs=1e-12), (hand, action)
            checked += any(a.is_double for a in got)
    assert checked > 10
