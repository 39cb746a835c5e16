"""Counting in Shoe practice: a bet by the keys before each round, the dealer at its pace, the
running count asked and typed (text that is no count refused, nothing stored), every bet,
play, index grade and check saved with the rounds; the end of the shoe asks the count and
reports it. Offscreen, with an injected clock and seeded or stacked shoes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QTextDocumentFragment

from strategy_charts.counting.lab import load_lab
from tests.conftest import FakeClock
from trainer import settings as cfg
from trainer.drills.counting.keys import CountingKey
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import Action, Shoe, cards, preset
from trainer.settings import Settings
from trainer.teaching.records import Mode
from trainer.ui.practice.screen_states import TWELVE_V_FIVE
from trainer.ui.practice.shoe_page import ShoePage, ShoePhase

BETWEEN = (ShoePhase.SETTLED, ShoePhase.BETTING, ShoePhase.CHECKING, ShoePhase.FINISHED)
OPEN = (ShoePhase.SETTLED, ShoePhase.BETTING)


@pytest.fixture
def data_dir(tmp_path: Path, store: Settings) -> Path:
    folder = tmp_path / "data"
    store.set(cfg.DATA_DIR, str(folder))
    store.set(cfg.DEALER_SPEED_MS, 1)        # the dealer draws card by card
    return folder


def counted_page(qtbot, store: Settings, clock: FakeClock, seed: str = "5") -> ShoePage:
    page = ShoePage(store, clock=clock)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    with qtbot.waitExposed(page):
        page.show()
    page.seat.seed.setText(seed)
    page.count_shoe("hilo")
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=30000)
    return page


def bet(qtbot, page: ShoePage, key: Qt.Key) -> None:
    """Bet by a digit (that many units) and deal."""
    qtbot.keyClick(page.table, key)
    qtbot.keyClick(page.table, Qt.Key.Key_Return)


def play_out(qtbot, page: ShoePage) -> int:
    """Stand (or decline insurance) until the round is settled; the clicks made."""
    clicks = 0
    while page.phase is ShoePhase.DECIDING:
        legal = page.practice.round.legal_actions()
        action = Action.NO_INSURANCE if Action.NO_INSURANCE in legal else Action.STAND
        qtbot.mouseClick(page.bar.button(action), Qt.MouseButton.LeftButton)
        clicks += 1
    qtbot.waitUntil(lambda: page.phase in BETWEEN, timeout=10000)
    return clicks


def check(qtbot, page: ShoePage) -> None:
    """Type text that is no count (refused), then the right running count."""
    box = page.count_panel.check.box
    assert box.isEnabled() and not page.bar.go_on.isVisible()
    box.setText("seven")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert "not a running count" in page.count_panel.check.line.text()
    assert page.phase is ShoePhase.CHECKING
    box.setText(str(int(page.counter.seen()[0])))
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert page.count_panel.check.line.text().startswith("<b>Right")


def saved(page: ShoePage, data_dir: Path) -> tuple[list, list]:
    page.shutdown()
    with ProgressStore.open(database_path(str(data_dir))) as store:
        rows = list(store.decisions())
        return [r.decision for r in rows], store.rounds(rows[0].session_id)


def test_a_counted_shoe_bets_by_the_keys_checks_the_count_and_saves_it_all(
        qtbot, store: Settings, data_dir: Path, clock: FakeClock, warnings) -> None:
    page = counted_page(qtbot, store, clock)
    counter = page.counter
    assert counter is not None and page.count_panel.isVisible()
    assert counter.practice.settings.perfect_play        # graded against the live shoe
    assert page.count_panel.title() == "The count: Hi-Lo"
    checks = clicks = 0
    for _ in range(10):
        if page.phase is ShoePhase.CHECKING:
            check(qtbot, page)
            checks += 1
        assert page.phase in OPEN
        qtbot.keyClick(page.table, Qt.Key.Key_3)
        assert page.bets.units() == 3
        assert page.bets.bar.deal.text() == "Deal 3 units × 10 = 30 (Enter)"
        qtbot.keyClick(page.table, Qt.Key.Key_Plus)
        assert page.bets.units() == 4
        qtbot.keyClick(page.table, Qt.Key.Key_Minus)
        qtbot.keyClick(page.table, Qt.Key.Key_Return)
        assert page.practice.round_bets.main == 30
        if page.phase is ShoePhase.DEALER:               # a natural settles at once
            qtbot.waitUntil(lambda: page.phase in BETWEEN, timeout=10000)
        clicks += play_out(qtbot, page)
    assert "against the ramp" in page.count_panel.lines.text()
    decisions, rounds = saved(page, data_dir)
    contexts: dict[str, int] = {}
    for d in decisions:
        assert d.mode is Mode.SHOE
        try:
            context = CountingKey.from_key(d.situation_key).context
        except ValueError:
            context = "play"
        contexts[context] = contexts.get(context, 0) + 1
    assert contexts["bet"] == 10 == len(rounds) and contexts["play"] == clicks > 0
    assert contexts.get("count", 0) == checks > 0
    assert contexts.get("index", 0) > 0                  # graded apart against the index play
    assert all(r.bets["main"] == 30 for r in rounds)


#: Player 10♥ 2♦ against dealer 4♠ (hole 10♣), then 9♣ and 8♣: hard 12 v 4, where Hi-Lo stands
#: only from a true count of +1 or more; the count after these cards is +1 over about 8 decks,
#: true count 0: hit.
TWELVE_V_FOUR = "10h 4s 2d 10c 9c 8c"


def test_the_shoes_end_asks_the_count_and_reports_it(qtbot, store: Settings, data_dir: Path,
                                                     clock: FakeClock, warnings) -> None:
    index = next(p for p in load_lab(preset("evolution"))["counts"]["hilo"]["indices"]
                 if p["cell"] == "hard:12:v4")
    assert (index["play"], index["direction"]) == ("stand", "+") and index["index"] >= 1
    page = counted_page(qtbot, store, clock)
    page.start_shoe(seed=1, shoe=Shoe.stacked(cards(TWELVE_V_FOUR), decks=8))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=30000)
    assert page.table.view().message.startswith("Bet by the count")
    assert "Balance 1000" in page.money.text()            # before the first round too
    bet(qtbot, page, Qt.Key.Key_1)                       # one unit
    assert page.phase is ShoePhase.DECIDING
    page.practice.shoe.cut_index = 0                    # the cut card is out: the last round
    qtbot.mouseClick(page.bar.button(Action.STAND), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.phase in BETWEEN, timeout=10000)
    assert page.phase is ShoePhase.CHECKING, "the count is asked at the end of every shoe"
    check(qtbot, page)
    assert page.phase is ShoePhase.FINISHED
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    assert page.phase is ShoePhase.REPORT
    text = QTextDocumentFragment.fromHtml(page.report.text()).toPlainText()
    assert "The count" in text and "Count checks: 1 of 1 right." in text
    assert "Bets: 1 of 1 on the ramp" in text           # one unit at a count near 0
    assert "Index plays: 0 of 1 as the count says" in text   # stood on 12 v 4 at 0
    asked: list[tuple[str, str, list[str]]] = []
    page.index_drill_requested.connect(lambda *args: asked.append(args))
    assert page.report.index_drill.isVisible() and "(1)" in page.report.index_drill.text()
    qtbot.mouseClick(page.report.index_drill, Qt.MouseButton.LeftButton)
    assert asked == [("hilo", "evolution", ["hard:12:v4"])]
    page.shutdown()


def test_a_bet_beyond_the_balance_is_refused_and_nothing_dealt(
        qtbot, store: Settings, data_dir: Path, clock: FakeClock, warnings) -> None:
    page = ShoePage(store, clock=clock)
    qtbot.addWidget(page)
    page.seat.bankroll.setValue(50)
    page.seat.seed.setText("3")
    page.count_shoe("hilo")
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=30000)
    bet(qtbot, page, Qt.Key.Key_9)
    assert page.phase is ShoePhase.BETTING and not page.practice.rounds
    assert page.practice.shoe.position == 0
    assert page.table.view().message == "Place a main bet of at least 10 to be dealt in."
    qtbot.keyClick(page.table, Qt.Key.Key_9)
    assert page.table.view().message == ("Not enough balance for a main bet of 90: 50 "
                                         "left.")
    bet(qtbot, page, Qt.Key.Key_2)
    assert page.phase is not ShoePhase.BETTING and page.practice.round_bets.main == 20
    page.shutdown()


def test_a_timed_counted_shoe_times_out_and_grades_the_index_too(
        qtbot, store: Settings, data_dir: Path, clock: FakeClock, warnings) -> None:
    store.set(cfg.TIMER_SECONDS, 1.0)
    page = counted_page(qtbot, store, clock)
    page.timed_box.setChecked(True)
    page.start_shoe(seed=1, shoe=Shoe.stacked(cards(TWELVE_V_FIVE), decks=8))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=30000)
    bet(qtbot, page, Qt.Key.Key_1)
    assert page.phase is ShoePhase.DECIDING and page.table.view().timer is not None
    clock.advance(1.0)
    page.ticker.timeout.emit()
    played = page.practice.decisions[-1]
    assert played.timed_out and played.mode is Mode.TIMED
    assert not played.right and not played.at_table().right     # a miss at the shoe, too
    index = [d for d in page.counter.decisions if "|index|" in d.situation_key]
    assert index and index[-1].mode is Mode.TIMED
    assert index[-1].timed_out and not index[-1].right
    page.shutdown()


def test_the_bet_reads_alike_in_the_box_on_the_button_and_in_the_money_line(
        qtbot, store: Settings, data_dir: Path, clock: FakeClock, warnings) -> None:
    """One bet, placed by a digit or with the chips, said the same three times; the count's
    question leaves the felt once answered; each grade line names its round."""
    page = counted_page(qtbot, store, clock)
    page.start_shoe(seed=1, shoe=Shoe.stacked(cards(TWELVE_V_FIVE + " 9h 7d 10s 8s"),
                                              decks=8))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=30000)
    qtbot.keyClick(page.table, Qt.Key.Key_2)
    said = "2 units × 10 = 20"
    assert page.count_panel.bet.text() == f"Next bet: {said}"
    assert page.bets.bar.deal.text() == f"Deal {said} (Enter)"
    assert f"Bets: {said}" in page.money.text()
    page.bets.click_chip(2)                               # a 10 chip on the main bet: 3 units
    page.bets.click_spot(0)
    said = "3 units × 10 = 30"
    assert page.count_panel.bet.text() == f"Next bet: {said}"
    assert page.bets.bar.deal.text() == f"Deal {said} (Enter)"
    assert f"Bets: {said}" in page.money.text()
    page.bets.click_chip(1)                               # 5 more: not whole units, refused
    page.bets.click_spot(0)
    assert "35, not whole units of 10" in page.count_panel.bet.text()
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    assert page.phase is ShoePhase.BETTING and page.table.view().message.startswith(
        "A counted bet is 1 to 12 whole units of 10")
    qtbot.keyClick(page.table, Qt.Key.Key_Backspace)      # the 5 back: 3 units
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    assert page.practice.round_bets.main == 30
    assert f"Bets: {said}" in page.money.text()
    assert page.count_panel.bet.text() == f"Round 1's bet: {said}"
    page.counter.counting = replace(page.counter.counting, check_chance=1.0)   # asked now
    qtbot.mouseClick(page.bar.button(Action.STAND), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.phase is ShoePhase.CHECKING, timeout=10000)
    assert page.table.view().message == "The running count?"
    page.answer_check(str(int(page.counter.seen()[0])))
    assert page.phase is ShoePhase.SETTLED
    assert "running count" not in page.table.view().message.lower()
    lines = page.count_panel.lines.text().splitlines()
    assert lines and all(line.startswith("Round 1, ") for line in lines), lines
    page.shutdown()


def test_the_reports_index_drill_opens_the_counting_page_on_those_plays(
        qtbot, shown_window) -> None:
    window = shown_window
    shoe = window.show_page("shoe")
    shoe.index_drill_requested.emit("hilo", "evolution", ["hard:12:v5"])
    assert window.current_page() == "counting"
    counting = window.pages["counting"].page
    qtbot.waitUntil(lambda: counting.index.only is not None and counting.index.cards
                    is not None, timeout=20000)
    assert [p.cell.key for p in counting.index.cards.plays] == ["hard:12:v5"]
    for key in ("counting", "shoe"):
        window.pages[key].page.shutdown()
