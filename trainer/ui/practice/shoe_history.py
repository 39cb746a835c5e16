"""The round history of Shoe practice, a panel in the table's place (the live game's HISTORY).

Every round of the shoe in play and of earlier shoes read from the progress file, the most
recent first: a line per round (its cards and net), opened to show each hand with its stakes
and result, the dealer's cards, each decision with its grade (what was done, what was best,
what it cost) and each bet's result, the side bets apart and marked when paid at the deal. Up
and Down move, Right or Enter opens a round, Enter or a click on a decision asks for it as a
flashcard (:attr:`HistoryPanel.flashcard_requested`), Esc goes back to the table. Rounds stored
before the history kept their detail show their cards and net as stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction

from PyQt6.QtCore import QEvent, QObject, Qt, pyqtSignal
from PyQt6.QtGui import QBrush, QColor, QKeyEvent
from PyQt6.QtWidgets import (
    QFrame,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.round_history import RoundDetail
from trainer.teaching.records import Verdict

from ..inks import ink
from ..progress_service import PlayedRound
from ..table.model import money_text, signed_money
from ..theme import is_dark

#: How many stored rounds the history reads.
STORED_ROUNDS = 500
#: The data role holding a decision's situation key.
KEY_ROLE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class Listed:
    """One round as the history lists it: where it was played, its number, its detail (None:
    stored without one, then ``cards`` and ``net`` as stored)."""

    shoe: str
    number: int
    detail: RoundDetail | None
    cards: str = ""
    net: Fraction = Fraction(0)


def local_minute(stamp: str) -> str:
    """A stored UTC time in the player's zone, to the minute: "2026-11-29 13:05" (the text
    itself when it is no time)."""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def stored_rounds(rows: Sequence[PlayedRound]) -> list[Listed]:
    """The stored rounds as the history lists them (a detail that cannot be read is left out,
    and the round shows its cards as stored)."""
    listed = []
    for row in rows:
        detail = None
        if row.round.detail is not None:
            try:
                detail = RoundDetail.from_plain(row.round.detail)
            except (KeyError, TypeError, ValueError):
                detail = None
        when = local_minute(row.shoe_started)
        listed.append(Listed(f"shoe of {when} ({row.preset})", row.round.round, detail,
                             row.round.cards, Fraction(row.round.net_result).limit_denominator()))
    return listed


def round_line(item: Listed) -> str:
    """A round's two lines: "Round 4, this shoe", then "8♥ 3♥ / 8♦ 10♦ v 10♠ 6♣ 5♣"."""
    if item.detail is None:
        return f"Round {item.number}, {item.shoe}\n{item.cards}"
    hands = " / ".join(h.cards for h in item.detail.hands)
    return f"Round {item.number}, {item.shoe}\n{hands} v {item.detail.dealer}"


class HistoryPanel(QFrame):
    """The list of rounds (see the module docstring)."""

    flashcard_requested = pyqtSignal(str)    # a decision's situation key
    closed = pyqtSignal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shoe-history")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        title = QLabel("Round history")
        big = title.font()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        title.setFont(big)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setObjectName("history-rounds")
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels(["Round", "Net"])
        self.tree.setAccessibleName("Rounds played, most recent first")
        # every line whole: the column as wide as its longest line, scrolled if need be
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setHorizontalScrollMode(QTreeWidget.ScrollMode.ScrollPerPixel)
        header = self.tree.header()
        assert header is not None
        header.setStretchLastSection(False)
        for section in (0, 1):
            header.setSectionResizeMode(section, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.installEventFilter(self)
        hint = QLabel("Up and Down move, Right or Enter opens a round; a click or Enter on a "
                      "decision drills it as a flashcard; Esc goes back to the table.")
        hint.setWordWrap(True)
        column = QVBoxLayout(self)
        column.setContentsMargins(18, 14, 18, 14)
        column.addWidget(title)
        column.addWidget(self.note)
        column.addWidget(self.tree, 1)
        column.addWidget(hint)

    def show_rounds(self, current: Sequence[Listed], stored: Sequence[Listed] | None) -> None:
        """List ``current`` (the shoe in play, latest first) then ``stored`` (earlier shoes,
        latest first; None while they are read)."""
        self.tree.clear()
        for item in (*current, *(stored or ())):
            self.tree.addTopLevelItem(self._round(item))
        count = len(current) + len(stored or ())
        reading = " Earlier shoes are being read…" if stored is None else ""
        most = (f" (the latest {STORED_ROUNDS} stored)" if stored is not None
                and len(stored) >= STORED_ROUNDS else "")
        self.note.setText(f"{count} round{'' if count == 1 else 's'}, the most recent first"
                          f"{most}.{reading}" if count else
                          f"No rounds played yet.{reading}")
        if self.tree.topLevelItemCount():
            self.tree.setCurrentItem(self.tree.topLevelItem(0))

    def _round(self, listed: Listed) -> QTreeWidgetItem:
        detail = listed.detail
        net = detail.net if detail is not None else listed.net
        item = QTreeWidgetItem([round_line(listed), signed_money(net)])
        item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight)
        self._tint(item, net)
        if detail is None:
            item.addChild(QTreeWidgetItem([f"Cards as stored: {listed.cards}", ""]))
            return item
        for number, hand in enumerate(detail.hands, start=1):
            child = QTreeWidgetItem([f"Hand {number}: {hand.cards} ({hand.stakes}): "
                                     f"{hand.outcome}", signed_money(hand.net)])
            self._tint(child, hand.net)
            item.addChild(child)
        item.addChild(QTreeWidgetItem([f"Dealer: {detail.dealer}", ""]))
        if detail.count_bet:
            item.addChild(QTreeWidgetItem([detail.count_bet, ""]))
        for decision in detail.decisions:
            wrong = decision.verdict is Verdict.WRONG
            child = QTreeWidgetItem([f"Decision: {decision.words}", ""])
            child.setData(0, KEY_ROLE, decision.situation_key)
            child.setToolTip(0, f"{decision.cards} v {decision.dealer_up}: click or Enter "
                                "drills it as a flashcard.")
            child.setForeground(0, QBrush(QColor(ink("#c5221f" if wrong else "#137333",
                                                     self.dark()))))
            item.addChild(child)
        for bet in detail.bets:
            when = " (paid at the deal)" if bet.at_deal else ""
            child = QTreeWidgetItem([f"{bet.title} {money_text(bet.stake)}"
                                     f"{when}: {bet.result}", signed_money(bet.net)])
            self._tint(child, bet.net)
            item.addChild(child)
        balance = detail.balance
        if balance is not None:
            item.addChild(QTreeWidgetItem([f"Balance after: {money_text(balance)}",
                                           ""]))
        return item

    def _tint(self, item: QTreeWidgetItem, net: Fraction) -> None:
        colour = "#137333" if net > 0 else "#c5221f" if net < 0 else "#5f6368"
        item.setForeground(1, QBrush(QColor(ink(colour, self.dark()))))

    def dark(self) -> bool:
        """True on a dark theme (a switch re-inks the rows: :func:`..theme.apply_theme`)."""
        return is_dark(self.palette())

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        key = item.data(0, KEY_ROLE)
        if key:
            self.flashcard_requested.emit(str(key))

    def _enter(self) -> None:
        """Enter on a decision drills it; on a round, opens or closes it."""
        item = self.tree.currentItem()
        if item is None:
            return
        key = item.data(0, KEY_ROLE)
        if key:
            self.flashcard_requested.emit(str(key))
        elif item.childCount():
            item.setExpanded(not item.isExpanded())

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        if event is not None and event.key() == Qt.Key.Key_Escape:
            self.closed.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject | None, event: QEvent | None) -> bool:
        """In the list: Esc goes back to the table, Enter drills a decision or opens a round
        (the list keeps every other key)."""
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress:
            if event.key() == Qt.Key.Key_Escape:
                self.closed.emit()
                return True
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self._enter()
                return True
        return False


__all__ = ["STORED_ROUNDS", "HistoryPanel", "Listed", "round_line", "stored_rounds"]
