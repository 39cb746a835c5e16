"""Betting time in timed shoe play (docs/rules/rulings.md#betting-time): the betting phase's own
timer on the page's clock (moved by hand here); at zero the round is dealt with the bets on the
felt, or skipped when there are none; untimed play waits for the player."""

from __future__ import annotations

from pathlib import Path

import pytest
from PyQt6.QtCore import Qt

from tests.conftest import FakeClock
from trainer import settings as cfg
from trainer.rules import Shoe, cards
from trainer.settings import Settings
from trainer.ui.practice.shoe_page import ShoePage, ShoePhase

from .test_shoe_page import make_page


def timed_page(qtbot, store: Settings, clock: FakeClock) -> ShoePage:
    store.set(cfg.DEALER_SPEED_MS, 0)
    store.set(cfg.BETTING_SECONDS, 5.0)
    page = make_page(qtbot, store, stacked=None, clock=clock, deal=False)
    page.timed_box.setChecked(True)
    page.start_shoe(seed=2, shoe=Shoe.stacked(cards("10h 10s 6d 6c 5h 9d"), decks=8))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING and page.timed is not None,
                    timeout=20000)
    return page


def test_at_zero_the_round_is_dealt_with_the_bets_on_the_felt(
        qtbot, store: Settings, data_dir: Path, warnings, clock: FakeClock) -> None:
    page = timed_page(qtbot, store, clock)
    assert page.countdown.isVisible() and page.countdown.label.text() == "5.0 s to bet"
    clock.advance(2)
    page.ticker.timeout.emit()
    assert page.countdown.label.text() == "3.0 s to bet" and page.phase is ShoePhase.BETTING
    for key in (Qt.Key.Key_3, Qt.Key.Key_B):            # a 10 on the main bet, not dealt
        qtbot.keyClick(page.table, key)
    assert page.practice.round is None
    clock.advance(3)
    page.ticker.timeout.emit()
    assert page.phase is ShoePhase.DECIDING              # dealt: 16 v 10 awaits a decision
    assert page.practice.round_bets.main == 10
    assert page.practice.round.hand.cards == tuple(cards("10h 6d"))
    assert page.betting_time is not None and page.betting_time.skipped == 0
    page.shutdown()


def test_at_zero_with_no_bets_the_round_is_skipped(
        qtbot, store: Settings, data_dir: Path, warnings, clock: FakeClock) -> None:
    page = timed_page(qtbot, store, clock)
    clock.advance(5)
    page.ticker.timeout.emit()
    assert page.phase is ShoePhase.BETTING and page.practice.round is None
    assert not page.practice.rounds
    assert page.betting_time is not None and page.betting_time.skipped == 1
    assert page.table.view().message.startswith("Time up: no round dealt. Place a main bet")
    assert page.countdown.label.text() == "5.0 s to bet"       # the next betting time opens
    clock.advance(1)
    page.ticker.timeout.emit()
    assert page.countdown.label.text() == "4.0 s to bet"
    page.shutdown()


def test_the_betting_time_stops_while_the_page_is_hidden(
        qtbot, store: Settings, data_dir: Path, warnings, clock: FakeClock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = timed_page(qtbot, store, clock)
    clock.advance(1)
    page.hide()                                  # another page shown
    clock.advance(60)
    page.ticker.timeout.emit()
    assert page.phase is ShoePhase.BETTING and page.betting_time.skipped == 0
    assert page.betting_time.left_ms() == 4000
    monkeypatch.setattr(page, "seen", lambda: True)    # shown in the active window again
    page.show()
    clock.advance(1)
    page.ticker.timeout.emit()
    assert page.countdown.label.text() == "3.0 s to bet"
    page.shutdown()


@pytest.mark.parametrize("seconds, timed", [(0.0, True), (5.0, False)])
def test_betting_waits_with_no_betting_time_or_untimed(
        qtbot, store: Settings, data_dir: Path, warnings, clock: FakeClock, seconds: float,
        timed: bool) -> None:
    store.set(cfg.BETTING_SECONDS, seconds)
    page = make_page(qtbot, store, stacked=None, clock=clock, deal=False)
    page.timed_box.setChecked(timed)
    page.start_shoe(seed=2)
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=20000)
    assert page.betting_time is None and not page.countdown.isVisible()
    clock.advance(120)
    page.ticker.timeout.emit()
    assert page.phase is ShoePhase.BETTING and page.practice.round is None
    page.shutdown()


def test_a_counted_shoes_bet_is_dealt_and_graded_at_zero(
        qtbot, store: Settings, data_dir: Path, warnings, clock: FakeClock) -> None:
    store.set(cfg.DEALER_SPEED_MS, 0)
    store.set(cfg.BETTING_SECONDS, 5.0)
    page = ShoePage(store, clock=clock)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    with qtbot.waitExposed(page):
        page.show()
    page.timed_box.blockSignals(True)
    page.timed_box.setChecked(True)
    page.timed_box.blockSignals(False)
    page.seat.seed.setText("5")
    page.count_shoe("hilo")
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING and page.counter is not None,
                    timeout=30000)
    assert page.betting_time is not None
    clock.advance(5)
    page.ticker.timeout.emit()                       # no bet: skipped
    assert page.phase is ShoePhase.BETTING and page.betting_time.skipped == 1
    qtbot.keyClick(page.table, Qt.Key.Key_2)         # two units, not dealt by hand
    clock.advance(5)
    page.ticker.timeout.emit()
    assert len(page.practice.rounds) == 1            # dealt (and here settled at once)
    assert page.practice.rounds[0].bets.main == 2 * page.counter.counting.unit
    assert [d.situation_key for d in page.counter.decisions] == [
        "evolution|bet|hilo|tc+0"]                  # the bet graded by the count
    page.shutdown()
