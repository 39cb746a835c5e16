"""The counter's widgets, shared by the Counting page's drills and the counted shoe of Shoe
practice: the box a count is typed in, and the discard tray the decks left are read off."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PyQt6.QtCore import QRectF, Qt, pyqtSignal
from PyQt6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent, QPen
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from trainer.drills.counting.answers import CountInputError
from trainer.teaching.records import GradedDecision, Severity, Verdict

from .practice.feedback import verdict_style
from .theme import is_dark
from .widgets import ERROR_STYLE, WrapLabel


def verdict_html(decision: GradedDecision) -> str:
    """The verdict with its words in bold, as the other drills' verdicts: '<b>Right: +4</b>
    (2.1 s)'."""
    seconds = f"({decision.response_ms / 1000:.1f} s)"
    if decision.verdict is Verdict.WRONG:
        return (f"<b>Wrong: it is {escape(decision.best_action)}</b>, you gave "
                f"{escape(decision.action)} {seconds}")
    return f"<b>Right: {escape(decision.best_action)}</b> {seconds}"


def count_severity(decision: GradedDecision) -> Severity:
    """A count is right or wrong: the colour of a correct play or of a mistake (no EV makes a
    wrong count a close call)."""
    return Severity.NONE if decision.verdict is not Verdict.WRONG else Severity.MISTAKE


class _CountBox(QLineEdit):
    """A line edit that keeps its Enter: the answer it sends must not also reach the page (a
    counted shoe would take it as its bet)."""

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        super().keyPressEvent(event)
        if event is not None and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()


class _SaidLine(WrapLabel):
    """The line of what came of a count: no room taken while it says nothing (the counted
    shoe's crowded column)."""

    def __init__(self) -> None:
        super().__init__()
        self.hide()

    def setText(self, text: str | None) -> None:
        super().setText(text)
        self.setHidden(not text)


class CountEntry(QWidget):
    """A box to type a count in, its button, and one line for what came of it. Text that is no
    count gets a plain message and stays in the box; nothing is graded."""

    typed = pyqtSignal(str)

    def __init__(self, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(label)
        self.box = _CountBox()
        self.box.setAccessibleName(label)
        self.box.setPlaceholderText("e.g. -3, 0, +5")
        self.box.setMaximumWidth(140)
        self.button = QPushButton("Check (Enter)")
        self.line = _SaidLine()
        self.line.setObjectName("count-line")
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label)
        row.addWidget(self.box)
        row.addWidget(self.button)
        row.addStretch(1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)
        column.addWidget(self.line)
        self.box.returnPressed.connect(lambda: self.typed.emit(self.box.text()))
        self.button.clicked.connect(lambda: self.typed.emit(self.box.text()))

    def ask(self, ready: bool) -> None:
        """Take answers (and the keyboard) or not."""
        self.box.setEnabled(ready)
        self.button.setEnabled(ready)
        if ready:
            self.box.setFocus()

    def take(self, grade: Callable[[str], GradedDecision], text: str
             ) -> GradedDecision | None:
        """Grade ``text`` with ``grade``: the decision, or None (the message shown, the text
        kept) when it is no count."""
        try:
            decision = grade(text)
        except CountInputError as exc:
            self.line.setTextFormat(Qt.TextFormat.PlainText)
            self.line.setText(str(exc))
            self.line.setStyleSheet(ERROR_STYLE)
            return None
        self.box.clear()
        self.line.setTextFormat(Qt.TextFormat.RichText)
        self.line.setText(verdict_html(decision))
        self.line.setStyleSheet(verdict_style(count_severity(decision), is_dark(self.palette())))
        return decision

    def add(self, words: str, below: bool = False) -> None:
        """Add ``words`` to the verdict line (``below``: on a line of their own)."""
        rich = self.line.textFormat() is Qt.TextFormat.RichText
        gap = ("<br>" if rich else "\n") if below else " "
        self.line.setText(f"{self.line.text()}{gap}{escape(words) if rich else words}")


class DiscardTray(QWidget):
    """A discard tray seen from the side: the shoe's decks as slots, the discards stacked in
    them; the counter reads the decks left off it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.decks = 8
        self.left = 8.0
        self.labelled = True
        self.setMinimumSize(110, 200)
        self.setAccessibleName("Discard tray")

    def show_tray(self, decks: int, left: float, labelled: bool = True) -> None:
        """The tray of a ``decks``-deck shoe with ``left`` decks still to deal; without
        ``labelled`` the decks are read off the picture alone (no figures under or over it)."""
        self.decks, self.left, self.labelled = decks, left, labelled
        self.setToolTip(f"{decks - left:g} decks in the tray, {left:g} left to deal"
                        if labelled else "")
        self.update()

    def paintEvent(self, event: QPaintEvent | None) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().windowText().color()
        w, h = self.width(), self.height()
        tray = QRectF(w * 0.25, 8, w * 0.5, h - 36)
        slot = tray.height() / self.decks
        gone = self.decks - self.left
        stack = QRectF(tray.left(), tray.bottom() - slot * gone, tray.width(), slot * gone)
        painter.fillRect(stack, QColor("#c9b88f"))
        for line in range(0, int(gone * 26)):         # card edges, one line per two cards
            y = tray.bottom() - line * slot / 26
            painter.setPen(QPen(QColor("#8d7c55"), 0.6))
            painter.drawLine(int(tray.left() + 2), int(y), int(tray.right() - 2), int(y))
        painter.setPen(QPen(text, 1.2))
        painter.drawRect(tray)
        for deck in range(1, self.decks):
            y = tray.bottom() - deck * slot
            painter.drawLine(int(tray.right()), int(y), int(tray.right() + 6), int(y))
        if self.labelled:
            painter.drawText(QRectF(0, h - 24, w, 22), Qt.AlignmentFlag.AlignCenter,
                             f"{gone:g} of {self.decks} decks out")
        painter.end()


__all__ = ["CountEntry", "DiscardTray", "count_severity", "verdict_html"]
