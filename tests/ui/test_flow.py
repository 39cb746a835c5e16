"""A top row that wraps: one line where it fits (as a box layout places it, no gap beside a
spacer, a stretch pushing the rest right), more lines where it does not, never narrower than
its widest item."""

from __future__ import annotations

from PyQt6.QtWidgets import QApplication, QPushButton, QWidget

from trainer.ui.flow import FlowRow


def _row(qtbot) -> tuple[QWidget, FlowRow, list[QPushButton]]:
    window = QWidget()
    qtbot.addWidget(window)
    row = FlowRow(window, spacing=6)
    buttons = [QPushButton(text) for text in ("Shoe practice", "Rules", "History", "Seat")]
    row.addWidget(buttons[0])
    row.addSpacing(14)
    row.addWidget(buttons[1])
    row.addStretch(1)
    row.addWidget(buttons[2])
    row.addWidget(buttons[3])
    window.show()
    qtbot.waitExposed(window)
    return window, row, buttons


def test_one_line_where_it_fits_the_stretch_pushing_the_rest_right(qtbot) -> None:
    window, row, buttons = _row(qtbot)
    hints = [b.sizeHint().width() for b in buttons]
    assert row.sizeHint().width() == sum(hints) + 14 + 6      # no gap beside a spacer
    window.resize(row.sizeHint().width() + 100, 60)
    QApplication.processEvents()
    assert len({b.geometry().center().y() for b in buttons}) == 1
    assert buttons[1].x() == hints[0] + 14
    assert buttons[3].geometry().right() == window.width() - 1
    assert buttons[2].x() == buttons[1].geometry().right() + 1 + 100


def test_more_lines_where_it_does_not_and_never_narrower_than_an_item(qtbot) -> None:
    window, row, buttons = _row(qtbot)
    one_line = row.heightForWidth(row.sizeHint().width())
    narrow = buttons[0].sizeHint().width() + 20
    assert row.heightForWidth(narrow) > 2 * one_line
    window.resize(narrow, row.heightForWidth(narrow))
    QApplication.processEvents()
    assert buttons[1].y() > buttons[0].geometry().bottom()      # wrapped, no gap at its start
    assert buttons[1].x() == 0
    assert row.minimumSize().width() == max(b.sizeHint().width() for b in buttons)
