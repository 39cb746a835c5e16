"""The counted-shoe tab: a whole shoe at the table where the player keeps the count, bets by it
and plays the index plays (:class:`~trainer.drills.counting.shoe.CountingShoe`).

Before each round the player bets 1 to 12 units (graded against the ramp at the true count of
the cards seen); each decision is graded against the live shoe's exact best play, and apart
against the index play the count gives; after some rounds and at the end of the shoe the
running count is asked. The count is never shown: the player keeps it.
"""

from __future__ import annotations

from fractions import Fraction

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QKeyEvent
from PyQt6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.counting.keys import BET, INDEX, RUNNING, CountingKey
from trainer.drills.counting.shoe import CountingSettings, CountingShoe
from trainer.drills.records import GradedDecision, Mode, Verdict
from trainer.drills.shoe_practice import ShoeSettings
from trainer.rules import Action

from ..table.action_bar import ORDER, ActionBar
from ..table.model import view_from_round
from ..table.widget import TableWidget
from .host import CountingHost
from .views import CountEntry, cards_view, spin_box


def context_of(key: str) -> str | None:
    """The counting context of a stored key (bet, index, count), or None for a decision's."""
    try:
        return CountingKey.from_key(key).context
    except ValueError:
        return None


def graded_line(decision: GradedDecision) -> str:
    """One feedback line for a counted-shoe answer: what it was graded against, and how."""
    against = {BET: "bet, against the ramp", INDEX: "index play at your true count"}.get(
        context_of(decision.situation_key) or "", "play, against the live shoe")
    if decision.verdict is not Verdict.WRONG:
        return f"Your {against}: right ({decision.action.replace('_', ' ')})."
    lost = f", {decision.ev_loss:.3f} lost" if decision.ev_loss else ""
    return (f"Your {against}: {decision.best_action.replace('_', ' ')} was best, not "
            f"{decision.action.replace('_', ' ')}{lost}.")


class ShoePanel(QWidget):
    """Seat and bet on the left, the table in the middle, the count check and feedback below."""

    def __init__(self, page: CountingHost) -> None:
        super().__init__()
        self.page = page
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.shoe: CountingShoe | None = None
        self.lines: list[str] = []
        self.bankroll = spin_box(100, 10_000_000, 10_000, "Bankroll", 1000)
        self.unit = spin_box(1, 10_000, 10, "Unit", 5)
        self.new_shoe = QPushButton("New shoe")
        self.units = spin_box(1, CountingSettings().spread, 1, "Bet in units")
        self.bet_button = QPushButton("Bet (Enter)")
        self.bet_button.setObjectName("bet")
        seat = QGroupBox("Your seat")
        form = QFormLayout(seat)
        form.addRow("Bankroll", self.bankroll)
        form.addRow("Unit", self.unit)
        form.addRow(self.new_shoe)
        bet = QGroupBox("Next bet")
        bet_form = QFormLayout(bet)
        bet_form.addRow("Units", self.units)
        bet_form.addRow(self.bet_button)
        self.info = QLabel()
        self.info.setWordWrap(True)
        side = QVBoxLayout()
        side.addWidget(seat)
        side.addWidget(bet)
        side.addWidget(self.info)
        side.addStretch(1)
        holder = QWidget()
        holder.setLayout(side)
        holder.setMaximumWidth(250)
        self.table = TableWidget()
        self.bar = ActionBar()
        self.check = CountEntry("Count check: the running count")
        self.feedback = QLabel()
        self.feedback.setObjectName("shoe-feedback")
        self.feedback.setWordWrap(True)
        middle = QHBoxLayout()
        middle.addWidget(holder)
        middle.addWidget(self.table, 1)
        column = QVBoxLayout(self)
        column.addLayout(middle, 1)
        column.addWidget(self.bar)
        column.addWidget(self.check)
        column.addWidget(self.feedback)
        self.new_shoe.clicked.connect(self.restart)
        self.bet_button.clicked.connect(self.bet)
        self.bar.chosen.connect(self.act)
        self.check.typed.connect(self.answer_check)

    def counting(self) -> CountingSettings:
        """The ramp's bankroll and unit, and the count, as set."""
        return CountingSettings(self.page.count, float(self.bankroll.value()),
                                Fraction(self.unit.value()))

    def plain(self) -> dict[str, object]:
        """The session's settings, as stored."""
        settings = self.counting()
        return {"drill": "counted shoe", "count": settings.count, "bankroll": settings.bankroll,
                "unit": float(settings.unit), "spread": settings.spread}

    def restart(self) -> None:
        """A new shoe."""
        self.stop()
        rules, lab = self.page.rules, self.page.lab
        if rules is None or lab is None:
            return
        settings = ShoeSettings(bet=Fraction(self.unit.value()),
                                bankroll=Fraction(self.bankroll.value()), perfect_play=True)
        plain = self.plain()
        self.shoe = CountingShoe(rules, settings, self.counting(), seed=self.page.new_seed(),
                                 lab=lab, clock=self.page.clock,
                                 on_decision=lambda d: self._saved(d, plain))
        self.lines = []
        self.feedback.setText("Keep the running count from the first card. Bet, play, and "
                              "type the count when asked.")
        self.show_state()

    def stop(self) -> None:
        self.shoe = None
        self.bar.set_actions(())
        self.check.ask(False)
        self.bet_button.setEnabled(False)

    def _saved(self, decision: GradedDecision, plain: dict[str, object]) -> None:
        self.page.record(Mode.SHOE, plain, decision)
        if context_of(decision.situation_key) != RUNNING:     # a count check says its own
            self.lines.append(graded_line(decision))

    def show_state(self) -> None:
        """The table, and what is asked now: the count, a bet, a decision, or nothing more."""
        shoe = self.shoe
        if shoe is None:
            return
        practice = shoe.practice
        rnd = practice.round
        self.table.set_view(view_from_round(rnd) if rnd is not None else
                            cards_view((), "Place your first bet", practice.shoe.remaining))
        self.check.ask(shoe.check_due)
        self.bet_button.setEnabled(shoe.bet_due)
        legal = rnd.legal_actions() if rnd is not None and practice.awaiting else frozenset()
        self.bar.set_actions([a for a in ORDER if a in legal])
        if shoe.finished:
            report = practice.report()
            self.lines.append(f"End of the shoe. {report.text()}")
        self.feedback.setText("\n".join(self.lines[-4:]))
        balance = practice.balance
        self.info.setText(f"Round {len(practice.rounds) + int(practice.awaiting)}\n"
                          f"{practice.shoe.remaining} cards left\nBalance "
                          f"{'unlimited' if balance is None else float(balance):g}")
        if shoe.bet_due:
            self.units.setFocus()
        elif not shoe.check_due:
            self.setFocus()

    def bet(self) -> None:
        """Bet the units set on the next round, which is then dealt."""
        if self.shoe is None or not self.shoe.bet_due:
            return
        self.shoe.bet(self.units.value())
        self.show_state()

    def act(self, action: Action) -> None:
        """The player's decision in the round in play."""
        if self.shoe is None or not self.shoe.practice.awaiting:
            return
        self.shoe.answer(action)
        self.show_state()

    def answer_check(self, text: str) -> None:
        """Grade the typed running count."""
        shoe = self.shoe
        if shoe is None or not shoe.check_due:
            return
        if self.check.take(shoe.check, text) is not None:
            self.show_state()

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        if event is None:
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.shoe is not None \
                and self.shoe.bet_due:
            self.bet()
        elif not self.bar.handle_key(event):
            super().keyPressEvent(event)
            return
        event.accept()


__all__ = ["ShoePanel", "context_of", "graded_line"]
