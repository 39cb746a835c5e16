"""A live hand's grade reuses the memory the one before it freed (no page fault per page).

Its arrays of hundreds of kilobytes are freed and built again hand after hand; unless glibc keeps
the freed memory (:mod:`strategy_charts.freed_memory`, asked when the package is imported), each
grade faults in every page afresh (some 1,300 minor faults for a pair split against an ace).
Counted by the kernel, not timed.
"""

from __future__ import annotations

import resource

import pytest

from strategy_charts.composition import full_shoe, of_values, subtract
from strategy_charts.freed_memory import _glibc, keep_freed_memory
from strategy_charts.up_card import live_hand
from trainer.rules import preset

GLIBC = _glibc()


def _grade() -> None:
    rules, hand = preset("pot-of-gold"), of_values([2, 2])
    live_hand(rules, subtract(full_shoe(rules.decks), of_values([1])), 1, hand).actions(hand)


@pytest.mark.skipif(not GLIBC, reason="the memory kept is glibc's")
def test_a_grade_does_not_fault_in_the_memory_the_last_one_freed() -> None:
    for _ in range(3):
        _grade()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    grades = 5
    for _ in range(grades):
        _grade()
    faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / grades
    assert faults < 100, f"{faults:.0f} page faults a grade"


@pytest.mark.skipif(not GLIBC, reason="the memory kept is glibc's")
def test_the_padding_is_asked_for_unless_the_user_chose_it(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    assert keep_freed_memory()
    monkeypatch.setenv("MALLOC_TOP_PAD_", "0")
    assert not keep_freed_memory()
