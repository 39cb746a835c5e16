"""The index-play tab: a hand, the up card and a true count (an unbalanced count's running
count) at the table; the play is graded against the count lab's exact EVs at that count, and
the EVs, the index and its spread are shown. Only the indices the lab is sure of are dealt; a
line above says which are left out.

As on the Flashcards page, the verdict is a banner on the felt in its severity's colour
("Correct: Stand", "Mistake: best is Hit") and the EVs and the index under it in that colour
too; a Pot of Gold card adds the chance of each lammer count off a full shoe. A card is
dealt, and its clock started, when the tab is shown
(:meth:`~trainer.drills.counting.index_cards.IndexFlashcards.shown`), not behind it."""

from __future__ import annotations

from dataclasses import replace
from html import escape

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QKeyEvent, QShowEvent
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from strategy_charts.counting.cells import BET, NO_BET, WAGER
from strategy_charts.pot_of_gold import LAMMER_BETS
from trainer.drills.counting.index_cards import IndexCard, IndexFlashcards
from trainer.drills.counting.keys import INDEX
from trainer.rules import Action
from trainer.teaching.answers import Answer
from trainer.teaching.records import GradedDecision, Mode, Verdict

from ..background import Latest
from ..practice.feedback import SEVERITY_LOOK, verdict_style
from ..table.action_bar import ORDER, ActionBar
from ..table.widget import TableWidget
from ..theme import is_dark
from ..widgets import QUIET
from .history import read_answers
from .host import CountingHost
from .views import cards_view, index_view

#: The side bets on lammers, by name (their cards also say the chance of each count).
LAMMER_NAMES = frozenset(bet.name for bet in LAMMER_BETS)
#: The side-bet answers and their keys.
WAGER_KEYS = {Qt.Key.Key_B: BET, Qt.Key.Key_N: NO_BET}


def play_title(name: str) -> str:
    """An index card's play as its button names it: 'Stand', 'Insurance: Yes', 'Bet'."""
    try:
        return Action(name).button
    except ValueError:            # a side bet's answer: bet, no bet
        return name.replace("_", " ").capitalize()


def verdict_words(decision: GradedDecision) -> str:
    """The banner's words, as the flashcards say them (:func:`~trainer.ui.practice.feedback.
    verdict_word`, for index plays and side bets too): 'Correct: Stand', 'Mistake: best is
    Hit'."""
    word = SEVERITY_LOOK[decision.severity][0]
    if decision.verdict is Verdict.CORRECT:
        return f"{word}: {play_title(decision.action)}"
    return f"{word}: best is {play_title(decision.best_action)}"


class IndexPanel(QWidget):
    """Index flashcards of the chosen count (see :mod:`trainer.drills.counting.index_cards`)."""

    def __init__(self, page: CountingHost) -> None:
        super().__init__()
        self.page = page
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.cards: IndexFlashcards | None = None
        self.card: IndexCard | None = None
        self.loading = Latest()      # the earlier answers a new deck is spaced by
        self.table = TableWidget()
        self.only: list[str] | None = None     # the decisions kept to (None: every play)
        self.scope = QLabel()
        self.scope.setObjectName("index-scope")
        self.unsure = QLabel()
        self.unsure.setObjectName("index-unsure")
        self.unsure.setWordWrap(True)
        self.unsure.setStyleSheet(QUIET)
        self.all_button = QPushButton("All index plays")
        self.all_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.all_button.clicked.connect(self.restart)
        scope = QHBoxLayout()
        scope.addWidget(self.scope, 1)
        scope.addWidget(self.all_button)
        self.scope.hide()
        self.all_button.hide()
        self.question = QLabel()
        self.question.setObjectName("index-question")
        self.question.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.bar = ActionBar()
        self.wagers = {name: QPushButton(f"{'Bet' if name == BET else 'No bet'} ({key.name[-1]})")
                       for key, name in WAGER_KEYS.items()}
        self.feedback = QLabel()
        self.feedback.setObjectName("index-feedback")
        self.feedback.setWordWrap(True)
        row = QHBoxLayout()
        row.addStretch(1)
        for name, button in self.wagers.items():
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setMinimumHeight(40)
            button.clicked.connect(lambda _=False, n=name: self.answer(n))
            button.hide()
            row.addWidget(button)
        row.addStretch(1)
        column = QVBoxLayout(self)
        column.addLayout(scope)
        column.addWidget(self.unsure)
        column.addWidget(self.question)
        column.addWidget(self.table, 1)
        column.addWidget(self.bar)
        column.addLayout(row)
        column.addWidget(self.feedback)
        self.bar.chosen.connect(lambda action: self.answer(action.value))
        self.bar.proceed.connect(self.next)

    def restart(self) -> None:
        """Every index play of the count: see :meth:`drill_cells`."""
        self.drill_cells(None)

    def drill_cells(self, cells: list[str] | None) -> None:
        """Read the player's earlier index answers of this count (off the UI thread), then
        deal the first card of a deck spaced by them: of the decisions of ``cells`` only (a
        counted shoe's misses), or of every index play (None)."""
        self.stop()
        self.cards = None
        self.only = cells
        self.scope.setText(f"The index plays your shoe missed ({len(cells)})" if cells
                           is not None else "")
        self.scope.setVisible(cells is not None)
        self.all_button.setVisible(cells is not None)
        rules, lab, count = self.page.rules, self.page.lab, self.page.count
        if rules is None or lab is None:
            return
        seed = self.page.new_seed()

        def deal(history: list[Answer]) -> None:
            try:
                self.cards = IndexFlashcards(rules, count, lab=lab, seed=seed,
                                             clock=self.page.clock, history=history,
                                             cells=cells)
            except ValueError as exc:        # a count with no index plays under these rules
                self.table.set_view(cards_view((), str(exc)))
                return
            self.unsure.setText(self.cards.unsure_text())
            self.unsure.setVisible(bool(self.unsure.text()))
            if self.isVisible():    # else the first card waits for the tab's showing
                self.next()

        self.loading.start(read_answers(self, self.page, rules, INDEX, deal))

    def stop(self) -> None:
        self.loading.cancel()
        self.card = None
        self.bar.set_actions(())
        self.bar.set_proceed(None)
        for button in self.wagers.values():
            button.hide()

    def next(self) -> None:
        """Deal the next card."""
        if self.cards is None or self.page.rules is None:
            return
        card = self.card = self.cards.next()
        self.table.set_view(index_view(card, self.page.rules))
        self.question.setText(card.question())
        offered = {a for a in card.actions if a not in (BET, NO_BET)}
        self.bar.set_actions([a for a in ORDER if a.value in offered])
        self.bar.set_proceed(None)
        for name, button in self.wagers.items():
            button.setVisible(name in card.actions)
        self.feedback.setText("")
        self.setFocus()

    def showEvent(self, event: QShowEvent | None) -> None:
        """The tab shown: the first card dealt now, or the card waiting timed from now; the
        tab takes the keys."""
        super().showEvent(event)
        if self.cards is not None:
            if self.card is None and self.cards.current is None:
                self.next()
            elif self.card is not None and self.cards.current is self.card:
                self.card = self.cards.shown()
        self.setFocus()

    def answer(self, name: str) -> None:
        """Grade the play ``name`` on the card shown; save it; say the EVs and the index."""
        card, cards = self.card, self.cards
        if card is None or cards is None or cards.current is not card or name not in card.evs:
            return
        decision = cards.answer(name)
        self.page.record(Mode.INDEX, {"drill": "index", "count": cards.count.key}, decision)
        word = verdict_words(decision)
        colour = SEVERITY_LOOK[decision.severity][1]
        if self.page.rules is not None:
            self.table.set_view(replace(index_view(card, self.page.rules), message=word,
                                        message_colour=colour))
        said = f"<b>{escape(word)}.</b> {escape(card.explanation(name))}"
        self.feedback.setText(said + self._lammer_line(card))
        self.feedback.setStyleSheet(verdict_style(decision.severity, is_dark(self.palette())))
        self.bar.set_actions(())
        for button in self.wagers.values():
            button.hide()
        self.bar.set_proceed("Next card")

    def _lammer_line(self, card: IndexCard) -> str:
        """For a lammer bet's card, a line with the chance of each count off a full shoe (the
        wager's distribution as the engine plays), else nothing."""
        chances = self.page.lammers
        if card.cell.kind != WAGER or chances is None or card.cell.wager not in LAMMER_NAMES:
            return ""
        kept = ", ".join(part.replace(" ", "&nbsp;") for part in escape(chances.line()).split(", "))
        return f"<br>Off a full shoe: {kept}"      # a count is never parted from its chance

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        if event is None:
            return
        card = self.card
        wager = next((n for k, n in WAGER_KEYS.items() if k.value == event.key()), None)
        if card is not None and wager in card.actions and self.cards is not None \
                and self.cards.current is card:
            self.answer(wager)
        elif not self.bar.handle_key(event):
            super().keyPressEvent(event)
            return
        event.accept()


__all__ = ["IndexPanel"]
