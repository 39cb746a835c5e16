"""Values of many hands against one up card at once: stand, hit, double and fixed strategies.

The vectorised counterpart of :mod:`hand_values` (``stand``, ``hit``/``best``, ``double``,
``play_fixed``), which values one hand at a time; both must agree
(``tests/engine/test_all_hands.py`` checks them against each other on small shoes). A
*node* is one hand together with its *context*: the cards known gone besides its own (for a
split hand, the other pair card and any further pair cards). Nodes are valued one card count at
a time, most cards first, so the hands one card more are always valued before a hand (a pass
is a handful of vectorised steps: at most six under Six Card Charlie); reachability runs the
other way. Values are numerators in units of the main bet, as in :mod:`hand_values`.

Decisions are coded :data:`STAND`, :data:`HIT` and :data:`DOUBLE`; a double carries the stakes
it leaves (``doubled``), so the same pass values the free double and the paid one. Which hands
take no decision (a Six Card Charlie, a 21 that stands) is looked up in a table built by
asking the rules core (:func:`stands`), not restated here.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from trainer.rules import RuleSet, offers

from .dealer_probabilities import DealerCache
from .hand_index import HandIndex, hand_index
from .hand_layout import NodeLayout, node_layout
from .hand_values import StakeUnits, _outcome_vectors, hole_index

STAND, HIT, DOUBLE = 0, 1, 2


class HandSet:
    """Nodes (context, hand) against one up card, drawn from ``shoe`` (the up card removed).

    ``extras[i]`` is context i's cards known gone; ``masks[i]`` the hands it holds (those that
    do not fit the shoe beside the extra cards are left out). A pass over a set uses only the
    children of hands it hits, so a set need only hold what its strategy can reach. Sets of
    the same hands at shoes that differ by the up card share one ``layout``
    (:mod:`hand_layout`): where the nodes sit and how they link.
    """

    def __init__(self, rules: RuleSet, index: HandIndex, shoe: np.ndarray, up: int,
                 extras: np.ndarray, masks: np.ndarray | None,
                 layout: NodeLayout | None = None) -> None:
        self.rules, self.index, self.up = rules, index, up
        shoe = np.asarray(shoe, dtype=np.int64)
        # the nodes and their links: ``layout`` (built from these extras and masks at a shoe
        # holding as many of each card or more) where given, else built here
        if layout is None:
            assert masks is not None, "a hand set is asked for its hands or given their layout"
            layout = node_layout(index, shoe, extras, masks)
        else:
            layout = layout.fitting(index, shoe)
        self.layout = layout
        self.extras, self.context, self.hand = layout.extras, layout.context, layout.hand
        self._removed, self.steps, self.child = layout.removed, layout.steps, layout.child
        self._position = layout.position
        removed, count = layout.removed, len(layout.hand)
        left = np.subtract(shoe, removed, dtype=np.float64)     # whole numbers: exact
        self._remaining = left @ _ONES      # whole numbers: exact in any order
        self.prob = left / np.maximum(self._remaining, 1.0)[:, None]
        self._hole = hole_index(up) if rules.peek.peeks_on(up) else None
        self._left_hole = None if self._hole is None else left[:, self._hole].copy()
        self.mass = self._mass_after(np.zeros(count))
        #: value of the busts a hit risks, per unit of real stake (negative)
        self._busts = self._bust_terms(slice(None))    # kept: a double asks for its rows
        self.bust_loss = -row_sums(self._busts)
        self.total = index.total[self.hand]
        self.size = index.size[self.hand]
        charlie, stand = stands(rules)
        self.charlie = charlie[self.size, self.total]
        self.settled = stand[self.size, self.total]
        self._net, self._win = _outcomes(rules.push_22)
        self.a = np.zeros(count + 1)          # stand value per unit of real stake
        self.b = np.zeros(count + 1)          # ... and per unit of free stake
        self._ready = np.zeros(count, bool)

    def _mass_after(self, gone_hole: np.ndarray, nodes: slice | np.ndarray = slice(None),
                    drawn: int = 0) -> np.ndarray:
        """P(no dealer blackjack) at ``nodes`` once ``drawn`` more cards are gone, of which
        ``gone_hole`` are hole cards that make blackjack (1 where there is no peek)."""
        if self._left_hole is None:
            return np.ones(np.shape(gone_hole))
        remaining = self._remaining[nodes] - drawn
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(remaining > 0,
                            1.0 - (self._left_hole[nodes] - gone_hole) / remaining, 1.0)

    def _bust_terms(self, nodes: slice | np.ndarray) -> np.ndarray:
        """(nodes x 10): P(card) * P(no dealer blackjack after it) where the card busts."""
        hands = self.hand[nodes]
        terms = self.prob[nodes] * _busts_as_floats(self.index).take(hands, axis=0)
        if self._hole is None:
            return terms
        hole = terms[:, self._hole].copy()       # the hole card drawn: one fewer left
        terms *= self._mass_after(np.zeros(1), nodes, drawn=1)[:, None]
        terms[:, self._hole] = hole * self._mass_after(np.ones(1), nodes, drawn=1)
        return terms

    def __len__(self) -> int:
        return len(self.hand)

    def node(self, context: int, hand: int) -> int:
        """The node of ``hand`` (a hand number) in ``context``; ``len(self)`` if absent."""
        return int(self._position[context * len(self.index.hard) + hand])

    # ----- the dealer -------------------------------------------------------------------------

    def prepare(self, dealer: DealerCache, needed: np.ndarray | None = None) -> None:
        """Stand values of the ``needed`` nodes (default: every node that can stand)."""
        want = ~self.charlie if needed is None else needed[:len(self)] & ~self.charlie
        want &= ~self._ready
        if not want.any():
            return
        nodes = np.nonzero(want)[0]
        if self.layout.kept:        # shared by the round's up cards: rows looked up once
            columns = dealer.at(self.layout.dealer_rows(dealer, nodes), self.up)
        else:
            columns = dealer.columns(self._removed.take(nodes, axis=0), self.up)
        totals = self.total[nodes]
        self.a[nodes] = row_sums(columns * self._net.take(totals, axis=0))
        self.b[nodes] = row_sums(columns * self._win.take(totals, axis=0))
        self._ready |= want

    def stand(self, stakes: StakeUnits) -> np.ndarray:
        """Value of standing, per node."""
        return stakes[0] * self.a[:-1] + stakes[1] * self.b[:-1]

    def _settled_value(self, stakes: StakeUnits, stand: np.ndarray) -> np.ndarray:
        """Value of the nodes that take no decision (21, Charlie); others get ``stand`` (their
        :meth:`stand` values)."""
        return np.where(self.charlie, (stakes[0] + stakes[1]) * self.mass, stand)

    # ----- passes -----------------------------------------------------------------------------

    def optimal(self, stakes: StakeUnits, doubled: np.ndarray | None = None
                ) -> tuple[np.ndarray, np.ndarray]:
        """(hit, best) per node: taking one card then playing best, and the best of hit and
        stand, and of the double where ``doubled`` (per node, the stakes a double leaves;
        negative where none) offers one to a hand reached by hitting. Needs every node's stand
        value and every child present (a closed set)."""
        stand = self.stand(stakes)
        settled = self._settled_value(stakes, stand)
        if doubled is not None:     # a double's value needs no best value: weighed as a stand
            stand = np.maximum(stand, self.double_values(doubled))
        loss = stakes[0] * self.bust_loss
        best = np.zeros(len(self) + 1)
        hit = np.zeros(len(self))
        for lo, hi in reversed(self.steps):
            value = row_sums(self.prob[lo:hi] * best.take(self.child[lo:hi]))
            value += loss[lo:hi]
            hit[lo:hi] = value
            best[lo:hi] = np.where(self.settled[lo:hi], settled[lo:hi],
                                   np.maximum(stand[lo:hi], value))
        return hit, best[:-1]

    def double_parts(self, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(A, B) with the value of doubling ``nodes`` to stakes (r, f) = r * A + f * B."""
        child = self.child[nodes]
        charlie = np.append(self.charlie, False)[child]
        mass = np.append(self.mass, 0.0)[child]
        prob = self.prob[nodes]
        a = prob * np.where(charlie, mass, self.a[child]) - self._busts[nodes]
        b = prob * np.where(charlie, mass, self.b[child])
        return row_sums(a), row_sums(b)

    def double_values(self, doubled: np.ndarray) -> np.ndarray:
        """Per node, the value of the double ``doubled`` (per node, the stakes it leaves)
        offers, -inf where it offers none or the node takes no decision."""
        nodes = np.nonzero((doubled[:, 0] >= 0) & ~self.settled)[0]
        value = np.full(len(self), -np.inf)
        if len(nodes):
            part_a, part_b = self.double_parts(nodes)
            value[nodes] = doubled[nodes, 0] * part_a + doubled[nodes, 1] * part_b
        return value

    def fixed(self, decision: np.ndarray, stakes: StakeUnits,
              doubled: np.ndarray | None = None) -> np.ndarray:
        """Value per node of playing the fixed ``decision`` per node (STAND/HIT/DOUBLE, a double
        leaving ``doubled[node]`` stakes). Exact for that strategy; needs the stand values of
        the nodes it stands on and the children of the nodes it hits (see :func:`reachable`)."""
        stand = self.stand(stakes)
        settled = self._settled_value(stakes, stand)
        doubles = np.nonzero((decision == DOUBLE) & ~self.settled)[0]
        double_value = np.zeros(len(self))
        if len(doubles):
            assert doubled is not None, "a strategy that doubles says the stakes it leaves"
            part_a, part_b = self.double_parts(doubles)
            double_value[doubles] = doubled[doubles, 0] * part_a + doubled[doubles, 1] * part_b
        # what each node's play gives unless it hits: settled, stood or doubled
        hits = ~self.settled & (decision != STAND) & (decision != DOUBLE)
        played = np.where(self.settled, settled,
                          np.where(decision == STAND, stand, double_value))
        loss = stakes[0] * self.bust_loss
        value = np.zeros(len(self) + 1)
        for lo, hi in reversed(self.steps):
            hit = row_sums(self.prob[lo:hi] * value.take(self.child[lo:hi]))
            hit += loss[lo:hi]
            value[lo:hi] = np.where(hits[lo:hi], hit, played[lo:hi])
        return value[:-1]


def _busts_as_floats(index: HandIndex) -> np.ndarray:
    """:attr:`HandIndex.busts` as 1.0 and 0.0 (a product with floats is quicker than with
    booleans, and the same); kept for :func:`hand_index`'s indexes."""
    if index is hand_index(index.max_cards):
        return _kept_busts(index.max_cards)
    return index.busts.astype(np.float64)


@cache
def _kept_busts(max_cards: int) -> np.ndarray:
    """:func:`_busts_as_floats` of ``hand_index(max_cards)``, kept (read-only)."""
    busts = hand_index(max_cards).busts.astype(np.float64)
    busts.flags.writeable = False
    return busts


@cache
def stands(rules: RuleSet) -> tuple[np.ndarray, np.ndarray]:
    """Per card count and best total of an unbusted hand (indexed [cards, total]): whether it
    is a Six Card Charlie, and whether it takes no decision (a Charlie, or a 21 that stands), as
    :func:`trainer.rules.offers.is_charlie` and :func:`~trainer.rules.offers.stands_on` say."""
    charlie = np.zeros((22, 22), bool)
    stand = np.zeros((22, 22), bool)
    for cards in range(1, 22):
        for total in range(22):
            charlie[cards, total] = offers.is_charlie(rules, cards, total)
            stand[cards, total] = offers.stands_on(rules, cards, total)
    return charlie, stand


@cache
def _outcomes(push_22: bool) -> tuple[np.ndarray, np.ndarray]:
    """Per player total 0..21, the net and win indicator per dealer column, as arrays."""
    vectors = _outcome_vectors(push_22)
    return (np.array([vectors[max(t, 4)][0] for t in range(22)]),
            np.array([vectors[max(t, 4)][1] for t in range(22)]))


_ONES = np.ones(10)

_ADD = np.add.reduce

#: Rows from which :func:`row_sums` adds whole columns (on fewer, numpy's own sum is quicker).
COLUMNWISE_ROWS = 256


def row_sums(x: np.ndarray) -> np.ndarray:
    """``x.sum(axis=1)`` of a C-ordered float array, bit for bit, quicker on many rows.

    Numpy sums a row of 8 to 15 values into a zero, the first eight pairwise and the rest in
    turn; on a row of ten that per-row loop costs more than the adds, so many rows are summed
    here a column at a time in that same order (``tests/engine/test_row_sums.py`` holds numpy
    to it). Other widths, and few rows, are numpy's own sum."""
    rows, width = x.shape
    if rows < COLUMNWISE_ROWS or not 8 <= width < 16 or not x.flags.c_contiguous:
        return _ADD(x, axis=1)          # ``x.sum(axis=1)`` itself, without its wrappers
    c = x.T
    total = ((c[0] + c[1]) + (c[2] + c[3])) + ((c[4] + c[5]) + (c[6] + c[7]))
    for column in range(8, width):
        total += c[column]
    total += 0.0            # numpy's zero start: a sum of negative zeros is +0.0
    return total


def choose(options: list[np.ndarray | None]) -> np.ndarray:
    """Per node, the code (list position) of the highest option, the first on a tie; a None
    option (not offered) is never chosen."""
    first = options[0]
    assert first is not None, "the first option is always offered"
    best = first.copy()
    choice = np.zeros(len(best), dtype=np.int64)
    for code, option in enumerate(options[1:], start=1):
        if option is None:
            continue
        better = option > best
        choice[better] = code
        best = np.where(better, option, best)
    return choice


def reachable(index: HandIndex, decisions: np.ndarray, starts: np.ndarray,
              settled: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``decisions`` (rows x hand numbers), the hands play starting at the hand
    ``starts[row]`` can reach, and those among them whose stand value it needs (it stands, it
    holds 21, or a double dealt it); ``settled`` marks the hands that take no decision.

    Walked one card at a time: every hand a step reaches holds one card more than the hands it
    came from, so a step is one vectorised pass over all rows (at most ``index.max_cards``)."""
    rows, count = decisions.shape
    flat = decisions.ravel()
    reached = np.zeros(rows * count, bool)
    needed = np.zeros(rows * count, bool)
    level = np.flatnonzero(_marked(rows * count, np.arange(rows) * count + np.asarray(starts)))
    child = _far_children(index)
    while len(level):
        reached[level] = True
        hand = level % count
        base = level - hand                 # the row's first position
        choice = flat[level]
        open_ = ~settled[hand]
        needed[level[~open_ | (choice == STAND)]] = True
        children = child[hand] + base[:, None]      # negative where there is no such hand
        doubles = children[open_ & (choice == DOUBLE)]
        needed[doubles[doubles >= 0]] = True
        hits = children[open_ & (choice == HIT)]
        level = np.flatnonzero(_marked(rows * count, hits[hits >= 0]))
    return (reached | needed).reshape(rows, count), needed.reshape(rows, count)


def _far_children(index: HandIndex) -> np.ndarray:
    """``index.child`` with each missing hand far below zero, so that it stays negative
    wherever a row's first position is added (kept for :func:`hand_index`'s indexes)."""
    if index is hand_index(index.max_cards):
        return _kept_far_children(index.max_cards)
    return _far_below_zero(index.child)


@cache
def _kept_far_children(max_cards: int) -> np.ndarray:
    """:func:`_far_children` of ``hand_index(max_cards)``, kept (read-only)."""
    far = _far_below_zero(hand_index(max_cards).child)
    far.flags.writeable = False
    return far


def _far_below_zero(child: np.ndarray) -> np.ndarray:
    """``child`` with each negative (missing) entry far below zero."""
    return np.where(child < 0, -(2 ** 62), child)


def _marked(count: int, positions: np.ndarray) -> np.ndarray:
    """A mask of ``count`` with ``positions`` set (each once, however often it is named)."""
    mask = np.zeros(count, bool)
    mask[positions] = True
    return mask
