"""The batched engine (every hand at once) equals the one-hand-at-a-time engine.

``up_card`` / ``all_hands`` / ``split_hands`` value every hand together and share the dealer's
probabilities between up cards; ``initial_hand`` / ``hand_values`` / ``splits`` value one hand
at a time and are checked against the brute-force enumeration (test_brute_force). On small and
full shoes both give the same numerators for every action, splits and resplits included.
"""

from __future__ import annotations

import random

import pytest

from strategy_charts.composition import full_shoe, of_values, subtract
from strategy_charts.dealer_probabilities import dealer_tree
from strategy_charts.game import starting_hands
from strategy_charts.hand_index import hand_index
from strategy_charts.hand_values import FREE, REAL
from strategy_charts.initial_hand import action_values
from strategy_charts.post_split import split_doubles
from strategy_charts.split_hands import SplitHands
from strategy_charts.splits import SplitValues
from strategy_charts.up_card import (
    UpCard,
    dealer_cache,
    live_hand,
    ready_live_hands,
)

from .conftest import rules_named, values_for


def _close(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for key in a:
        assert a[key] == pytest.approx(b[key], abs=1e-12), key


@pytest.mark.parametrize(("name", "up"), [("evolution", 1), ("pot-of-gold", 10),
                                          ("standard", 6)])
def test_every_first_decision_of_a_one_deck_shoe(name, up, standard_6d_h17) -> None:
    """All deals against one up card from one deck: stand, hit, doubles and splits."""
    rules = standard_6d_h17 if name == "standard" else rules_named(name)
    shoe = full_shoe(1)
    card = UpCard(rules, shoe, up, dealer_cache(rules, shoe))
    for deal in starting_hands(shoe):
        if deal.up == up:
            values = values_for(rules, shoe, up, deal.hand)
            _close(card.first_actions(deal.hand), action_values(values, deal.hand))


@pytest.mark.parametrize("name", ["evolution", "pot-of-gold", "pot-of-gold-no-auto-stand"])
def test_live_hands_at_random_small_shoes(name) -> None:
    """Random hands (pairs with their splits, free stakes after a split) at random shoes;
    also where a 21 decides (auto_stand_21 off)."""
    rules = rules_named(name)
    rng = random.Random(15)
    for _ in range(40):
        shoe = (*(rng.randrange(1, 7) for _ in range(9)), rng.randrange(6, 20))
        up, a = rng.randrange(1, 11), rng.randrange(1, 11)
        b = a if rng.random() < 0.4 else rng.randrange(1, 11)
        hand = of_values([a, b])
        if min(x - y for x, y in zip(subtract(shoe, of_values([up])), hand, strict=True)) < 0:
            continue
        values = values_for(rules, shoe, up, hand)
        card = live_hand(rules, subtract(shoe, of_values([up])), up, hand)
        _close(card.actions(hand), action_values(values, hand))
        _close(card.actions(hand, FREE, after_split=True),
               action_values(values, hand, FREE, after_split=True))
        if a == b and rules.max_hands > 2 and shoe[a - 1] >= 4:
            split = SplitValues(values, a, hands_limit=3)
            split.prepare()
            assert card.split_value(a, True, FREE, 3) == pytest.approx(
                split.value(free=True, first=FREE), abs=1e-12)


@pytest.mark.parametrize(("name", "pair"), [
    ("pot-of-gold", 8), ("pot-of-gold+free-after-hit+paid-after-hit", 3),
    ("pot-of-gold+paid-after-hit", 8)])
def test_split_hands_and_their_resplits_at_the_full_shoe(name, pair) -> None:
    """The tables' split-hand values (the other pair card known gone) and resplits; where
    hands double after a hit, split hands' hits and post-split play double after hits too."""
    rules = rules_named(name)
    shoe = full_shoe(6)
    card = UpCard(rules, shoe, 6, dealer_cache(rules, shoe))
    hands = SplitHands(card)
    resplits = hands.resplits(rules.max_hands - 1)
    known = of_values([pair])
    for second in (3, pair, 10):
        hand = of_values([pair, second])
        values = values_for(rules, shoe, 6, hand)
        for stakes in (REAL, FREE):
            _close(hands.actions(pair, hand, stakes),
                   action_values(values, hand, stakes, after_split=True, known=known))
    split = SplitValues(values, pair, known, hands_limit=rules.max_hands - 1)
    split.prepare()
    for stakes in (REAL, FREE):
        assert resplits[pair].value(free=True, first=stakes) == pytest.approx(
            split.value(free=True, first=stakes), abs=1e-12)


def test_a_readied_rule_set_builds_no_dealer_tree_for_its_live_hands() -> None:
    """After :func:`ready_live_hands` (what the perfect-play grader does when made) no live hand
    builds a dealer tree; the split doubles are asked of the rules core once."""
    rules = rules_named("pot-of-gold")
    dealer_tree.cache_clear()
    ready_live_hands(rules)
    built = dealer_tree.cache_info().misses
    pair = of_values([3, 3])
    for up in range(1, 11):
        live_hand(rules, subtract(full_shoe(6), of_values([up])), up, pair).actions(pair)
    assert dealer_tree.cache_info().misses == built == 10
    index = hand_index(21)
    assert split_doubles(rules, index, FREE) is split_doubles(rules, index, FREE)
