"""A pair resplit in a seat of three hands: valued with the hands the seat can still make.

The tables' split-hand entries are for a seat of two hands; where the seat can hold four, a
pair met when it already holds three gets its own entry (``...:h3``): the two other hands' pair
cards are gone and its resplit can make only two hands. Both the table's way (those cards as
known removals) and the live grader's (those cards gone from the shoe) equal the brute-force
enumeration of the casino's play with the same fixed post-split strategy.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from strategy_charts.composition import of_values, subtract
from strategy_charts.hand_values import FREE, REAL
from strategy_charts.split_hands import SplitHands
from strategy_charts.table_keys import hands_of, table_key
from strategy_charts.tables import load_table
from strategy_charts.up_card import UpCard, dealer_cache, live_hand
from trainer.rules import preset

from . import brute_force as bf

SHOES = [  # (shoe before the deal A..ten, pair, up card)
    ((1, 1, 1, 1, 1, 1, 1, 6, 1, 5), 8, 10),
    ((1, 5, 0, 0, 1, 1, 1, 1, 1, 6), 2, 7),
    ((2, 1, 1, 1, 1, 1, 1, 1, 5, 4), 9, 1),
]


@pytest.mark.parametrize(("shoe", "pair", "up"), SHOES)
@pytest.mark.parametrize("first", [REAL, FREE])
def test_resplit_in_a_seat_of_three_equals_enumeration(shoe, pair, up, first) -> None:
    rules = preset("pot-of-gold")
    card = UpCard(rules, shoe, up, dealer_cache(rules, shoe))
    hands = SplitHands(card, known=2)
    value = hands.resplits(rules.max_hands - 3 + 1)[pair].value(free=True, first=first)
    table = hands.decisions(first), hands.decisions(FREE)
    row = hands.pairs.index(pair)

    def decide(cards: tuple[int, ...], stakes: tuple[int, int]) -> str:
        codes = table[0] if stakes == first else table[1]
        return ("stand", "hit", "double")[codes[row, card.index.number(of_values(cards))]]

    rest = subtract(subtract(shoe, of_values([up])), of_values([pair] * 4))
    exact = bf.split_value(replace(rules, max_hands=2), pair, rest, up, card.values.peek,
                           decide, free=True, first=first)
    assert value == pytest.approx(float(exact), abs=1e-12)
    assert isinstance(exact, Fraction)
    seen = subtract(subtract(shoe, of_values([up])), of_values([pair] * 2))
    live = live_hand(rules, seen, up, of_values([pair, pair]))
    assert live.split_value(pair, True, first, 2) == pytest.approx(value, abs=1e-12)


def test_the_table_keeps_two_hand_entries_and_adds_three_hand_resplits() -> None:
    """pot-of-gold (up to four hands) has both; evolution (two hands) has no resplits."""
    eights = of_values([8, 8])
    situations = load_table(preset("pot-of-gold"))["situations"]
    two = situations[table_key("split", "free", eights, 6, split_card=8)]
    three_key = table_key("split", "free", eights, 6, split_card=8, hands=3)
    assert three_key == "split:free:8,8:v6:h3" and hands_of(three_key) == 3
    three = situations[three_key]
    assert three["ev"]["free_split"] < two["ev"]["free_split"]   # fewer hands to make
    assert not any(k.endswith(":h3") for k in load_table(preset("evolution"))["situations"])
