"""Batched dealer probabilities equal an exact rational enumeration of the dealer's draws."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strategy_charts.dealer_probabilities import OUTCOMES, dealer_table
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
