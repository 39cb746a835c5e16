"""The shoe practice page: bets placed with chips before each round (nothing dealt before), side
bets paid at the deal, a split round played with the mouse and saved, the dealer's pace, the
timer with the hand, the report, the round history."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PyQt6.QtCore import QEvent, Qt
from PyQt6.QtGui import QKeyEvent, QTextDocumentFragment
from PyQt6.QtWidgets import QApplication, QWidget

from tests.conftest import FakeClock
from trainer import settings as cfg
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import Action, Shoe, cards
from trainer.settings import Settings
from trainer.teaching.records import Mode
from trainer.ui.practice.shoe_page import ShoePage, ShoePhase, shoe_page

from .conftest import assert_not_blank, gold_mask, pixels

#: Player 8♥ 8♦ against dealer 10♠ (hole 6♣); then 3♥ to hand one, 10♦ to hand two, 5♣ ...
PAIR_OF_EIGHTS = "8h 10s 8d 6c 3h 10d 5c 9c"


pytestmark = pytest.mark.usefixtures("dealer_at_once")



def make_page(qtbot, store: Settings, stacked: str | None = PAIR_OF_EIGHTS,
              clock: FakeClock | None = None, deal: bool = True) -> ShoePage:
    """The page on a stacked shoe (the first shoe's betting is open); with ``deal``, 10 bet
    by the keys and dealt."""
    page = ShoePage(store, **({"clock": clock} if clock else {}))
    qtbot.addWidget(page)
    page.resize(1280, 800)
    with qtbot.waitExposed(page):
        page.show()
    if stacked is not None:
        page.start_shoe(seed=1, shoe=Shoe.stacked(cards(stacked), decks=8))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=20000)
    if deal:
        bet_and_deal(qtbot, page)
    return page


def bet_and_deal(qtbot, page: ShoePage, chip: Qt.Key = Qt.Key.Key_3) -> None:
    """Take a chip by its number key (3: the 10), place it on the main bet (B), deal (Enter)."""
    for key in (chip, Qt.Key.Key_B, Qt.Key.Key_Return):
        qtbot.keyClick(page.table, key)


def held(widget: QWidget, key: Qt.Key) -> None:
    """A key's auto-repeated press, as a key held down sends it."""
    QApplication.sendEvent(widget, QKeyEvent(QEvent.Type.KeyPress, key,
                                             Qt.KeyboardModifier.NoModifier, "", True))


def click(qtbot, page: ShoePage, action: Action) -> None:
    button = page.bar.button(action)
    assert button.isVisible(), f"{action.value} is not offered"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_split_round_played_with_the_mouse_is_saved(qtbot, store: Settings,
                                                      data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store)
    assert page.phase is ShoePhase.DECIDING
    assert page.bar.button(Action.FREE_SPLIT).isVisible()
    assert not page.bar.button(Action.SPLIT).isVisible()
    click(qtbot, page, Action.FREE_SPLIT)
    assert len(page.table.view().hands) == 2
    assert page.table.view().hands[1].lammers == 1
    assert page.table.view().cards_left              # the shoe on the felt says it, once
    for words in (page.money.text(), page.seat.info.text(), page.settlement.text()):
        assert "cards left" not in words
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


def test_the_dealer_draws_card_by_card_at_the_set_pace(qtbot, store: Settings,
                                                       data_dir: Path, warnings) -> None:
    store.set(cfg.DEALER_SPEED_MS, 40)
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


def test_side_bets_are_paid_at_the_deal_and_settled_bet_by_bet(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    """The side bets the rules offer have their spots; a colored pair is paid on its circle
    at the deal, before the first decision, and the balance off the table shows it then."""
    page = make_page(qtbot, store, stacked="8h 10s 8d 6c 3h 10d 5c 9c", deal=False)
    spots = [s.title for s in page.table.view().side_bets]
    assert spots == ["Perfect Pairs", "21+3", "Hot 3"], "the evolution game's side bets"
    page.bets.click_chip(2)
    page.bets.click_spot(0)                      # 10 on the main bet
    page.bets.click_chip(1)
    page.bets.click_spot(1)                      # 5 on Perfect Pairs
    page.bets.click_spot(2)                      # 5 on 21+3
    assert "Balance 980" in page.money.text(), "the balance shown is what is off the table"
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    assert page.phase is ShoePhase.DECIDING
    circles = {s.title: s for s in page.table.view().side_bets}
    assert circles["Perfect Pairs"].settled and circles["Perfect Pairs"].net == 60
    assert circles["21+3"].settled and circles["21+3"].net == -5
    assert "Balance 1045" in page.money.text(), "980 + 65 back from the pair, at the deal"
    assert "Perfect Pairs" in page.settlement.text() and "paid at the deal" in \
        page.settlement.text()
    page.practice.shoe.cut_index = 0            # the cut card is out: this round is the last
    click(qtbot, page, Action.FREE_SPLIT)
    while page.phase is ShoePhase.DECIDING:
        click(qtbot, page, Action.STAND)
    text = page.settlement.text()
    assert "Perfect Pairs" in text and "pays 12 to 1" in text and "21+3" in text
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    report = QTextDocumentFragment.fromHtml(page.report.text()).toPlainText()
    assert "The main game" in report and "Side bets" in report
    assert "Perfect Pairs151+60.00" in report.replace("\n", "")
    assert "21+3150\u22125.00" in report.replace("\n", "")
    assert "All bets together" in report
    page.shutdown()


def test_pot_of_gold_has_its_spot_and_settles_at_the_end(qtbot, store: Settings,
                                                         data_dir: Path, warnings) -> None:
    store.set(cfg.PRESET, "pot-of-gold")
    page = make_page(qtbot, store, stacked=None, deal=False)
    assert [s.title for s in page.table.view().side_bets] == ["Pot of Gold"]
    page.start_shoe(seed=1, shoe=Shoe.stacked(cards("8h 10s 8d Kc 3c 7d 2h 8s"), decks=6))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=20000)
    page.bets.click_chip(2)
    page.bets.click_spot(0)
    page.bets.click_chip(1)
    page.bets.click_spot(1)
    page.deal()
    assert not page.table.view().side_bets[0].settled, "the lammers come with the decisions"
    page.shutdown()


def test_keys_play_a_round_and_space_repeats_the_bets_for_the_next(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store)
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    while page.phase is ShoePhase.DECIDING:
        qtbot.keyClick(page.table, Qt.Key.Key_S)
    assert page.phase is ShoePhase.SETTLED, "the result stays on the felt; betting is open"
    assert page.table.view().hands and page.bets.bar.isVisible()
    dealt = page.practice.shoe.position
    qtbot.keyClick(page.table, Qt.Key.Key_Space)            # repeat: 10 again
    assert page.phase is ShoePhase.BETTING and not page.table.view().hands
    assert page.table.view().betting.main == 10 and page.practice.shoe.position == dealt
    qtbot.keyClick(page.table, Qt.Key.Key_Space)            # a second Space doubles
    assert page.table.view().betting.main == 20
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    assert page.practice.round_bets.main == 20 and len(page.practice.rounds) >= 1
    page.shutdown()


def test_the_end_of_shoe_report_is_a_panel_and_the_next_shoe_waits(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store)
    asked: list[list[str]] = []
    page.drill_requested.connect(asked.append)
    page.practice.shoe.cut_index = 0           # the cut card is out: this round is the last
    click(qtbot, page, Action.FREE_SPLIT)
    click(qtbot, page, Action.HIT)             # 8 3 hits to 21 (no double after a split)
    while page.phase is ShoePhase.DECIDING:
        click(qtbot, page, Action.STAND)       # 8 5 stands against a ten: an error
    assert page.phase is ShoePhase.FINISHED
    qtbot.mouseClick(page.bar.go_on, Qt.MouseButton.LeftButton)
    assert page.phase is ShoePhase.REPORT
    assert page.centre.currentWidget() is page.report and page.report.isVisible()
    text = QTextDocumentFragment.fromHtml(page.report.text()).toPlainText()
    assert "1 round · 3 decisions · 1 error" in text
    for line in ("Result", "Perfect play expected", "Skill: your errors", "Luck"):
        assert line in text
    assert "main bets" in text and "in chips" in text and "Pairs" in text
    assert "Hard 13 (free stake) v 10: you stood, hit was best, \u22120.043 main bets" in text
    assert "Side bets" not in text, "none placed"
    figures = re.findall(r"[-\u2212+]?\d+\.\d+", text)
    assert figures and not any(f.startswith("-") for f in figures), "one minus sign: U+2212"
    assert page.report.drill.isEnabled() and "(1)" in page.report.drill.text()
    qtbot.mouseClick(page.report.drill, Qt.MouseButton.LeftButton)
    assert len(asked) == 1 and asked[0][0].startswith("evolution|")
    assert page.phase is ShoePhase.REPORT, "no new shoe until the player asks"
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=20000)
    assert page.centre.currentWidget() is page.table and not page.practice.rounds
    assert page.practice.shoe.position == 0, "the next shoe waits for the bets too"
    page.shutdown()


def test_nothing_is_dealt_before_the_player_deals(qtbot, store: Settings, data_dir: Path,
                                                  warnings) -> None:
    """Opening the page opens betting: no card leaves the shoe, the felt shows the spots and
    the chips, and every betting key leaves the shoe alone until Enter deals."""
    page = make_page(qtbot, store, deal=False)
    view = page.table.view()
    assert page.practice.shoe.position == 0 and not page.practice.rounds
    assert view.hands == () and view.dealer_cards == () and view.betting is not None
    assert [c.amount for c in view.chips] == [1, 5, 10, 25, 100, 500]
    assert page.bets.bar.isVisible() and not page.bar.go_on.isVisible()
    for key in (Qt.Key.Key_Space, Qt.Key.Key_4, Qt.Key.Key_B, Qt.Key.Key_A, Qt.Key.Key_X,
                Qt.Key.Key_Delete, Qt.Key.Key_Right, Qt.Key.Key_B, Qt.Key.Key_H,
                Qt.Key.Key_S):
        qtbot.keyClick(page.table, key)
    assert page.practice.shoe.position == 0 and page.phase is ShoePhase.BETTING
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    assert page.practice.shoe.position > 0 and page.phase is ShoePhase.DECIDING
    page.shutdown()


def test_chips_by_keys_and_clicks_undo_hold_to_clear_and_x2(
        qtbot, store: Settings, data_dir: Path, warnings, clock: FakeClock) -> None:
    page = make_page(qtbot, store, clock=clock, deal=False)
    table = page.table
    lay = table.table_layout()
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=lay.rack[3].centre.toPoint())
    assert page.bets.betting.chip == 25 and table.view().chips[3].selected
    main = lay.spots[0].circle.center().toPoint()
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=main)
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=main)
    assert table.view().betting.main == 50 and page.bets.bar.total.text() == "Total bet 50"
    qtbot.keyClick(table, Qt.Key.Key_2)                      # the 5 chip
    qtbot.keyClick(table, Qt.Key.Key_A)                      # on every side bet
    assert [s.stake for s in table.view().side_bets] == [5, 5, 5]
    qtbot.keyClick(table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [s.stake for s in table.view().side_bets] == [0, 0, 0], "undo: the last placing"
    qtbot.keyClick(table, Qt.Key.Key_Backspace)
    assert table.view().betting.main == 25
    qtbot.mouseClick(page.bets.bar.double, Qt.MouseButton.LeftButton)     # x2
    assert table.view().betting.main == 50
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert table.view().betting.main == 25
    qtbot.keyClick(table, Qt.Key.Key_4)
    qtbot.keyClick(table, Qt.Key.Key_B)
    # Delete held: the press takes back one chip, its repeats clear all once held 3 seconds
    table.setFocus()
    qtbot.keyPress(table, Qt.Key.Key_Delete)
    assert table.view().betting.main == 25
    clock.advance(1.0)
    held(table, Qt.Key.Key_Delete)
    assert table.view().betting.main == 25, "not held long enough yet"
    clock.advance(2.0)
    held(table, Qt.Key.Key_Delete)
    qtbot.keyRelease(table, Qt.Key.Key_Delete)
    assert table.view().betting.main == 0 and page.bets.betting.total == 0
    # the Undo button held: its timer (moved by hand) clears every bet
    qtbot.keyClick(table, Qt.Key.Key_3)
    qtbot.keyClick(table, Qt.Key.Key_B)
    qtbot.keyClick(table, Qt.Key.Key_B)
    qtbot.mousePress(page.bets.bar.undo, Qt.MouseButton.LeftButton)
    page.bets.bar.hold.timeout.emit()
    page.bets.bar.hold.stop()
    qtbot.mouseRelease(page.bets.bar.undo, Qt.MouseButton.LeftButton)
    assert page.bets.betting.total == 0
    qtbot.keyClick(table, Qt.Key.Key_B)
    qtbot.mouseClick(page.bets.bar.undo, Qt.MouseButton.LeftButton)      # a click: one chip
    assert page.bets.betting.total == 0 and page.practice.shoe.position == 0
    page.shutdown()


def test_limits_and_the_balance_are_refused_in_plain_words_and_keep_the_chips(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    store.set(cfg.TABLE_MAXIMUM, 200)
    page = make_page(qtbot, store, deal=False)
    table = page.table
    qtbot.keyClick(table, Qt.Key.Key_5)                      # 100
    for _ in range(3):
        qtbot.keyClick(table, Qt.Key.Key_B)
    assert table.view().betting.main == 200
    assert table.view().message == "Main bet at the table maximum of 200."
    for _ in range(5):
        qtbot.keyClick(table, Qt.Key.Key_Right)                # Hot 3's spot
        if page.bets.chosen == 3:
            break
    qtbot.keyClick(table, Qt.Key.Key_B)
    assert table.view().message == "Hot 3 at the table maximum of 100."
    qtbot.keyClick(table, Qt.Key.Key_6)                      # 500: 700 left
    qtbot.keyClick(table, Qt.Key.Key_X)                      # 300 more: 400 left
    qtbot.keyClick(table, Qt.Key.Key_X)
    assert table.view().message == "Every bet is at its maximum."
    page.bets.betting.clear()
    page.bets.refresh()
    qtbot.keyClick(table, Qt.Key.Key_Right)                  # the ring back on the main bet
    assert page.bets.chosen == 0 and table.view().betting.chosen == 0
    qtbot.keyClick(table, Qt.Key.Key_1)
    qtbot.keyClick(table, Qt.Key.Key_B)                      # 1: under the minimum of 10
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert page.phase is ShoePhase.BETTING and page.practice.shoe.position == 0
    assert table.view().message == "The table minimum is 10: add 9 to the main bet."
    assert table.view().betting.main == 1, "a refused deal keeps the chips"
    page.seat.bankroll.setValue(30)
    page.start_shoe(seed=1, shoe=Shoe.stacked(cards(PAIR_OF_EIGHTS), decks=8))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=20000)
    assert [c.enabled for c in table.view().chips] == [True, True, True, True, False, False]
    qtbot.keyClick(table, Qt.Key.Key_5)
    assert table.view().message == "Not enough balance for a 100 chip: 30 left."
    page.shutdown()


def test_the_table_keeps_the_keys_after_a_natural_and_after_a_seat_field(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    """A first round that settles at once (a natural) leaves betting open to the keys; keys
    typed in a seat field act on the table, and Enter there gives the table the keys back."""
    page = make_page(qtbot, store, stacked="Ah 9s Kd 7c " + PAIR_OF_EIGHTS)
    page.activateWindow()
    assert page.phase is ShoePhase.SETTLED and page.table.view().message.startswith("You win")
    qtbot.waitUntil(lambda: page.table.hasFocus())
    qtbot.keyClick(page.table, Qt.Key.Key_Space)             # repeat the 10
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    assert page.phase is ShoePhase.DECIDING
    page.seat_button.setChecked(True)
    page.seat.bankroll.setFocus()
    qtbot.waitUntil(lambda: page.seat.bankroll.hasFocus())
    qtbot.keyClick(page.seat.bankroll, Qt.Key.Key_P)
    assert len(page.table.view().hands) == 2, "P in the bankroll field split the pair"
    assert page.table.hasFocus()
    page.seat.bankroll.setFocus()
    page.seat.bankroll.selectAll()
    qtbot.keyClicks(page.seat.bankroll, "2500")
    qtbot.keyClick(page.seat.bankroll, Qt.Key.Key_Return)
    assert page.seat.bankroll.value() == 2500 and page.table.hasFocus()
    page.shutdown()


def test_the_page_renders_mid_round_with_gold(qtbot, store: Settings, data_dir: Path,
                                              warnings, tmp_path: Path) -> None:
    page = make_page(qtbot, store)
    click(qtbot, page, Action.FREE_SPLIT)
    image = page.grab()
    assert image.save(str(tmp_path / "shoe.png"))
    assert_not_blank(image, at_least=200)
    assert gold_mask(pixels(image)).sum() > 500, "no golden lammer on the table"
    page.shutdown()


def test_a_damaged_progress_file_is_reported_and_the_shoe_still_deals(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
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


def test_the_factory_makes_the_page(qtbot, store: Settings, data_dir: Path, warnings) -> None:
    page = shoe_page(store)
    qtbot.addWidget(page)
    assert isinstance(page, ShoePage)
    qtbot.waitUntil(lambda: page.practice is not None, timeout=20000)
    page.shutdown()


def test_timed_shoe_play_shows_the_timer_with_the_hand_and_says_the_auto_decision(
        qtbot, store: Settings, data_dir: Path, warnings, clock: FakeClock) -> None:
    """The countdown reads the page's clock (moved by hand here): it is on the felt with the
    hand to play; at zero, the next tick takes the auto-decision and the felt says it."""
    store.set(cfg.TIMER_SECONDS, 4.0)
    page = make_page(qtbot, store, stacked=None, clock=clock, deal=False)
    page.timed_box.setChecked(True)
    page.start_shoe(seed=2, shoe=Shoe.stacked(cards("10h 10s 6d 6c 5h 9d"), decks=8))
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING and page.timed is not None,
                    timeout=20000)
    bet_and_deal(qtbot, page)
    assert page.phase is ShoePhase.DECIDING and not page.countdown.isVisible()
    clock.advance(1.5)
    page.ticker.timeout.emit()
    timer = page.table.view().timer
    assert timer is not None and timer.seconds == pytest.approx(2.5)
    lay = page.table.table_layout()
    hand = lay.hands[0]
    assert lay.timer is not None and lay.timer.left() >= max(f.rect.right() for f in hand.faces)
    assert hand.frame.top() <= lay.timer.center().y() <= hand.frame.bottom()
    clock.advance(2.5)
    page.ticker.timeout.emit()
    assert page.phase is ShoePhase.SETTLED
    decision = page.practice.decisions[-1]
    assert decision.timed_out and decision.action == "stand" and decision.mode is Mode.TIMED
    assert page.table.view().message.startswith("Time up: stood (more than 11 stands)")
    assert not decision.right                # the table stood, as the game does: still a miss
    assert (page.feedback.score.right, page.feedback.score.streak) == (0, 0)
    assert "Time out" in page.feedback.body.text() and "Correct" not in page.feedback.body.text()
    page.shutdown()


def test_the_history_lists_every_round_newest_first_also_after_a_restart(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store)
    click(qtbot, page, Action.FREE_SPLIT)
    while page.phase is ShoePhase.DECIDING:
        click(qtbot, page, Action.STAND)
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    while page.phase is ShoePhase.DECIDING:
        click(qtbot, page, Action.STAND)
    qtbot.keyClick(page.table, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert page.centre.currentWidget() is page.history
    tree = page.history.tree
    assert [tree.topLevelItem(i).text(0).splitlines()[0] for i in range(2)] == [
        "Round 2, this shoe", "Round 1, this shoe"]
    assert tree.topLevelItem(1).text(0).splitlines()[1] == "8♥ 3♥ / 8♦ 10♦ v 10♠ 6♣ 5♣"
    page.shutdown()

    again = make_page(qtbot, store, stacked=None, deal=False)
    again.toggle_history()
    qtbot.waitUntil(lambda: again.history_read, timeout=20000)
    tree = again.history.tree
    lines = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert [line.split(",")[0] for line in lines] == ["Round 2", "Round 1"]
    assert all("(evolution)" in line for line in lines)
    first = tree.topLevelItem(1)                            # round 1: the split
    texts = [first.child(i).text(0) for i in range(first.childCount())]
    assert texts[:3] == ["Hand 1: 8♥ 3♥ (stake 10): lose", "Hand 2: 8♦ 10♦ (free bet 10): lose",
                         "Dealer: 10♠ 6♣ 5♣"]
    decisions = [first.child(i) for i in range(first.childCount())
                 if first.child(i).text(0).startswith("Decision:")]
    assert decisions[0].text(0) == "Decision: Pair of 8s v 10: you took the free split, right"
    asked: list[list[str]] = []
    again.drill_requested.connect(asked.append)
    tree.setCurrentItem(decisions[0])
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    assert asked == [["evolution|first|real|pair8|2|v10"]]
    qtbot.keyClick(tree, Qt.Key.Key_Escape)
    assert again.centre.currentWidget() is again.table
    again.shutdown()


def test_drilling_the_shoes_mistakes_opens_flashcards_on_them(qtbot, store: Settings,
                                                              data_dir: Path, warnings) -> None:
    from trainer.ui.main_window import MainWindow
    from trainer.ui.practice.screen_states import shoe_report

    window = MainWindow(store)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    page = window.show_page("shoe")
    shoe_report(page, lambda done, what: qtbot.waitUntil(done, timeout=20000))
    keys = list(page.report._keys)
    assert keys and all(k.startswith("evolution|") for k in keys)
    qtbot.mouseClick(page.report.drill, Qt.MouseButton.LeftButton)
    assert window.current_page() == "flashcards"
    flashcards = window.pages["flashcards"].page
    qtbot.waitUntil(lambda: flashcards.awaiting, timeout=20000)
    assert flashcards.session.keys == keys
    assert flashcards.card.situation.key in keys
    for key in ("flashcards", "shoe"):
        window.pages[key].page.shutdown()


def test_computer_seats_from_the_seat_panel_play_beside_yours(qtbot, store: Settings,
                                                              data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store, stacked=None, deal=False)
    page.seat.others.setValue(2)
    page.seat.seed.setText("7")
    page.seat.new_shoe.click()
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=20000)
    bet_and_deal(qtbot, page)
    assert page.practice.round is not None and len(page.practice.round.seats) == 3
    assert page.practice.settings.seat == 2, "yours is dealt last"
    assert page.table.view().hands, "the felt shows your hands"
    page.shutdown()


def test_the_seat_panel_opened_in_a_narrow_window_lies_over_the_felt_not_beside_it(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    """Where the table would lose its share of the width, the seat panel opened by hand is a
    drawer over the felt's left edge: the felt keeps its size; in a wide window it sits beside
    the felt again."""
    page = make_page(qtbot, store, stacked=None, deal=False)        # 1280 wide: folded
    assert not page.seat.isVisible() and not page.seat_button.isChecked()
    felt = page.centre.geometry()
    page.seat_button.click()
    assert page.seat.isVisible()
    assert page.centre.geometry() == felt, "the felt is not squeezed"
    assert page.seat.geometry().intersects(felt) and page.seat.geometry().left() == felt.left()
    page.resize(1920, 1080)
    qtbot.waitUntil(lambda: page.centre.width() > felt.width())
    assert page.seat.isVisible()
    assert page.seat.geometry().right() < page.centre.geometry().left(), "beside the felt"
    page.seat_button.click()
    assert not page.seat.isVisible()
    page.shutdown()
