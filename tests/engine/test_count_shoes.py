"""Shoes at a depth and a count: the exact lattice against dealt shoes and brute force, and
its samples."""

from __future__ import annotations

import math
from itertools import product

import numpy as np
import pytest

from strategy_charts.counting.shoes import (
    BINS,
    TYPE_VALUE,
    CountLattice,
    bin_of,
    dealt_running_counts,
)
from strategy_charts.counting.systems import FREE_BET, HI_LO
from trainer.rules import Shoe

HILO = tuple(int(t) for t in HI_LO.tags)
FB = tuple(int(t) for t in FREE_BET.tags)


def test_the_lattice_is_brute_force_combinatorics() -> None:
    """P(rc | m) for one deck, from the class sums, against counting every way to draw m
    cards by value (multinomial over the 10 values) at small depths."""
    lattice = CountLattice(1, FB, 0.75)
    deck = [4] * 9 + [16]
    for m in (1, 2, 3):
        ways: dict[int, int] = {}
        for counts in product(*(range(min(n, m) + 1) for n in deck)):
            if sum(counts) != m:
                continue
            rc = sum(c * t for c, t in zip(counts, FB, strict=True))
            ways[rc] = ways.get(rc, 0) + math.prod(math.comb(n, c)
                                                  for n, c in zip(deck, counts, strict=True))
        for rc, w in ways.items():
            assert lattice.chance[m, rc - lattice.low] == pytest.approx(w / math.comb(52, m))


def test_shares_are_a_distribution_symmetric_before_the_floor() -> None:
    lattice = CountLattice(8, HILO, 0.75)
    shares = lattice.shares()
    assert sum(shares.values()) == pytest.approx(1.0)
    assert list(shares) == list(BINS)
    assert shares[0] > shares[1] > shares[2] > shares[3] and shares[-1] > shares[-2]
    # the running count is symmetric at every depth (Hi-Lo tags are); flooring is not
    assert np.allclose(lattice.chance[100], lattice.chance[100][::-1])


@pytest.mark.parametrize("tags", [HILO, FB])
def test_the_lattice_matches_dealt_seeded_shoes(tags: tuple[int, ...]) -> None:
    """True-count chances after 52 cards of two decks, against 3000 shoes shuffled by the
    rules core: every bin within 4 standard errors."""
    lattice = CountLattice(2, tags, 0.75)
    shoes = 3000
    dealt = dealt_running_counts(2, tags, 52, shoes, seed=7)
    seen = np.bincount(bin_of(dealt, 52) - BINS[0], minlength=len(BINS)) / shoes
    for t, p in lattice.at_depth(52).items():
        assert abs(seen[t - BINS[0]] - p) <= 4 * math.sqrt(p * (1 - p) / shoes) + 1e-9, t


def test_samples_have_their_depth_and_count_and_match_dealt_shoes() -> None:
    """A sample's cards give its running count and bin; at one depth and count the samples'
    mean composition matches the dealt shoes that reached that depth with that count."""
    lattice = CountLattice(1, HILO, 0.75)
    rng = np.random.default_rng(3)
    for tc in (-10, -3, 0, 4, 10):
        sample = lattice.sample(tc, rng)
        assert HI_LO.of_left(sample.composition) == sample.running
        assert sample.cards_left == 52 - sample.gone
        assert bin_of(sample.running, sample.cards_left) == tc
    drawn = np.array([lattice._cards_left(20, 4, rng) for _ in range(1500)])
    by_value = np.array([np.bincount(TYPE_VALUE, d, 10) for d in drawn]).mean(axis=0)
    dealt = []
    seed = 0
    while len(dealt) < 400:
        shoe = Shoe.shuffled(1, seed=seed)
        seed += 1
        gone = shoe.cards[:20]
        if sum(HILO[c.points - 1] for c in gone) == 4:
            left = [0] * 10
            for card in shoe.cards[20:]:
                left[card.points - 1] += 1
            dealt.append(left)
    dealt_mean = np.array(dealt).mean(axis=0)
    spread = np.array(dealt).std(axis=0) / math.sqrt(len(dealt))
    assert np.all(np.abs(by_value - dealt_mean) <= 4 * spread + 0.05)
