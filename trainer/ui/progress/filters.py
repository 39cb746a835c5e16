"""The progress page's filter bar: preset, mode, dates and "per day or session", as a query.

The bar only turns what the player chose into a :class:`ProgressQuery`; the page reads the
store for it. The preset box lists the presets, the rules file set in Settings (under the name
in the file, as soon as it is read or its tables are ready: no restart) and whatever rule sets
the history holds (a custom rule set, a preset's older rules), each by its title.
"""

from __future__ import annotations

from datetime import date, timedelta

from PyQt6.QtCore import QDate, pyqtSlot
from PyQt6.QtWidgets import QComboBox, QDateEdit, QHBoxLayout, QLabel, QWidget

from trainer.rules import PRESETS
from trainer.rules.releases import rules_file_title
from trainer.settings import Settings
from trainer.teaching.records import Mode
from trainer.teaching.situations import preset_label

from ..progress_service import ProgressQuery, preset_title
from ..rules_files import rules_files
from ..settings.chosen import custom_rules
from ..widgets import busy_bar, rules_box

RANGES = (("All time", None), ("Last 7 days", 7), ("Last 30 days", 30), ("Last 90 days", 90),
          ("Custom dates", -1))


class FilterBar(QWidget):
    """The boxes the page filters by, in one row, with the page's busy bar at its end."""

    def __init__(self, store: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.preset_box = rules_box("Preset")
        self.preset_box.addItem("All presets", None)
        for name in PRESETS:
            self.preset_box.addItem(name, name)
        self.offer_rules_file()
        rules_files().offered.connect(self.offer_rules_file)
        rules_files().changed.connect(self._rules_file_read)
        self.mode_box = QComboBox()
        self.mode_box.setAccessibleName("Mode")
        self.mode_box.addItem("All modes", None)
        for mode in Mode:
            if not mode.counts:          # counting answers: the Counting page's review
                self.mode_box.addItem(mode.value.capitalize(), mode)
        self.range_box = QComboBox()
        self.range_box.setAccessibleName("Dates")
        for label, days in RANGES:
            self.range_box.addItem(label, days)
        today = QDate.currentDate()
        self.since_edit = _date_edit(today.addDays(-30), "From")
        self.until_edit = _date_edit(today, "To")
        self.per_box = QComboBox()
        self.per_box.setAccessibleName("Over time")
        self.per_box.addItem("Per day", "day")
        self.per_box.addItem("Per session", "session")
        self.busy = busy_bar()
        self.busy.setFixedWidth(80)
        bar = QHBoxLayout(self)
        bar.setContentsMargins(0, 0, 0, 0)
        for widget in (QLabel("Preset"), self.preset_box, QLabel("Mode"), self.mode_box,
                       QLabel("Dates"), self.range_box, self.since_edit, self.until_edit,
                       self.per_box, self.busy):
            bar.addWidget(widget)
        bar.addStretch(1)
        self.range_box.currentIndexChanged.connect(
            lambda _: self.show_dates(self.range_box.currentData() == -1))
        self.show_dates(False)

    def query(self) -> ProgressQuery:
        """The filters as chosen now."""
        days = self.range_box.currentData()
        since = until = None
        if days == -1:
            since = self.since_edit.date().toPyDate()
            until = self.until_edit.date().toPyDate()
        elif days:
            since = date.today() - timedelta(days=days - 1)
        return ProgressQuery(self.preset_box.currentData(), self.mode_box.currentData(),
                             since, until)

    def set_preset(self, name: str | None) -> None:
        """Put the preset filter on ``name`` (None: all) without a signal."""
        index = self.preset_box.findData(name)
        if index < 0:
            self.preset_box.addItem(self._title(name or ""), name)
            index = self.preset_box.count() - 1
        self.preset_box.blockSignals(True)
        self.preset_box.setCurrentIndex(index)
        self.preset_box.blockSignals(False)

    @pyqtSlot()   # a slot of the bar: Qt drops the connection when it is deleted
    def offer_rules_file(self) -> None:
        """Offer the rules file set in Settings, once read, under the name in the file (its
        answers are filed under its fingerprint's label; a file of a preset's very rules
        shares the preset's entry)."""
        rules = custom_rules(self.store) if self.store is not None else None
        if rules is None or preset_label(rules) in PRESETS:
            return
        label, title = preset_label(rules), rules_file_title(rules)
        index = self.preset_box.findData(label)
        if index < 0:
            self.preset_box.addItem(title, label)
        else:
            self.preset_box.setItemText(index, title)

    @pyqtSlot(str)
    def _rules_file_read(self, _path: str) -> None:
        self.offer_rules_file()

    def offer_presets(self, presets: tuple[str, ...]) -> None:
        """Add the rule sets the history holds (custom ones, older rules) to the preset box."""
        for name in presets:
            if self.preset_box.findData(name) < 0:
                self.preset_box.addItem(self._title(name), name)

    def _title(self, label: str) -> str:
        """A rule set as every page names it (the rules file set by the name in it)."""
        rules = custom_rules(self.store) if self.store is not None else None
        return preset_title(label, [rules] if rules is not None else [])

    def show_dates(self, shown: bool) -> None:
        """Show the from/to dates (for "Custom dates") or hide them."""
        self.since_edit.setVisible(shown)
        self.until_edit.setVisible(shown)


def _date_edit(day: QDate, name: str) -> QDateEdit:
    edit = QDateEdit(day)
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    edit.setAccessibleName(name)
    return edit


__all__ = ["RANGES", "FilterBar"]
