"""The typed-count tabs: a running count of cards shown at the player's pace, and the true
count of a running count and a discard tray. Each drill is spaced by the player's earlier
answers of its skills, read off the UI thread when it starts (:mod:`.history`).

A tab takes the keys when it is shown (Space deals a run wherever the focus is on its tab,
the count box takes the digits), and a question's clock starts when it is shown, not when it
was drawn behind a hidden tab (issue 24: an answer given in 3 s was stored as 352 s). A missed
running count shows its cards again, with the count after each showing."""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtCore import QEvent, QObject, Qt, QTimer
from PyQt6.QtGui import QFont, QKeyEvent, QShowEvent
from PyQt6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from strategy_charts.counting.systems import count_named
from trainer.drills.counting.answers import signed
from trainer.drills.counting.keys import RUNNING, TRUE
from trainer.drills.counting.running import CountRun, RunningCountDrill, RunSettings
from trainer.drills.counting.true_count import TrueCountDrill
from trainer.rules.plural import counted
from trainer.teaching.answers import Answer
from trainer.teaching.records import GradedDecision, Mode, Verdict

from ..background import Latest
from ..count_widgets import CountEntry, DiscardTray
from ..table.widget import TableWidget
from .history import read_answers
from .host import CountingHost
from .views import cards_view, spin_box

#: The most cards of a missed run shown again on the felt (its last ones; the line under it
#: gives every showing).
SHOWN_AGAIN = 24


def run_again(run: CountRun, tag: Callable[[int], float]) -> str:
    """A run's showings with the running count after each: '5♠ K♦ → 0 · 2♥ 9♣ → +1'."""
    total, parts = 0.0, []
    for flash in run.flashes:
        total += sum(tag(card.points) for card in flash)
        parts.append(f"{' '.join(map(str, flash))} → {signed(int(total))}")
    return " · ".join(parts)


class RunningPanel(QWidget):
    """Runs of cards, shown a few at a time at the chosen pace; the count typed at the end.
    With "due first" the cards at once come from what is due, the weakest first."""

    def __init__(self, page: CountingHost) -> None:
        super().__init__()
        self.page = page
        self.drill: RunningCountDrill | None = None
        self.loading = Latest()      # the earlier answers the drill is spaced by
        self.run: CountRun | None = None
        self.showing = 0
        self.cards = spin_box(2, 312, 20, "Cards in a run")
        self.at_once = spin_box(1, 9, 1, "Cards at once")
        self.seconds = QDoubleSpinBox()
        self.seconds.setRange(0.05, 60.0)
        self.seconds.setDecimals(2)
        self.seconds.setSingleStep(0.1)
        self.seconds.setValue(1.0)
        self.seconds.setSuffix(" s")
        self.seconds.setAccessibleName("Seconds each showing")
        self.due = QCheckBox("Due first")
        self.due.setChecked(True)
        self.due.setToolTip("Show the cards at once that are due (answered before, now fading) "
                            "first, the weakest first; your run length and pace stay. When "
                            "nothing is due, runs are shown as set.")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for pace in (self.cards, self.at_once, self.seconds):
            pace.installEventFilter(self)  # Space deals, even from the pace's boxes
        self.deal_button = QPushButton("Deal a run (Space)")
        self.deal_button.setObjectName("deal-run")
        box = QGroupBox("Your pace")
        form = QFormLayout(box)
        form.addRow("Cards in a run", self.cards)
        form.addRow("Cards at once", self.at_once)
        form.addRow("Each showing", self.seconds)
        form.addRow(self.due)
        form.addRow(self.deal_button)
        box.setMaximumWidth(250)
        self.table = TableWidget()
        self.table.setFocusPolicy(Qt.FocusPolicy.ClickFocus)   # a click on the felt: keys
        self.entry = CountEntry("Running count")
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.step)
        middle = QHBoxLayout()
        side = QVBoxLayout()
        side.addWidget(box)
        side.addStretch(1)
        middle.addLayout(side)
        middle.addWidget(self.table, 1)
        column = QVBoxLayout(self)
        column.addLayout(middle, 1)
        column.addWidget(self.entry)
        self.deal_button.clicked.connect(self.deal)
        self.entry.typed.connect(self.answer)
        self.entry.ask(False)

    def settings(self) -> RunSettings:
        """The pace as set (a run holds at least one showing)."""
        at_once = self.at_once.value()
        return RunSettings(self.page.count, max(at_once, self.cards.value()), at_once,
                           round(self.seconds.value(), 2), self.due.isChecked())

    def restart(self) -> None:
        """Read the player's earlier running counts (off the UI thread), then start a drill
        spaced by them."""
        self.stop()
        self.drill = None
        self.table.set_view(cards_view((), "Deal a run, count it, type the count"))
        rules = self.page.rules
        if rules is None:
            return
        seed = self.page.new_seed()

        def start(history: list[Answer]) -> None:
            self.drill = RunningCountDrill(rules, self.settings(), seed=seed,
                                           clock=self.page.clock, history=history)
            self.page.show_due()

        self.loading.start(read_answers(self, self.page, rules, RUNNING, start))

    def stop(self) -> None:
        self.loading.cancel()
        self.timer.stop()
        self.run = None
        self.entry.ask(False)

    def deal(self) -> None:
        """Show the next run, one showing after another (at the pace as set now)."""
        if self.drill is None:
            return
        self.drill.settings = self.settings()
        self.run = self.drill.next()
        self.showing = 0
        self.entry.ask(False)
        self.step()

    def step(self) -> None:
        """Show the next showing of the run (the pace's timer calls it), or ask the count."""
        run = self.run
        if run is None:
            return
        if self.showing < len(run.flashes):
            flash = run.flashes[self.showing]
            self.showing += 1
            due = f" · {run.at_once} at a time, due" if run.scheduled else ""
            self.table.set_view(cards_view(flash, f"Showing {self.showing} of "
                                                  f"{len(run.flashes)}{due}"))
            if self.page.paced:
                self.timer.start(round(run.seconds * 1000))
            return
        self.table.set_view(cards_view((), "The running count?"))
        self.entry.ask(True)

    def answer(self, text: str) -> None:
        """Grade the typed count of the run just shown; save it."""
        drill = self.drill
        run = drill.current if drill is not None else None
        if drill is None or run is None or self.showing < len(run.flashes):
            return
        decision = self.entry.take(drill.answer, text)
        if decision is None:
            return
        self.page.record(Mode.COUNT, run.settings.plain(), decision)
        self.page.show_due()
        self.run = None
        self.entry.ask(False)
        if decision.verdict is Verdict.WRONG:
            self._show_again(run, decision, drill)
        else:
            self.table.set_view(cards_view((), f"{decision.best_action}: deal the next run"))
        self.setFocus()

    def _show_again(self, run: CountRun, decision: GradedDecision,
                    drill: RunningCountDrill) -> None:
        """A missed run's cards on the felt again (its last :data:`SHOWN_AGAIN`), and every
        showing with the count after it under the verdict."""
        cards = [card for flash in run.flashes for card in flash]
        shown = cards[-SHOWN_AGAIN:]
        more = f" (its last {len(shown)} of {len(cards)})" if len(shown) < len(cards) else ""
        self.table.set_view(cards_view(shown, f"It was {decision.best_action}: the run "
                                              f"again{more}; Space deals the next"))
        self.entry.add(f"The run, the count after each showing: "
                       f"{run_again(run, drill.count.tag)}", below=True)

    def _deal_key(self, event: QKeyEvent) -> bool:
        """Space deals the next run when none is shown."""
        if event.key() == Qt.Key.Key_Space and self.run is None:
            self.deal()
            return True
        return False

    def eventFilter(self, watched: QObject | None, event: QEvent | None) -> bool:
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress \
                and self._deal_key(event):
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        if event is not None and self._deal_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def showEvent(self, event: QShowEvent | None) -> None:
        """The tab takes the keys: the count box when it asks, else the tab (Space deals)."""
        super().showEvent(event)
        if self.entry.box.isEnabled():
            self.entry.box.setFocus()
        else:
            self.setFocus()


class TruePanel(QWidget):
    """A running count and the discard tray; the player gives the true count. The decks left
    due come first."""

    def __init__(self, page: CountingHost) -> None:
        super().__init__()
        self.page = page
        self.drill: TrueCountDrill | None = None
        self.loading = Latest()      # the earlier answers the drill is spaced by
        self.running = QLabel()
        self.running.setObjectName("running-count")
        big = QFont(self.running.font())
        big.setPointSizeF(big.pointSizeF() * 2.2)
        big.setBold(True)
        self.running.setFont(big)
        self.left = QLabel()
        self.left.setObjectName("decks-left")
        self.tray = DiscardTray()
        self.entry = CountEntry("True count")
        self.how = QLabel("The true count is the running count divided by the decks left, "
                          "rounded down (floored), as the index plays use it.")
        self.how.setWordWrap(True)
        self.tray_only = QCheckBox("Read the decks off the tray")
        self.tray_only.setToolTip("Hide the decks left: estimate them from the discard tray, "
                                  "as at the table (to the half deck).")
        self.tray_only.toggled.connect(self._tray_toggled)
        words = QVBoxLayout()
        words.addStretch(1)
        words.addWidget(self.running)
        words.addWidget(self.left)
        words.addWidget(self.how)
        words.addWidget(self.tray_only)
        words.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.tray)
        row.addSpacing(30)
        row.addLayout(words, 1)
        column = QVBoxLayout(self)
        column.addLayout(row, 1)
        column.addWidget(self.entry)
        self.entry.typed.connect(self.answer)

    def restart(self) -> None:
        """Read the player's earlier true counts (off the UI thread), then ask the first
        question of a drill spaced by them."""
        self.stop()
        self.drill = None
        rules = self.page.rules
        if rules is None:
            return
        count, seed = self.page.count, self.page.new_seed()
        if not count_named(count).balanced:        # KO: kept as a running count, never divided
            self.running.setText("No true count")
            self.left.setText(f"{count_named(count).name} is unbalanced: it is kept from its "
                              "initial running count and never divided (bets and index plays "
                              "go by the running count). Drill its running count instead.")
            self.left.setWordWrap(True)
            self.tray.show_tray(rules.decks, float(rules.decks), labelled=False)
            self.page.show_due()
            return

        def start(history: list[Answer]) -> None:
            self.drill = TrueCountDrill(rules, count, seed=seed, clock=self.page.clock,
                                        history=history)
            self.page.show_due()
            if self.isVisible():     # else the first question waits for the tab's showing
                self.ask()

        self.loading.start(read_answers(self, self.page, rules, TRUE, start))

    def stop(self) -> None:
        self.loading.cancel()
        self.entry.ask(False)

    def showEvent(self, event: QShowEvent | None) -> None:
        """The question is asked (or asked again) now: its clock starts here, and the count
        box takes the keys."""
        super().showEvent(event)
        if self.drill is None:
            return
        if self.drill.current is None:
            self.ask()
        else:
            self.drill.shown()
            self.entry.ask(True)

    def _tray_toggled(self, _checked: bool) -> None:
        """The decks left hidden or shown: ask again (once a drill is under way)."""
        if self.drill is not None:
            self.ask()

    def ask(self) -> None:
        """The next question."""
        if self.drill is None:
            return
        question = self.drill.current or self.drill.next()
        reading = self.tray_only.isChecked()
        self.running.setText(f"Running count {signed(question.running)}")
        self.left.setText("Decks left: read them off the tray" if reading else
                          f"{counted(question.decks, 'deck')} left to deal")
        self.tray.show_tray(self.drill.rules.decks, question.decks, labelled=not reading)
        self.entry.ask(True)

    def answer(self, text: str) -> None:
        """Grade the typed true count; save it; ask the next."""
        drill = self.drill
        if drill is None or drill.current is None:
            return
        decks = drill.current.decks
        decision = self.entry.take(drill.answer, text)
        if decision is None:
            return
        reading = self.tray_only.isChecked()
        if reading:
            self.entry.add(f"· {decks:g} decks were left")
        self.page.record(Mode.COUNT, {"drill": "true", "count": drill.count.key,
                                      "tray_only": reading}, decision)
        self.page.show_due()
        self.ask()


__all__ = ["RunningPanel", "TruePanel"]
