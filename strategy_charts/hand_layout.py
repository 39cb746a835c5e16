"""Where a hand set's nodes sit and how they link: built once, shared by the up cards of a round.

A node of :class:`~all_hands.HandSet` is one hand with its context (the cards known gone besides
its own). Which nodes a set holds, in what order, the cards gone at each, the steps of its passes
and each node's children depend on the hands and contexts asked for and on which of them the
shoe can deal, not on the shoe's other counts. A round's ten up cards ask for the same split
hands (every hand holding the pair card, per count of pair cards gone) from shoes that differ by
the up card alone: the layout is built once from the shoe before the up card, and each up card's
set checks only the counts its shoe holds fewer of (:meth:`NodeLayout.fitting`), the same nodes
in the same order as a layout built for its own shoe.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

from .hand_index import HandIndex, hand_index

if TYPE_CHECKING:
    from .dealer_probabilities import DealerCache

_ONES = np.ones(10)


def count_true(marks: np.ndarray) -> np.ndarray:
    """Per row of a (rows x 10) boolean array, how many are true (as floats, exact): one
    matrix product, not numpy's per-row reduction loop."""
    return marks @ _ONES


@dataclass(frozen=True, eq=False)
class NodeLayout:
    """The nodes (context, hand) of a hand set whose hands fit ``shoe``."""

    shoe: np.ndarray        # the shoe every node fits (the up card removed, or not yet)
    extras: np.ndarray      # (contexts x 10): each context's cards known gone
    context: np.ndarray     # per node, by card count, then hand number, then context
    hand: np.ndarray
    removed: np.ndarray     # (nodes x 10): the cards gone at each node
    steps: tuple[tuple[int, int], ...]      # the node range of each card count
    position: np.ndarray    # context * hand numbers + hand -> node (absent: the node count)
    child: np.ndarray       # (nodes x 10): the node one card more (absent: the node count)
    #: kept for sets at other shoes (:func:`kept_layout`): its arrays read-only, each node's
    #: dealer row remembered (:meth:`dealer_rows`)
    kept: bool = False
    #: the dealer cache last asked (weakly) and each node's row there (-1: not looked up yet)
    _rows: list[tuple[weakref.ref[DealerCache], np.ndarray]] = field(
        default_factory=list, repr=False)

    def dealer_rows(self, dealer: DealerCache, nodes: np.ndarray) -> np.ndarray:
        """Where ``dealer`` keeps the columns of each of ``nodes``' shoes
        (:meth:`DealerCache.rows`): each node looked up once while the same dealer cache is
        asked, so a round's other up cards find their rows here."""
        # (read once: a set built in another thread may put another cache's rows in its place)
        slot = self._rows[0] if self._rows else None
        if slot is None or slot[0]() is not dealer:
            slot = (weakref.ref(dealer), np.full(len(self.hand), -1, dtype=np.intp))
            self._rows[:] = [slot]
        known = slot[1]
        rows = known.take(nodes)
        missing = np.flatnonzero(rows < 0)
        if len(missing):
            wanted = nodes.take(missing)
            rows[missing] = known[wanted] = dealer.rows(self.removed.take(wanted, axis=0))
        return rows

    def fitting(self, index: HandIndex, shoe: np.ndarray) -> NodeLayout:
        """This layout for ``shoe``, which holds no more of any card than :attr:`shoe`: itself
        where every node fits it, else the nodes that do (as :func:`node_layout` would give)."""
        short = np.flatnonzero(shoe < self.shoe)
        if (shoe > self.shoe).any():
            raise ValueError("a layout serves only shoes within the one it was built for")
        if not len(short):
            return self
        fits = (self.removed[:, short] <= shoe[short]).all(axis=1)
        if fits.all():
            return self
        return _linked(index, shoe, self.extras, self.context[fits], self.hand[fits],
                       self.removed[fits])


def kept_layout(index: HandIndex, shoe: np.ndarray, extras: np.ndarray,
                masks: np.ndarray) -> NodeLayout:
    """:func:`node_layout`, to be kept and shared by sets at shoes within ``shoe``: its
    arrays read-only (copies of those given), its dealer rows remembered."""
    found = node_layout(index, np.array(shoe), np.array(extras), masks)
    for array in (found.shoe, found.extras, found.context, found.hand, found.removed,
                  found.position, found.child):
        array.flags.writeable = False
    return replace(found, kept=True)


def node_layout(index: HandIndex, shoe: np.ndarray, extras: np.ndarray,
                masks: np.ndarray) -> NodeLayout:
    """The nodes ``masks`` (contexts x hand numbers) asks for whose cards, with context i's
    ``extras[i]``, ``shoe`` holds."""
    extras = np.asarray(extras, dtype=np.int64).reshape(-1, 10)
    shoe = np.asarray(shoe, dtype=np.int64)
    context, hand = _nodes(index, np.asarray(masks, dtype=bool))
    # (``take`` gathers rows several times quicker than fancy indexing, same values)
    removed = index.comps.take(hand, axis=0)        # the cards gone at each node
    removed += extras.take(context, axis=0)
    fits = count_true(removed > shoe) == 0
    if not fits.all():        # (the arrays are large: copied only when some do not fit)
        context, hand, removed = context[fits], hand[fits], removed[fits]
    return _linked(index, shoe, extras, context, hand, removed)


def _linked(index: HandIndex, shoe: np.ndarray, extras: np.ndarray, context: np.ndarray,
            hand: np.ndarray, removed: np.ndarray) -> NodeLayout:
    """The layout of these nodes: their steps, positions and children."""
    hands_count = len(index.hard)
    count = len(hand)
    sizes = index.size[hand]
    bounds = np.searchsorted(sizes, np.arange(index.max_cards + 2))
    steps = tuple((int(lo), int(hi)) for lo, hi in pairwise(bounds) if hi > lo)
    position = np.full(len(extras) * hands_count + 1, count, dtype=np.intp)
    position[context * hands_count + hand] = np.arange(count)
    children = index.child.take(hand, axis=0)
    absent = children < 0
    children += (context * hands_count)[:, None]
    children[absent] = len(position) - 1
    child = position.take(children)
    return NodeLayout(shoe, extras, context, hand, removed, steps, position, child)


def _nodes(index: HandIndex, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(context, hand number) of each node ``masks`` (contexts x hand numbers) holds, by card
    count, then hand number, then context."""
    contexts = len(masks)
    if contexts and index is hand_index(index.max_cards) and (masks == masks[0]).all():
        # one set of hands in every context (a live hand's, a split's): no sort needed
        by_size = _by_size(index.max_cards)
        hands = by_size[np.flatnonzero(masks[0][by_size])]
        return (np.tile(np.arange(contexts), len(hands)),
                np.repeat(hands, contexts))
    context, hand = np.nonzero(masks)
    order = np.lexsort((hand, index.size[hand]))
    return context[order], hand[order]


@cache
def _by_size(max_cards: int) -> np.ndarray:
    """The hand numbers of ``hand_index(max_cards)`` by card count, then by number (kept,
    read-only)."""
    order = np.argsort(hand_index(max_cards).size, kind="stable")
    order.flags.writeable = False
    return order
