"""The decision buttons: each key takes the action it names, and exactly the free plays are
golden. Expectations are written out here, never read from the bar's own tables."""

from __future__ import annotations

import pytest
from PyQt6.QtCore import QEvent, Qt
from PyQt6.QtGui import QKeyEvent

from trainer.drills.flashcards import FlashMode
from trainer.rules import Action
from trainer.settings import Settings
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.table.action_bar import ActionBar

from .conftest import gold_mask, pixels

A = Action


@pytest.mark.parametrize(("key", "offered", "taken"), [
    (Qt.Key.Key_H, {A.HIT, A.STAND}, A.HIT),
    (Qt.Key.Key_S, {A.HIT, A.STAND}, A.STAND),
    (Qt.Key.Key_D, {A.HIT, A.STAND, A.FREE_DOUBLE}, A.FREE_DOUBLE),
    (Qt.Key.Key_D, {A.HIT, A.STAND, A.DOUBLE}, A.DOUBLE),
    (Qt.Key.Key_P, {A.HIT, A.STAND, A.FREE_SPLIT}, A.FREE_SPLIT),
    (Qt.Key.Key_P, {A.HIT, A.STAND, A.SPLIT}, A.SPLIT),
    (Qt.Key.Key_Y, {A.INSURE, A.NO_INSURANCE}, A.INSURE),
    (Qt.Key.Key_N, {A.INSURE, A.NO_INSURANCE}, A.NO_INSURANCE),
])
def test_each_key_takes_the_action_it_names(qtbot, key: Qt.Key, offered: set[Action],
                                            taken: Action) -> None:
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.set_actions(offered)
    chosen: list[Action] = []
    bar.chosen.connect(chosen.append)
    assert bar.handle_key(QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier))
    assert chosen == [taken]


@pytest.mark.parametrize(("key", "modifiers"), [
    (Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier),
    (Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier),   # the keypad's Enter
])
def test_space_return_and_the_keypad_enter_go_on(qtbot, key: Qt.Key,
                                                 modifiers: Qt.KeyboardModifier) -> None:
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.set_proceed("Deal")
    went_on: list[bool] = []
    bar.proceed.connect(lambda: went_on.append(True))
    assert bar.handle_key(QKeyEvent(QEvent.Type.KeyPress, key, modifiers))
    assert went_on == [True]


@pytest.mark.parametrize(("action", "label"), [
    (A.HIT, "Hit (H)"), (A.STAND, "Stand (S)"), (A.DOUBLE, "Double (D)"),
    (A.FREE_DOUBLE, "Free Double (D)"), (A.SPLIT, "Split (P)"), (A.FREE_SPLIT, "Free Split (P)"),
    (A.INSURE, "Insurance: Yes (Y)"), (A.NO_INSURANCE, "Insurance: No (N)")])
def test_each_button_shows_its_key(qtbot, action: Action, label: str) -> None:
    bar = ActionBar()
    qtbot.addWidget(bar)
    assert bar.button(action).text() == label


@pytest.mark.parametrize(("action", "golden"), [
    (A.FREE_DOUBLE, True), (A.FREE_SPLIT, True), (A.HIT, False), (A.STAND, False),
    (A.DOUBLE, False), (A.SPLIT, False), (A.INSURE, False), (A.NO_INSURANCE, False)])
def test_exactly_the_free_plays_are_golden(qtbot, action: Action, golden: bool) -> None:
    """Before, only Free Split's gold was checked: a plain Free Double passed."""
    bar = ActionBar()
    qtbot.addWidget(bar)
    bar.set_actions([action])
    with qtbot.waitExposed(bar):
        bar.show()
    gold = int(gold_mask(pixels(bar.button(action).grab())).sum())
    assert (gold > 300) is golden, f"{action.value}: {gold} gold pixels"


@pytest.mark.parametrize(("key", "recorded"), [(Qt.Key.Key_H, "hit"), (Qt.Key.Key_S, "stand")])
def test_a_key_on_the_flashcards_page_records_its_action(qtbot, store: Settings, tmp_path,
                                                         key: Qt.Key, recorded: str) -> None:
    """On a hard total both hit and stand are offered, so H and S each record their own."""
    from trainer import settings as cfg
    store.set(cfg.DATA_DIR, str(tmp_path / "data"))
    page = FlashcardsPage(store, seed=5)
    qtbot.addWidget(page)
    page.mode_box.setCurrentIndex(page.mode_box.findData(FlashMode.HARD.value))
    with qtbot.waitExposed(page):
        page.show()
    qtbot.waitUntil(lambda: page.awaiting, timeout=20000)
    assert page.card is not None and {A.HIT, A.STAND} <= set(page.card.actions)
    qtbot.keyClick(page.table, key)
    assert page.session is not None and page.session.decisions[-1].action == recorded
    page.shutdown()
