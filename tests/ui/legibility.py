"""Which visible labels of a window draw text too faint to read: each text colour a label
shows (its palette's, as its style sheet leaves it, and every colour its rich text names)
against the background it is drawn on (its own or its nearest parent's that fills one, else
the window's), by the WCAG 2 contrast ratio: 4.5:1, or 3:1 for large text (18 pt, or 14 pt
bold). A rich text that paints its own cells (``bgcolor``: the welcome's and the chart
legend's tables) has its cells' colours checked where they are made (tests/ui/test_contrast.py);
here only its palette text. A tree's rows coloured one by one (the round history's nets and
decisions) are checked against the tree's base."""

from __future__ import annotations

import re

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QColor, QPalette
from PyQt6.QtWidgets import QLabel, QTreeWidget, QTreeWidgetItemIterator, QWidget

from tests.ui.test_contrast import contrast

AA, AA_LARGE = 4.5, 3.0
_COLOUR = re.compile(r"(?:(?<![-\w])color\s*:\s*|<font[^>]*\bcolor\s*=\s*['\"]?)"
                     r"(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}\b|[a-zA-Z]+)")
_BACKGROUND = re.compile(r"background(?:-color)?\s*:\s*(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}\b)")


def background(widget: QWidget) -> QColor:
    """The colour behind ``widget``'s text: a style sheet's background, or a filled one's own,
    of it or its nearest parent; else its window's."""
    at: QWidget | None = widget
    while at is not None:
        found = _BACKGROUND.search(at.styleSheet())
        if found:
            return QColor(found.group(1))
        if at.autoFillBackground() or at.isWindow():
            return at.palette().color(at.backgroundRole())
        at = at.parentWidget()
    return widget.palette().color(QPalette.ColorRole.Window)


def _large(label: QLabel) -> bool:
    font = label.font()
    points = font.pointSizeF() if font.pointSizeF() > 0 else font.pixelSize() * 0.75
    return points >= 18 or (points >= 14 and font.bold())


def faint(window: QWidget) -> list[str]:
    """Every visible label of ``window`` with a text colour under the ratio it needs."""
    found = []
    for label in window.findChildren(QLabel):
        if not label.isVisible() or not label.text() or not label.pixmap().isNull():
            continue
        behind = background(label)
        colours = [label.palette().color(label.foregroundRole())]
        if "bgcolor" not in label.text():
            colours += [QColor(name) for name in _COLOUR.findall(label.text())]
        need = AA_LARGE if _large(label) else AA
        for colour in colours:
            if colour.isValid() and contrast(colour, behind) < need:
                name = label.objectName() or type(label).__name__
                found.append(f"{name} {label.text()[:50]!r}: {colour.name()} on "
                             f"{behind.name()} is {contrast(colour, behind):.1f}:1, needs {need}")
    return found + _faint_rows(window)


def _faint_rows(window: QWidget) -> list[str]:
    found = []
    for tree in window.findChildren(QTreeWidget):
        if not tree.isVisible():
            continue
        behind = tree.palette().color(QPalette.ColorRole.Base)
        rows = QTreeWidgetItemIterator(tree)
        while (item := rows.value()) is not None:
            for column in range(item.columnCount()):
                brush = item.foreground(column)
                if brush.style() is not Qt.BrushStyle.NoBrush \
                        and contrast(brush.color(), behind) < AA:
                    found.append(f"{tree.objectName() or 'tree'} row {item.text(0)[:40]!r}: "
                                 f"{brush.color().name()} on {behind.name()} is "
                                 f"{contrast(brush.color(), behind):.1f}:1, needs {AA}")
            rows += 1
    return found


__all__ = ["faint"]
