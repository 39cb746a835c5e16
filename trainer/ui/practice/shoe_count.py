"""Counting in Shoe practice: the counter's box in the page's side column.

With a count chosen, the shoe is a :class:`~trainer.drills.counting.shoe.CountingShoe`: before
each round the player bets 1 to 12 units (graded against the ramp at the true count of the cards
seen), each decision is graded against the live shoe's exact best play and apart against the
index play the count gives, and after some rounds and at the end of the shoe the running count
is asked. The count is never shown: the player keeps it. This box holds the bet, the count
check and what the count's grades said; the page deals, paces the dealer and settles as in any
shoe.
"""

from __future__ import annotations

from html import escape

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.counting.keys import BET, INDEX
from trainer.drills.counting.shoe import CountingShoe
from trainer.drills.counting.shoe_summary import CountSummary, counting_context
from trainer.drills.records import GradedDecision, Verdict

from ..count_widgets import CountEntry
from ..table.model import money_text
from ..widgets import QUIET

#: The count-grade lines the box keeps in view.
SHOWN_LINES = 2


def graded_line(decision: GradedDecision) -> str:
    """One line for a counted shoe's bet or index grade: what it was graded against, and how."""
    context = counting_context(decision.situation_key)
    against = {BET: "Bet, against the ramp", INDEX: "Index play at your true count"}.get(
        context or "", "Play")

    def said(play: str) -> str:
        return (f"{play} unit{'' if play == '1' else 's'}" if context == BET
                else play.replace("_", " "))

    if decision.verdict is not Verdict.WRONG:
        return f"{against}: right ({said(decision.action)})."
    lost = (f" ({decision.ev_loss:.3f} {'units' if context == BET else 'main bets'} of EV)"
            if decision.ev_loss else "")
    return f"{against}: {said(decision.best_action)} was best, not {said(decision.action)}{lost}."


def summary_html(summary: CountSummary) -> str:
    """The counting part of the end-of-shoe report."""
    lines = summary.lines()
    if not lines:
        return ""
    return "<p><b>The count</b></p><ul>" + "".join(
        f"<li>{escape(line)}</li>" for line in lines) + "</ul>"


class CountPanel(QGroupBox):
    """The next bet in units (and its money), the count check when it is asked, and the last
    lines the count's grades said. :attr:`units_changed` says the bet was changed."""

    units_changed = pyqtSignal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("The count", parent)
        self.setObjectName("shoe-count")
        self.units = QSpinBox()
        self.units.setRange(1, 12)
        self.units.setAccessibleName("Next bet in units")
        self.units.setToolTip("Your bet on the next round, in units of the table minimum: bet "
                              "by the true count (digits 1 to 9 on the table set it too).")
        self.units.valueChanged.connect(lambda _: self.units_changed.emit())
        self.money = QLabel()
        self.money.setStyleSheet(QUIET)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel("Next bet"))
        row.addWidget(self.units)
        row.addWidget(self.money, 1)
        self.check = CountEntry("Running count")
        self.check.box.setMaximumWidth(90)
        self.check.box.setPlaceholderText("e.g. +5")
        self.check.button.setText("Check")
        self.lines = QLabel()
        self.lines.setObjectName("count-lines")
        self.lines.setWordWrap(True)
        self.shoe_line = QLabel()
        self.shoe_line.setStyleSheet(QUIET)
        self.shoe_line.setWordWrap(True)
        column = QVBoxLayout(self)
        column.setSpacing(4)
        column.addLayout(row)
        column.addWidget(self.check)
        column.addWidget(self.lines)
        column.addWidget(self.shoe_line)
        self._said: list[str] = []
        self.counter: CountingShoe | None = None
        # never squeezed below its lines: the feedback under it gives way first
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def start(self, counter: CountingShoe, name: str) -> None:
        """A new counted shoe: the bet box's range is the ramp's spread."""
        self.counter = counter
        self.setTitle(f"The count: {name}")
        self.units.setRange(1, counter.counting.spread)
        self._said = ["Keep the count from the first card. Bet by it; type it when asked."]
        self.check.line.setText("")
        self.show_state()

    def add(self, decision: GradedDecision) -> None:
        """Say what a bet or index grade came to (a count check says its own)."""
        if counting_context(decision.situation_key) in (BET, INDEX):
            self._said.append(graded_line(decision))
            self.show_state()

    def show_state(self) -> None:
        """The bet's money, whether a check is asked, the last lines, the discards."""
        counter = self.counter
        if counter is None:
            return
        unit = counter.counting.unit
        self.money.setText(f"× {money_text(unit)} = {money_text(unit * self.units.value())}")
        self.check.ask(counter.check_due)
        self.check.label.setText("Running count?" if counter.check_due else "Running count")
        self.lines.setText("\n".join(self._said[-SHOWN_LINES:]))
        shoe = counter.practice.shoe
        gone = len(shoe.dealt) / 52
        self.shoe_line.setText(f"Discards about {round(gone * 2) / 2:g} decks of "
                               f"{counter.practice.rules.decks}. Bets 1–{counter.counting.spread} "
                               f"units of {money_text(unit)}.")

    def set_units(self, units: int) -> None:
        """Set the next bet (clipped to the spread)."""
        self.units.setValue(max(self.units.minimum(), min(self.units.maximum(), units)))


__all__ = ["CountPanel", "graded_line", "summary_html"]
