"""The end-of-shoe report, a panel in the table's place on the shoe page.

It gives the main game's result in main bets (and chips), splits it into what perfect play
expected, what the player's errors gave away (skill, by category of hand) and the rest (luck),
gives each side bet its own line and the bets behind theirs, lists the errors (what was done,
what was best, what it cost) and offers to drill them. Every figure carries its unit; every
minus sign is U+2212. The next shoe is dealt when the player asks (the action bar's "Next shoe").
"""

from __future__ import annotations

from html import escape

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import (
    QFrame,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.round_history import decision_words
from trainer.drills.shoe_practice import ShoeReport
from trainer.teaching.records import GradedDecision

from ..table.model import money_text
from ..widgets import scrolled
from .feedback import rich_label

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


def _table(rows: list[tuple[str, ...]], head: tuple[str, ...] = ()) -> str:
    """A small table: the first column bold and left, the others right."""
    pad = " style='padding-right:14px'"
    cells = ["<table cellspacing='0' cellpadding='3'>"]
    if head:
        cells.append("<tr>" + "".join(f"<th align='{'left' if i == 0 else 'right'}'{pad}>"
                                      f"{escape(h)}</th>" for i, h in enumerate(head)) + "</tr>")
    for row in rows:
        cells.append("<tr>" + "".join(
            f"<td{pad}><b>{escape(c)}</b></td>" if i == 0 else
            f"<td align='right'{pad}>{escape(c)}</td>" for i, c in enumerate(row)) + "</tr>")
    cells.append("</table>")
    return "".join(cells)


#: The side bets' table's columns (its figures in chips, short enough not to wrap at 1024).
SIDE_BET_HEAD = ("Side bet", "Bets", "Staked", "Wins", "Result", "Expected", "Luck")


def side_bet_rows(report: ShoeReport) -> list[tuple[str, ...]]:
    """A line per side bet placed: how often and how much, how many won, its result, what it
    expected and the luck, in chips (:data:`SIDE_BET_HEAD`)."""
    return [(s.bet.title, str(s.placed), money_text(s.staked), str(s.wins), signed(float(s.net)),
             signed(s.expected), signed(s.luck))
            for s in report.side_bets]


def report_html(report: ShoeReport, errors: list[GradedDecision], extra: str = "") -> str:
    """The report in a player's words: the main game's result split into expected, skill and
    luck; each side bet on its own line; ``extra`` (rich text: a counted shoe's count) after
    the figures, and ``errors`` last when given (what was done, what was best, what it cost)."""
    right = report.decisions - report.errors
    share = f" ({right / report.decisions:.0%} right)" if report.decisions else ""
    parts = [
        f"<p>{_count(report.rounds, 'round')} · {_count(report.decisions, 'decision')} · "
        f"{_count(report.errors, 'error')}{share}</p>",
        "<p><b>The main game</b></p>",
        _table([
            ("Result", main_bets(report.net_bets), money(float(report.main_net))),
            ("Perfect play expected", main_bets(report.expected_bets),
             money(report.main_expected)),
            ("Skill: your errors", main_bets(-report.ev_lost), money(-report.skill_cost)),
            ("Luck: the cards", main_bets(report.luck_bets), money(report.main_luck)),
        ]),
        "<p>Result = expected + skill + luck. A round counts its chips over its own main "
        "bet; insurance is part of the main game.</p>",
    ]
    if report.side_bets:
        parts += ["<p><b>Side bets</b>, in chips (no decision in them: only luck against "
                  "their return)</p>", _table(side_bet_rows(report), SIDE_BET_HEAD),
                  f"<p>All bets together: {escape(money(float(report.net)))}.</p>"]
    if report.behind:
        b = report.behind
        parts += ["<p><b>Bet Behind</b>, in chips (the computer seats decided these hands: "
                  "outside skill and luck)</p>",
                  _table([("Bet Behind", str(b.placed), money_text(b.staked), str(b.wins),
                           signed(float(b.net)))], ("Bets behind", "Bets", "Staked", "Wins",
                                                    "Result")),
                  "<p>All bets together, bets behind included: "
                  f"{escape(money(float(report.total_net)))}.</p>"]
    if report.by_category:
        parts.append("<p><b>Skill by category of hand</b></p>")
        parts.append(_table([(c.category.value, str(c.decisions), str(c.errors),
                              f"{c.ev_lost:.3f} main bets") for c in report.by_category],
                            ("Hands", "Decisions", "Errors", "EV lost")))
    parts.append(extra)
    if errors:
        parts.append("<p><b>Your errors</b></p><ol>")
        for d in errors:
            parts.append(f"<li>{escape(decision_words(d))} <i>"
                         f"({escape(d.cards)})</i></li>")
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
        scroll = scrolled(self.body)
        self.drill = QPushButton()
        self.drill.clicked.connect(lambda: self.drill_requested.emit(list(self._keys)))
        self.index_drill = QPushButton()
        self.index_drill.setToolTip("Index flashcards on exactly the index plays this shoe's "
                                    "count called for and you missed")
        self.index_drill.clicked.connect(lambda: self.index_requested.emit(list(self._cells)))
        self.index_drill.hide()
        hint = QLabel("Space or Enter deals the next shoe.")
        hint.setWordWrap(True)
        buttons = QVBoxLayout()      # one above the other: each keeps its words, however narrow
        for button in (self.drill, self.index_drill):
            buttons.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
        column = QVBoxLayout(self)
        column.setContentsMargins(18, 14, 18, 14)
        column.addWidget(self.title)
        column.addWidget(scroll, 1)
        column.addLayout(buttons)
        column.addWidget(hint)
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
