"""The progress page's parts that are not charts: the start screen for an empty history, the
screen for a progress file that cannot be read, and the panel of the costliest leaks."""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QPalette
from PyQt6.QtWidgets import (
    QFrame,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.situations import Situation
from trainer.progress.dashboard import ProgressData, preset_title


def _title(text: str, scale: float) -> QLabel:
    label = QLabel(text)
    font = label.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label


def _paragraph(text: str = "", width: int = 680) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setMaximumWidth(width)
    return label


def _screen(*widgets: QWidget) -> QWidget:
    page = QWidget()
    column = QVBoxLayout(page)
    column.setContentsMargins(0, 40, 0, 0)
    for widget in widgets:   # a button keeps its own width; wrapped text needs the full one
        if isinstance(widget, QPushButton):
            column.addWidget(widget, 0, Qt.AlignmentFlag.AlignLeft)
        else:
            column.addWidget(widget)
    column.addStretch(1)
    return page


def start_screen(text: str) -> tuple[QWidget, QLabel]:
    """The screen of an empty history: what the page will show, and a label for where the
    answers will be kept (filled in by the page)."""
    where = _paragraph()
    where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    where.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    page = _screen(_title("Your progress starts with your first answer", 1.4),
                   _paragraph(text), where)
    page.setObjectName("progressStart")
    return page, where


def error_screen(retry: Callable[[], None]) -> tuple[QWidget, QLabel]:
    """The screen of a progress file that cannot be read: a label for the store's message
    (which names the file and what to do) and a button that calls ``retry``."""
    message = _paragraph(width=720)
    message.setObjectName("progressError")
    message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    again = QPushButton("Try again")
    again.clicked.connect(retry)
    return _screen(_title("Your progress file cannot be read", 1.3), message, again), message


class LeakPanel(QFrame):
    """The costliest leaks, each with its cost per 100 hands, and "Drill these"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFixedWidth(310)
        note = _paragraph("Main bets lost per 100 hands of real play, from how often each "
                          "situation comes up and what your answers there cost.")
        note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.list = QListWidget()
        self.list.setAccessibleName("Costliest leaks")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.drill_button = QPushButton("Drill these")
        self.drill_button.setToolTip("Start a flashcard drill on exactly these situations")
        side = QVBoxLayout(self)
        side.addWidget(_title("Costliest leaks", 1.15))
        side.addWidget(note)
        side.addWidget(self.list, 1)
        side.addWidget(self.drill_button)

    def fill(self, data: ProgressData) -> None:
        """List ``data``'s leaks (the preset named when all presets are shown)."""
        self.list.clear()
        for number, leak in enumerate(data.leaks, start=1):
            try:
                what = Situation.from_key(leak.situation_key).describe()
            except ValueError:
                what = leak.situation_key
            where = "" if data.query.preset else f" [{preset_title(leak.preset)}]"
            item = QListWidgetItem(
                f"{number}. {what}{where}\n    {leak.leak_per_100:.3f} per 100 hands · "
                f"{100 * leak.accuracy:.0f}% right of {leak.decisions:,}")
            item.setData(Qt.ItemDataRole.UserRole, leak.situation_key)
            item.setToolTip(leak.situation_key)
            self.list.addItem(item)
        if not data.leaks:
            self.list.addItem("No leaks in these decisions: every answer was right.")
        self.drill_button.setEnabled(bool(data.leaks))


__all__ = ["LeakPanel", "error_screen", "start_screen"]
