"""A row of controls that wraps onto a second line where the window is too narrow for it.

A page's top row (its heading, its choices, its buttons) laid out in a plain box layout sets
the window's least width: a long rules name in a combo box that shows its whole current text
would widen the window past a small screen, or the box would elide the name. :class:`FlowRow`
keeps each item at its size hint and starts a new line where the next item would not fit; a
stretch pushes the items after it to the right of their line, and each line's items are
centred on its height (a large heading beside small controls).
"""

from __future__ import annotations

from PyQt6.QtCore import QPoint, QRect, QSize, Qt
from PyQt6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QSpacerItem,
    QWidget,
)


def _stretches(item: QLayoutItem) -> bool:
    spacer = item.spacerItem()
    return spacer is not None and bool(
        spacer.expandingDirections() & Qt.Orientation.Horizontal)


class FlowRow(QLayout):
    """Items left to right at their size hints, wrapping onto more lines where they must."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing
        self.setContentsMargins(0, 0, 0, 0)

    # ----- the box layout's ways of adding ---------------------------------------------------

    def addItem(self, item: QLayoutItem | None) -> None:
        if item is not None:
            self._items.append(item)

    def addStretch(self, _stretch: int = 1) -> None:
        """Push what follows to the right of its line."""
        self.addItem(QSpacerItem(0, 0, QSizePolicy.Policy.Expanding,
                                 QSizePolicy.Policy.Minimum))

    def addSpacing(self, size: int) -> None:
        """A fixed gap (dropped at the start of a line)."""
        self.addItem(QSpacerItem(size, 0, QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Minimum))

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    # ----- sizes -----------------------------------------------------------------------------

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def sizeHint(self) -> QSize:
        line = self._lines(1 << 24)
        shown = line[0] if line else []
        width = sum(self._gap_before(shown[:i], item) + item.sizeHint().width()
                    for i, item in enumerate(shown))
        height = max((item.sizeHint().height() for item in shown), default=0)
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(),
                     height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:
        """As wide as the widest item: the rest wraps."""
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.sizeHint())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    # ----- placing ---------------------------------------------------------------------------

    def _gap_before(self, line: list[QLayoutItem], item: QLayoutItem) -> int:
        """The gap between the last item of ``line`` and ``item``: none beside a spacer (as in
        a box layout)."""
        if not line or item.spacerItem() is not None or line[-1].spacerItem() is not None:
            return 0
        return self._gap

    def _lines(self, width: int) -> list[list[QLayoutItem]]:
        lines: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._items:
            if item.isEmpty() and item.spacerItem() is None:
                continue
            wide = item.sizeHint().width()
            line = lines[-1]
            if item.spacerItem() is not None and not _stretches(item) and not line:
                continue                                   # no gap at a line's start
            if line and used + self._gap_before(line, item) + wide > width \
                    and item.spacerItem() is None:
                lines.append([])
                line, used = lines[-1], 0
            used += self._gap_before(line, item) + wide
            line.append(item)
        return [line for line in lines if line]

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (only measure unless ``move``); the height used."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        y = area.y()
        lines = self._lines(area.width())
        for number, line in enumerate(lines):
            height = max(item.sizeHint().height() for item in line)
            gaps = [self._gap_before(line[:i], item) for i, item in enumerate(line)]
            room = max(0, area.width() - sum(gaps)
                       - sum(item.sizeHint().width() for item in line))
            x = area.x()
            for gap, item in zip(gaps, line, strict=True):
                hint = item.sizeHint()
                x += gap
                if _stretches(item):
                    x += room
                elif move:
                    item.setGeometry(QRect(QPoint(x, y + (height - hint.height()) // 2), hint))
                x += hint.width()
            y += height + (self._gap if number < len(lines) - 1 else 0)
        return y - area.y() + margins.top() + margins.bottom()


def labelled(text: str, widget: QWidget) -> QWidget:
    """``widget`` with its label before it, kept together on one line of a :class:`FlowRow`
    (the label the widget's buddy: Alt and its letter reach it)."""
    pair = QWidget()
    row = QHBoxLayout(pair)
    row.setContentsMargins(0, 0, 0, 0)
    label = QLabel(text)
    label.setBuddy(widget)
    row.addWidget(label)
    row.addWidget(widget)
    return pair


__all__ = ["FlowRow", "labelled"]
