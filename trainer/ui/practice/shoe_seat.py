"""The shoe page's seat: the bets (a panel that folds away), and the money line that stays in
view: balance, round, the bets of the round in play and the change waiting for the next one."""

from __future__ import annotations

import random
from fractions import Fraction

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import Bets, RuleSet, SideBet
from trainer.rules.side_bets import offered_side_bets

from ..table.model import money_text
from ..widgets import QUIET

#: The seat panel's width when it is open.
SEAT_WIDTH = 230


def _spin(low: int, high: int, value: int, name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setAccessibleName(name)
    spin.setSingleStep(5)
    return spin


def bets_text(bets: Bets) -> str:
    """'10 + Perfect Pairs 5': the main bet, then each side bet placed."""
    return " + ".join([money_text(bets.main)] + [f"{bet.title} {money_text(bets.side(bet))}"
                                                 for bet in SideBet if bets.side(bet)])


class SeatPanel(QWidget):
    """The seat's bankroll, bets, side bets and seed. :attr:`new_shoe` starts a shoe with them;
    :attr:`bets_changed` says the bet or a side bet was changed (it applies from the next
    round). Bankroll and seed apply to the next shoe."""

    bets_changed = pyqtSignal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        seat = QGroupBox("Your seat")
        form = QFormLayout(seat)
        self.bankroll = _spin(10, 1_000_000, 1000, "Bankroll")
        self.bankroll.setSingleStep(100)
        self.bankroll.setToolTip("The bankroll of the next shoe.")
        self.bet = _spin(1, 10_000, 10, "Bet")
        self.bet.setToolTip("Applies from the next round.")
        form.addRow("Bankroll", self.bankroll)
        form.addRow("Bet", self.bet)
        self.side_spins: dict[SideBet, QSpinBox] = {}
        self.side_rows: dict[SideBet, QLabel] = {}
        for bet in SideBet:
            spin = _spin(0, 1000, 0, bet.title)
            spin.setSpecialValueText("off")
            spin.setToolTip("Applies from the next round.")
            label = QLabel(bet.title)
            form.addRow(label, spin)
            self.side_spins[bet], self.side_rows[bet] = spin, label
        self.spins = [self.bankroll, self.bet, *self.side_spins.values()]
        for spin in (self.bet, *self.side_spins.values()):
            spin.valueChanged.connect(lambda _: self.bets_changed.emit())
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        self.seed.setToolTip("The same seed deals the same shoe.")
        form.addRow("Seed", self.seed)
        self.new_shoe = QPushButton("New shoe")
        self.new_shoe.setToolTip("Shuffle a new shoe with this bankroll and seed.")
        form.addRow(self.new_shoe)
        note = QLabel("Bets apply from the next round; bankroll and seed from the next shoe.")
        note.setWordWrap(True)
        note.setStyleSheet(QUIET)
        self.info = QLabel()
        self.info.setObjectName("shoe-seed")
        self.info.setWordWrap(True)
        self.info.setStyleSheet(QUIET)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(seat)
        column.addWidget(note)
        column.addWidget(self.info)
        column.addStretch(1)
        self.setFixedWidth(SEAT_WIDTH)

    def show_offered(self, rules: RuleSet | None) -> None:
        """Show only the side bets ``rules`` offer."""
        offered = offered_side_bets(rules) if rules else ()
        for bet in SideBet:
            self.side_spins[bet].setVisible(bet in offered)
            self.side_rows[bet].setVisible(bet in offered)

    def side_bets(self, rules: RuleSet) -> dict[SideBet, Fraction]:
        """The side bets as set, only where ``rules`` offer them."""
        return {bet: Fraction(self.side_spins[bet].value()) for bet in offered_side_bets(rules)
                if self.side_spins[bet].value()}

    def shoe_settings(self, rules: RuleSet, penetration: float | None) -> ShoeSettings:
        """The bets as set (side bets only where the rules offer them)."""
        return ShoeSettings(bet=Fraction(self.bet.value()),
                            bankroll=Fraction(self.bankroll.value()),
                            side_bets=self.side_bets(rules), penetration=penetration)

    def seed_value(self) -> int:
        """The seed typed in, else a random one."""
        text = self.seed.text().strip()
        return int(text) if text.isdigit() else random.SystemRandom().randrange(2**31)

    def show_seed(self, seed: int | None) -> None:
        """The shoe's seed (to deal the same shoe again)."""
        self.info.setText("" if seed is None else f"This shoe's seed: {seed}")


class MoneyLine(QLabel):
    """Balance and round, the bets of the round in play, and a change of bets waiting for the
    next round (said as such)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("money-line")
        self.setWordWrap(True)
        self.setAccessibleName("Balance and bets")

    def show_practice(self, practice: ShoePractice, problem: str = "",
                      next_bets: Bets | None = None) -> None:
        """Balance, round number, the round's bets, and the next round's if they differ
        (``next_bets`` where the page knows them better: a counted shoe's main bet is the
        count's)."""
        upcoming = practice.bets if next_bets is None else next_bets
        balance = practice.balance
        money = "unlimited" if balance is None else money_text(balance)
        number = len(practice.rounds) + int(practice.awaiting)
        lines = [f"<b style='font-size:13pt'>Balance {money}</b> &nbsp;·&nbsp; "
                 f"Round {max(1, number)}",
                 f"Bets {bets_text(practice.round_bets)}"]
        if problem:
            lines.append(f"<b>{problem}</b>")
        elif upcoming != practice.round_bets:
            lines.append(f"<b>From the next round: {bets_text(upcoming)}</b>")
        self.setText("<br>".join(lines))
