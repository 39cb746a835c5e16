"""Exact probabilities of the dealer's final hand, for many shoes and every up card at once.

A dealer hand is a sequence of cards, the up card first. From a shoe ``R`` of ``N`` cards its
probability is ``prod_c ff(R_c, m_c) / ff(N, k)`` (``ff`` the falling factorial, ``m_c`` how many
cards of value c it holds, ``k`` how many in all): it depends only on the multiset of its cards.
So the multisets at which the dealer still draws form a tree (each is its parent plus one card),
and one pass down that tree gives, for a whole batch of shoes at once,
``Q(n) = P(n) / (N - k_n)``: the chance of any one ordering of ``n``, ready for the next draw.

The dealer then finishes by drawing ``c`` with chance ``Q(n) * (R_c - n_c)``, into a column
that depends only on the dealer's total before the draw (its *state*: hard total and whether an
ace is held, or the lone up card). Counting the orderings of ``n`` that start with the up card
``u`` and draw only while the dealer must (``w_u(n)``, fixed per rule set) and writing
``R_c - n_c`` as two terms, each column is

    sum over states s of G(s, column) * sum_{n in s} w_u(n) Q(n)  -  sum_n w_u(n) K(n, column) Q(n)

with ``G(s, column)`` the shoe's count of the cards that finish state ``s`` in that column and
``K(n, column)`` the same count in ``n`` itself: small matrix products, shared by every up card.
Shoes are given before the up card; each up card's columns are divided by P(up card).

Outcome columns: dealer 17, 18, 19, 20, 21, 22, over 22, blackjack. Probabilities are
"numerators": with ``peek`` the hole card is restricted to cards that do not make a blackjack and
nothing is renormalised, so each row sums to P(no dealer blackjack | shoe). This makes player
values E[payoff * 1{no blackjack}], exact, and comparable between actions at any decision.

When the dealer draws and what a total is come from the rules core
(:func:`~trainer.rules.dealer.dealer_draws_on`, :func:`~trainer.rules.hand.soft_total`); the
columns are checked against an exact enumeration of the dealer's draws by the rules core's
``dealer_must_hit`` (``tests/engine/test_dealer_probabilities.py``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

import numpy as np

from trainer.rules.dealer import dealer_draws_on
from trainer.rules.hand import soft_total

from .composition import Composition, with_card

#: Column names of a dealer distribution.
OUTCOMES = ("17", "18", "19", "20", "21", "22", "bust", "blackjack")
COL_22, COL_BUST, COL_BJ = 5, 6, 7
_COLUMNS = len(OUTCOMES)
_CHUNK = 384      # shoes per pass: arrays stay in cache (larger passes ran slower) ...
_PASS_SIZE = _CHUNK * 600   # ... for the tree of every up card (600 nodes); a smaller
#                             tree (one up card's) takes as many more shoes a pass
ALL_UPS = tuple(range(1, 11))


def _without(comp: Composition, index: int) -> Composition:
    """``comp`` with one card fewer at ``index``."""
    return (*comp[:index], comp[index] - 1, *comp[index + 1:])


def _column(total: int, first_draw: bool, peek: bool) -> int | None:
    """The outcome column of a dealer finishing on ``total`` (None: a blackjack peeked away)."""
    if first_draw and total == 21:
        return None if peek else COL_BJ
    if total > 22:
        return COL_BUST
    return COL_22 if total == 22 else total - 17


@dataclass(frozen=True)
class DealerTree:
    """The multisets at which a dealer (up card included) still draws, for some up cards."""

    ups: tuple[int, ...]
    steps: tuple[tuple[int, int], ...]  # node ranges of one hard total each, lowest first
    parent: np.ndarray        # node -> its parent node (lone up cards: the root, row -1)
    card: np.ndarray          # node -> the card index its parent drew (lone up cards: the up)
    had: np.ndarray           # node -> how many of that card the parent held
    draw: np.ndarray          # node -> its row of ``draws``
    draws: np.ndarray         # (rows, 2): each (card, had) some node is drawn with, once
    size: np.ndarray          # node -> how many cards it holds
    state_bounds: np.ndarray  # node ranges, one per state
    orderings: np.ndarray     # (ups, nodes): w_u(n)
    finishing: np.ndarray     # (10, states * columns): 1 where the card finishes the state there
    corrections: np.ndarray   # (ups * columns, nodes): w_u(n) * K(n, column)


@cache
def dealer_tree(hits_soft_17: bool, peek_ups: frozenset[int],
                ups: tuple[int, ...] = ALL_UPS) -> DealerTree:
    """The tree for these up cards (cached per rule combination); ``peek_ups`` are the up cards
    on which the dealer peeks, so their blackjacks are left out."""
    orderings: dict[Composition, dict[int, int]] = {}
    hards: dict[Composition, int] = {}
    for u in ups:
        start = tuple(int(i == u - 1) for i in range(10))
        orderings[start], hards[start] = {u: 1}, u
    level = list(orderings)
    while level:
        found: dict[Composition, dict[int, int]] = {}
        for node in level:
            for c in range(1, 11):
                child = with_card(node, c)
                hard = hards[node] + c
                if child in found or not dealer_draws_on(*soft_total(hard, child[0] > 0),
                                                         hits_soft_17):
                    continue
                counts: dict[int, int] = {}
                for last in range(10):     # w_u(child): orderings by the card drawn last
                    if child[last]:
                        for u, w in orderings.get(_without(child, last), {}).items():
                            counts[u] = counts.get(u, 0) + w
                found[child], hards[child] = counts, hard
        orderings.update(found)
        level = list(found)
    # Nodes in order of (hard total, ace held, lone up card): a parent has a lower hard total,
    # so each hard total is one vectorised step, and every state is one contiguous range.
    keys = {n: (hards[n], n[0] > 0, hards[n] if sum(n) == 1 else 0) for n in orderings}
    nodes = sorted(orderings, key=lambda n: (keys[n], n))
    index = {n: i for i, n in enumerate(nodes)}
    parent = np.zeros(len(nodes), dtype=np.intp)
    card = np.zeros(len(nodes), dtype=np.intp)
    had = np.zeros(len(nodes), dtype=np.intp)
    for i, n in enumerate(nodes):
        if sum(n) == 1:           # a lone up card hangs from the root, the extra last row
            card[i], parent[i] = n.index(1), len(nodes)
            continue
        c = next(c for c in range(10) if n[c] and _without(n, c) in index)
        parent[i], card[i], had[i] = index[_without(n, c)], c, n[c] - 1
    draws, draw = np.unique(np.stack([card, had], axis=1), axis=0, return_inverse=True)
    draw = draw.reshape(-1)          # one row number per node, whatever shape numpy gives
    keys_list = [keys[n] for n in nodes]
    hard_list = np.array([k[0] for k in keys_list])
    bounds = np.searchsorted(hard_list, np.arange(hard_list.max() + 2))
    steps = tuple((int(lo), int(hi)) for lo, hi in pairwise(bounds) if hi > lo)
    states = sorted(set(keys_list))
    number = {k: i for i, k in enumerate(states)}
    state_bounds = np.searchsorted(
        np.array([number[k] for k in keys_list]), np.arange(len(states) + 1))
    finishing = np.zeros((len(states), _COLUMNS, 10))
    for s, (hard, ace, up) in enumerate(states):
        for c in range(1, 11):
            total, soft = soft_total(hard + c, ace or c == 1)
            if dealer_draws_on(total, soft, hits_soft_17):
                continue
            column = _column(total, up > 0, up in peek_ups)
            if column is not None:
                finishing[s, column, c - 1] = 1.0
    node_state = np.repeat(np.arange(len(states)), np.diff(state_bounds))
    weights = np.array([[orderings[n].get(u, 0) for u in ups] for n in nodes], dtype=float)
    own = np.einsum("nkc,nc->nk", finishing[node_state], np.array(nodes, dtype=float))
    corrections = (weights[:, :, None] * own[:, None, :]).reshape(len(nodes), -1).T
    return DealerTree(
        ups=ups, steps=steps, parent=parent, card=card, had=had, draw=draw, draws=draws,
        size=np.array([sum(n) for n in nodes]), state_bounds=state_bounds,
        orderings=np.ascontiguousarray(weights.T),
        finishing=np.ascontiguousarray(finishing.reshape(-1, 10).T),
        corrections=np.ascontiguousarray(corrections))


def dealer_columns(tree: DealerTree, shoes: np.ndarray,
                   out: np.ndarray | None = None) -> np.ndarray:
    """Outcome columns (shoes x up cards x 8) for shoes given *before* the up card is dealt:
    row ``[i, j]`` is the dealer's distribution once ``tree.ups[j]`` is dealt from ``shoes[i]``
    (zero where the shoe holds no such card). Written into ``out`` when given."""
    shoes = np.asarray(shoes, dtype=np.float64).reshape(-1, 10)
    if out is None:
        out = np.empty((len(shoes), len(tree.ups), _COLUMNS))
    step = max(_CHUNK, _PASS_SIZE // len(tree.card))
    for start in range(0, len(shoes), step):
        chunk = shoes[start:start + step]
        out[start:start + len(chunk)] = _columns(tree, np.ascontiguousarray(chunk.T))
    return out


#: Each thread's scratch arrays for :func:`_columns`, kept between passes: a pass's arrays run
#: to megabytes, and allocated afresh each time they cost more in page faults (the memory
#: handed back to the system and asked for again) than the pass itself computes.
_SCRATCH = threading.local()


def _scratch(name: str, rows: int, size: int) -> np.ndarray:
    """This thread's scratch array ``name`` as ``rows`` x ``size`` (its values are garbage)."""
    kept: np.ndarray | None = getattr(_SCRATCH, name, None)
    if kept is None or kept.size < rows * size:
        kept = np.empty(max(rows * size, 2 * (0 if kept is None else kept.size)))
        setattr(_SCRATCH, name, kept)
    return kept[:rows * size].reshape(rows, size)


def _columns(tree: DealerTree, shoe: np.ndarray) -> np.ndarray:
    """:func:`dealer_columns` for one chunk, shoes as columns (10 x S, C-contiguous)."""
    size = shoe.shape[1]
    n = shoe.sum(axis=0)
    after = n[None, :] - np.arange(1, tree.size.max() + 1)[:, None]    # cards left to draw
    inverse = np.divide(1.0, after, out=np.zeros_like(after), where=after > 0)
    q = _scratch("q", len(tree.card) + 1, size)
    q[-1] = 1.0 / np.where(n > 0, n, 1.0)        # the root: a lone up card's parent
    left = shoe.take(tree.draws[:, 0], axis=0, out=_scratch("left", len(tree.draws), size),
                     mode="clip")
    left -= tree.draws[:, 1, None]                # R_c - n_c, per (c, n_c)
    factor = _scratch("factor", len(tree.card), size)
    parents = _scratch("parents", len(tree.card), size)
    drawn = tree.size - 1
    for first, stop in tree.steps:    # each node from its parent, an earlier row (or the root)
        rows, part, parent = q[first:stop], factor[:stop - first], parents[:stop - first]
        # gathered into scratch apart from q: numpy copies a take's ``out`` twice more when it
        # shares memory with the array taken from
        q.take(tree.parent[first:stop], axis=0, out=parent, mode="clip")
        np.multiply(parent, left.take(tree.draw[first:stop], axis=0, out=part, mode="clip"),
                    out=rows)
        rows *= inverse.take(drawn[first:stop], axis=0, out=part, mode="clip")
    q = q[:-1]
    ups = len(tree.ups)
    states = len(tree.state_bounds) - 1
    sums = np.empty((states, ups, size))
    for s in range(states):           # nodes are in state order: one range per state
        lo, hi = tree.state_bounds[s], tree.state_bounds[s + 1]
        np.matmul(tree.orderings[:, lo:hi], q[lo:hi], out=sums[s])
    counts = np.matmul(shoe.T, tree.finishing, out=_scratch("counts", size, states * _COLUMNS))
    result = np.matmul(np.ascontiguousarray(sums.transpose(2, 1, 0)),
                       counts.reshape(size, states, _COLUMNS))                # (S, ups, cols)
    result -= (tree.corrections @ q).reshape(ups, _COLUMNS, size).transpose(2, 0, 1)
    up_counts = shoe[[u - 1 for u in tree.ups]].T          # (S, ups)
    scale = np.divide(n[:, None], up_counts, out=np.zeros_like(up_counts),
                      where=up_counts > 0)
    return result * scale[:, :, None]


def dealer_table(up: int, hits_soft_17: bool, peek: bool,
                 shoes: list[Composition]) -> dict[Composition, np.ndarray]:
    """Outcome probabilities for each shoe in ``shoes`` (compositions with the up card removed)."""
    if not shoes:
        return {}
    tree = dealer_tree(hits_soft_17, frozenset({up} if peek else ()), (up,))
    before = np.array(shoes, dtype=np.float64)
    before[:, up - 1] += 1
    probs = dealer_columns(tree, before)[:, 0]
    return {shoe: probs[i] for i, shoe in enumerate(shoes)}


class DealerCache:
    """Dealer columns of every up card for the shoes ``base - removal``, each computed once.

    A removal is a composition that fits ``base`` (player cards and other cards known gone);
    it is numbered by a mixed radix so batches of removals are looked up as arrays. A removal
    asked for by one up card is computed for all of ``ups``, so other up cards find it ready.
    """

    def __init__(self, base: Composition, hits_soft_17: bool, peek_ups: frozenset[int],
                 ups: tuple[int, ...] = ALL_UPS) -> None:
        self.base = np.array(base, dtype=np.int64)
        self.ups = ups
        radix = [int(x) + 1 for x in base]
        places = [1]
        for r in radix[:-1]:
            places.append(places[-1] * r)
        if places[-1] * radix[-1] >= 2 ** 62:
            raise ValueError(f"the shoe {base} is too large to number its removals")
        self.places = np.array(places, dtype=np.int64)
        self.tree = dealer_tree(hits_soft_17, peek_ups, ups)
        self._codes = np.empty(0, dtype=np.int64)    # sorted
        self._rows = np.empty(0, dtype=np.intp)      # buffer row of each sorted code
        # (up cards x rows x columns): an up card's rows side by side, gathered quicker
        self._buffer = np.empty((len(ups), 0, _COLUMNS))
        self._used = 0

    def codes(self, removals: np.ndarray) -> np.ndarray:
        """The numbers of ``removals`` (n x 10 counts)."""
        return np.asarray(removals, dtype=np.int64) @ self.places

    def columns(self, removals: np.ndarray, up: int) -> np.ndarray:
        """Outcome columns (n x 8) against ``up`` for the shoes ``base - removal - up``."""
        return self.at(self.rows(removals), up)

    def at(self, rows: np.ndarray, up: int) -> np.ndarray:
        """Outcome columns (n x 8) against ``up`` of the shoes at ``rows`` (:meth:`rows`)."""
        return self._buffer[self.ups.index(up)].take(rows, axis=0)

    def rows(self, removals: np.ndarray) -> np.ndarray:
        """Where the columns of each shoe ``base - removal`` are kept (computed now for
        those not yet kept): a row of :meth:`at`, the same for the cache's lifetime."""
        removals = np.asarray(removals, dtype=np.int64).reshape(-1, 10)
        # each distinct removal looked up once, in order (sorted look-ups are the quick ones)
        codes, first, inverse = np.unique(self.codes(removals), return_index=True,
                                          return_inverse=True)
        rows = np.empty(len(codes), dtype=np.intp)
        known = np.zeros(len(codes), dtype=bool)
        if self._used:
            at = np.searchsorted(self._codes, codes)
            inside = at < len(self._codes)
            known[inside] = self._codes[at[inside]] == codes[inside]
            rows[known] = self._rows[at[known]]
        if not known.all():
            new = np.flatnonzero(~known)
            rows[new] = np.arange(self._used, self._used + len(new))
            self._compute(codes[new], removals.take(first[new], axis=0))
        return rows.take(inverse.reshape(-1))

    def _compute(self, new_codes: np.ndarray, removals: np.ndarray) -> None:
        """Columns of the shoes ``base - removals`` (numbered ``new_codes``, sorted, none kept
        yet), computed in that order as one batch and kept."""
        shoes = self.base - removals
        needed = self._used + len(new_codes)
        if needed > self._buffer.shape[1]:
            grown = np.empty((len(self.ups), max(needed, self._buffer.shape[1] * 3 // 2),
                              _COLUMNS))
            grown[:, :self._used] = self._buffer[:, :self._used]
            self._buffer = grown
        dealer_columns(self.tree, shoes,
                       self._buffer[:, self._used:needed].transpose(1, 0, 2))
        if not self._used:
            self._codes, self._rows, self._used = new_codes, np.arange(needed), needed
            return
        codes_all = np.concatenate([self._codes, new_codes])
        rows_all = np.concatenate([self._rows, np.arange(self._used, needed)])
        order = np.argsort(codes_all, kind="stable")
        self._codes, self._rows = codes_all[order], rows_all[order]
        self._used = needed
