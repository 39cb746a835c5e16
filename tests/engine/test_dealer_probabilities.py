"""Batched dealer probabilities equal an exact rational enumeration of the dealer's draws."""

from __future__ import annotations

import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategy_charts.dealer_probabilities import (
    OUTCOMES,
    dealer_columns,
    dealer_table,
    dealer_tree,
)
from trainer.rules import hand_total, preset

from .brute_force import dealer_outcomes


def exact_columns(shoe: tuple[int, ...], up: int, h17: bool, peek: bool) -> list[Fraction]:
    """Outcome columns from the brute-force enumeration."""
    rules = preset("pot-of-gold" if h17 else "evolution")
    out = [Fraction(0)] * len(OUTCOMES)
    for p, cards in dealer_outcomes(rules, shoe, up, peek):
        t, _ = hand_total(cards)
        if len(cards) == 2 and t == 21:
            out[7] += p
        elif t > 22:
            out[6] += p
        else:
            out[t - 17] += p
    return out


@pytest.mark.slow
@given(shoe=st.lists(st.integers(0, 4), min_size=10, max_size=10).map(tuple),
       up=st.integers(1, 10), h17=st.booleans(), peek=st.booleans())
def test_matches_exact_enumeration(shoe, up, h17, peek) -> None:
    """Every column agrees with Fractions to 1e-13 on random small shoes."""
    shoe = (*shoe[:9], shoe[9] + 4)
    exact = exact_columns(shoe, up, h17, peek)
    got = dealer_table(up, h17, peek, [shoe])[shoe]
    for column, (a, b) in enumerate(zip(exact, got, strict=True)):
        assert b == pytest.approx(float(a), abs=1e-13), OUTCOMES[column]


def test_peek_columns_sum_to_no_blackjack_probability() -> None:
    """With peek, a row sums to P(hole card does not make blackjack)."""
    shoe = (8, 8, 8, 8, 8, 8, 8, 8, 8, 32)
    row = dealer_table(1, False, True, [shoe])[shoe]
    assert row.sum() == pytest.approx(1 - 32 / 104, abs=1e-14)
    assert row[7] == 0.0


def _shoes(count: int, seed: int) -> np.ndarray:
    """``count`` six-deck shoes with up to 150 random cards gone (before the up card)."""
    rng = np.random.default_rng(seed)
    full = np.array([24] * 9 + [96])
    return np.maximum(full - rng.multinomial(150, full / full.sum(), size=count), 0)


def test_a_pass_keeps_its_scratch_arrays_instead_of_allocating_them_afresh() -> None:
    """A live hand's grade makes a few passes of hundreds of shoes; each allocated megabytes
    afresh before, which the page faults made cost more than the arithmetic. The second pass
    of the same size allocates less than one of its node arrays."""
    tree = dealer_tree(True, frozenset({1, 10}), (1,))
    shoes = _shoes(600, 1)
    first = dealer_columns(tree, shoes)
    tracemalloc.start()
    try:
        again = dealer_columns(tree, shoes)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert np.array_equal(first, again)
    assert peak < len(tree.card) * len(shoes) * 8 / 2


def test_threads_passing_at_once_get_each_their_own_columns() -> None:
    tree = dealer_tree(False, frozenset({1}))
    batches = [_shoes(300 + 50 * i, i) for i in range(4)]
    alone = [dealer_columns(tree, shoes) for shoes in batches]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda shoes: dealer_columns(tree, shoes), batches * 3))
    assert all(np.array_equal(a, b) for a, b in zip(alone * 3, together, strict=True))
