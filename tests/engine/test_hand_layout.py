"""A hand set's layout built once for a round is the one each up card would build for itself.

The split hands of a round are laid out once from the shoe before the up card
(:mod:`strategy_charts.hand_layout`) and each up card's set takes the nodes its own shoe can deal;
those must be exactly the nodes, order and links a layout built at that shoe has, and the dealer
rows kept for the layout exactly the columns the dealer cache gives each node's shoe (the values
themselves are pinned elsewhere: ``test_post_split.py``, ``test_live_hand_pinned.py``).
"""

from __future__ import annotations

import numpy as np
import pytest

from strategy_charts.composition import full_shoe, of_values, subtract
from strategy_charts.dealer_probabilities import DealerCache
from strategy_charts.hand_index import hand_index
from strategy_charts.hand_layout import NodeLayout, node_layout
from strategy_charts.post_split import split_layout

FIELDS = ("extras", "context", "hand", "removed", "position", "child")


def _same(found: NodeLayout, built: NodeLayout) -> bool:
    return found.steps == built.steps and all(
        np.array_equal(getattr(found, name), getattr(built, name)) for name in FIELDS)


@pytest.mark.parametrize("decks", [1, 6])
def test_an_up_cards_layout_is_the_one_built_at_its_shoe(decks: int) -> None:
    index = hand_index(21)
    before = full_shoe(decks)
    rows = tuple((pair, 1 + gone) for gone in range(5) for pair in (1, 2, 10))
    layout = split_layout(21, rows, before)
    filtered = 0
    for up in range(1, 11):
        shoe = np.array(subtract(before, of_values([up])))
        found = layout.fitting(index, shoe)
        built = node_layout(index, shoe, layout.extras,
                            np.array([np.isin(np.arange(len(index.hard)),
                                              layout.hand[layout.context == row])
                                      for row in range(len(rows))]))
        assert _same(found, built), up
        filtered += found is not layout
    # an ace (a single deck: other cards too) leaves fewer of its kind than some hands of it
    # beside five more gone: those up cards' sets hold fewer nodes, the others share the layout
    assert 0 < filtered < 10


def test_a_layout_serves_no_shoe_larger_than_its_own() -> None:
    layout = split_layout(21, ((8, 1),), subtract(full_shoe(1), of_values([8])))
    with pytest.raises(ValueError, match="within"):
        layout.fitting(hand_index(21), np.array(full_shoe(1)))


def test_kept_dealer_rows_give_each_nodes_own_columns() -> None:
    shoe = full_shoe(6)
    layout = split_layout(21, ((6, 1), (6, 2), (9, 1)), shoe)
    dealer = DealerCache(shoe, True, frozenset({1, 10}))
    nodes = np.arange(0, len(layout.hand), 3)
    for up in (1, 6, 10):
        rows = layout.dealer_rows(dealer, nodes)
        assert np.array_equal(dealer.at(rows, up),
                              dealer.columns(layout.removed[nodes], up))
    computed = dealer._used
    every = np.arange(len(layout.hand))
    again = layout.dealer_rows(dealer, every)
    assert np.array_equal(dealer.at(again, 7), dealer.columns(layout.removed, 7))
    assert np.array_equal(again[nodes], layout.dealer_rows(dealer, nodes))
    assert dealer._used > computed          # the nodes not asked for before were computed
