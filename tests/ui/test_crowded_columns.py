"""The crowded cases the screenshot states do not reach, at 1024 x 640 and 1180 x 760: a counted
shoe's column with a long settlement (its count box's lines once lay over each other and the
grade shrank to two lines), the chart viewer's panel on a late-surrender cell (its last lines
were cut), and the longest rules name chosen on every page with a rules box (it was elided,
as was the flashcards' mode naming the rules left). Nothing cut, overlaid or elided
(:mod:`.clipping`, :mod:`.overlap`), light and dark."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PyQt6.QtWidgets import QScrollArea

from trainer.rules import PRESETS
from trainer.ui.charts.cell_text import cell_summary
from trainer.ui.practice.feedback import GRADE_LINES
from trainer.ui.theme import apply_theme

from .test_clipping import problems, screenshot_window, settle

SIZES = [(1024, 640), (1180, 760)]
LOOKS = [(size, theme) for size in SIZES for theme in ("light", "dark")]
IDS = [f"{w}x{h}-{theme}" for (w, h), theme in LOOKS]
#: The longest name of a preset.
LONGEST = max(PRESETS, key=len)


@pytest.fixture
def window_at(qtbot, tmp_path: Path, warnings, request) -> Iterator[object]:
    """The window at the test's size and theme, walked to a state by ``walk(name)``."""
    size, theme = request.param
    shots, window, app = screenshot_window(qtbot, tmp_path, size, theme)

    def walk(name: str) -> object:
        for _ in shots.walk(window, lambda done, what: qtbot.waitUntil(done, timeout=60000),
                            settle, {name}):
            pass
        return window
    try:
        yield walk
    finally:
        shots.close_window(window)
        apply_theme(app, "light")


@pytest.mark.slow
@pytest.mark.parametrize("window_at", LOOKS, ids=IDS, indirect=True)
def test_a_counted_shoes_column_with_a_long_settlement(window_at) -> None:
    window = window_at("counted-shoe-check")
    page = window.pages["shoe"].page
    page.settlement.setText(page.settlement.text() + "".join(
        f"<div>{bet} 5: lost −5</div>" for bet in ("Perfect Pairs", "21+3", "Hot 3")))
    settle(window)
    assert problems(window) == []
    grade = page.feedback.findChild(QScrollArea, "feedback-scroll")
    assert grade.viewport().height() >= GRADE_LINES * page.feedback.body.fontMetrics(
        ).lineSpacing() - 1


@pytest.mark.slow
@pytest.mark.parametrize("window_at", LOOKS, ids=IDS, indirect=True)
def test_the_charts_panel_on_a_late_surrender_cell(window_at, qtbot) -> None:
    window = window_at("strategy-charts")
    page = window.pages["charts"].page
    page.diff_box.setChecked(True)
    qtbot.waitUntil(lambda: not page.busy.isVisible(), timeout=60000)  # the standard table
    settle(window)                      # the cell's own text said first, then a taller one
    evs = {"surrender": -0.5, "hit": -0.5401, "stand": -0.5412, "double": -1.0802}
    page.panel.setText(cell_summary(("hard", "16", "10"), "hard 16", {
        "ev": evs, "action": "surrender", "fallback": "hit"}, "real", {"action": "surrender"}))
    settle(window)
    assert "Standard blackjack: Surrender (the same play)" in page.panel.text()
    assert problems(window) == []


@pytest.mark.slow
@pytest.mark.parametrize("window_at", LOOKS, ids=IDS, indirect=True)
def test_the_longest_rules_name_on_every_page(window_at, qtbot) -> None:
    window = window_at("settings")
    found = []
    for key in ("flashcards", "shoe", "charts", "counting"):
        window.show_page(key)
        page = window.pages[key].page
        box = page.preset_box if key == "charts" else page.rules_box
        box.setCurrentIndex(box.findData(LONGEST))
        settle(window)
        found += [f"{key}: {line}" for line in problems(window)]
        if key == "flashcards":          # the mode names the rules left
            assert page.mode_box.currentText().startswith("What changes from")
    assert found == []
