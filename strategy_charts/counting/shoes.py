"""Shoes at a depth and a count: the exact chance of each true count, and shoes that occur there.

A shoe of ``n`` cards is shuffled and dealt; ``m`` cards are gone when a round starts. Which
``m`` cards are gone is a uniform draw of ``m`` cards from the shoe, so the chance of a running
count ``rc`` at depth ``m`` is exact combinatorics: group the card values by tag (a *class*),
and ``P(rc | m) = sum over class totals k_c with sum k_c = m and sum tag_c * k_c = rc of
prod_c C(n_c, k_c) / C(n, m)``. A table of those sums over every ``(m, rc)`` is built one
class at a time (:class:`CountLattice`).

The same table draws shoes *at* a depth and count exactly as dealing does: a seeded shuffle of
the shoe dealt to depth ``m``, kept only when its running count is ``rc``, leaves the cards of a
uniform draw conditioned on ``(m, rc)``; :meth:`CountLattice.sample` draws that directly (each
class's total from the table, backwards, then which cards of the class, uniformly), so shoes at
rare counts (true count +10 in eight decks) cost no more than common ones.

Rounds start at every depth before the cut card alike (each round uses about the same number of
cards), so the **share of rounds** at a true count is the mean of its chance over the depths
``0 .. cut - 1``. True counts are floored (:func:`.systems.true_count`) and binned from
:data:`LOWEST` to :data:`HIGHEST`, the end bins open (-10 holds every count of -10 or less).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..side_bets import CARD_TYPES
from .scales import TRUE_COUNT, Scale
from .systems import CARDS_PER_DECK

LOWEST, HIGHEST = -10, 10
#: The true-count bins, lowest first.
BINS = tuple(range(LOWEST, HIGHEST + 1))

#: Per card type (:data:`strategy_charts.side_bets.CARD_TYPES`), its blackjack value's index.
TYPE_VALUE = np.array([card.points - 1 for card in CARD_TYPES])


def bin_of(running: np.ndarray | float, cards_left: np.ndarray | int) -> np.ndarray:
    """The true-count bin (floored, clipped to the open end bins) of running counts with these
    cards left."""
    tc = np.floor(np.asarray(running, float) * CARDS_PER_DECK / np.asarray(cards_left, float)
                  + 1e-9)
    return np.clip(tc, LOWEST, HIGHEST).astype(np.int64)


@dataclass(frozen=True)
class Sample:
    """One shoe drawn at a depth and running count: its 52 card-type counts and values."""

    card_types: np.ndarray
    gone: int
    running: float

    @property
    def composition(self) -> tuple[int, ...]:
        """Counts of A..ten left."""
        return tuple(int(x) for x in np.bincount(TYPE_VALUE, self.card_types, minlength=10))

    @property
    def cards_left(self) -> int:
        """Cards left in the shoe."""
        return int(self.card_types.sum())


@dataclass
class CountLattice:
    """The exact chances of every (depth, running count) of one count in one shoe, and its
    bins on ``scale`` (default: true counts -10..+10; :mod:`.scales`). Tags may be halves: the
    table then counts in halves (``whole`` = 2) and :attr:`running` is in the count's units."""

    decks: int
    tags: tuple[float, ...]
    penetration: float
    scale: Scale = TRUE_COUNT
    classes: list[tuple[int, np.ndarray]] = field(init=False)   # (tag, card types of the class)
    prefix: list[np.ndarray] = field(init=False)                 # sums over the first classes

    def __post_init__(self) -> None:
        self.whole = next((f for f in (1, 2, 4) if all(
            abs(t * f - round(t * f)) < 1e-9 for t in self.tags)), 0)
        if not self.whole:
            raise ValueError("the lattice counts tags in whole numbers, halves or quarters")
        self.cards = CARDS_PER_DECK * self.decks
        self.cut = max(1, min(self.cards - 1, round(self.cards * self.penetration)))
        by_tag: dict[int, list[int]] = {}
        for t, tag in enumerate(self.tags[v] for v in TYPE_VALUE):
            by_tag.setdefault(round(tag * self.whole), []).append(t)
        self.classes = [(tag, np.array(types)) for tag, types in sorted(by_tag.items())]
        self.low = sum(min(tag, 0) * len(types) * self.decks for tag, types in self.classes)
        high = sum(max(tag, 0) * len(types) * self.decks for tag, types in self.classes)
        width = high - self.low + 1
        table = np.zeros((self.cards + 1, width))
        table[0, -self.low] = 1.0
        self.prefix = [table]
        for tag, types in self.classes:
            size = len(types) * self.decks
            new = np.zeros_like(table)
            for k in range(size + 1):
                shift = tag * k
                lo, hi = max(0, -shift), min(width, width - shift)
                new[k:, lo + shift:hi + shift] += math.comb(size, k) * table[:self.cards + 1 - k,
                                                                              lo:hi]
            table = new
            self.prefix.append(table)
        totals = np.array([float(math.comb(self.cards, m)) for m in range(self.cards + 1)])
        self.chance = table / totals[:, None]            # P(rc | m), rows m, columns rc - low
        #: the running count of each column, in the count's units
        self.running = np.arange(self.low, high + 1) / self.whole
        self.bins = self.scale.bin_of(self.running[None, :],
                                      (self.cards - np.arange(self.cards + 1))[:, None]
                                      .clip(min=1))

    def _binned(self, rows: np.ndarray, bins: np.ndarray) -> dict[int, float]:
        found = np.zeros(len(self.scale.bins))
        np.add.at(found, bins - self.scale.low, rows)
        return {t: float(x) for t, x in zip(self.scale.bins, found, strict=True)}

    def shares(self) -> dict[int, float]:
        """The share of rounds at each bin (rounds start at depths 0..cut-1 alike)."""
        found = self._binned(self.chance[:self.cut], self.bins[:self.cut])
        return {t: x / self.cut for t, x in found.items()}

    def at_depth(self, gone: int) -> dict[int, float]:
        """The chance of each bin once ``gone`` cards are dealt."""
        return self._binned(self.chance[gone], self.bins[gone])

    def _cells(self, tc: int) -> np.ndarray:
        """The chances of the (depth, running count) cells of bin ``tc`` before the cut card,
        raveled, summing to 1."""
        mask = self.bins[:self.cut] == tc
        weights = np.where(mask, self.chance[:self.cut], 0.0).ravel()
        if weights.sum() <= 0:
            raise ValueError(f"no depth before the cut card has {self.scale.words} {tc}")
        return weights / weights.sum()

    def sample(self, tc: int, rng: np.random.Generator) -> Sample:
        """A shoe as rounds meet it at bin ``tc``: its depth and running count drawn by their
        exact chance within the bin, then its cards (see the module docstring)."""
        weights = self._cells(tc)
        cell = rng.choice(len(weights), p=weights)
        gone, column = divmod(int(cell), self.chance.shape[1])
        return Sample(self._cards_left(gone, column + self.low, rng), gone,
                      float(self.running[column]))

    def draw(self, tc: int, n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` shoes as rounds meet them at bin ``tc``, at once: their card types left
        (n x 52), drawn as :meth:`sample` draws one."""
        cells = rng.choice(len(self._cells(tc)), size=n, p=self._cells(tc))
        gone, column = np.divmod(cells, self.chance.shape[1])
        left = np.full((n, len(CARD_TYPES)), self.decks, dtype=np.int64)
        m, rc = gone.astype(np.int64), column.astype(np.int64)
        for index in range(len(self.classes) - 1, -1, -1):
            tag, types = self.classes[index]
            size = len(types) * self.decks
            before = self.prefix[index]
            ks = np.arange(size + 1)
            rows, columns = m[:, None] - ks[None, :], rc[:, None] - tag * ks[None, :]
            ok = (rows >= 0) & (columns >= 0) & (columns < before.shape[1])
            weights = np.where(ok, before[rows.clip(0), columns.clip(0, before.shape[1] - 1)],
                               0.0) * _combs(size)[None, :]
            cumulative = weights.cumsum(axis=1)
            pick = rng.random(n) * cumulative[:, -1]
            k = np.minimum((cumulative < pick[:, None]).sum(axis=1), size)
            rest, still = k.copy(), np.full(n, size)
            for t in types[:-1]:          # the class's cards gone, card type by card type
                x = rng.hypergeometric(self.decks, still - self.decks, rest) if rest.any() \
                    else np.zeros(n, dtype=np.int64)
                left[:, t] -= x
                rest, still = rest - x, still - self.decks
            left[:, types[-1]] -= rest
            m, rc = m - k, rc - tag * k
        return left

    def _cards_left(self, gone: int, running: int, rng: np.random.Generator) -> np.ndarray:
        """The card types left after a uniform draw of ``gone`` cards whose tags sum to
        ``running`` (in table units): each class's share drawn from the table, last class
        first."""
        left = np.full(len(CARD_TYPES), self.decks, dtype=np.int64)
        m, rc = gone, running - self.low
        for index in range(len(self.classes) - 1, -1, -1):
            tag, types = self.classes[index]
            size = len(types) * self.decks
            before = self.prefix[index]
            ks = np.arange(min(size, m) + 1)
            columns = rc - tag * ks
            ok = (columns >= 0) & (columns < before.shape[1])
            weights = np.zeros(len(ks))
            weights[ok] = (before[m - ks[ok], columns[ok]]
                           * np.array([float(math.comb(size, int(k))) for k in ks[ok]]))
            k = int(rng.choice(len(ks), p=weights / weights.sum()))
            left[types] -= rng.multivariate_hypergeometric([self.decks] * len(types), k)
            m, rc = m - k, rc - tag * k
        return left


def _combs(size: int) -> np.ndarray:
    """C(size, k) for k = 0..size, as floats."""
    return np.array([float(math.comb(size, k)) for k in range(size + 1)])


def dealt_running_counts(decks: int, tags: Sequence[int], gone: int, shoes: int,
                         seed: int = 0) -> np.ndarray:
    """Running counts after dealing ``gone`` cards of ``shoes`` seeded shuffled shoes (the
    rules core's :class:`~trainer.rules.Shoe`): what :class:`CountLattice` must agree with."""
    from trainer.rules import Shoe
    out = np.empty(shoes, dtype=np.int64)
    for i in range(shoes):
        shoe = Shoe.shuffled(decks, seed=seed + i)
        out[i] = sum(tags[card.points - 1] for card in shoe.cards[:gone])
    return out
