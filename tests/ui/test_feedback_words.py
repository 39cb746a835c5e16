"""The feedback panel's words: a time-out is a miss said as one, never "Correct"; a grade at a
depleted shoe is shown as the table gave it, with the chart's play beside it when they differ."""

from __future__ import annotations

from trainer.teaching.records import GradedDecision, Mode, ShoeGrade, Verdict
from trainer.ui.practice.feedback import Score, decision_html, verdict_word

TIMED = GradedDecision("2026-11-29T12:00:00Z", "evolution", Mode.TIMED,
                       "evolution|first|real|hard19|2|v10", "10♠ 9♦", "10", "stand", "stand",
                       Verdict.WRONG, 0.0, 8000, {"stand": 0.12, "hit": -0.6}, 0.01,
                       timed_out=True)
APART = GradedDecision("2026-11-29T12:00:00Z", "golden-nugget-1d-6to5", Mode.SHOE,
                       "golden-nugget-1d-6to5|first|real|hard16|2|v10", "7♣ 9♥", "J", "hit",
                       "hit", Verdict.CORRECT, 0.0, 900, {"hit": -0.5353, "stand": -0.5757},
                       0.0035, shoe=ShoeGrade("stand", Verdict.WRONG, 0.0212,
                                              {"stand": -0.47, "hit": -0.4912}), apart=True)


def test_a_time_out_is_said_and_scored_as_a_miss() -> None:
    """Before: "Time out · Correct: Stand — You played Stand", the streak went up."""
    html = decision_html(TIMED)
    assert "Time out" in html and "Correct" not in html
    assert "The time ran out: the table played <b>Stand</b>; best is <b>Stand</b>." in html
    assert verdict_word(TIMED) == "Time out: best is Stand"
    score = Score()
    score.add(TIMED)
    assert (score.decisions, score.right, score.streak) == (1, 0, 0)


def test_a_grade_at_a_depleted_shoe_says_the_chart_s_play_beside_it() -> None:
    html = decision_html(APART)
    assert "Mistake" in html and "best is <b>Stand</b>" in html     # as the table graded it
    assert "At that shoe: stand; the chart: hit (kept apart from the chart's play)." in html
    assert verdict_word(APART) == "Mistake: best is Stand"
    score = Score()
    score.add(APART)
    assert (score.right, score.ev_lost) == (0, 0.0212)
    assert "per 100 rounds" not in decision_html(APART)    # no leak of the chart's play


def test_no_action_name_or_ev_wraps_in_the_side_column(qapp) -> None:
    """Before: 'No Insurance ★' took two lines in the feedback panel beside the shoe's table
    (its width is fixed at every window size). Each action, played and best (★ and 'you'),
    keeps its name, EV and mark on one line each."""
    from dataclasses import replace

    from PyQt6.QtGui import QTextDocument

    from trainer.rules import Action
    from trainer.ui.practice.feedback import FeedbackPanel
    panel = FeedbackPanel()
    panel.show()
    for action in Action:
        other = "stand" if action is not Action.STAND else "hit"
        decision = replace(APART, action=action.value, best_action=action.value, shoe=None,
                           apart=False, evs={action.value: -0.1234, other: -0.5678})
        panel.show_decisions([decision])
        qapp.processEvents()
        document = QTextDocument()
        document.setDefaultFont(panel.body.font())
        document.setHtml(panel.body.text())
        document.setTextWidth(panel.body.width())
        document.size()                                   # laid out
        lines = {}
        block = document.begin()
        while block.isValid():
            lines[block.text().replace("\xa0", " ")] = block.layout().lineCount()
            block = block.next()
        for cell in (f"{action.title} ★", "−0.1234", "you"):
            assert lines[cell] == 1, (action, cell, panel.body.width())
    panel.close()
