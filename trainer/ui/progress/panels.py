"""The progress page's parts that are not charts: the start screen for an empty history, the
screen for a progress file that cannot be read, and the panel of the costliest leaks."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PyQt6.QtCore import QEvent, Qt
from PyQt6.QtGui import QPalette
from PyQt6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.leak import SituationLeak
from trainer.rules import RuleSet
from trainer.teaching.situations import Situation

from ..inks import ink
from ..progress_service import KeptApart, ProgressData, preset_title
from ..theme import is_dark
from .headline import UNIT, Direction

#: The trend line's colour by direction: (on a light window, on a dark one), each at least
#: 4.5:1 against its window (tests/ui/test_contrast.py); a steady cost keeps the text colour.
TREND_INK: dict[Direction, tuple[str, str]] = {
    direction: (colour, ink(colour, True))
    for direction, colour in ((Direction.BETTER, "#137333"), (Direction.WORSE, "#c5221f"))}


class TrendLabel(QLabel):
    """The headline's trend line, green when the cost fell (better) and red when it rose
    (worse), in the theme's shade, recoloured when the theme changes."""

    def __init__(self) -> None:
        super().__init__()
        self.direction = Direction.SAME

    def show_trend(self, text: str, direction: Direction) -> None:
        """Say ``text`` in the colour of ``direction``."""
        self.direction = direction
        self.setText(text)
        self._colour()

    def _colour(self) -> None:
        shades = TREND_INK.get(self.direction)
        colour = shades[is_dark(self.palette())] if shades else None
        sheet = f"color: {colour}; font-weight: bold;" if colour else ""
        if sheet != self.styleSheet():      # a sheet's colour is a palette change itself
            self.setStyleSheet(sheet)

    def changeEvent(self, event: QEvent | None) -> None:
        super().changeEvent(event)
        if event is not None and event.type() == QEvent.Type.PaletteChange:
            self._colour()


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


START_TEXT = ("Every answer you give in Flashcards or Shoe practice is graded against the exact "
              "strategy tables and kept. Once you have answered a few, this page shows your "
              "accuracy and what your play costs over time, your errors laid on the strategy "
              "chart, the leaks that cost you most (with a drill for them), how well you remember "
              "after a day away, how fast you answer and how many flashcards fall due.")


def headline_labels() -> tuple[QLabel, TrendLabel, QLabel, QLabel]:
    """The lines at the top of the page: the headline (what the play costs), its trend, which
    rule sets are shown and why, and the summary under the filters."""
    headline, trend, scope, summary = QLabel(), TrendLabel(), QLabel(), QLabel()
    headline.setObjectName("progressHeadline")
    headline.setAccessibleName("What your play costs")
    font = headline.font()
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.2)
    headline.setFont(font)
    trend.setObjectName("progressTrend")
    scope.setObjectName("progressScope")
    for label in (headline, trend, scope, summary):
        label.setWordWrap(True)
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    return headline, trend, scope, summary


def start_screen(text: str = START_TEXT) -> tuple[QWidget, QLabel]:
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


def fault_line(retry: Callable[[], None]) -> tuple[QWidget, QLabel]:
    """A line for a read that failed (hidden until then): a label for the store's message and
    a Try again button that calls ``retry``."""
    line = QFrame()
    line.setObjectName("progressFault")
    line.setFrameShape(QFrame.Shape.StyledPanel)
    message = QLabel()
    message.setWordWrap(True)
    message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    again = QPushButton("Try again")
    again.clicked.connect(retry)
    row = QHBoxLayout(line)
    row.addWidget(message, 1)
    row.addWidget(again, 0, Qt.AlignmentFlag.AlignTop)
    line.hide()
    return line, message


class LeakPanel(QFrame):
    """The costliest leaks, each with its fix, what the player did and its cost per 100 rounds,
    and "Drill these" with the number of situations it drills."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFixedWidth(310)
        note = _paragraph(f"What each costs in {UNIT}, from how often real play meets it and "
                          "what your latest answers there lost. A single answer is listed only "
                          "when it was a blunder.")
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
        """List ``data``'s leaks (the rule set named when all presets are shown)."""
        self.list.clear()
        for number, leak in enumerate(data.leaks, start=1):
            item = QListWidgetItem(leak_text(number, leak, named=not data.query.preset,
                                             known=data.known))
            item.setData(Qt.ItemDataRole.UserRole, leak.situation)
            item.setToolTip(leak.situation)
            self.list.addItem(item)
        if not data.leaks:
            self.list.addItem("No leaks in these decisions worth drilling: no situation was "
                              "missed more than once, and no single miss was a blunder.")
        if data.apart.count:
            self.list.addItem(apart_text(data.apart))
        count = len(data.leaks)
        self.drill_button.setText(f"Drill these {count}" if count else "Drill these")
        self.drill_button.setEnabled(bool(count))


def apart_text(apart: KeptApart) -> str:
    """The plays kept apart from the chart's, said as such: how many, the latest."""
    lines = "".join(f"\n    {line}" for line in apart.lines())
    return (f"Kept apart from the chart's play: {apart.count} graded at a depleted shoe whose "
            f"best play differs (not leaks of the chart), the latest:{lines}")


def leak_text(number: int, leak: SituationLeak, named: bool = False,
              known: Iterable[RuleSet] = ()) -> str:
    """'1. hard 14 v 10 — Hit — you stood 5 of 5 · 0.400 per 100 rounds', the rule set
    named when ``named``, "blunder" when one of the answers was one."""
    try:
        what = Situation.from_key(leak.situation).describe()
    except ValueError:
        what = leak.situation
    where = f" [{preset_title(leak.situation.split('|', 1)[0], known)}]" if named else ""
    blunder = " · blunder" if leak.blunder else ""
    return (f"{number}. {what}{where}\n    {leak.fix()}\n    {leak.per_100:.3f} per 100 rounds"
            f"{blunder}")


__all__ = ["LeakPanel", "apart_text", "error_screen", "leak_text", "start_screen"]


class CountingPanel(QFrame):
    """The counting answers at a glance (:mod:`trainer.progress.counting_glance`), a line per
    rule set and count, and "Review counting" for the Counting page's review. Hidden while no
    counting answer matches the filters."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("progress-counting")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.lines = _paragraph(width=900)
        self.lines.setObjectName("counting-lines")
        note = _paragraph("Counts typed in the counting drills and in counted shoes, and index "
                          f"plays; the misses' cost is in {UNIT}, as your play's. The plays "
                          "above leave these answers out.", width=900)
        note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.review_button = QPushButton("Review counting")
        self.review_button.setToolTip("Open the Counting page's review: accuracy and speed by "
                                      "day, each index play answered and missed")
        column = QVBoxLayout(self)
        column.addWidget(_title("Counting", 1.1))
        column.addWidget(self.lines)
        column.addWidget(note)
        column.addWidget(self.review_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.hide()

    def fill(self, data: ProgressData) -> None:
        """Show ``data``'s counting lines, or hide when there are none."""
        self.lines.setText("\n".join(glance.text() for glance in data.counting))
        self.setVisible(bool(data.counting))
