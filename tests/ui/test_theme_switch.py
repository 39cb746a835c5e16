"""A theme switched at run time re-inks what is already written: a grade's word, a tree's rows
(before: 'Blunder' #a50e0e stayed on the dark window, 1.8:1, until the page wrote it again)."""

from __future__ import annotations

import pytest
from PyQt6.QtGui import QBrush, QColor
from PyQt6.QtWidgets import QApplication, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from trainer.teaching.records import GradedDecision, Mode, Verdict
from trainer.ui.inks import ON_DARK, ink, reink
from trainer.ui.practice.feedback import FeedbackPanel
from trainer.ui.theme import apply_theme

from .legibility import faint

BLUNDER = GradedDecision("2026-11-29T12:00:00Z", "evolution", Mode.FLASHCARDS,
                         "evolution|first|real|hard11|2|v10", "6♠ 5♦", "10", "stand",
                         "double", Verdict.WRONG, 0.55, 900,
                         {"double": 0.18, "hit": 0.12, "stand": -0.37}, 0.01)


def test_reink_swaps_each_text_colour_for_its_twin_and_back() -> None:
    light = ("<div style='color:#a50e0e; background-color:#137333'>Blunder</div>"
             "<font color=\"#137333\">won</font><td bgcolor='#e6e6e6'>x</td>")
    dark = reink(light, True)
    assert dark == ("<div style='color:#ff6b5e; background-color:#137333'>Blunder</div>"
                    "<font color=\"#5bb974\">won</font><td bgcolor='#3a3a3e'>x</td>")
    assert reink(dark, False) == light and reink(dark, True) == dark
    for on_light, on_dark in ON_DARK.items():
        assert ink(on_dark, False) == on_light and ink(on_light, True) == on_dark


@pytest.mark.parametrize("start", ["light", "dark"])
def test_a_shown_grade_and_tree_rows_follow_a_theme_switch(qtbot, start: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    other = "dark" if start == "light" else "light"
    apply_theme(app, start)
    try:
        window = QWidget()
        qtbot.addWidget(window)
        panel = FeedbackPanel()
        tree = QTreeWidget()
        row = QTreeWidgetItem(["Hand 1: lost", "−10"])
        row.setForeground(1, QBrush(QColor(ink("#c5221f", start == "dark"))))
        tree.addTopLevelItem(row)
        column = QVBoxLayout(window)
        column.addWidget(panel)
        column.addWidget(tree)
        panel.show_decisions([BLUNDER])
        window.show()
        qtbot.waitExposed(window)
        assert "Blunder" in panel.body.text() and faint(window) == []
        apply_theme(app, other)
        QApplication.processEvents()      # the palette reaches each widget by events
        assert faint(window) == []
        assert ink("#a50e0e", other == "dark") in panel.body.text()
        assert row.foreground(1).color().name() == ink("#c5221f", other == "dark")
        apply_theme(app, start)
        QApplication.processEvents()
        assert faint(window) == []
        assert ink("#a50e0e", start == "dark") in panel.body.text()
    finally:
        apply_theme(app, "light")


def test_the_counting_trend_is_drawn_again_in_the_switched_look(qtbot) -> None:
    """Before: the counting review's chart kept the look it was drawn in until read again."""
    from trainer.progress.counting import CountDay
    from trainer.ui.counting.review import ReviewPanel
    from trainer.ui.plotting.look import DARK, LIGHT

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, "light")
    panel = ReviewPanel(None)  # type: ignore[arg-type]   # the page is read only to refresh
    qtbot.addWidget(panel)
    trend = panel.trend
    days = [CountDay("2026-12-01", "running", 10, 8, 0.8, 0.4, 1500, 2.0)]
    trend.show_days(days, LIGHT)
    try:
        apply_theme(app, "dark")
        QApplication.processEvents()
        assert trend.shown == (days, DARK)
        assert trend.figure.get_facecolor()[:3] == pytest.approx(
            tuple(int(DARK.background[i:i + 2], 16) / 255 for i in (1, 3, 5)))
    finally:
        apply_theme(app, "light")
