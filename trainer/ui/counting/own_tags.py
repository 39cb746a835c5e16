"""'Your tags…' on the Counting page: a tag set typed by the player (``A:-1, 2-6:1, T:-1``),
read by :func:`strategy_charts.counting.systems.parse_tags`, kept in the settings so it is
offered again, and counted like the trained counts (its own lab table, built once)."""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from strategy_charts.counting.systems import CountSystem, parse_tags
from trainer import settings as cfg
from trainer.settings import Settings

from ..widgets import ERROR_STYLE

#: The count box's entry that asks for the player's tags.
OWN = "own-tags"


class OwnTags(QWidget):
    """A line to type tags in, with what is wrong with them; :attr:`chosen` carries the count
    once they read (a known count's tags give that count)."""

    chosen = pyqtSignal(object)

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.edit = QLineEdit()
        self.edit.setAccessibleName("Your tags")
        self.edit.setPlaceholderText("A:-1, 2-6:1, 7-9:0, T:-1")
        self.edit.setToolTip("Each card value (A, 2..9, T) with its tag, whole numbers; a "
                             "range such as 2-6 tags them alike; a value not named counts 0.")
        self.edit.setText(settings.get(cfg.OWN_TAGS))
        self.use = QPushButton("Count these")
        self.problem = QLabel()
        self.problem.setStyleSheet(ERROR_STYLE)
        self.problem.setWordWrap(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel("Your tags"))
        row.addWidget(self.edit, 1)
        row.addWidget(self.use)
        row.addWidget(self.problem, 1)
        self.use.clicked.connect(self.read)
        self.edit.returnPressed.connect(self.read)

    def saved(self) -> CountSystem | None:
        """The tags kept from before, if they still read."""
        text = self.settings.get(cfg.OWN_TAGS)
        try:
            return parse_tags(text) if text else None
        except ValueError:
            return None

    def read(self) -> None:
        """Read the typed tags: say what is wrong, or keep them and choose their count."""
        try:
            count = parse_tags(self.edit.text())
            if count.whole != 1:
                raise ValueError("the drills count whole-number tags: double a count of "
                                 "halves (freebet-charts indices --tags takes halves)")
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        self.problem.clear()
        self.settings.set(cfg.OWN_TAGS, self.edit.text())
        self.chosen.emit(count)


__all__ = ["OWN", "OwnTags"]
