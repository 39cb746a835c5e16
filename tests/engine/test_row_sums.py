"""The engine's quick row sums are numpy's ``sum(axis=1)`` bit for bit.

:func:`strategy_charts.all_hands.row_sums` adds many rows a column at a time in the order numpy
adds each row; if numpy ever sums in another order, this test says so before a figure moves.
"""

from __future__ import annotations

import numpy as np
import pytest

from strategy_charts.all_hands import COLUMNWISE_ROWS, row_sums


@pytest.mark.parametrize("width", [8, 10, 15])
@pytest.mark.parametrize("scale", [1.0, 1e-310, 1e300])
def test_row_sums_are_numpys_bit_for_bit(width: int, scale: float) -> None:
    rng = np.random.default_rng(width)
    for rows in (1, COLUMNWISE_ROWS - 1, COLUMNWISE_ROWS, 1000, 5003):
        x = (rng.random((rows, width)) - 0.5) * scale
        x[rng.random((rows, width)) < 0.3] = 0.0      # zeros, as a hand's busting cards give
        x[0] = -0.0                                   # a row of negative zeros sums to +0.0
        x[-1, ::2] = -0.0
        if rows > 2:
            x[1, 0], x[2, 3] = np.inf, -np.inf
        assert row_sums(x).tobytes() == x.sum(axis=1).tobytes(), (width, scale, rows)


def test_row_sums_other_shapes_are_numpys() -> None:
    x = np.arange(3000.0).reshape(1000, 3)
    assert row_sums(x).tobytes() == x.sum(axis=1).tobytes()
    y = np.asfortranarray(np.random.default_rng(1).random((1000, 10)))
    assert row_sums(y).tobytes() == y.sum(axis=1).tobytes()
