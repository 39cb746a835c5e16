"""The saving line under a practice page: what is saved where, or what waits, with Try again.

One widget for every page that saves answers (drills, counting), so each says the same thing
the same way: an answer is called saved only after its commit returned
(:func:`~trainer.ui.practice.progress_link.saving_line`), a fault is shown in warning colours,
and while anything waits unsaved a **Try again** button opens the file afresh and saves it
(after the player restored a backup, freed space or closed the program holding the lock).
"""

from __future__ import annotations

from PyQt6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from ..widgets import QUIET, WARNING
from .progress_link import ProgressLink


class SaveStatus(QWidget):
    """The status line of one :class:`ProgressLink` and its Try again button."""

    def __init__(self, link: ProgressLink, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link = link
        self.label = QLabel()
        self.label.setObjectName("store-status")
        self.label.setWordWrap(True)
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
        self.label.setText(self.link.status())
        self.label.setStyleSheet(QUIET if waiting is None else WARNING)
        self.retry.setVisible(waiting is not None)
