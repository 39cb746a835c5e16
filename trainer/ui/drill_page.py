"""What the flashcards and shoe practice pages share: the rules choice, keys, layout, closing."""

from __future__ import annotations

from PyQt6.QtCore import QSettings
from PyQt6.QtGui import QCloseEvent, QKeyEvent
from PyQt6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QMessageBox, QVBoxLayout, QWidget

from trainer.rules import RulesError, RuleSet

from .action_bar import ActionBar
from .drill_support import Busy, ProgressLink, rules_for


class DrillPage(QWidget):
    """Base of a page that deals decisions: subclasses set the attributes below in __init__."""

    settings: QSettings
    rules_box: QComboBox
    bar: ActionBar
    busy: Busy
    status: QLabel
    link: ProgressLink
    _token: int

    def _chosen_rules(self) -> RuleSet | None:
        """The chosen rule set, or None after saying why a custom rules file cannot be used."""
        try:
            return rules_for(self.rules_box.currentData(), self.settings)
        except RulesError as exc:
            QMessageBox.warning(self, "The rules file cannot be used",
                                f"{exc}\n\nChoose a preset, or fix the file in Settings.")
            return None

    def _lay_out(self, top: QHBoxLayout, middle: QHBoxLayout) -> None:
        """Controls on top, the table in the middle, then the action bar and the status line."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 14, 20, 12)
        layout.addLayout(top)
        layout.addWidget(self.busy)
        layout.addLayout(middle, 1)
        layout.addWidget(self.bar)
        layout.addWidget(self.status)

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        if event is not None and self.bar.handle_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def shutdown(self) -> None:
        """Drop pending background results and close the progress file (subclasses also stop
        their timers)."""
        self._token += 1
        self.link.close()

    def closeEvent(self, event: QCloseEvent | None) -> None:
        self.shutdown()
        super().closeEvent(event)
