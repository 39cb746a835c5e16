"""Bet Behind at the shoe table (docs/rules/bet-behind.md): a spot per computer seat on the
felt, a chip placed there rides on the seat's hand with the options chosen in Settings (in play
on the seat's own spot at its place), its result beside the seat's cards and on its own line in
the settlement, and the round saved with it; the computer seats' error rate goes to the
shoe."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import Qt

from trainer import settings as cfg
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import Action
from trainer.settings import Settings
from trainer.ui.practice.shoe_page import ShoePhase

from .test_shoe_page import click, make_page


def test_a_bet_behind_a_computer_seat_is_dealt_settled_shown_and_saved(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    store.set(cfg.DEALER_SPEED_MS, 5)                              # the dealer card by card
    store.set(cfg.BEHIND_FOLLOWS_DOUBLES, True)
    store.set(cfg.SEAT_ERRORS, 0.25)
    page = make_page(qtbot, store, stacked=None, deal=False)
    page.seat.others.setValue(1)
    page.start_shoe(seed=11)
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=20000)
    betting = page.bets.betting
    assert betting is not None
    titles = [spot.title for spot in betting.spots]
    assert titles[-1] == "Bet Behind seat 1"
    seat, = page.table.view().seats                                # its spot at the seat
    assert seat.number == 1 and seat.behind is not None and seat.behind.stake == 0
    assert not any(s.title.startswith("Bet Behind") for s in page.table.view().side_bets)
    for key in (Qt.Key.Key_3, Qt.Key.Key_B):                       # 10 on the main bet
        qtbot.keyClick(page.table, key)
    spot = page.table.table_layout().seats[0].spot                 # a click on seat 1's spot
    assert spot is not None and page.table.spot_at(spot.center()) == len(titles) - 1
    qtbot.mouseClick(page.table, Qt.MouseButton.LeftButton, pos=spot.center().toPoint())
    seat, = page.table.view().seats                                # 10 behind seat 1
    assert seat.behind is not None and seat.behind.stake == 10
    chip = page.table.table_layout().seats[0].chip
    assert chip is not None and chip.amount == 10
    assert "Bet Behind seat 1 10" in page.money.text()
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    practice = page.practice
    assert practice.settings.seat_errors == 0.25
    bet, = practice.settings.behind
    assert (bet.seat, bet.amount, bet.follows_doubles, bet.follows_splits) == (0, 10, True,
                                                                               False)
    while page.phase is ShoePhase.DECIDING:
        click(qtbot, page, Action.STAND if Action.STAND in page.bar.offered()
              else Action.NO_INSURANCE)
    assert page.phase is ShoePhase.DEALER                          # the dealer draws
    seat, = page.table.view().seats                                # on seat 1's spot
    assert not any(s.title.startswith("Bet Behind") for s in page.table.view().side_bets)
    assert seat.number == 1 and seat.behind is not None
    hands = practice.round.seats[0].hands                          # as the seat's hand stands
    assert seat.behind.stake == 10 * (2 if hands[0].paid_double else 1)
    assert not seat.behind.settled
    qtbot.waitUntil(lambda: page.phase is ShoePhase.SETTLED)
    record = practice.rounds[-1]
    result, = record.behind
    seat, = page.table.view().seats
    assert seat.behind is not None and seat.behind.settled
    assert (seat.behind.stake, seat.behind.net) == (result.staked, result.net)
    text = page.settlement.text()
    assert "Bet Behind seat 1" in text
    page.shutdown()
    assert not warnings
    with ProgressStore.open(database_path(str(data_dir))) as saved:
        session = next(iter(saved.decisions())).session_id
        rounds = saved.rounds(session)
        assert rounds[0].bets == {"main": 10.0, "behind_0": 10.0}
        assert rounds[0].net_result == float(record.net)
