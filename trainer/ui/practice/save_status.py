"""The saving line under a practice page: what is saved where, or what waits, with Try again.

One widget for every page that saves answers (drills, counting), so each says the same thing
the same way: an answer is called saved only after its commit returned
(:func:`~trainer.ui.practice.progress_link.saving_line`), a fault is shown in warning colours,
and while anything waits unsaved a **Try again** button opens the file afresh and saves it
(after the player restored a backup, freed space or closed the program holding the lock).
The line of what is saved where keeps to one line: where the window is too narrow for the whole
of it (a long path to the progress file), the middle is shortened and the whole line is its
tooltip; a fault's words wrap, never shortened.
"""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QResizeEvent
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from ..widgets import QUIET, WARNING
from .progress_link import ProgressLink


class FittedLine(QLabel):
    """A label of one line that shortens its middle to its width (:meth:`show_line`), the whole
    line its tooltip when shortened; or, for text that must be read whole, wrapped words
    (:meth:`show_words`)."""

    def __init__(self) -> None:
        super().__init__()
        self.line: str | None = None       # the whole line shown shortened to fit, if any

    def show_line(self, line: str) -> None:
        """Show ``line`` on one line, its middle shortened where the label is too narrow."""
        self.line = line
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._fit()

    def show_words(self, text: str) -> None:
        """Show ``text`` whole, its words wrapped."""
        self.line = None
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setToolTip("")
        self.setText(text)

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        if self.line is not None:
            self._fit()

    def _fit(self) -> None:
        assert self.line is not None
        room = self.contentsRect().width()
        shown = self.fontMetrics().elidedText(self.line, Qt.TextElideMode.ElideMiddle, room)
        self.setText(shown)
        self.setToolTip(self.line if shown != self.line else "")


class SaveStatus(QWidget):
    """The status line of one :class:`ProgressLink` and its Try again button."""

    def __init__(self, link: ProgressLink, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link = link
        self.label = FittedLine()
        self.label.setObjectName("store-status")
        self.label.setStyleSheet(QUIET)
        self.retry = QPushButton("Try again")
        self.retry.setToolTip("Open the progress file again and save the answers waiting")
        self.retry.clicked.connect(link.try_again)
        kept = self.retry.sizePolicy()
        kept.setRetainSizeWhenHidden(True)      # the felt above never moves when it shows
        self.retry.setSizePolicy(kept)
        self.retry.hide()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label, 1)
        row.addWidget(self.retry)
        link.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the link's state now."""
        waiting = self.link.unsaved()
        if waiting is None:
            self.label.show_line(self.link.status())
        else:
            self.label.show_words(self.link.status())
        self.label.setStyleSheet(QUIET if waiting is None else WARNING)
        self.retry.setVisible(waiting is not None)
