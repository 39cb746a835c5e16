"""The drill pages' screenshot states set themselves up (for packaging/take_screenshots.py)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from PyQt6.QtGui import QTextDocumentFragment

from trainer import settings as cfg
from trainer.rules import Action, Outcome
from trainer.settings import Settings
from trainer.ui.practice.flashcards_page import FlashcardsPage
from trainer.ui.practice.screen_states import STATES
from trainer.ui.practice.shoe_page import ShoePage, ShoePhase
from trainer.ui.table.model import BehindView


@pytest.mark.parametrize("name", list(STATES))
def test_each_state_sets_itself_up(qtbot, store: Settings, tmp_path: Path, warnings,
                                   name: str) -> None:
    store.set(cfg.DATA_DIR, str(tmp_path / "data"))
    store.set(cfg.DEALER_SPEED_MS, 0)
    store.set(cfg.NEW_PER_DAY, 1)
    key, prepare = STATES[name]
    page = FlashcardsPage(store) if key == "flashcards" else ShoePage(store)
    qtbot.addWidget(page)
    page.resize(1090, 800)
    page.show()
    prepare(page, lambda done, what: qtbot.waitUntil(done, timeout=120000))
    if isinstance(page, ShoePage):
        expected = {"betting": ShoePhase.BETTING, "shoe-question": ShoePhase.DECIDING,
                    "side-bets-paid": ShoePhase.DECIDING,
                    "shoe-free-split": ShoePhase.DECIDING, "shoe-settled": ShoePhase.SETTLED,
                    "history": ShoePhase.SETTLED, "shoe-report": ShoePhase.REPORT,
                    "counted-shoe-bet": ShoePhase.BETTING,
                    "counted-shoe-question": ShoePhase.DECIDING,
                    "counted-shoe-check": ShoePhase.CHECKING,
                    "counted-shoe-report": ShoePhase.REPORT,
                    "shoe-surrender": ShoePhase.DECIDING,
                    "shoe-surrendered": ShoePhase.SETTLED,
                    "decision-shares": ShoePhase.DECIDING, "betting-timer": ShoePhase.BETTING,
                    "bet-behind": ShoePhase.SETTLED, "seat-hands": ShoePhase.SETTLED,
                    "seats-betting": ShoePhase.BETTING}[name]
        assert page.phase is expected
        assert (page.counter is not None) is name.startswith("counted")
        if name == "counted-shoe-report":
            assert "Count checks: 1 of 1 right." in page.report.text()
        if name == "shoe-report":                 # each side bet on its own line
            text = QTextDocumentFragment.fromHtml(page.report.text()).toPlainText()
            assert "Side bets" in text
            assert "Side bet\nBets\nStaked\nWins\nResult\nExpected\nLuck" in text
            assert "Perfect Pairs\n1\n5\n1\n+60.00\n" in text
            assert "21+3\n1\n5\n0\n\u22125.00\n" in text
        if name == "shoe-free-split":
            assert len(page.table.view().hands) == 2
        if name == "shoe-surrender":
            assert page.bar.button(Action.SURRENDER).isVisible()
        if name == "shoe-surrendered":
            assert page.practice.rounds[-1].result.hands[0].outcome is Outcome.SURRENDER
        if name == "betting":
            assert page.practice.shoe.position == 0 and page.bets.betting.total == 35
        if name == "side-bets-paid":
            assert [s.net for s in page.table.view().side_bets if s.settled] == [60, -5]
        if name == "history":
            assert page.centre.currentWidget() is page.history
            assert page.history.tree.topLevelItemCount() == 2
        if name == "decision-shares":          # the pair of 8s split twice, hit once
            assert page.bar.button(Action.FREE_SPLIT).text() == "Free Split 2 of 3 (P)"
            assert page.table.view().message.endswith("your last 3 here")
        if name == "betting-timer":
            assert page.countdown.isVisible() and page.bets.betting.total == 10
        if name == "bet-behind":
            assert page.practice.rounds[-1].behind[0].bet.amount == 10
            behind = page.table.view().seats[0].behind
            assert behind is not None and behind.settled
        if name == "seats-betting":          # the spots at the seats, 10 behind seat 2
            assert [(s.number, s.behind) for s in page.table.view().seats] == [
                (1, BehindView(Fraction(0))), (2, BehindView(Fraction(10)))]
        if name == "seat-hands":             # seat 1 doubled (its bet behind too), seat 2 split
            first, second = page.table.view().seats
            assert first.hands[0].doubled and len(second.hands) == 2
            assert first.behind is not None and first.behind.stake == 20
            assert [b.net for b in page.practice.rounds[-1].behind] == [20, 10]
        if name == "counted-shoe-bet":
            assert "2 units × 10 = 20" in page.count_panel.bet.text()
    else:
        shown = page.table.view().message
        if name == "flashcard-answer":
            assert not page.awaiting and page.session.decisions[-1].verdict.value != "correct"
        elif name == "flashcards-done-for-today":
            assert shown.startswith(("Done for today", "Done for now"))
        else:
            assert page.awaiting
    page.shutdown()
