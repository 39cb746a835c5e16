"""The end-of-shoe report gives the bets behind a line of their own (docs/rules/bet-behind.md)."""

from __future__ import annotations

from fractions import Fraction

from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import Action, preset
from trainer.rules.bet_behind import BetBehind
from trainer.ui.practice.shoe_report import report_html


def test_the_report_has_a_bet_behind_line_only_with_bets_behind() -> None:
    settings = ShoeSettings(computer_seats=1, seat=1, behind=(BetBehind(0, Fraction(5)),))
    practice = ShoePractice(preset("evolution"), settings, seed=7)
    for _ in range(6):
        practice.deal()
        while practice.awaiting:
            assert practice.round is not None
            legal = practice.round.legal_actions()
            practice.answer(Action.NO_INSURANCE if Action.NO_INSURANCE in legal
                            else Action.STAND)
    report = practice.report()
    assert report.behind is not None
    html = report_html(report, [])
    assert "<b>Bet Behind</b>, in chips" in html and "Bets behind" in html
    assert "bets behind included" in html
    assert "Bet Behind" not in report_html(ShoePractice(preset("evolution"), seed=7).report(),
                                           [])
