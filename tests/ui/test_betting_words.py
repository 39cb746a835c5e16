"""The felt and the deal button say what a deal would do: a bet the table would refuse says
why before Enter is pressed, and a counted shoe's button with no bet on it reads plainly."""

from __future__ import annotations

from pathlib import Path

import pytest
from PyQt6.QtCore import Qt

from tests.conftest import FakeClock
from trainer.settings import Settings
from trainer.ui.practice.shoe_page import ShoePhase

from .test_shoe_counting import counted_page
from .test_shoe_page import make_page

pytestmark = pytest.mark.usefixtures("dealer_at_once")


def test_a_main_bet_under_the_minimum_says_why_it_will_not_deal(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    """Before: "Total bet 1: Enter deals" over a bet the table refuses."""
    page = make_page(qtbot, store, deal=False)
    qtbot.keyClick(page.table, Qt.Key.Key_1)                  # the 1 chip
    qtbot.keyClick(page.table, Qt.Key.Key_B)
    assert page.table.view().betting.main == 1
    assert page.table.view().message == "The table minimum is 10: add 9 to the main bet."
    qtbot.keyClick(page.table, Qt.Key.Key_3)                  # a 10 more: 11, dealt
    qtbot.keyClick(page.table, Qt.Key.Key_B)
    assert page.table.view().message == "Total bet 11: Enter deals"
    page.shutdown()


def test_a_counted_shoes_deal_button_without_a_bet_reads_plainly(
        qtbot, store: Settings, data_dir: Path, clock: FakeClock, warnings) -> None:
    """Before: "Deal no bet yet (Enter)"."""
    page = counted_page(qtbot, store, clock)
    assert page.phase is ShoePhase.BETTING
    assert page.bets.bar.deal.text() == "Deal (Enter)"
    qtbot.keyClick(page.table, Qt.Key.Key_2)
    assert page.bets.bar.deal.text() == "Deal 2 units × 10 = 20 (Enter)"
    page.shutdown()
