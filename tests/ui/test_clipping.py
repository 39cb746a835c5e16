"""Nothing is clipped, overlaid or elided: in every state packaging/take_screenshots.py takes,
at 1024 x 640 and 1180 x 760 (light and dark) and 1280 x 800 (light), every visible button's
and label's text fits its box (:mod:`.clipping`: font metrics against geometry, a word-wrapped
label by its wrapped height), no two visible texts lie over one another and no combo box is
narrower than its current text (:mod:`.overlap`)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from PyQt6.QtWidgets import QApplication, QWidget

from tests.scripts import load_script
from trainer.ui.theme import apply_theme

from .clipping import clipped
from .overlap import elided_combos, overlapping

#: Window size and theme of each walk through the states.
LOOKS = [((1024, 640), "light"), ((1024, 640), "dark"), ((1180, 760), "light"),
         ((1180, 760), "dark"), ((1280, 800), "light")]


def screenshots() -> ModuleType:
    """packaging/take_screenshots.py, loaded as a module (its states and their order)."""
    return load_script("packaging/take_screenshots.py")


def settle(_window: object) -> None:
    """Let the posted layouts and resizes run (no waiting on a clock)."""
    for _ in range(5):
        QApplication.processEvents()


def screenshot_window(qtbot, tmp_path: Path, size: tuple[int, int],
                      theme: str) -> tuple[ModuleType, QWidget, QApplication]:
    """The screenshot script, its window on a seeded data folder in ``tmp_path`` at ``size``
    in ``theme``, and the app (its palette in ``theme`` too)."""
    shots = screenshots()
    folder = tmp_path / "data"
    folder.mkdir()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, theme)
    window = shots.open_window(folder, size, theme)
    qtbot.addWidget(window)
    return shots, window, app


def problems(window: QWidget) -> list[str]:
    """Every text of ``window`` cut by its box, lying over another, or elided in a combo."""
    return clipped(window) + overlapping(window) + elided_combos(window)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "theme"), LOOKS,
                         ids=[f"{w}x{h}-{theme}" for (w, h), theme in LOOKS])
def test_no_text_is_cut_overlaid_or_elided_in_any_screenshot_state(
        qtbot, tmp_path: Path, warnings, size: tuple[int, int], theme: str) -> None:
    shots, window, app = screenshot_window(qtbot, tmp_path, size, theme)
    found: dict[str, list[str]] = {}
    try:
        states = shots.walk(window, lambda done, what: qtbot.waitUntil(done, timeout=60000),
                            settle)
        for state in states:
            assert (window.width(), window.height()) == size
            found[state] = problems(window)
            shoe = window.pages["shoe"].page
            if window.current_page() == "shoe" and not shoe.seat_button.isChecked():
                shoe.seat_button.setChecked(True)          # the seat panel opened by hand
                settle(window)
                found[state] += [f"(seat open) {line}" for line in problems(window)]
                shoe.seat_button.setChecked(False)
                settle(window)
            charts = window.pages["charts"].page
            if window.current_page() == "charts" and not charts.diff_box.isChecked():
                charts.diff_box.setChecked(True)        # the standard play said of the cell
                qtbot.waitUntil(lambda page=charts: page.busy.isHidden(), timeout=60000)
                settle(window)
                found[state] += [f"(differences) {line}" for line in problems(window)]
                charts.diff_box.setChecked(False)
                settle(window)
            if not found[state]:
                del found[state]
    finally:
        shots.close_window(window)
        apply_theme(app, "light")
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


def test_the_check_finds_texts_over_one_another_but_not_a_widget_over_its_own(qtbot) -> None:
    """Two labels moved over each other are found, and a label in a scroll area's hidden part
    is not; a button's own child label is never a pair with it."""
    from PyQt6.QtWidgets import QLabel, QPushButton, QScrollArea

    window = QWidget()
    qtbot.addWidget(window)
    window.resize(300, 200)
    first, second = QLabel("Round 1, index play: right.", window), QLabel("Discards", window)
    first.setGeometry(10, 10, 200, 20)
    second.setGeometry(10, 40, 200, 20)
    button = QPushButton("Check", window)
    button.setGeometry(10, 70, 100, 30)
    QLabel("inner", button).setGeometry(5, 5, 50, 20)
    scroll = QScrollArea(window)
    scroll.setGeometry(150, 110, 140, 40)
    body = QWidget()
    body.resize(120, 200)
    QLabel("seen", body).setGeometry(0, 0, 100, 20)
    QLabel("scrolled away", body).setGeometry(0, 150, 100, 20)
    scroll.setWidget(body)
    below = QLabel("below the scroll area", window)
    below.setGeometry(150, 152, 140, 20)
    window.show()
    qtbot.waitExposed(window)
    assert overlapping(window) == []
    second.move(10, 20)
    QApplication.processEvents()
    found = overlapping(window)
    assert len(found) == 1 and "'Round 1, index play: right.' overlaps" in found[0], found
    assert "by 200 x 10 px" in found[0]


def test_the_check_finds_a_combo_narrower_than_its_current_text(qtbot) -> None:
    """A combo box with room for its text is not found; the same box made narrow is."""
    from PyQt6.QtWidgets import QComboBox

    window = QWidget()
    qtbot.addWidget(window)
    box = QComboBox(window)
    box.addItems(["short", "What changes from my table's rules"])
    box.setCurrentIndex(1)
    box.adjustSize()
    window.show()
    qtbot.waitExposed(window)
    assert elided_combos(window) == []
    box.setFixedWidth(box.width() - 40)
    QApplication.processEvents()
    found = elided_combos(window)
    assert len(found) == 1 and "What changes" in found[0] and "needs" in found[0], found
    box.setCurrentIndex(0)
    assert elided_combos(window) == []


def test_a_text_under_an_opaque_drawer_is_hidden_not_overlaid(qtbot) -> None:
    """A label covered by an opaque panel raised over it is not a pair with the panel's
    texts; the same panel transparent is."""
    from PyQt6.QtWidgets import QLabel, QVBoxLayout

    window = QWidget()
    qtbot.addWidget(window)
    window.resize(300, 200)
    QLabel("The report's first line", window).setGeometry(10, 10, 250, 20)
    drawer = QWidget(window)
    QVBoxLayout(drawer).addWidget(QLabel("Bankroll"))
    drawer.setGeometry(0, 0, 120, 100)
    drawer.setAutoFillBackground(True)
    drawer.raise_()
    window.show()
    qtbot.waitExposed(window)
    assert overlapping(window) == []
    drawer.setAutoFillBackground(False)
    QApplication.processEvents()
    assert len(overlapping(window)) == 1
