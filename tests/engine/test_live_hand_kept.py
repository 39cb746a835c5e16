"""What a live hand keeps for the process, or takes by a shorter road, is what it computed before.

The live grade (:func:`strategy_charts.up_card.live_hand`) keeps a few arrays per rule set and
orders a hand set's nodes without a sort when every context holds the same hands; each must be
exactly what the longer road gives (the values themselves are pinned in
``test_live_hand_pinned.py``).
"""

from __future__ import annotations

import numpy as np
import pytest

from strategy_charts.all_hands import _far_children
from strategy_charts.composition import of_values
from strategy_charts.hand_index import hand_index
from strategy_charts.hand_layout import _nodes
from strategy_charts.up_card import holding


def _sorted_nodes(masks: np.ndarray, size: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The nodes by card count, then hand number, then context: a plain sort."""
    context, hand = np.nonzero(masks)
    order = np.lexsort((context, hand, size[hand]))
    return context[order], hand[order]


@pytest.mark.parametrize("contexts", [1, 2, 5])
@pytest.mark.parametrize("same_rows", [True, False])
def test_nodes_come_in_the_order_a_sort_gives(contexts: int, same_rows: bool) -> None:
    index = hand_index(21)
    rng = np.random.default_rng(contexts)
    masks = rng.random((contexts, len(index.hard))) < 0.2
    if same_rows:
        masks[:] = masks[0]
    found = _nodes(index, masks)
    expected = _sorted_nodes(masks, index.size)
    assert all(np.array_equal(a, b) for a, b in zip(found, expected, strict=True))


def test_kept_children_stay_negative_where_no_hand_is() -> None:
    index = hand_index(21)
    far = _far_children(index)
    assert np.array_equal(far >= 0, index.child >= 0)
    assert np.array_equal(far[index.child >= 0], index.child[index.child >= 0])
    assert (far[index.child < 0] + 100 * len(index.hard) < 0).all()
    assert not far.flags.writeable


@pytest.mark.parametrize("within", [None, of_values([6]), of_values([6, 6]), of_values([10, 1])])
def test_the_kept_mask_holds_the_hands_holding_those_cards(within: tuple[int, ...] | None
                                                           ) -> None:
    index = hand_index(21)
    mask = holding(21, within)
    assert mask.shape == (1, len(index.hard)) and not mask.flags.writeable
    for number, counts in enumerate(index.comps):
        holds = int(counts.sum()) >= 2 and (
            within is None or all(counts[c] >= within[c] for c in range(10)))
        assert mask[0, number] == holds, (number, counts)
