"""The shoe practice page: a split round played with the mouse, saved; dealer pace; report."""

from __future__ import annotations

from pathlib import Path

import pytest
from PyQt6.QtCore import QSettings, Qt
from PyQt6.QtWidgets import QTextBrowser

from tests.conftest import FakeClock
from trainer.drills.records import Mode
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import Action, Shoe, SideBet, cards
from trainer.ui.practice.shoe_page import ShoePage, ShoePhase, shoe_page
from trainer.ui.settings import declarations as cfg

from .conftest import assert_not_blank, gold_mask, pixels

#: Player 8♥ 8♦ against dealer 10♠ (hole 6♣); then 3♥ to hand one, 10♦ to hand two, 5♣ ...
PAIR_OF_EIGHTS = "8h 10s 8d 6c 3h 10d 5c 9c"


@pytest.fixture
def data_dir(tmp_path: Path, store: QSettings) -> Path:
    folder = tmp_path / "data"
    cfg.write(store, cfg.DATA_DIR, str(folder))
    cfg.write(store, cfg.DEALER_SPEED_MS, 0)
    return folder



def make_page(qtbot, store: QSettings, stacked: str | None = PAIR_OF_EIGHTS,
              clock: FakeClock | None = None) -> ShoePage:
    page = ShoePage(store, **({"clock": clock} if clock else {}))
    qtbot.addWidget(page)
    page.resize(1280, 800)
    with qtbot.waitExposed(page):
        page.show()
    if stacked is not None:
        page.start_shoe(seed=1, shoe=Shoe.stacked(cards(stacked), decks=8))
    qtbot.waitUntil(lambda: page.phase in (ShoePhase.DECIDING, ShoePhase.SETTLED), timeout=20000)
    return page


def click(qtbot, page: ShoePage, action: Action) -> None:
    button = page.bar.button(action)
    assert button.isVisible(), f"{action.value} is not offered"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_split_round_played_with_the_mouse_is_saved(qtbot, store: QSettings,
                                                      data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store)
    assert page.phase is ShoePhase.DECIDING
    assert page.bar.button(Action.FREE_SPLIT).isVisible()
    assert not page.bar.button(Action.SPLIT).isVisible()
    click(qtbot, page, Action.FREE_SPLIT)
    assert len(page.table.view().hands) == 2
    assert page.table.view().hands[1].lammers == 1
    left = page.table.view().cards_left             # the seat panel follows every card
    assert f"{left} cards left" in page.seat.info.text()
    while page.phase is ShoePhase.DECIDING:
        click(qtbot, page, Action.STAND)
    qtbot.waitUntil(lambda: page.phase is ShoePhase.SETTLED)
    text = page.settlement.text()
    assert "Hand 1" in text and "Hand 2" in text and "free bet 10" in text
    assert page.table.view().hands[0].outcome_text
    page.shutdown()
    assert not warnings
    with ProgressStore.open(database_path(str(data_dir))) as saved:
        decisions = [d.decision for d in saved.decisions()]
        assert [d.action for d in decisions] == ["free_split", "stand", "stand"]
        assert {d.mode for d in decisions} == {Mode.SHOE}
        assert decisions[0].situation_key.startswith("evolution|first|real|pair8|2|v10")
        session = next(iter(saved.decisions())).session_id
        rounds = saved.rounds(session)
        assert len(rounds) == 1 and rounds[0].bets["main"] == 10.0


def test_the_dealer_draws_card_by_card_at_the_set_pace(qtbot, store: QSettings,
                                                       data_dir: Path, warnings) -> None:
    cfg.write(store, cfg.DEALER_SPEED_MS, 40)
    page = make_page(qtbot, store, "10h 10s 6d 6c 5h 9d")     # 16 v 16: the dealer draws
    seen: list[int] = []
    page.table.set_view = (lambda original: lambda view: (
        seen.append(len(view.dealer_cards)), original(view)))(page.table.set_view)
    click(qtbot, page, Action.STAND)
    assert page.phase is ShoePhase.DEALER
    assert page.dealer_timer.isActive() and page.dealer_timer.interval() == 40
    while page.phase is ShoePhase.DEALER:        # each tick of the pace shows one more card
        page.dealer_timer.timeout.emit()
    assert seen[:2] == [2, 3], "the hole card is turned, then the dealer draws"
    assert "Win" in page.settlement.text() or "Lose" in page.settlement.text()
    page.shutdown()


def test_side_bets_are_settled_bet_by_bet(qtbot, store: QSettings, data_dir: Path,
                                          warnings) -> None:
    page = make_page(qtbot, store, stacked=None)
    assert page.seat.side_spins[SideBet.HOT_3].isVisibleTo(page)
    assert not page.seat.side_spins[SideBet.POT_OF_GOLD].isVisibleTo(page)
    page.seat.side_spins[SideBet.PERFECT_PAIRS].setValue(5)
    page.seat.side_spins[SideBet.TWENTY_ONE_PLUS_THREE].setValue(5)
    page.start_shoe(seed=3, shoe=Shoe.stacked(cards("8h 10s 8h 6c 3h 10d 5c 9c"), decks=8))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.DECIDING, timeout=20000)
    while page.phase is ShoePhase.DECIDING:
        click(qtbot, page, Action.STAND)
    text = page.settlement.text()
    assert "Perfect Pairs" in text and "pays" in text and "21+3" in text
    page.shutdown()


def test_keys_play_a_round_and_space_deals_on(qtbot, store: QSettings, data_dir: Path,
                                              warnings) -> None:
    page = make_page(qtbot, store)
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    while page.phase is ShoePhase.DECIDING:
        qtbot.keyClick(page.table, Qt.Key.Key_S)
    assert page.phase is ShoePhase.SETTLED
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    assert page.phase in (ShoePhase.DECIDING, ShoePhase.SETTLED) and len(page.practice.rounds) >= 1
    page.shutdown()


def test_the_end_of_shoe_report(qtbot, store: QSettings, data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store)
    page.practice.shoe.cut_index = 0           # the cut card is out: this round is the last
    click(qtbot, page, Action.FREE_SPLIT)
    while page.phase is ShoePhase.DECIDING:
        click(qtbot, page, Action.STAND)
    assert page.phase is ShoePhase.FINISHED
    qtbot.mouseClick(page.bar.go_on, Qt.MouseButton.LeftButton)
    assert page.report_dialog is not None
    report = page.report_dialog.findChild(QTextBrowser).toPlainText()
    assert "1 round, 3 decisions" in report and "Skill" in report and "Luck" in report
    page.report_dialog.close()
    page.shutdown()


def test_the_page_renders_mid_round_with_gold(qtbot, store: QSettings, data_dir: Path,
                                              warnings, tmp_path: Path) -> None:
    page = make_page(qtbot, store)
    click(qtbot, page, Action.FREE_SPLIT)
    image = page.grab()
    assert image.save(str(tmp_path / "shoe.png"))
    assert_not_blank(image, at_least=200)
    assert gold_mask(pixels(image)).sum() > 500, "no golden lammer on the table"
    page.shutdown()


def test_a_damaged_progress_file_is_reported_and_the_shoe_still_deals(
        qtbot, store: QSettings, data_dir: Path, warnings) -> None:
    path = database_path(str(data_dir))
    path.parent.mkdir(parents=True)
    path.write_bytes(b"garbage, not sqlite " * 100)
    page = make_page(qtbot, store)
    qtbot.waitUntil(lambda: bool(warnings))
    assert str(path) in warnings[0]
    click(qtbot, page, Action.FREE_SPLIT)
    while page.phase is ShoePhase.DECIDING:
        click(qtbot, page, Action.STAND)
    assert page.phase is ShoePhase.SETTLED and len(page.practice.decisions) == 3
    page.shutdown()
    assert len(warnings) == 1


def test_the_factory_makes_the_page(qtbot, store: QSettings, data_dir: Path, warnings) -> None:
    page = shoe_page(store)
    qtbot.addWidget(page)
    assert isinstance(page, ShoePage)
    qtbot.waitUntil(lambda: page.practice is not None, timeout=20000)
    page.shutdown()


def test_timed_shoe_play_applies_the_auto_decision(qtbot, store: QSettings, data_dir: Path,
                                                   warnings, clock: FakeClock) -> None:
    """The countdown reads the page's clock (moved by hand here): at zero, the next tick takes
    the auto-decision and the round settles."""
    cfg.write(store, cfg.TIMER_SECONDS, 1.0)
    page = make_page(qtbot, store, stacked=None, clock=clock)
    page.timed_box.setChecked(True)
    page.start_shoe(seed=2, shoe=Shoe.stacked(cards("10h 10s 6d 6c 5h 9d"), decks=8))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.DECIDING and page.timed is not None,
                    timeout=20000)
    assert page.countdown.isVisible()
    clock.advance(1.0)
    page.ticker.timeout.emit()
    assert page.phase is ShoePhase.SETTLED
    decision = page.practice.decisions[-1]
    assert decision.timed_out and decision.action == "stand" and decision.mode is Mode.TIMED
    page.shutdown()
