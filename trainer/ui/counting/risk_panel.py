"""The Ramp and risk tab: the ramp a counted shoe bets by for the bankroll, unit, spread and
Kelly fraction set here (Shoe practice's seat starts at a bankroll of 1,000 and a unit of 10),
and its risk figures (:mod:`trainer.drills.counting.risk`), worked out again as the settings
change; the formulas are Blackjack Attack's (docs/count-lab.md)."""

from __future__ import annotations

from PyQt6.QtWidgets import QDoubleSpinBox, QFormLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from trainer.drills.counting.risk import RiskAsked, ramp_risk, risk_lines

from .host import CountingHost
from .views import spin_box


def _money(low: float, high: float, value: float, name: str, step: float) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(2 if high <= 1 else 0)
    box.setSingleStep(step)
    box.setValue(value)
    box.setAccessibleName(name)
    return box


class RiskPanel(QWidget):
    """The ramp's settings on the left, its figures on the right."""

    def __init__(self, page: CountingHost) -> None:
        super().__init__()
        self.page = page
        asked = RiskAsked()
        self.bankroll = _money(10, 1e9, asked.bankroll, "Bankroll", 100)
        self.unit = _money(1, 1e6, asked.unit, "Unit", 5)
        self.spread = spin_box(1, 100, asked.spread, "Spread")
        self.kelly = _money(0.05, 1, asked.kelly, "Kelly fraction", 0.05)
        self.target = _money(0.001, 0.5, asked.target, "Target risk of ruin", 0.01)
        self.rounds = spin_box(100, 10_000_000, asked.rounds, "Rounds a trip", 1000)
        self.goal = _money(1, 1e9, asked.goal, "Win goal", 100)
        form = QFormLayout()
        for label, box in (("Bankroll", self.bankroll), ("Unit", self.unit),
                           ("Spread (units)", self.spread), ("Kelly fraction", self.kelly),
                           ("Target risk of ruin", self.target), ("Rounds a trip", self.rounds),
                           ("Win goal", self.goal)):
            form.addRow(label, box)
            box.valueChanged.connect(lambda _: self.restart())
        self.figures = QLabel()
        self.figures.setObjectName("risk-figures")
        self.figures.setWordWrap(True)
        row = QHBoxLayout(self)
        row.addLayout(form)
        row.addSpacing(24)
        column = QVBoxLayout()
        column.addWidget(self.figures)
        column.addStretch(1)
        row.addLayout(column, 1)

    def asked(self) -> RiskAsked:
        """The settings as set."""
        return RiskAsked(self.bankroll.value(), self.unit.value(), self.spread.value(),
                         self.kelly.value(), self.target.value(), self.rounds.value(),
                         self.goal.value())

    def restart(self) -> None:
        """Work the figures out for the chosen count (nothing while the lab loads)."""
        part = self.page.lab_count()
        if part is None:
            self.figures.clear()
            return
        asked = self.asked()
        if asked.unit > asked.bankroll:
            self.figures.setText("A bankroll holds at least one unit.")
            return
        figures = ramp_risk(part, self.page.count, asked)
        self.figures.setText("\n".join(risk_lines(figures, asked)))

    def stop(self) -> None:
        """Nothing runs in the background here."""


__all__ = ["RiskPanel"]
