"""Widgets every page may use: a page heading, a choice of rules, busy indicators, the
timed-play countdown, and the colours of status and error lines."""

from __future__ import annotations

from PyQt6.QtCore import QSize, Qt
from PyQt6.QtGui import QGuiApplication, QPaintEvent, QResizeEvent
from PyQt6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QScrollArea,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)

#: An error line's look (a setting refused, a rules file that cannot be used). The colours are
#: palette roles, so each theme gives its own readable one (see :mod:`trainer.ui.theme`).
ERROR_STYLE = "color: palette(bright-text);"
#: The practice pages' status line when all is saved, and when something waits.
QUIET = "color: palette(placeholder-text);"
WARNING = "color: palette(bright-text); font-weight: bold;"


def to_front(window: QWidget) -> None:
    """Raise ``window`` (a screen without windows, such as tests' offscreen one, has none)."""
    if QGuiApplication.platformName() != "offscreen":
        window.raise_()
        window.activateWindow()


def heading(text: str) -> QLabel:
    """A page heading: large and bold."""
    label = QLabel(text)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 1.8)
    font.setBold(True)
    label.setFont(font)
    label.setAccessibleName(text)
    return label


class WrapLabel(QLabel):
    """A word-wrapped label as high as its words need at its width. A layout asks a wrapped
    label's height at a guessed width, so in a narrow column of a short window its last lines
    were cut; this one sets its minimum height from its real width whenever either changes."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)

    def setText(self, text: str | None) -> None:
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        need = self.heightForWidth(self.width()) if self.text() else 0
        if need >= 0 and self.minimumHeight() != need:
            self.setMinimumHeight(need)


class ChoiceBox(QComboBox):
    """A combo box as wide as its current text (at least ``least`` characters wide): its list
    shows every choice whole, and the closed box never elides the one chosen, however it was
    chosen (a page may choose without a signal)."""

    def __init__(self, least: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(least)
        self._fitted = ""
        self.currentTextChanged.connect(lambda _: self._refit())

    def _refit(self) -> None:
        if self.currentText() != self._fitted:
            self._fitted = self.currentText()
            self.updateGeometry()

    def _fit(self) -> QSize:
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        metrics = self.fontMetrics()
        width = metrics.horizontalAdvance(self.currentText()) + 2   # 1 px each side of it
        if not self.itemIcon(self.currentIndex()).isNull():
            width += self.iconSize().width() + 4
        style = self.style()
        assert style is not None
        return style.sizeFromContents(QStyle.ContentsType.CT_ComboBox, option,
                                      QSize(width, max(metrics.height(), 14) + 2), self)

    def sizeHint(self) -> QSize:
        return super().sizeHint().expandedTo(self._fit())

    def minimumSizeHint(self) -> QSize:
        return super().minimumSizeHint().expandedTo(self._fit())

    def paintEvent(self, event: QPaintEvent | None) -> None:
        self._refit()                # chosen with signals blocked: fitted before it shows
        super().paintEvent(event)


def rules_box(name: str = "Rules") -> ChoiceBox:
    """A choice of rule sets as wide as its current name (at least a short name's width), not
    the longest (its list shows every name whole)."""
    box = ChoiceBox(12)
    box.setAccessibleName(name)
    return box


def scrolled(body: QWidget) -> QScrollArea:
    """``body`` in a frameless scroll area that sizes it (a short window scrolls, never cuts)."""
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidget(body)
    return scroll


def scrolled_column(body: QWidget) -> QScrollArea:
    """A side column's ``body`` that scrolls up and down where a short window cannot hold it
    (never sideways, never squeezing one text over another), on the window's own background."""
    scroll = scrolled(body)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    viewport = scroll.viewport()
    if viewport is not None:
        viewport.setAutoFillBackground(False)
    body.setAutoFillBackground(False)
    return scroll


def busy_bar() -> QProgressBar:
    """A bar without text that moves while work of unknown length runs; hidden until shown.
    A caller that learns how far the work has come sets its range and value."""
    bar = QProgressBar()
    bar.setRange(0, 0)
    bar.setTextVisible(False)
    bar.hide()
    return bar


class Busy(QWidget):
    """A moving bar and a line saying what is being done."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)
        self.bar.setMaximumWidth(160)
        self.bar.setMaximumHeight(14)
        self.bar.setTextVisible(False)
        self.label = QLabel()
        row.addWidget(self.bar)
        row.addWidget(self.label, 1)
        self.hide()

    def start(self, text: str) -> None:
        """Show the indicator with ``text`` (a moving bar until the work reports)."""
        self.label.setText(text)
        self.bar.setRange(0, 0)
        self.show()

    def progress(self, done: int, total: int) -> None:
        """How far the work has come (a job's progress callback)."""
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)

    def stop(self) -> None:
        """Hide it."""
        self.hide()


class Countdown(QWidget):
    """The visible countdown of timed play: seconds left on a shrinking bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.bar = QProgressBar()
        self.bar.setRange(0, 1000)
        self.bar.setTextVisible(False)
        self.bar.setMaximumHeight(14)
        self.bar.setMinimumWidth(160)
        self.label = QLabel()
        self.label.setObjectName("countdown")
        self.label.setMinimumWidth(70)
        self.label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.label)
        row.addWidget(self.bar)
        self.hide()

    def show_left(self, seconds: float, limit: float, what: str = "") -> None:
        """Show ``seconds`` left of ``limit`` (``what`` for: ' to bet')."""
        self.label.setText(f"{seconds:.1f} s{what}")
        self.bar.setValue(round(1000 * seconds / limit) if limit else 0)
        urgent = seconds <= min(3.0, limit / 3)
        self.bar.setStyleSheet("QProgressBar::chunk { background: %s; }"
                               % ("#c5221f" if urgent else "#1f6f43"))


__all__ = ["ERROR_STYLE", "QUIET", "WARNING", "Busy", "Countdown", "busy_bar", "heading"]
