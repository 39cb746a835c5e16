"""A live hand's grade reuses the memory the one before it freed (no page fault per page), and so
do arrays of megabytes (a round's split hands).

Its arrays of hundreds of kilobytes are freed and built again hand after hand; unless glibc keeps
the freed memory (:mod:`strategy_charts.freed_memory`, asked when the package is imported), each
grade faults in every page afresh (some 1,300 minor faults for a pair split against an ace).
Counted by the kernel, not timed.
"""

from __future__ import annotations

import ctypes
import resource
from collections.abc import Callable

import numpy as np
import pytest

from strategy_charts.composition import full_shoe, of_values, subtract
from strategy_charts.freed_memory import _glibc, keep_freed_memory
from strategy_charts.up_card import live_hand
from trainer.rules import preset

GLIBC = _glibc()


def _grade() -> None:
    rules, hand = preset("pot-of-gold"), of_values([2, 2])
    live_hand(rules, subtract(full_shoe(rules.decks), of_values([1])), 1, hand).actions(hand)


def _faults(work: Callable[[], object], times: int) -> float:
    """The page faults of one run of ``work``, on average over ``times`` runs after three."""
    for _ in range(3):
        work()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(times):
        work()
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / times


@pytest.mark.skipif(not GLIBC, reason="the memory kept is glibc's")
def test_a_grade_does_not_fault_in_the_memory_the_last_one_freed() -> None:
    faults = _faults(_grade, 5)
    assert faults < 100, f"{faults:.0f} page faults a grade"


@pytest.mark.skipif(not GLIBC, reason="the memory kept is glibc's")
def test_arrays_of_megabytes_reuse_the_memory_the_last_ones_freed() -> None:
    """A round's split hands build arrays of megabytes, several alive at once, one up card
    after another: they are taken from the heap, whose freed memory is kept (up to
    ``KEPT_BYTES`` in all), not each mapped afresh (768 faults for 3 MiB; numpy asks for huge
    pages from 4 MiB)."""
    def build() -> float:
        arrays = [np.ones(384 * 1024) for _ in range(5)]     # 3 MiB each, 15 MiB in all
        return sum(float(array[-1]) for array in arrays)
    ctypes.CDLL(None).malloc_trim(0)    # no free room left at the heap's top
    faults = _faults(build, 10)
    assert faults < 100, f"{faults:.0f} page faults a round"


@pytest.mark.skipif(not GLIBC, reason="the memory kept is glibc's")
def test_the_padding_is_asked_for_unless_the_user_chose_it(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    assert keep_freed_memory()
    monkeypatch.setenv("MALLOC_TOP_PAD_", "0")
    assert not keep_freed_memory()


@pytest.mark.skipif(not GLIBC, reason="the memory kept is glibc's")
def test_nothing_is_asked_for_where_the_user_chose_the_mapped_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLOC_MMAP_THRESHOLD_", "131072")
    assert not keep_freed_memory()
