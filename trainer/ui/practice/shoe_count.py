"""Counting in Shoe practice: the counter's box in the page's side column.

With a count chosen, the shoe is a :class:`~trainer.drills.counting.shoe.CountingShoe`: before
each round the player bets 1 to 12 units on the felt (graded against the ramp at the true count
of the cards seen), each decision is graded against the chart and the live shoe's exact best
play (kept apart from the chart's where the two differ), and apart against the index play the
count gives, and after some rounds and at the end of the shoe the running count is asked. The
count is never shown: the player keeps it. This box holds the bet, the count check and what the
count's grades said; the page deals, paces the dealer and settles as in any shoe.
"""

from __future__ import annotations

from html import escape

from PyQt6.QtWidgets import QGroupBox, QSizePolicy, QVBoxLayout, QWidget

from trainer.drills.counting.keys import BET, INDEX
from trainer.drills.counting.shoe import CountingShoe
from trainer.drills.counting.shoe_summary import CountSummary, counting_context
from trainer.teaching.records import GradedDecision, Verdict

from ..count_widgets import CountEntry
from ..table.model import money_text
from ..widgets import QUIET, WrapLabel

#: The count-grade lines the box keeps in view.
SHOWN_LINES = 2


def graded_line(decision: GradedDecision, round_number: int | None = None) -> str:
    """One line for a counted shoe's bet or index grade: its round, what it was graded
    against, and how ("Round 3, bet against the ramp: right (1 unit).")."""
    context = counting_context(decision.situation_key)
    against = {BET: "bet against the ramp", INDEX: "index play at your true count"}.get(
        context or "", "play")
    against = (f"Round {round_number}, {against}" if round_number is not None
               else against[:1].upper() + against[1:])

    def said(play: str) -> str:
        return (f"{play} unit{'' if play == '1' else 's'}" if context == BET
                else play.replace("_", " "))

    if decision.timed_out:
        return (f"{against}: time out (the table: {said(decision.action)}), "
                f"{said(decision.best_action)} was best.")
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
    """The bet of the next round (in units and money, as the deal button and the money line say
    it), the count check when it is asked, and the last lines the count's grades said, each
    naming its round."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("The count", parent)
        self.setObjectName("shoe-count")
        self.bet = WrapLabel()
        self.bet.setObjectName("count-bet")
        self.bet.setAccessibleName("Next bet")
        self.bet.setToolTip("Your bet on the next round, in units of the table minimum: bet "
                            "by the true count (a digit on the table bets that many units, "
                            "+ and - step it, the chips add to it).")
        self.check = CountEntry("Running count")
        self.check.box.setMaximumWidth(90)
        self.check.box.setPlaceholderText("e.g. +5")
        self.check.button.setText("Check")
        self.lines = WrapLabel()
        self.lines.setObjectName("count-lines")
        self.shoe_line = WrapLabel()
        self.shoe_line.setStyleSheet(QUIET)
        column = QVBoxLayout(self)
        column.setSpacing(4)
        column.addWidget(self.bet)
        column.addWidget(self.check)
        column.addWidget(self.lines)
        column.addWidget(self.shoe_line)
        self._said: list[str] = []
        self.counter: CountingShoe | None = None
        # never squeezed below its lines: the feedback under it gives way first
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

    def start(self, counter: CountingShoe, name: str) -> None:
        """A new counted shoe."""
        self.counter = counter
        self.setTitle(f"The count: {name}")
        self._said = ["Keep the count from the first card. Bet by it; type it when asked."]
        self.check.line.setText("")
        self.show_state()

    def add(self, decision: GradedDecision, round_number: int) -> None:
        """Say what a bet or index grade of round ``round_number`` came to (a count check
        says its own)."""
        if counting_context(decision.situation_key) in (BET, INDEX):
            self._said.append(graded_line(decision, round_number))
            self.show_state()

    def show_bet(self, words: str, what: str = "Next bet") -> None:
        """The next round's bet (or ``what`` bet), in the words the deal button and the money
        line use."""
        self.bet.setText(f"{what}: {words}")

    def show_state(self) -> None:
        """Whether a check is asked, the last lines, the discards."""
        counter = self.counter
        if counter is None:
            return
        unit = counter.counting.unit
        self.check.ask(counter.check_due)
        self.check.label.setText("Running count?" if counter.check_due else "Running count")
        self.lines.setText("\n".join(self._said[-SHOWN_LINES:]))
        shoe = counter.practice.shoe
        gone = len(shoe.dealt) / 52
        self.shoe_line.setText(f"Discards about {round(gone * 2) / 2:g} decks of "
                               f"{counter.practice.rules.decks}. Bets 1–{counter.counting.spread} "
                               f"units of {money_text(unit)}.")


__all__ = ["CountPanel", "graded_line", "summary_html"]
