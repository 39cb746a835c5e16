"""The linear estimate's means by count, exactly: what :class:`.controls.Expected` holds, by
enumeration over every depth and running count instead of a sample of shoes.

At a depth of ``m`` cards gone the gone cards are a uniform draw of ``m`` from the shoe, and the
round's deal and hole card are the next four cards. By exchangeability, the chance of a deal
``D`` (up card, the player's two) with hole card ``h`` times any function ``g`` of the shoe
before the deal is ``P(D, h from the full shoe) x E[g]`` over draws of ``m`` cards from the shoe
less ``D`` and ``h``. The linear estimate is linear in the cards gone of each value, so only
their means are needed, at each depth and running count of the cards gone: grouping values by
tag (a *class*, as :class:`.shoes.CountLattice` does), a draw holds ``k`` cards of a class
``c`` with mean ``n_c x T'(m - 1, rc - tag_c) / T(m, rc)`` (``T``: the ways to draw ``m`` cards
with tags summing to ``rc``; ``T'``: the same from the shoe with one card of ``c`` fewer), and a
value's share of its class is its share of the class's cards. Every table is the full shoe's
with a few cards taken out again, one card at a time (forward in the depth for the first half,
backward from the whole shoe for the rest, so no error grows); the classes of the four cards
taken out, and the class of the one more, are all that matter, so the tables are shared by
every deal alike. Rounds start at every depth before the cut card alike, as the lab's shares
say; a deal is met where the dealer peeks only with a hole card that makes no blackjack.
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from .controls import Expected, Linear
from .scales import Scale
from .systems import CARDS_PER_DECK, CountSystem
from .values import DEALS

_BJ_HOLE = {1: 10, 10: 1}        # the up card: the hole card that makes a blackjack


class Tables:
    """Normalised draw tables of one count in one shoe: ``P[m, rc]``, the chance that ``m``
    cards drawn from the shoe have tags summing to ``rc`` (table units, from ``low``), for the
    shoe with any few cards (by class) taken out."""

    def __init__(self, sizes: tuple[int, ...], tags: tuple[int, ...]) -> None:
        self.sizes, self.tags = sizes, tags
        self.cards = sum(sizes)
        self.low = sum(min(t, 0) * n for t, n in zip(tags, sizes, strict=True))
        high = sum(max(t, 0) * n for t, n in zip(tags, sizes, strict=True))
        self.width = high - self.low + 1
        table = np.zeros((self.cards + 1, self.width))
        table[0, -self.low] = 1.0
        for tag, size in zip(tags, sizes, strict=True):
            new = np.zeros_like(table)
            for k in range(size + 1):
                shift = tag * k
                lo, hi = max(0, -shift), min(self.width, self.width - shift)
                new[k:, lo + shift:hi + shift] += (math.comb(size, k)
                                                   * table[:self.cards + 1 - k, lo:hi])
            table = new
        totals = np.array([float(math.comb(self.cards, m)) for m in range(self.cards + 1)])
        self.full = table / totals[:, None]
        self._less: dict[tuple[int, ...], np.ndarray] = {(): self.full}
        self.prepare([(c,) for c in range(len(sizes)) if sizes[c]])

    def less(self, removed: tuple[int, ...]) -> np.ndarray:
        """The table of the shoe without one card of each class in ``removed``."""
        key = tuple(sorted(removed))
        if key not in self._less:
            self.prepare([key])
        return self._less[key]

    def prepare(self, keys: list[tuple[int, ...]]) -> None:
        """Work out the tables of these removals (sorted class tuples) and all they come from,
        a number of cards at a time and a class at a time, many tables in one pass."""
        wanted = {tuple(sorted(k)) for k in keys}
        levels: dict[int, set[tuple[int, ...]]] = {}
        for key in wanted:
            for n in range(1, len(key) + 1):
                levels.setdefault(n, set()).add(key[:n])
        for n in sorted(levels):
            todo = sorted(k for k in levels[n] if k not in self._less)
            for last in sorted({k[-1] for k in todo}):
                group = [k for k in todo if k[-1] == last]
                parents = np.stack([self._less[k[:-1]] for k in group], axis=1)
                found = _without(parents, self.cards - n + 1, self.tags[last])
                for i, k in enumerate(group):
                    self._less[k] = np.ascontiguousarray(found[:, i])


def _without(tables: np.ndarray, cards: int, tag: int) -> np.ndarray:
    """The normalised tables (stacked: depth x tables x count) of shoes of ``cards`` cards less
    one card of tag ``tag``, from the shoes' own: ways(m, x) = ways'(m, x) + ways'(m - 1, x -
    tag), solved forward in m up to half the shoe and backward from the whole shoe above (each
    step's factor stays under 1, so no error grows)."""
    width = tables.shape[2]
    out = np.zeros((cards, tables.shape[1], width))
    half = cards // 2

    def shifted(rows: np.ndarray, by: int) -> np.ndarray:
        if by == 0:
            return rows
        moved = np.zeros_like(rows)
        if by > 0:
            moved[:, by:] = rows[:, :width - by]
        else:
            moved[:, :by] = rows[:, -by:]
        return moved

    out[0] = tables[0]
    for m in range(1, half + 1):
        out[m] = (cards * tables[m] - m * shifted(out[m - 1], tag)) / (cards - m)
    out[cards - 1] = shifted(tables[cards], -tag)
    for m in range(cards - 1, half + 1, -1):
        out[m - 1] = (cards * shifted(tables[m], -tag) - (cards - m) * shifted(out[m], -tag)) / m
    return np.maximum(out, 0.0)


@cache
def _classes(tags: tuple[float, ...], whole: int) -> tuple[tuple[int, ...], np.ndarray]:
    """The classes' tags (table units, ascending) and each value's class."""
    units = [round(t * whole) for t in tags]
    order = sorted(set(units))
    return tuple(order), np.array([order.index(u) for u in units])


def exact_expected(linear: Linear, count: CountSystem, scale: Scale, penetration: float,
                   peek_ups: frozenset[int]) -> Expected:
    """:class:`.controls.Expected` of ``count`` on ``scale``, exactly (module docstring)."""
    cards = linear.cards
    decks = cards // CARDS_PER_DECK
    full = np.array([4.0 * decks] * 9 + [16.0 * decks])
    whole = count.whole
    tags, value_class = _classes(tuple(count.tags), whole)
    sizes = tuple(int(full[value_class == c].sum()) for c in range(len(tags)))
    tables = Tables(sizes, tags)
    cut = max(1, min(cards - 1, round(cards * penetration)))
    depth = np.arange(cut)
    left = cards - depth
    scaled = (cards - 1) / (left - 1)                     # the linear estimate's scale
    running = (np.arange(tables.width) + tables.low) / whole
    bins = len(scale.bins)
    reach = np.zeros((len(DEALS), bins))
    excess = np.zeros((len(DEALS), bins, 10))

    places: dict[float, np.ndarray] = {}

    def binned(table: np.ndarray, factor: np.ndarray, seen: float, unseen: np.ndarray,
               shift: int = 0) -> np.ndarray:
        """Sum over depths (weights ``factor``) and counts of ``table`` (rows: depth - shift,
        columns: the running count, moved by ``shift`` cards of nothing) by bin."""
        rows = table[depth - shift] if shift else table[:cut]
        if seen not in places:       # every decision sees the same unseen cards at a depth
            places[seen] = (scale.bin_of(running[None, :] + seen, unseen[:, None])
                            - scale.low).ravel()
        where = places[seen]
        weights = rows * factor[:, None]
        if shift:
            weights[depth < shift] = 0.0
        return np.bincount(where, weights.ravel(), bins)

    needed = []
    for up, a, b in DEALS:
        for hole in range(1, 11):
            removed = tuple(sorted(int(value_class[v - 1]) for v in (up, a, b, hole)))
            needed.append(removed)
            needed.extend(tuple(sorted((*removed, c))) for c in range(len(tags))
                          if sizes[c] - removed.count(c) > 0)
    tables.prepare(needed)
    parts: dict[tuple[tuple[int, ...], float], tuple[np.ndarray, ...]] = {}
    for j, (up, a, b) in enumerate(DEALS):
        dealt = [up, a, b]
        seen = float(sum(count.tags[v - 1] for v in dealt))
        start = full.copy()
        for v in dealt:
            start[v - 1] -= 1
        if (start < 0).any():
            continue
        chance = (full[up - 1] / cards) * ((full[a - 1] - (a == up)) / (cards - 1)) \
            * ((full[b - 1] - (b == up) - (b == a)) / (cards - 2)) * (1.0 if a == b else 2.0)
        unseen = left - 3
        for hole in range(1, 11):
            if (up in peek_ups and hole == _BJ_HOLE.get(up)) or start[hole - 1] <= 0:
                continue
            p = chance * start[hole - 1] / (cards - 3)
            shoe = start.copy()
            shoe[hole - 1] -= 1
            removed = tuple(sorted(int(value_class[v - 1]) for v in (*dealt, hole)))
            key = (removed, seen)
            if key not in parts:
                base = tables.less(removed)
                size = cards - 4
                weight = binned(base, np.full(cut, 1.0 / cut), seen, unseen)
                drift = binned(base, scaled * depth / cards / cut, seen, unseen)
                per_class = [binned(tables.less((*removed, c)), scaled * depth / size / cut,
                                    seen + tags[c] / whole, unseen, shift=1)
                             if sizes[c] - removed.count(c) > 0 else np.zeros(bins)
                             for c in range(len(tags))]
                parts[key] = (weight, drift, np.stack(per_class, axis=1)[:, value_class])
            weight, drift, by_value = parts[key]
            reach[j] += p * weight
            excess[j] += p * (by_value * shoe[None, :] - drift[:, None] * full[None, :])
    before, before_excess = _before(tables, tags, value_class, full, cut, scaled, running,
                                    scale)
    return Expected(scale, reach, excess, before, before_excess)


def _before(tables: Tables, tags: tuple[int, ...], value_class: np.ndarray, full: np.ndarray,
            cut: int, scaled: np.ndarray, running: np.ndarray,
            scale: Scale) -> tuple[np.ndarray, np.ndarray]:
    """Per bin before the deal: the share of rounds and the mean scaled excess."""
    cards = tables.cards
    depth = np.arange(cut)
    bins = len(scale.bins)
    where = scale.bin_of(running[None, :], (cards - depth)[:, None]) - scale.low
    rows = tables.full[:cut]
    before = np.bincount(where.ravel(), (rows / cut).ravel(), bins)
    drift = np.bincount(where.ravel(), (rows * (scaled * depth / cards / cut)[:, None]).ravel(),
                        bins)
    per_class = []
    for c in range(len(tags)):
        less = tables.less((c,))
        moved = np.zeros_like(rows)
        shifted_rows = less[np.maximum(depth - 1, 0)]
        shift = tags[c]
        if shift >= 0:
            moved[:, shift:] = shifted_rows[:, :tables.width - shift]
        else:
            moved[:, :shift] = shifted_rows[:, -shift:]
        moved[depth < 1] = 0.0
        per_class.append(np.bincount(where.ravel(), (moved * (scaled * depth / cards / cut)
                                                     [:, None]).ravel(), bins))
    excess = np.stack([full[v] * per_class[value_class[v]] - full[v] * drift
                       for v in range(10)], axis=1)
    return before, excess


__all__ = ["Tables", "exact_expected"]
