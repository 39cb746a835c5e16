"""The end-of-shoe report, a panel in the table's place on the shoe page.

It gives the shoe's result in main bets (and chips), splits it into what perfect play expected,
what the player's errors gave away (skill, by category of hand) and the rest (luck), lists the
errors, and offers to drill them. Every figure carries its unit; every minus sign is U+2212.
The next shoe is dealt when the player asks (the action bar's "Next shoe").
"""

from __future__ import annotations

from html import escape

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.records import GradedDecision
from trainer.drills.shoe_practice import ShoeReport

from .feedback import explanation, rich_label

MINUS = "\u2212"


def signed(value: float, places: int = 2) -> str:
    """A figure with its sign and a true minus sign: '+1.25', '−0.40', '0.00'."""
    text = f"{value:+.{places}f}"
    if float(text) == 0:
        text = f"{0:.{places}f}"
    return text.replace("-", MINUS)


def main_bets(value: float) -> str:
    """'−1.25 main bets'."""
    return f"{signed(value)} main bets"


def money(value: float) -> str:
    """'−12.50 in chips'."""
    return f"{signed(value)} in chips"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def report_html(report: ShoeReport, errors: list[GradedDecision], extra: str = "") -> str:
    """The report in a player's words; ``extra`` (rich text: a counted shoe's count) follows
    the figures, and ``errors`` are listed last when given."""
    right = report.decisions - report.errors
    share = f" ({right / report.decisions:.0%} right)" if report.decisions else ""
    rows = [
        ("Result", main_bets(report.net_bets), money(float(report.net))),
        ("Perfect play expected", main_bets(report.expected_bets), money(report.expected)),
        ("Skill: your errors", main_bets(-report.ev_lost), money(-report.skill_cost)),
        ("Luck: the cards", main_bets(report.luck_bets), money(report.luck)),
    ]
    parts = [
        f"<p>{_count(report.rounds, 'round')} · {_count(report.decisions, 'decision')} · "
        f"{_count(report.errors, 'error')}{share}</p>",
        "<table cellspacing='0' cellpadding='3'>",
        *(f"<tr><td style='padding-right:14px'><b>{escape(what)}</b></td>"
          f"<td align='right' style='padding-right:14px'><b>{escape(bets)}</b></td>"
          f"<td align='right'>{escape(cash)}</td></tr>" for what, bets, cash in rows),
        "</table>",
        "<p>Result = expected + skill + luck. A round counts its chips over its own main "
        "bet.</p>",
    ]
    if report.by_category:
        parts.append("<p><b>Skill by category of hand</b></p><table cellspacing='0' "
                     "cellpadding='3'><tr><th align='left' style='padding-right:14px'>Hands"
                     "</th><th align='right' style='padding-right:14px'>Decisions</th>"
                     "<th align='right' style='padding-right:14px'>Errors</th>"
                     "<th align='right'>EV lost</th></tr>")
        for c in report.by_category:
            parts.append(f"<tr><td style='padding-right:14px'>{escape(c.category.value)}</td>"
                         f"<td align='right' style='padding-right:14px'>{c.decisions}</td>"
                         f"<td align='right' style='padding-right:14px'>{c.errors}</td>"
                         f"<td align='right'>{c.ev_lost:.3f} main bets</td></tr>")
        parts.append("</table>")
    parts.append(extra)
    if errors:
        parts.append("<p><b>Your errors</b></p><ol>")
        for d in errors:
            parts.append(f"<li>{escape(d.cards)} v {escape(d.dealer_up)}: "
                         f"{escape(explanation(d).replace('-', MINUS))}</li>")
        parts.append("</ol>")
    return "".join(parts)


def mistake_keys(errors: list[GradedDecision]) -> list[str]:
    """The situations of ``errors``, each once, in the order they were met."""
    return list(dict.fromkeys(d.situation_key for d in errors))


class ReportPanel(QFrame):
    """The end-of-shoe report; :attr:`drill_requested` carries the situation keys of the
    shoe's errors when the player asks to drill them, :attr:`index_requested` a counted shoe's
    missed index plays (their decisions' cell keys)."""

    drill_requested = pyqtSignal(list)
    index_requested = pyqtSignal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shoe-report")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel("End of the shoe")
        big = self.title.font()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.title.setFont(big)
        self.body = rich_label("shoe-report-body")
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.body)
        self.drill = QPushButton()
        self.drill.clicked.connect(lambda: self.drill_requested.emit(list(self._keys)))
        self.index_drill = QPushButton()
        self.index_drill.setToolTip("Index flashcards on exactly the index plays this shoe's "
                                    "count called for and you missed")
        self.index_drill.clicked.connect(lambda: self.index_requested.emit(list(self._cells)))
        self.index_drill.hide()
        hint = QLabel("Space or Enter deals the next shoe.")
        buttons = QHBoxLayout()
        buttons.addWidget(self.drill)
        buttons.addWidget(self.index_drill)
        buttons.addStretch(1)
        buttons.addWidget(hint)
        column = QVBoxLayout(self)
        column.setContentsMargins(18, 14, 18, 14)
        column.addWidget(self.title)
        column.addWidget(scroll, 1)
        column.addLayout(buttons)
        self._keys: list[str] = []
        self._cells: list[str] = []

    def show_report(self, report: ShoeReport, errors: list[GradedDecision],
                    listed: bool = True, extra: str = "",
                    index_cells: list[str] | None = None) -> None:
        """Fill the panel: the figures, ``extra`` (rich text), the errors (when ``listed``) and
        the drill buttons (the index plays' for a counted shoe: ``index_cells``)."""
        self.body.setText(report_html(report, errors if listed else [], extra))
        self._keys = mistake_keys(errors)
        self.drill.setText(f"Drill this shoe's mistakes ({len(self._keys)})")
        self.drill.setEnabled(bool(self._keys))
        self._cells = list(index_cells or [])
        self.index_drill.setVisible(index_cells is not None)
        self.index_drill.setText(f"Drill the index plays missed ({len(self._cells)})")
        self.index_drill.setEnabled(bool(self._cells))

    def text(self) -> str:
        """The report as shown (rich text)."""
        return self.body.text()


__all__ = ["MINUS", "ReportPanel", "main_bets", "mistake_keys", "money", "report_html",
           "signed"]
