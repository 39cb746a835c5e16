"""Natural frequency: how often real play meets each table entry, per round dealt.

The weight of an entry is the probability that one round (first hand from a full shoe of the
rule set) brings that decision when every decision follows the table's best action:

* **first**: the table's deal probability of the up card and the two cards, times the chance the
  dealer has no blackjack where the dealer peeks with that up card (the player decides only then);
* **insurance**: the deal probability (the question comes before the peek);
* **split**: for a pair whose best first action is a split, that pair's first-decision weight,
  times the hands of that stakes the split makes (a free split: one real, one free; a paid split:
  two real), times the chance of each second card from the shoe left. Resplits are not counted;
* **drawn** (3 to 5 cards): carried forward from every two-card decision whose best action is a
  hit, one card at a time, each card with its chance from the shoe left, through every drawn hand
  whose best action is again a hit.

So the weights of all entries sum to the expected number of decisions per round under the
table's play, and a situation's weight (the sum over its entries) is the share of rounds that
meet it. Everything is estimated from the full shoe: the live shoe's drift is ignored.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from strategy_charts.composition import Composition, full_shoe, of_values, size, subtract
from strategy_charts.table_keys import parse_table_key, table_key
from trainer.rules import RuleSet
from trainer.rules.dealer import blackjack_hole

Entries = dict[str, dict[str, Any]]

_SPLITS = ("free_split", "split")


def _draw_chances(left: Composition) -> list[tuple[int, float]]:
    n = sum(left)
    return [(i + 1, c / n) for i, c in enumerate(left) if c]


def _no_blackjack(rules: RuleSet, up: int, left: Composition) -> float:
    """Chance the dealer has no blackjack, where a peek with ``up`` would end the round."""
    if not rules.peek.peeks_on(up):
        return 1.0
    hole = blackjack_hole(up)
    assert hole is not None, "a dealer peeks only with an up card that can make blackjack"
    return 1.0 - left[hole - 1] / sum(left)


def entry_weights(rules: RuleSet, entries: Entries) -> dict[str, float]:
    """The natural frequency of every table entry (see the module docstring)."""
    shoe = full_shoe(rules.decks)
    weights: dict[str, float] = defaultdict(float)
    # (stakes, up) -> {hand: weight of holding it with a hit as the best play}
    hitting: dict[tuple[str, int], dict[Composition, float]] = defaultdict(dict)
    firsts = []
    for key, entry in entries.items():
        context, _, hand, up = parse_table_key(key)
        if context == "insurance":
            weights[key] = entry.get("probability", 0.0)
        elif context == "first":
            left = subtract(subtract(shoe, of_values([up])), hand)
            weight = entry.get("probability", 0.0) * _no_blackjack(rules, up, left)
            weights[key] = weight
            firsts.append((hand, up, weight, entry["best"]))
            if entry["best"] == "hit":
                hitting[("real", up)][hand] = weight
    for hand, up, weight, best in firsts:
        if best in _SPLITS and weight:
            _split_hands(rules, entries, weights, hitting, hand, up, weight, best == "split")
    for (stakes, up), start in hitting.items():
        _drawn_hands(entries, weights, stakes, up, start, subtract(shoe, of_values([up])))
    return {key: weights.get(key, 0.0) for key in entries}


def _split_hands(rules: RuleSet, entries: Entries, weights: dict[str, float],
                 hitting: dict[tuple[str, int], dict[Composition, float]],
                 pair_hand: Composition, up: int, weight: float, paid: bool) -> None:
    """Weights of the two-card hands a split of ``pair_hand`` makes."""
    pair = pair_hand.index(2) + 1
    left = subtract(subtract(full_shoe(rules.decks), of_values([up])), pair_hand)
    hands = {"real": 2.0} if paid else {"real": 1.0, "free": 1.0}
    for second, chance in _draw_chances(left):
        hand = of_values([pair, second])
        for stakes, count in hands.items():
            key = table_key("split", stakes, hand, up, split_card=pair)
            entry = entries.get(key)
            if entry is None:
                continue
            share = weight * count * chance
            weights[key] += share
            if entry["best"] == "hit":
                bucket = hitting[(stakes, up)]
                bucket[hand] = bucket.get(hand, 0.0) + share


def _drawn_hands(entries: Entries, weights: dict[str, float], stakes: str, up: int,
                 start: dict[Composition, float], shoe: Composition) -> None:
    """Carry hitting hands forward card by card through the drawn entries."""
    layer = start
    while layer:
        following: dict[Composition, float] = defaultdict(float)
        for hand, weight in layer.items():
            left = tuple(s - h for s, h in zip(shoe, hand, strict=True))
            for value, chance in _draw_chances(left):
                counts = list(hand)
                counts[value - 1] += 1
                following[tuple(counts)] += weight * chance
        layer = {}
        for hand, weight in following.items():
            key = table_key("drawn", stakes, hand, up)
            entry = entries.get(key)
            if entry is None:
                continue
            weights[key] += weight
            if entry["best"] == "hit" and size(hand) < 5:
                layer[hand] = weight
