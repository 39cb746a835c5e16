"""The engine's numbered hands carry the rules core's totals: every hand's best total, softness,
size and busting cards equal what trainer.rules.hand says of the same cards."""

from __future__ import annotations

import pytest

from strategy_charts.composition import total
from strategy_charts.hand_index import hand_index
from trainer.rules import hand_total


@pytest.mark.parametrize("max_cards", [6, 21])
def test_every_hand_has_the_cores_total(max_cards: int) -> None:
    index = hand_index(max_cards)
    for number, comp in enumerate(index.comps.tolist()):
        cards = [v for v in range(1, 11) for _ in range(comp[v - 1])]
        best, soft = hand_total(cards)
        assert (index.total[number], bool(index.soft[number])) == (best, soft), cards
        assert total(tuple(comp)) == (best, soft)
        assert index.size[number] == len(cards)
        assert list(index.busts[number]) == [hand_total([*cards, v])[0] > 21
                                             for v in range(1, 11)]
