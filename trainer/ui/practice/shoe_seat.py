"""The shoe page's seat panel: bankroll, bet, the side bets the rules offer, seed, balance."""

from __future__ import annotations

import random
from fractions import Fraction

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
from trainer.rules import RuleSet, SideBet

from ..table.model import money_text


def offered_side_bets(rules: RuleSet) -> list[SideBet]:
    """The side bets the rule set offers."""
    offered = {SideBet.PERFECT_PAIRS: rules.perfect_pairs,
               SideBet.TWENTY_ONE_PLUS_THREE: rules.twenty_one_plus_three,
               SideBet.HOT_3: rules.hot_3, SideBet.POT_OF_GOLD: rules.pot_of_gold is not None}
    return [bet for bet, on in offered.items() if on]


def _spin(low: int, high: int, value: int, name: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setAccessibleName(name)
    spin.setSingleStep(5)
    return spin


class SeatPanel(QWidget):
    """The seat's money and the shoe's state; :attr:`new_shoe` starts a shoe with these bets."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        seat = QGroupBox("Your seat")
        form = QFormLayout(seat)
        self.bankroll = _spin(10, 1_000_000, 1000, "Bankroll")
        self.bankroll.setSingleStep(100)
        self.bet = _spin(1, 10_000, 10, "Bet")
        form.addRow("Bankroll", self.bankroll)
        form.addRow("Bet", self.bet)
        self.side_spins: dict[SideBet, QSpinBox] = {}
        self.side_rows: dict[SideBet, QLabel] = {}
        for bet in SideBet:
            spin = _spin(0, 1000, 0, bet.title)
            spin.setSpecialValueText("off")
            label = QLabel(bet.title)
            form.addRow(label, spin)
            self.side_spins[bet], self.side_rows[bet] = spin, label
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        self.seed.setToolTip("The same seed deals the same shoe.")
        form.addRow("Seed", self.seed)
        self.new_shoe = QPushButton("New shoe")
        self.new_shoe.setToolTip("Shuffle a new shoe with these bets (they apply per shoe).")
        form.addRow(self.new_shoe)
        self.balance = QLabel()
        self.balance.setObjectName("balance")
        big = self.balance.font()
        big.setPointSizeF(big.pointSizeF() * 1.3)
        big.setBold(True)
        self.balance.setFont(big)
        self.info = QLabel()
        self.info.setWordWrap(True)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(seat)
        column.addWidget(self.balance)
        column.addWidget(self.info)
        column.addStretch(1)
        self.setMaximumWidth(250)

    def show_offered(self, rules: RuleSet | None) -> None:
        """Show only the side bets ``rules`` offer."""
        offered = offered_side_bets(rules) if rules else []
        for bet in SideBet:
            self.side_spins[bet].setVisible(bet in offered)
            self.side_rows[bet].setVisible(bet in offered)

    def shoe_settings(self, rules: RuleSet, penetration: float | None) -> ShoeSettings:
        """The bets as set (side bets only where the rules offer them)."""
        sides = {bet: Fraction(self.side_spins[bet].value()) for bet in offered_side_bets(rules)
                 if self.side_spins[bet].value()}
        return ShoeSettings(bet=Fraction(self.bet.value()),
                            bankroll=Fraction(self.bankroll.value()), side_bets=sides,
                            penetration=penetration)

    def seed_value(self) -> int:
        """The seed typed in, else a random one."""
        text = self.seed.text().strip()
        return int(text) if text.isdigit() else random.SystemRandom().randrange(2**31)

    def show_practice(self, practice: ShoePractice, seed: int | None) -> None:
        """Balance, round number, bets, cards left, cut card and seed."""
        balance = practice.balance
        self.balance.setText("Balance: unlimited" if balance is None
                             else f"Balance: {money_text(balance)}")
        shoe = practice.shoe
        cut = "cut card out: last round" if shoe.cut_card_out else "cut card not out"
        sides = practice.settings.side_bets.items()
        bets = " + ".join([money_text(practice.settings.bet)]
                          + [f"{bet.title} {money_text(stake)}" for bet, stake in sides])
        number = len(practice.rounds) + int(practice.awaiting)
        self.info.setText(f"Round {number} · bets {bets}\n{shoe.remaining} cards left, "
                          f"{cut}\nShoe seed {seed}")
