"""The shoe page's seat: what is not a bet (a panel that folds away: bankroll, computer seats,
seed), and the money line that stays in view: the balance off the table, the round, the bets
and the table's limits. The bets themselves are placed on the felt (:mod:`.shoe_betting`)."""

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

from trainer.drills.betting import TableLimits
from trainer.drills.shoe_practice import ShoeSettings
from trainer.rules import Bets, SideBet

from ..table.model import money_text
from ..widgets import QUIET

#: The seat panel's width when it is open.
SEAT_WIDTH = 230
#: The most computer seats beside the player's.
MOST_SEATS = 6


def bets_text(bets: Bets) -> str:
    """'10 + Perfect Pairs 5': the main bet, then each side bet placed."""
    return " + ".join([money_text(bets.main)] + [f"{bet.title} {money_text(bets.side(bet))}"
                                                 for bet in SideBet if bets.side(bet)])


def limits_text(limits: TableLimits) -> str:
    """The table's limits in a line: 'Limits: main bet 10 to 1000, side bets up to 100'."""
    return (f"Limits: main bet {money_text(limits.minimum)} to {money_text(limits.maximum)}, "
            f"side bets up to {money_text(limits.side_maximum)}")


class SeatPanel(QWidget):
    """The seat's bankroll, the computer seats beside it and the seed, for the next shoe;
    :attr:`new_shoe` starts one with them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        seat = QGroupBox("Your seat")
        form = QFormLayout(seat)
        self.bankroll = QSpinBox()
        self.bankroll.setRange(10, 1_000_000)
        self.bankroll.setValue(1000)
        self.bankroll.setSingleStep(100)
        self.bankroll.setAccessibleName("Bankroll")
        self.bankroll.setToolTip("The bankroll of the next shoe.")
        self.others = QSpinBox()
        self.others.setRange(0, MOST_SEATS)
        self.others.setAccessibleName("Computer seats")
        self.others.setToolTip("Seats played by the computer at the best play, dealt before "
                               "yours (a counted shoe is heads-up).")
        form.addRow("Bankroll", self.bankroll)
        form.addRow("Computer seats", self.others)
        self.spins = [self.bankroll, self.others]
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        self.seed.setToolTip("The same seed deals the same shoe.")
        form.addRow("Seed", self.seed)
        self.new_shoe = QPushButton("New shoe")
        self.new_shoe.setToolTip("Shuffle a new shoe with this bankroll, seats and seed.")
        form.addRow(self.new_shoe)
        note = QLabel("These apply from the next shoe; bets are placed on the felt before "
                      "each round.")
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

    def shoe_settings(self, limits: TableLimits, penetration: float | None,
                      seat_errors: float = 0.0, heads_up: bool = False) -> ShoeSettings:
        """The next shoe's settings: this bankroll and these seats (none ``heads_up``), playing
        the chart with ``seat_errors`` of their decisions astray, the table minimum as the bet
        until the player bets, and the shoe over when the balance cannot cover the minimum."""
        others = 0 if heads_up else self.others.value()
        return ShoeSettings(bet=limits.minimum, bankroll=Fraction(self.bankroll.value()),
                            computer_seats=others, seat=others, penetration=penetration,
                            minimum=limits.minimum, seat_errors=seat_errors)

    def seed_value(self) -> int:
        """The seed typed in, else a random one."""
        text = self.seed.text().strip()
        return int(text) if text.isdigit() else random.SystemRandom().randrange(2**31)

    def show_seed(self, seed: int | None) -> None:
        """The shoe's seed (to deal the same shoe again)."""
        self.info.setText("" if seed is None else f"This shoe's seed: {seed}")


class MoneyLine(QLabel):
    """The balance off the table and the round, the bets, and the table's limits."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("money-line")
        self.setWordWrap(True)
        self.setAccessibleName("Balance and bets")

    def show_money(self, balance: Fraction | None, round_number: int, bets: str,
                   limits: str = "") -> None:
        """``balance`` off the table (None: unlimited), the round, ``bets`` in words and the
        table's ``limits``."""
        money = "unlimited" if balance is None else money_text(balance)
        lines = [f"<b style='font-size:13pt'>Balance {money}</b> &nbsp;·&nbsp; "
                 f"Round {max(1, round_number)}", f"Bets: {bets}"]
        if limits:
            lines.append(f"<small>{limits}</small>")
        self.setText("<br>".join(lines))


__all__ = ["MOST_SEATS", "SEAT_WIDTH", "MoneyLine", "SeatPanel", "bets_text", "limits_text"]
