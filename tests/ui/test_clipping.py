"""Nothing is clipped: in every state packaging/take_screenshots.py takes, at 1024 x 640 and
1280 x 800, every visible button's and label's text fits its box (:mod:`.clipping`: font
metrics against geometry, a word-wrapped label by its wrapped height)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from PyQt6.QtWidgets import QApplication

from tests.scripts import load_script

from .clipping import clipped


def screenshots() -> ModuleType:
    """packaging/take_screenshots.py, loaded as a module (its states and their order)."""
    return load_script("packaging/take_screenshots.py")


def settle(_window: object) -> None:
    """Let the posted layouts and resizes run (no waiting on a clock)."""
    for _ in range(5):
        QApplication.processEvents()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=["1024x640", "1280x800"])
def test_no_text_is_cut_in_any_screenshot_state(qtbot, tmp_path: Path, warnings,
                                                 size: tuple[int, int]) -> None:
    shots = screenshots()
    folder = tmp_path / "data"
    folder.mkdir()
    window = shots.open_window(folder, size, "light")
    qtbot.addWidget(window)
    found: dict[str, list[str]] = {}
    try:
        states = shots.walk(window, lambda done, what: qtbot.waitUntil(done, timeout=60000),
                            settle)
        for state in states:
            assert (window.width(), window.height()) == size
            found[state] = clipped(window)
            shoe = window.pages["shoe"].page
            if window.current_page() == "shoe" and not shoe.seat_button.isChecked():
                shoe.seat_button.setChecked(True)          # the seat panel opened by hand
                settle(window)
                found[state] += [f"(seat open) {line}" for line in clipped(window)]
                shoe.seat_button.setChecked(False)
                settle(window)
            if not found[state]:
                del found[state]
    finally:
        shots.close_window(window)
    assert found == {}, "\n".join(f"{state}: {line}" for state, lines in found.items()
                                  for line in lines)


def test_the_check_finds_a_cut_button_label_and_wrapped_label(qtbot) -> None:
    """The check itself: a styled button narrower than its text, a label narrower than its
    words and a wrapped label shorter than its lines are found; the same at their size are
    not."""
    from PyQt6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

    window = QWidget()
    qtbot.addWidget(window)
    column = QVBoxLayout(window)
    button = QPushButton("Drill this shoe's mistakes (3)")
    button.setStyleSheet("QPushButton { padding: 8px 14px; font-weight: 600; }")
    label = QLabel("Space or Enter deals the next shoe.")
    wrapped = QLabel("A line of words long enough to wrap onto three lines or more here.")
    wrapped.setWordWrap(True)
    for widget in (button, label, wrapped):
        column.addWidget(widget)
    window.show()
    qtbot.waitExposed(window)
    assert clipped(window) == []
    for widget in (button, label, wrapped):
        widget.setFixedSize(90, widget.height() if widget is not wrapped else 20)
    QApplication.processEvents()
    cut = clipped(window)
    assert len(cut) == 3, cut
    assert cut[0].startswith('QPushButton "Drill this shoe') and "needs" in cut[0]
    assert "wrapped, needs" in cut[2]
