"""Shoe practice never throws a shoe away without a word.

As a tester met it: changing Rules at round 19 dropped the shoe with no report; choosing a
Count on the end-of-shoe report replaced it with a new shoe; after a restart the shoe in
progress was gone. A change that would end a shoe in play asks first and ends it with its
report; the report stays until "Next shoe"; a shoe in progress is offered again after a
restart, its rounds, balance and cards seen as they were.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QMessageBox

from trainer.drills.shoe_keeping import FILE_NAME
from trainer.rules import Action
from trainer.settings import Settings
from trainer.ui.practice.shoe_page import ShoePage, ShoePhase

from .test_shoe_page import bet_and_deal

YES, NO = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No


pytestmark = pytest.mark.usefixtures("dealer_at_once")


class Asked(list[str]):
    """The questions asked, answered with the next of :attr:`answers`."""

    answers: list[QMessageBox.StandardButton]


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Asked:
    seen = Asked()
    answers: list[QMessageBox.StandardButton] = []

    def question(_parent: object, title: str, text: str, *_: object) -> object:
        seen.append(f"{title}\n{text}")
        return answers.pop(0)
    monkeypatch.setattr(QMessageBox, "question", question)
    seen.answers = answers
    return seen


def _page(qtbot, store: Settings) -> ShoePage:
    page = ShoePage(store)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.seat.seed.setText("5")
    with qtbot.waitExposed(page):
        page.show()
    qtbot.waitUntil(lambda: page.phase is ShoePhase.BETTING, timeout=20000)
    return page


def _play(qtbot, page: ShoePage, rounds: int) -> None:
    """Bet 10 and stand (no insurance) for ``rounds`` rounds."""
    assert page.practice is not None
    while len(page.practice.rounds) < rounds:
        if page.phase in (ShoePhase.BETTING, ShoePhase.SETTLED):
            if page.bets.betting is not None and page.bets.betting.problem() is not None:
                bet_and_deal(qtbot, page)
            else:
                qtbot.keyClick(page.table, Qt.Key.Key_Return)
        elif page.phase is ShoePhase.DECIDING:
            legal = page.practice.round.legal_actions()  # type: ignore[union-attr]
            page.act(Action.NO_INSURANCE if Action.NO_INSURANCE in legal else Action.STAND)
        else:
            qtbot.wait(10)


def test_a_change_asks_first_and_ends_the_shoe_with_its_report(
        qtbot, store: Settings, data_dir: Path, asked: Asked) -> None:
    page = _page(qtbot, store)
    _play(qtbot, page, 3)
    practice = page.practice
    rules = page.rules_box.currentIndex()
    asked.answers.append(NO)
    page.rules_box.setCurrentIndex(rules + 1)
    assert asked[-1].startswith("End this shoe?") and "3 rounds played" in asked[-1]
    assert page.rules_box.currentIndex() == rules and page.practice is practice
    assert (data_dir / FILE_NAME).exists()               # kept as it goes
    asked.answers.append(YES)
    page.count_box.setCurrentIndex(1)
    assert page.phase is ShoePhase.REPORT and page.practice is practice
    assert page.centre.currentWidget() is page.report
    assert not (data_dir / FILE_NAME).exists()           # ended: not offered again
    # on the report, another choice waits for "Next shoe": the report stays
    page.count_box.setCurrentIndex(0)
    page.timed_box.setChecked(True)
    assert page.phase is ShoePhase.REPORT and page.practice is practice
    assert len(asked) == 2
    page.shutdown()


def test_a_shoe_in_progress_is_offered_again_after_a_restart(
        qtbot, store: Settings, data_dir: Path, asked: Asked) -> None:
    page = _page(qtbot, store)
    _play(qtbot, page, 4)
    practice = page.practice
    assert practice is not None
    balance, seen, dealt = practice.balance, practice.shoe.position, practice.shoe.dealt
    page.shutdown()
    page.close()
    asked.answers.append(YES)
    again = _page(qtbot, store)                           # as after a restart
    assert asked[-1].startswith("Go on with your shoe?")
    assert f"4 rounds played, balance {balance}, {seen} cards seen" in asked[-1]
    resumed = again.practice
    assert resumed is not None and len(resumed.rounds) == 4
    assert resumed.balance == balance and resumed.shoe.dealt == dealt
    assert again.bets.betting is not None
    _play(qtbot, again, 5)                                # and it goes on
    assert len(resumed.rounds) == 5
    again.shutdown()
