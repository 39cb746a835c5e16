"""The flashcards page: a session played with keys, saved as it goes; store faults; the image."""

from __future__ import annotations

from html import escape
from pathlib import Path

from PyQt6.QtCore import Qt

from tests.conftest import FakeClock
from trainer import settings as cfg
from trainer.drills.flashcards import FlashMode
from trainer.drills.when import due_text
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import Action
from trainer.settings import Settings
from trainer.teaching.records import Mode
from trainer.ui.practice.flashcards_page import FlashcardsPage, flashcards_page
from trainer.ui.table.action_bar import KEYS

from .conftest import assert_not_blank, gold_mask, pixels


def make_page(qtbot, store: Settings, mode: FlashMode = FlashMode.ALL,
              clock: FakeClock | None = None) -> FlashcardsPage:
    page = FlashcardsPage(store, seed=7, **({"clock": clock} if clock else {}))
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.mode_box.setCurrentIndex(page.mode_box.findData(mode.value))
    with qtbot.waitExposed(page):
        page.show()
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)
    return page


def key_for(page: FlashcardsPage) -> Qt.Key:
    """The key of an offered action (the first in button order)."""
    assert page.card is not None
    action = page.card.actions[0]
    return KEYS[action]


def test_a_session_played_with_keys_is_saved_as_it_goes(qtbot, store: Settings,
                                                          data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store)
    asked = []
    for _ in range(5):
        assert page.awaiting
        asked.append(page.card.situation.key)
        qtbot.keyClick(page.table, key_for(page))
        assert not page.awaiting, "feedback is shown after each card"
        assert "best" in page.feedback.body.text().lower() or "Correct" in \
            page.feedback.body.text()
        qtbot.keyClick(page.table, Qt.Key.Key_Space)
    assert page.feedback.score.decisions == 5
    page.shutdown()
    assert not warnings
    with ProgressStore.open(database_path(str(data_dir))) as saved:
        decisions = [d.decision for d in saved.decisions()]
        assert [d.situation_key for d in decisions] == asked
        assert {d.mode for d in decisions} == {Mode.FLASHCARDS}


def test_with_feedback_off_the_next_card_comes_at_once(qtbot, store: Settings,
                                                       data_dir: Path, warnings) -> None:
    store.set(cfg.FEEDBACK, "off")
    page = make_page(qtbot, store, FlashMode.PAIRS)
    for _ in range(3):
        first = page.card
        qtbot.keyClick(page.table, key_for(page))
        assert page.awaiting and page.card is not first
    assert page.session is not None and len(page.session.decisions) == 3
    page.shutdown()


def test_free_plays_are_golden_and_keys_pick_the_offered_one(qtbot, store: Settings,
                                                             data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store, FlashMode.PAIRS)
    while Action.FREE_SPLIT not in page.card.actions:
        qtbot.keyClick(page.table, key_for(page))
        qtbot.keyClick(page.table, Qt.Key.Key_Return)
    split = page.bar.button(Action.FREE_SPLIT)
    assert split.isVisible() and split.text() == "Free Split (P)"
    assert not page.bar.button(Action.SPLIT).isVisible()
    assert gold_mask(pixels(split.grab())).sum() > 100
    qtbot.keyClick(page.table, Qt.Key.Key_P)
    assert page.session.decisions[-1].action == "free_split"
    page.shutdown()


def test_the_page_renders_with_a_card_and_feedback(qtbot, store: Settings, data_dir: Path,
                                                   warnings, tmp_path: Path) -> None:
    page = make_page(qtbot, store)
    qtbot.keyClick(page.table, key_for(page))
    image = page.grab()
    assert image.save(str(tmp_path / "flashcards.png"))
    assert_not_blank(image, at_least=200)
    page.shutdown()


def test_a_damaged_progress_file_is_reported_and_the_page_still_deals(
        qtbot, store: Settings, data_dir: Path, warnings) -> None:
    path = database_path(str(data_dir))
    path.parent.mkdir(parents=True)
    garbage = b"this is not a database " * 200
    path.write_bytes(garbage)
    page = make_page(qtbot, store)
    qtbot.waitUntil(lambda: bool(warnings))
    assert len(warnings) == 1
    assert str(path) in warnings[0] and "not being saved" in warnings[0]
    assert "Not saving" in page.status.text()
    qtbot.keyClick(page.table, key_for(page))
    qtbot.keyClick(page.table, Qt.Key.Key_Space)
    assert page.awaiting and page.feedback.score.decisions == 1
    page.shutdown()
    assert path.read_bytes() == garbage, "the damaged file is left as it was"
    assert len(warnings) == 1


def test_charlie_hands_only_where_the_rules_have_them(qtbot, store: Settings,
                                                      data_dir: Path, warnings) -> None:
    page = make_page(qtbot, store)
    assert page.mode_box.findData(FlashMode.CHARLIE.value) >= 0
    page.rules_box.setCurrentIndex(page.rules_box.findData("pot-of-gold"))
    assert page.mode_box.findData(FlashMode.CHARLIE.value) < 0
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)
    assert page.card.situation.preset == "pot-of-gold"
    page.shutdown()


def test_the_factory_makes_the_page(qtbot, store: Settings, data_dir: Path, warnings) -> None:
    page = flashcards_page(store)
    qtbot.addWidget(page)
    assert isinstance(page, FlashcardsPage)
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)
    page.shutdown()


def test_timed_play_counts_down_and_takes_the_auto_decision(qtbot, store: Settings,
                                                            data_dir: Path, warnings,
                                                            clock: FakeClock) -> None:
    """The countdown reads the page's clock (moved by hand here): at zero, the next tick takes
    the auto-decision."""
    store.set(cfg.TIMER_SECONDS, 1.0)
    page = make_page(qtbot, store, FlashMode.HARD, clock)
    page.timed_box.setChecked(True)
    qtbot.waitUntil(lambda: page.awaiting and page.timed is not None, timeout=20000)
    assert page.countdown.isVisible() and page.countdown.label.text() == "1.0 s"
    clock.advance(0.6)
    page.ticker.timeout.emit()
    assert page.awaiting and page.countdown.label.text() == "0.4 s"
    clock.advance(0.4)
    page.ticker.timeout.emit()
    assert not page.awaiting
    decision = page.session.decisions[-1]
    assert decision.timed_out and decision.mode is Mode.TIMED
    assert "Time out" in page.feedback.body.text()
    assert "Correct" not in page.feedback.body.text()       # whatever the table played
    assert page.table.view().message.startswith("Time out: best is ")
    assert (page.feedback.score.right, page.feedback.score.streak) == (0, 0)
    page.shutdown()
    with ProgressStore.open(database_path(str(data_dir))) as saved:
        assert [d.decision.timed_out for d in saved.decisions()] == [True]


def test_due_mode_shows_the_day_and_ctrl_z_takes_an_answer_back(qtbot, store: Settings,
                                                                 data_dir: Path,
                                                                 warnings) -> None:
    store.set(cfg.NEW_PER_DAY, 2)
    page = make_page(qtbot, store, FlashMode.DUE)
    assert page.day_label.isVisible() and page.day_label.text() == (
        "<b>Today:</b> Due 0 · Learning 0 · New 2 (of 2 a day)")
    first = page.card
    assert first is not None and first.situation.key == "evolution|first|real|hard11|2|v10"
    qtbot.keyClick(page.table, Qt.Key.Key_H)                 # hit: the classic blunder
    body = page.feedback.body.text()
    assert "Blunder" in body and "Free double:" in body and "Ctrl+Z" in body
    view = page.table.view()
    assert view.message.startswith("Blunder") and view.message_colour == "#a50e0e"
    assert page.day_label.text().endswith(   # the counts follow: the miss is learning at once
        "Due 0 · Learning 1 · New 1 (of 2 a day)"), page.day_label.text()
    qtbot.keyClick(page.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert page.awaiting and page.card is not None and page.card.cards == first.cards
    assert page.feedback.score.decisions == 0
    qtbot.keyClick(page.table, Qt.Key.Key_D)                 # the free double, this time
    assert "Correct" in page.feedback.body.text()
    page.shutdown()
    assert not warnings
    with ProgressStore.open(database_path(str(data_dir))) as saved:
        rows = saved.tuples("SELECT action, undone FROM decisions ORDER BY id")
    assert rows == [("hit", 1), ("free_double", 0)]


def test_done_for_today_then_keep_going(qtbot, store: Settings, data_dir: Path,
                                        warnings) -> None:
    store.set(cfg.NEW_PER_DAY, 1)
    store.set(cfg.FEEDBACK, "off")
    page = make_page(qtbot, store, FlashMode.DUE)
    for _ in range(6):
        if not page.awaiting:
            break
        qtbot.keyClick(page.table, key_for(page))
    assert not page.awaiting and page.card is None, "the day is done"
    due = page.session.next_due()
    assert due is not None            # named as the terminal names it: today, tomorrow, a date
    when = due_text(due, page.session.clock())
    day, _, clock = when.rpartition(" ")
    # the one card learned comes back later today: done for now, and said so
    assert page.table.view().message == f"Done for now · 1 card comes back {day} from {clock}"
    assert "every card due now is answered" in page.feedback.body.text()
    assert "Due 0 · Learning 1 · New 0 (of 1 a day)" in page.day_label.text()
    assert page.bar.go_on.isVisible() and page.bar.go_on.text().startswith("Keep going")
    qtbot.keyClick(page.table, Qt.Key.Key_Space)             # keep going
    assert page.awaiting and page.card is not None
    page.shutdown()
    assert not warnings


def test_each_ev_is_shown_once_and_the_reason_is_given(qtbot, store: Settings, data_dir: Path,
                                                       warnings) -> None:
    """The feedback lists every action's EV in its table, and the reason and the verdict's
    words do not repeat them."""
    page = make_page(qtbot, store)
    qtbot.keyClick(page.table, key_for(page))
    body = page.feedback.body.text()
    decision = page.session.decisions[-1]
    for ev in decision.evs.values():
        shown = f"{ev:+.4f}".replace("-", "\u2212")
        assert body.count(shown) == 1, shown
    reason = page.session.why(page.card).claim
    assert reason and escape(reason) in body
    page.shutdown()


def test_other_modes_show_the_days_counts_too(qtbot, store: Settings, data_dir: Path,
                                              warnings) -> None:
    store.set(cfg.NEW_PER_DAY, 5)
    page = make_page(qtbot, store, FlashMode.HARD)
    assert page.day_label.isVisible()
    assert page.day_label.text().startswith(
        "<b>Due for review today:</b> Due 0 · Learning 0 · New 5 (of 5 a day)")
    page.shutdown()


def test_a_flashcard_has_no_shoe_badge(qtbot, store: Settings, data_dir: Path,
                                       warnings) -> None:
    page = make_page(qtbot, store)
    assert page.table.view().cards_left is None
    assert page.table.table_layout().shoe is None
    assert "cards left" not in page.table.accessibleDescription()
    page.shutdown()


def test_other_rules_offer_first_what_changes(qtbot, store: Settings, data_dir: Path,
                                              warnings) -> None:
    """From the Pot of Gold table to the Golden Nugget's: the page turns to what changes (the
    fours, no longer split free), and each answer says what was played at the rules left."""
    page = make_page(qtbot, store)
    page.rules_box.setCurrentIndex(page.rules_box.findData("pot-of-gold"))
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)
    assert page.mode_box.findData(FlashMode.CHANGES.value) >= 0    # from evolution
    page.rules_box.setCurrentIndex(page.rules_box.findData("golden-nugget-2012"))
    assert page.mode_box.currentData() == FlashMode.CHANGES.value
    assert page.mode_box.currentText() == "What changes from pot-of-gold"
    for _ in range(3):
        qtbot.waitUntil(lambda: page.awaiting, timeout=20000)
        assert page.card.situation.preset == "golden-nugget-2012"
        assert page.card.spot.hand[3] == 2                        # a pair of fours
        qtbot.keyClick(page.table, Qt.Key.Key_H)
        assert "At pot-of-gold: free split." in page.feedback.body.text()
        qtbot.keyClick(page.table, Qt.Key.Key_Space)
    page.shutdown()


def test_a_card_is_timed_only_while_the_player_can_see_it(qtbot, store: Settings,
                                                            data_dir: Path, warnings,
                                                            clock: FakeClock) -> None:
    """Before: the first answer was stored as 22.2 s, the welcome open over the window for most
    of it. A card's time counts from when it is shown, only while the window is active (a
    dialog over it stops it) and the page is shown (another page of the window stops it); the
    clock is moved by hand."""
    from PyQt6.QtWidgets import QDialog, QStackedWidget, QWidget

    window = QStackedWidget()
    qtbot.addWidget(window)
    page = FlashcardsPage(store, seed=7, clock=clock)
    other = QWidget()
    window.addWidget(page)
    window.addWidget(other)
    window.resize(1280, 800)
    page.mode_box.setCurrentIndex(page.mode_box.findData(FlashMode.HARD.value))
    with qtbot.waitExposed(window):
        window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: page.awaiting and page.seen(), timeout=20000)
    clock.advance(1.5)                                  # the player looks at the card
    dialog = QDialog(window)
    dialog.setModal(True)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: not page.seen())
    clock.advance(20)                                   # a dialog over the window
    dialog.close()
    window.activateWindow()
    qtbot.waitUntil(page.seen)
    clock.advance(0.5)
    qtbot.keyClick(page.table, key_for(page))
    assert page.session.decisions[-1].response_ms == 2000
    window.setCurrentWidget(other)                      # the next card, dealt while hidden
    page.deal()
    assert not page.seen()
    clock.advance(30)
    window.setCurrentWidget(page)
    qtbot.waitUntil(page.seen)
    clock.advance(0.8)
    qtbot.keyClick(page.table, key_for(page))
    assert page.session.decisions[-1].response_ms == 800
    page.shutdown()
