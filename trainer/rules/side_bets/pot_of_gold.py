"""Pot of Gold: pays on the number of free-bet lammers a seat collects in the round."""

from __future__ import annotations

#: Pay tables by number: lammers collected -> pays N to 1. No lammer loses.
PAY_TABLES: dict[int, dict[int, int]] = {
    1: {1: 3, 2: 10, 3: 30, 4: 60, 5: 100, 6: 300, 7: 1000},
    2: {1: 3, 2: 12, 3: 30, 4: 50, 5: 100, 6: 100, 7: 100},
}

#: The most lammers one seat can collect: three free splits to four hands, four free doubles.
MAX_LAMMERS = 7


def pays(lammers: int, table: int) -> int | None:
    """Payout N (of N to 1) for this many lammers, or None when the wager loses."""
    if not 0 <= lammers <= MAX_LAMMERS:
        raise ValueError(f"a seat holds 0 to {MAX_LAMMERS} lammers, not {lammers}")
    return PAY_TABLES[table].get(lammers)
