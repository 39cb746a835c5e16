"""A missed question comes back 3 to 5 questions later, once, and an undone miss does not."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from trainer.drills.comebacks import REQUEUE_GAPS, Comebacks


def _asked(again: Comebacks[str], upto: int) -> dict[int, str]:
    return {n: item for n in range(upto) if (item := again.take(n)) is not None}


@given(st.integers(0, 2**32), st.lists(st.integers(0, 30), max_size=12, unique=True))
def test_each_miss_comes_back_once_three_to_five_later_while_a_place_is_free(
        seed: int, misses: list[int]) -> None:
    again: Comebacks[str] = Comebacks(random.Random(seed))
    for n in sorted(misses):
        again.missed(n, f"q{n}")
    back = _asked(again, 60)
    assert _asked(again, 60) == {}                       # taken once
    for n in misses:
        at = [k for k, item in back.items() if item == f"q{n}"]
        free = any(n + g not in back or back[n + g] == f"q{n}" for g in REQUEUE_GAPS)
        assert len(at) <= 1 and (not at or at[0] - n in REQUEUE_GAPS)
        assert at or not free                            # dropped only when 3, 4, 5 were taken


def test_the_gap_is_drawn_from_the_seed() -> None:
    gaps = set()
    for seed in range(40):
        again: Comebacks[str] = Comebacks(random.Random(seed))
        again.missed(0, "x")
        gaps |= set(_asked(again, 10))
    assert gaps == set(REQUEUE_GAPS)


def test_an_undone_miss_no_longer_comes_back_an_earlier_one_still_does() -> None:
    for seed in range(20):
        again: Comebacks[str] = Comebacks(random.Random(seed))
        again.missed(0, "x")              # an earlier miss of the same item
        again.missed(2, "x")              # taken back below
        again.missed(3, "y")
        again.forget(2)
        again.forget(1)                   # question 1 was no miss: nothing to forget
        back = _asked(again, 20)
        assert sorted(back.values()) == ["x", "y"]
        assert {item: n for n, item in back.items()}["x"] in REQUEUE_GAPS
