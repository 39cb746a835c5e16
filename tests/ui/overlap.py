"""Which visible texts of a window lie over one another, and which combo boxes elide their
current text: geometry and font metrics, never a picture.

Two text-bearing widgets (labels with text, buttons and check boxes with text, combo boxes)
of one window overlap when the parts of their boxes left visible (by their ancestors, and by
opaque widgets above them: a drawer over the felt hides what it covers) intersect in the
window's coordinates; a widget and its own children are not a pair. A combo box elides
when its current text (and icon) is wider than the edit field its style gives it.
"""

from __future__ import annotations

from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtGui import QRegion
from PyQt6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QStyle,
    QStyleOptionComboBox,
    QToolButton,
    QWidget,
)

from .clipping import SLACK


def _text(widget: QWidget) -> str | None:
    """The text ``widget`` shows, or None when it shows none (a picture, an icon alone)."""
    if isinstance(widget, QComboBox):
        return widget.currentText()
    if isinstance(widget, QLabel):
        return widget.text() if widget.text() and widget.pixmap().isNull() else None
    if isinstance(widget, QToolButton) and not widget.icon().isNull() \
            and widget.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
        return None
    if isinstance(widget, QAbstractButton):
        return widget.text() or None
    return None


def _shown(widget: QWidget) -> QRegion:
    """The part of ``widget`` its ancestors leave visible and no opaque widget above it
    covers (a drawer over the felt), in its window's coordinates."""
    window = widget.window()
    return widget.visibleRegion().translated(widget.mapTo(window, QPoint(0, 0)))


def _name(widget: QWidget, text: str) -> str:
    return f"{widget.objectName() or type(widget).__name__} {text[:50]!r}"


def _within(inner: QWidget, outer: QWidget) -> bool:
    parent = inner.parentWidget()
    while parent is not None:
        if parent is outer:
            return True
        parent = parent.parentWidget()
    return False


def overlapping(window: QWidget) -> list[str]:
    """Every pair of visible text-bearing widgets of ``window`` (and of its dialogs, each in
    its own window) whose visible boxes intersect, described."""
    shown: list[tuple[QWidget, str, QRegion]] = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
            continue
        text = _text(widget)
        if text is None:
            continue
        area = _shown(widget)
        if not area.isEmpty():
            shown.append((widget, text, area))
    found = []
    for index, (first, first_text, first_area) in enumerate(shown):
        for second, second_text, second_area in shown[index + 1:]:
            if first.window() is not second.window() or _within(first, second) \
                    or _within(second, first):
                continue
            common = first_area.intersected(second_area)
            if not common.isEmpty():
                box = common.boundingRect()
                found.append(f"{_name(first, first_text)} overlaps {_name(second, second_text)}"
                             f" by {box.width()} x {box.height()} px")
    return found


def _combo(box: QComboBox) -> str | None:
    """How far ``box``'s edit field is too narrow for its current text, if it is."""
    text = box.currentText()
    if not text:
        return None
    option = QStyleOptionComboBox()       # as initStyleOption fills it (protected in PyQt)
    option.initFrom(box)
    option.editable = box.isEditable()
    option.frame = box.hasFrame()
    option.currentText = text
    option.currentIcon = box.itemIcon(box.currentIndex())
    option.iconSize = box.iconSize()
    style = box.style()
    assert style is not None
    field = style.subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                 QStyle.SubControl.SC_ComboBoxEditField, box)
    room = field.width() - 2                     # the label is drawn 1 px in from each side
    if not option.currentIcon.isNull():
        room -= box.iconSize().width() + 4
    need = box.fontMetrics().horizontalAdvance(text)
    if need > room + SLACK:
        return f"needs {need} px, has {room}"
    return None


def elided_combos(window: QWidget) -> list[str]:
    """Every visible combo box of ``window`` narrower than its current text, described."""
    found = []
    for box in window.findChildren(QComboBox):
        if not box.isVisible() or box.width() <= 0:
            continue
        problem = _combo(box)
        if problem is not None:
            found.append(f"combo {_name(box, box.currentText())}: {problem}")
    return found


__all__ = ["elided_combos", "overlapping"]
