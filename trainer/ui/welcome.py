"""The welcome of a first run: what Free Bet changes, where to start, then the first card.

On a first run (:func:`trainer.ui.settings.chosen.first_run`: no settings stored and no
progress file yet) the window opens this over the Flashcards page, after its first paint; the
page deals behind it. One screen: Free Bet's three differences from
blackjack drawn as small tables of the rules practised (:mod:`trainer.drills.free_bet_facts`:
the free double on hard 9–11 and the free split, each against every up card, in full colour
where classic basic strategy plays it otherwise; the dealer's 22, a push, and bust chances by
up card), how the trainer teaches in two sentences, the question "Do you already know classic
basic strategy?" (the starting point, ``study/assume_classic``) and the new cards a day. "Deal
my first card" keeps both choices; "Skip" keeps the defaults. Either way the welcome is not
shown again by itself (``welcome/shown``); Help ▸ Welcome… opens it again.
"""

from __future__ import annotations

from collections.abc import Sequence

from PyQt6.QtCore import Qt, QTimer, pyqtSignal
from PyQt6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from strategy_charts.chart_layout import STYLE, up_text
from trainer import settings as cfg
from trainer.drills.free_bet_facts import FreeBetFacts, PlayRow, free_bet_facts
from trainer.rules import RuleSet
from trainer.session import head_start
from trainer.settings import Settings
from trainer.teaching.curriculum import Prior

from .background import Job, Latest
from .theme import is_dark
from .widgets import heading, scrolled

#: A cell's text on a coloured cell (every chart colour is light enough for it), and a faded
#: cell's, where classic basic strategy already plays it, on a light and a dark window (each
#: at least 4.5:1 on its fill).
CELL_INK = "#1d1d1d"
FADED = {False: ("#595959", "#e6e6e6"), True: ("#b4b4b4", "#3a3a3e")}
TEACHING = ("Every answer is graded against the exact best play for these rules and kept. "
            "Each day the study queue deals first the cards you are about to forget, then new "
            "ones, the costliest first: what your play loses most is taught first, and practice "
            "stops where your memory is firm.")
KEYS = ("Answer with the keys: H hit, S stand, D double, P split, Y / N insurance; Space or "
        "Enter for the next card, Ctrl+Z to take an answer back. Help lists every key.")


def plays_html(rows: Sequence[PlayRow], ups: Sequence[int], dark: bool = False) -> str:
    """A small chart: a row per hand, a column per up card, each cell its best play's letter
    on its chart colour, faded where classic basic strategy already plays it (in the dark
    theme's shade when ``dark``)."""
    faded_ink, faded_fill = FADED[dark]
    head = "".join(f'<th width="26">{up_text(str(up))}</th>' for up in ups)
    lines = [f"<tr><th></th>{head}</tr>"]
    for row in rows:
        cells = []
        for at, play in enumerate(row.plays):
            if play is None:
                cells.append("<td></td>")
                continue
            letter, colour, _ = STYLE[play]
            fill, ink = (colour, CELL_INK) if row.differs(at) else (faded_fill, faded_ink)
            weight = "<b>{}</b>" if row.differs(at) else "{}"
            cells.append(f'<td bgcolor="{fill}" align="center" style="color:{ink}">'
                         f"{weight.format(letter)}</td>")
        lines.append(f'<tr><td align="right">{row.label}&nbsp;</td>{"".join(cells)}</tr>')
    return f'<table cellspacing="2" cellpadding="2">{"".join(lines)}</table>'


def dealer_html(facts: FreeBetFacts) -> str:
    """The dealer's 22 (a push) and bust chances by up card, in percent."""
    head = "".join(f'<th width="30">{up_text(str(up))}</th>' for up in facts.ups)
    rows = [(f"<b>22</b>: {'a push' if facts.push_22 else 'a bust'}", facts.twenty_two),
            ("over 22: a bust", facts.over_22)]
    lines = [f"<tr><th></th>{head}</tr>"]
    for label, chances in rows:
        cells = "".join(f'<td align="center">{100 * c:.0f}</td>' for c in chances)
        lines.append(f'<tr><td align="right">{label}&nbsp;</td>{cells}</tr>')
    return (f'<table cellspacing="2" cellpadding="2">{"".join(lines)}</table>'
            "<p>percent of the dealer's hands, by up card</p>")


def _fact_box(title: str, caption: str) -> tuple[QGroupBox, QLabel]:
    box = QGroupBox(title)
    table = QLabel("Working it out…")
    table.setTextFormat(Qt.TextFormat.RichText)
    words = QLabel(caption)
    words.setWordWrap(True)
    column = QVBoxLayout(box)
    column.addWidget(words)
    column.addWidget(table)
    column.addStretch(1)
    return box, table


class WelcomeDialog(QDialog):
    """The welcome (see the module docstring); ``chosen`` says whether the player's choices
    were taken (True: "Deal my first card") or the welcome skipped (False)."""

    chosen = pyqtSignal(bool)

    def __init__(self, store: Settings, rules: RuleSet, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.rules = rules
        self.facts: FreeBetFacts | None = None
        self.loading = Latest()
        self.setObjectName("welcome")
        self.setWindowTitle("Welcome to the Free Bet Trainer")
        self.doubles, self.doubles_table = _fact_box(
            "1. Hard 9, 10 and 11 double for free",
            "The casino puts up the second bet: a lost free double costs only your first bet, "
            "so these hands double against every up card.")
        self.splits, self.splits_table = _fact_box(
            "2. Pairs split for free",
            "These pairs split with the casino's money for the second hand.")
        self.dealer, self.dealer_table = _fact_box(
            "3. A dealer 22 pushes",
            "When the dealer ends on 22, every hand still in play pushes (a blackjack still "
            "wins): the price of the free bets, and why you stand less.")
        self.legend = QLabel("In full colour: where Free Bet's best play is not classic basic "
                             "strategy's; faded: where classic already plays it. FD free "
                             "double, FP free split, H hit, S stand, D double, P split.")
        self.legend.setWordWrap(True)
        self.classic = QRadioButton("Yes: start with what Free Bet changes")
        self.novice = QRadioButton("No, I am new to blackjack: start with the plays that cost "
                                   "the most")
        self.start = QButtonGroup(self)
        for button in (self.classic, self.novice):
            self.start.addButton(button)
        (self.classic if store.get(cfg.ASSUME_CLASSIC) else self.novice).setChecked(True)
        self.novice.toggled.connect(self._start_novice)
        self.new_cards = QSpinBox()
        allowed = cfg.NEW_PER_DAY.allowed
        assert isinstance(allowed, cfg.Range)
        self.new_cards.setRange(int(allowed.minimum), int(allowed.maximum))
        self.new_cards.setSingleStep(int(allowed.step))
        self.new_cards.setSuffix(allowed.suffix)
        self.new_cards.setValue(store.get(cfg.NEW_PER_DAY))
        self.new_cards.setAccessibleName("New cards a day")
        self.skip = QPushButton("Skip")
        self.go = QPushButton("Deal my first card")
        self.go.setDefault(True)
        self.skip.clicked.connect(self.reject)
        self.go.clicked.connect(self.accept)
        self._lay_out()
        room = parent.size() if parent is not None else None
        self.resize(min(900, room.width() - 40) if room else 900,
                    min(680, room.height() - 20) if room else 680)

    def _lay_out(self) -> None:
        intro = QLabel(f"A trainer for Free Bet Blackjack, played here by the rules "
                       f"<b>{self.rules.name}</b> ({self.rules.describe()}). Free Bet is "
                       "blackjack with three changes:")
        intro.setWordWrap(True)
        left = QVBoxLayout()              # the two short tables above each other
        left.addWidget(self.doubles)
        left.addWidget(self.dealer)
        facts = QHBoxLayout()
        facts.addLayout(left, 1)
        facts.addWidget(self.splits, 1)
        start = QGroupBox("Where to start")
        form = QFormLayout(start)
        form.addRow(QLabel("Do you already know classic basic strategy?"))
        form.addRow(self.classic)
        form.addRow(self.novice)
        form.addRow("New cards a day", self.new_cards)
        self.new_cards.setMaximumWidth(140)
        teaching = QLabel(f"{TEACHING} {KEYS} You can change both choices in Settings; "
                          "Help ▸ Welcome… shows this again.")
        teaching.setWordWrap(True)
        teaching.setAlignment(Qt.AlignmentFlag.AlignTop)
        below = QHBoxLayout()
        below.addWidget(start, 1)
        below.addWidget(teaching, 1)
        body = QWidget()
        column = QVBoxLayout(body)
        column.addWidget(heading("Welcome"))
        column.addWidget(intro)
        column.addLayout(facts)
        column.addWidget(self.legend)
        column.addLayout(below)
        column.addStretch(1)
        scroll = scrolled(body)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.skip)
        buttons.addWidget(self.go)
        outer = QVBoxLayout(self)
        outer.addWidget(scroll, 1)
        outer.addLayout(buttons)

    def open(self) -> None:
        """Show the welcome (window-modal) and work its tables out off the UI thread."""
        super().open()
        QTimer.singleShot(0, self._load_facts)

    def _load_facts(self) -> None:
        if not self.isVisible() or self.facts is not None:
            return
        rules = self.rules
        job = Job(self, lambda: free_bet_facts(rules), name="welcome: what Free Bet changes")
        job.succeeded(self.show_facts)
        self.loading.start(job.failed(self._no_facts, OSError, ValueError))

    def _start_novice(self, chosen: bool) -> None:
        """New to blackjack chosen: its curriculum built now, while the player reads on, so
        the first card after "Deal my first card" need not wait for it."""
        if chosen:
            rules = self.rules
            Job(self, lambda: head_start(rules, Prior.NOVICE),
                name="welcome: a novice's curriculum").start()

    def show_facts(self, facts: FreeBetFacts) -> None:
        """Draw the three tables."""
        self.facts = facts
        dark = is_dark(self.palette())
        self.doubles_table.setText(plays_html(facts.free_doubles, facts.ups, dark)
                                   if facts.free_doubles else "These rules have no free "
                                   "double.")
        self.splits_table.setText(plays_html(facts.free_splits, facts.ups, dark)
                                  if facts.free_splits else "These rules have no free split.")
        self.dealer_table.setText(dealer_html(facts))

    def _no_facts(self, exc: Exception) -> None:
        for table in (self.doubles_table, self.splits_table, self.dealer_table):
            table.setText(f"Not shown: {exc}")

    def accept(self) -> None:
        """Keep the starting point and the new cards a day, then close."""
        self.store.set(cfg.ASSUME_CLASSIC, self.classic.isChecked())
        self.store.set(cfg.NEW_PER_DAY, self.new_cards.value())
        self.store.set(cfg.WELCOMED, True)
        self.loading.cancel()
        super().accept()
        self.chosen.emit(True)

    def reject(self) -> None:
        """Close with the settings as they are (the welcome is not shown by itself again)."""
        self.store.set(cfg.WELCOMED, True)
        self.loading.cancel()
        super().reject()
        self.chosen.emit(False)


__all__ = ["WelcomeDialog", "dealer_html", "plays_html"]
