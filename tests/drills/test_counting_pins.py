"""Counting facts pinned by their literal values (a changed tag or rounding would otherwise be
checked only against the code's own answer): Hi-Lo's tags as the drills use them, and the
decks a discard tray shows."""

from __future__ import annotations

import pytest

from tests.conftest import FakeClock
from trainer.drills.counting.running import RunningCountDrill, RunSettings
from trainer.drills.counting.true_count import decks_left
from trainer.rules import preset
from trainer.teaching.records import Verdict

#: Hi-Lo as every book prints it: 2-6 count +1, 7-9 count 0, tens and aces count -1.
HI_LO_TAGS = {1: -1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0, 9: 0, 10: -1}


def test_the_running_count_drill_counts_hi_lo_as_the_books_do(clock: FakeClock) -> None:
    drill = RunningCountDrill(preset("evolution"), RunSettings("hilo", cards=60, at_once=3),
                              seed=5, clock=clock)
    run = drill.next()
    points = [card.points for flash in run.flashes for card in flash]
    assert points.count(6) != points.count(7) and points.count(2) != points.count(8)
    expected = sum(HI_LO_TAGS[p] for p in points)
    assert run.running == expected
    clock.advance(60)
    assert drill.answer(str(expected)).verdict is Verdict.CORRECT


@pytest.mark.parametrize(("cards", "decks"), [
    (416, 8.0), (390, 7.5), (300, 6.0), (182, 3.5), (170, 3.5), (160, 3.0), (155, 3.0),
    (100, 2.0), (40, 1.0), (26, 0.5), (10, 0.5), (0, 0.5)])
def test_the_tray_shows_the_decks_left_to_the_nearest_half_deck(cards: int, decks: float) -> None:
    assert decks_left(cards) == decks
