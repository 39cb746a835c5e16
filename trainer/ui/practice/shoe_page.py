"""The shoe practice page: a whole seeded shoe at the table, bet like the live game, every bet
settled and shown, every round in the history.

The drill is :class:`trainer.drills.shoe_practice.ShoePractice`, its rounds played by
:class:`.shoe_play.ShoePlay`: bets placed with the chips on the felt before each round (nothing
is dealt until the player deals), the side bets paid at the deal, the decision timer with the
hand to play, the dealer card by card, every bet settled, and the end-of-shoe report of skill
against luck in the table's place (the next shoe is dealt when the player asks). This page adds
the layout, the start of a shoe (its tables loaded off the UI thread), the seat panel of what is
not a bet (bankroll, computer seats, seed; it folds away where the table would get less than
:data:`FELT_SHARE` of the window's width) and the round history (Ctrl+H): every round of this
shoe and of earlier ones. Decisions and rounds are committed to the progress file as they
happen. With a count chosen the shoe is counted (:mod:`.shoe_count`).
"""

from __future__ import annotations

from typing import Any

from PyQt6.QtCore import QEvent, QObject, Qt, pyqtSignal
from PyQt6.QtGui import QKeyEvent, QKeySequence, QResizeEvent, QShortcut
from PyQt6.QtWidgets import (
    QAbstractSpinBox,
    QBoxLayout,
    QComboBox,
    QMessageBox,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from strategy_charts.counting.systems import TRAINED, count_named
from strategy_charts.tables import TABLES, TableError
from trainer import settings as cfg
from trainer.drills.timed import TimedDrill
from trainer.rules import RulesError, Shoe
from trainer.settings import Settings
from trainer.settings.chosen import feedback_of
from trainer.teaching.grading import Clock, utc_now
from trainer.teaching.records import Mode

from ..background import Job, Latest
from ..progress_service import PlayedRound
from ..table.action_bar import PROCEED_KEYS
from ..table.model import EMPTY
from ..widgets import scrolled_column
from .drill_page import FELT_SHARE, SIDE_WIDTH
from .rules_choice import penetration
from .shoe_betting import table_limits
from .shoe_ending import EndingShoes
from .shoe_history import STORED_ROUNDS, HistoryPanel, Listed, stored_rounds
from .shoe_loading import lab_to_build, load_tables, start_practice
from .shoe_play import FEEDBACK_NOTES, OPEN, ShoePhase
from .shoe_seat import SEAT_WIDTH, SeatPanel


def shoe_page(settings: Settings) -> QWidget:
    """The shoe practice page (the main window's factory)."""
    return ShoePage(settings)


def _tool_button(text: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return button


class ShoePage(EndingShoes):
    """The table with the seat panel (folding) on its left; the money line, the count box,
    the settlement and the feedback in a fixed-width column on its right; the betting bar or
    the action bar under it."""

    drill_requested = pyqtSignal(list)   # situation keys: the shoe's errors, or one decision
    #: a counted shoe's missed index plays: the count, the rules choice, the decisions' cells
    index_drill_requested = pyqtSignal(str, str, list)

    def __init__(self, settings: Settings, parent: QWidget | None = None, *,
                 clock: Clock = utc_now) -> None:
        super().__init__(settings, parent, clock)
        self.shoe_seed: int | None = None
        self._seat_by_hand = False   # the player opened or folded the seat panel
        self._stored: list[Listed] | None = None    # earlier shoes' rounds, once read

        self.seat = SeatPanel()
        self.seat.new_shoe.clicked.connect(lambda: self._choice_changed("A new shoe"))
        for field in (*self.seat.spins, self.seat.seed):
            field.installEventFilter(self)
        self.seat_button = _tool_button("Seat", "Show or fold the seat panel: bankroll, "
                                                "computer seats, seed.")
        self.seat_button.setCheckable(True)
        self.seat_button.toggled.connect(self._seat_toggled)
        self.history_button = _tool_button("History (Ctrl+H)", "Every round of this shoe "
                                                               "and of earlier shoes.")
        self.history_button.clicked.connect(self.toggle_history)
        QShortcut(QKeySequence("Ctrl+H"), self, self.toggle_history,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.count_box = QComboBox()
        self.count_box.setAccessibleName("Count")
        self.count_box.addItem("None", "")
        for key, count in TRAINED.items():
            self.count_box.addItem(count.name, key)
        self.count_box.setToolTip("Keep a count through the shoe: bet by it, play its index "
                                  "plays, and type it when asked (Hi-Lo is the one to learn).")

        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        for widget in (self.money, self.count_panel, self.settled_box):
            column.addWidget(widget)
        column.addWidget(self.feedback, 1)
        self.feedback.setMinimumWidth(0)          # it gives way to the column's scroll bar
        self.feedback.setMaximumWidth(SIDE_WIDTH)
        self.feedback.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        # a counted shoe's box, the settlement and the grade at its least may not fit a short
        # window: the column scrolls then, never squeezes one over another
        right = self.side_column = scrolled_column(body)
        right.setFixedWidth(SIDE_WIDTH)

        self.report.drill_requested.connect(self.drill_requested)
        self.report.index_requested.connect(lambda cells: self.index_drill_requested.emit(
            self.count_key, str(self.rules_box.currentData()), cells))
        self.history = HistoryPanel()
        self.history.flashcard_requested.connect(lambda key: self.drill_requested.emit([key]))
        self.history.closed.connect(self.toggle_history)
        self.history_loading = Latest()
        self.centre.addWidget(self.history)
        self._back_to: QWidget = self.table

        top = self._top_row("Shoe practice", [("Rules", self.rules_box),
                                              ("Count", self.count_box)])
        top.addWidget(self.history_button)
        top.addWidget(self.seat_button)
        self._lay_out(top, [self.seat, self.centre, right])
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        rows = (item.layout() for i in range(layout.count())
                if (item := layout.itemAt(i)) is not None)
        self._row: QBoxLayout = next(r for r in rows if isinstance(r, QBoxLayout)
                                     and r.indexOf(self.seat) >= 0)
        self.seat.setAutoFillBackground(True)          # opaque where it lies over the felt
        layout.insertWidget(layout.indexOf(self.bar), self.bets.bar)

        self.rules_box.currentIndexChanged.connect(self._rules_changed)
        self.timed_box.toggled.connect(lambda _: self._choice_changed("Timing the shoe"))
        self.count_box.currentIndexChanged.connect(
            lambda _: self._choice_changed("Keeping another count"))
        self._fold_seat()
        self.start_shoe()

    # ----- the seat panel -------------------------------------------------------------------

    def _seat_toggled(self, shown: bool) -> None:
        self._seat_by_hand = True
        self.seat.setVisible(shown)
        self._place_seat()

    def _wide(self) -> bool:
        """True where the table keeps :data:`FELT_SHARE` of the window's width beside the
        seat panel."""
        top = self.window()
        window = top.width() if top is not None and top is not self else self.width()
        return self.width() - self.side_room() - SEAT_WIDTH >= FELT_SHARE * window

    def _fold_seat(self) -> None:
        """Open the seat panel where the table keeps its share of the width beside it, fold it
        where it would not (unless the player opened or folded it)."""
        if not self._seat_by_hand:
            wide = self._wide()
            self.seat.setVisible(wide)
            self.seat_button.blockSignals(True)
            self.seat_button.setChecked(wide)
            self.seat_button.blockSignals(False)
        self._place_seat()

    def _place_seat(self) -> None:
        """The seat panel beside the table where the table keeps its share of the width; opened
        where it would not, over the felt's left edge like a drawer, so the felt is never
        squeezed (it keeps its size and its words their size)."""
        floating = self.seat.isVisibleTo(self) and not self._wide()
        if floating and self._row.indexOf(self.seat) >= 0:
            self._row.removeWidget(self.seat)
        elif not floating and self._row.indexOf(self.seat) < 0:
            self._row.insertWidget(0, self.seat, 0)
        inside = self.seat.layout()
        if inside is not None:                   # a drawer's edge, off the felt's
            inside.setContentsMargins(*((8, 6, 8, 8) if floating else (0, 0, 0, 0)))
        layout = self.layout()
        if layout is not None:
            layout.activate()
        if floating:
            felt = self.centre.geometry()
            self.seat.setGeometry(felt.x(), felt.y(), SEAT_WIDTH,
                                  min(felt.height(), self.seat.sizeHint().height()))
            self.seat.raise_()

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        self._fold_seat()

    def eventFilter(self, watched: QObject | None, event: QEvent | None) -> bool:
        """In a seat field, Enter takes the value and gives the table the keys back, and the
        action keys act as on the table."""
        if event is None or event.type() != QEvent.Type.KeyPress:
            return False
        assert isinstance(event, QKeyEvent)
        if event.key() in PROCEED_KEYS and event.key() != Qt.Key.Key_Space:
            if isinstance(watched, QAbstractSpinBox):
                watched.interpretText()
            self.table.setFocus()
            return True
        if self.bar.key_action(event.key()) is not None and self.bar.handle_key(event):
            self.table.setFocus()
            return True
        return False

    # ----- the round history ----------------------------------------------------------------

    def toggle_history(self) -> None:
        """Show the round history in the table's place (earlier shoes read off the UI
        thread), or go back from it."""
        if self.centre.currentWidget() is self.history:
            self.centre.setCurrentWidget(self._back_to)
            self.table.setFocus()
            return
        self._back_to = self.centre.currentWidget() or self.table
        self._list_history()
        self.centre.setCurrentWidget(self.history)
        self.history.tree.setFocus()
        saver = self.link.saver

        def read() -> list[PlayedRound]:
            none: list[PlayedRound] = []
            return saver.read(lambda store: store.round_history(
                limit=STORED_ROUNDS, leave_out=saver.session_id), none)
        job: Job[list[PlayedRound]] = Job(self, read, name="shoe: history")
        self.history_loading.start(job.succeeded(self._history_read))

    @property
    def history_read(self) -> bool:
        """True once the history holds the earlier shoes' rounds read from the store."""
        return self._stored is not None

    def _history_read(self, rows: list[PlayedRound]) -> None:
        self._stored = stored_rounds(rows)
        if self.centre.currentWidget() is self.history:
            self._list_history()

    def _list_history(self) -> None:
        current = [Listed("this shoe", n, d) for n, d in enumerate(self.details, start=1)]
        self.history.show_rounds(current[::-1], self._stored)

    # ----- a new shoe -----------------------------------------------------------------------

    def _rules_changed(self) -> None:
        if self._may_end("Changing the rules"):
            self._keep_preset()
            self._new_choice()


    def _rules_file_read(self) -> None:
        """The custom rules file's rules are read (or changed): a new shoe of them."""
        self.start_shoe()

    def start_shoe(self, seed: int | None = None, shoe: Shoe | None = None) -> None:
        """Shuffle a new shoe (``seed``, else the seed field, else random); betting opens.

        ``shoe`` replaces the shuffled shoe (tests stack one to deal chosen cards)."""
        self.loading.cancel()
        self._stop_round()
        self.link.end()
        self._dealt_with(stacked=shoe is not None)
        self.practice = self.counter = None
        self.details, self._stored = [], None
        self.table.set_view(EMPTY)
        self.centre.setCurrentWidget(self.table)
        self.settlement.setText("")
        self.settled_box.show()
        self.money.setText("")
        rules = self._chosen_rules()
        if rules is None:
            return
        self.rules = rules
        seconds = self.settings.get(cfg.TIMER_SECONDS)
        self.timed_box.setText(f"Timed ({seconds:g} s)")
        count = self.count_key
        self.count_panel.setVisible(bool(count))
        self.phase = ShoePhase.LOADING
        lab = " and count lab (a rules file's is built once: under a minute)" if count else ""
        self.busy.start(f"Loading the strategy table for '{rules.name}'{lab}…")
        chosen = self.seat.seed_value() if seed is None else seed
        builds = not TABLES.ready(rules) or lab_to_build(rules, count)
        job = Job(self, lambda report: load_tables(rules, count, report),
                  name="shoe: load", reports=True, serial=builds)
        job.ended(self.busy.stop).progressed(self.busy.progress)
        job.succeeded(lambda loaded: self._ready(*loaded, chosen, shoe))
        self.loading.start(job.failed(self._failed, ValueError, RulesError, OSError,
                                      TableError))

    @property
    def count_key(self) -> str:
        """The count kept through the shoe (``hilo``), or "" for none."""
        return str(self.count_box.currentData() or "")

    def count_shoe(self, count: str, rules: str = "") -> None:
        """Keep ``count`` through a new shoe of ``rules`` (a rules choice; "" keeps the page's),
        dealt now: the Counting page sends here."""
        index = self.count_box.findData(count)
        if index < 0:
            own = count_named(count)       # a player's own tags: kept here too from now on
            self.count_box.blockSignals(True)
            self.count_box.addItem(own.name, own.key)
            self.count_box.blockSignals(False)
            index = self.count_box.findData(count)
        for box, at in ((self.rules_box, self.rules_box.findData(rules) if rules else -1),
                        (self.count_box, index)):
            if at >= 0:
                box.blockSignals(True)
                box.setCurrentIndex(at)
                box.blockSignals(False)
        self.start_shoe()

    def _ready(self, table: Any, lab: dict[str, Any] | None, seed: int,
               shoe: Shoe | None) -> None:
        """The tables are in: the drill is made and betting opens on the first round."""
        if self.rules is None:
            return
        limits = table_limits(self.settings)
        settings = self.seat.shoe_settings(limits, penetration(self.settings),
                                           self.settings.get(cfg.SEAT_ERRORS),
                                           heads_up=lab is not None)
        hooks = {"seed": seed, "table": table, "on_decision": self._decided,
                 "on_round": self._round_done}
        practice, self.counter, session = start_practice(self.rules, settings, self.count_key,
                                                         lab, self.clock, hooks)
        resumed = self.keeping.resumed(
            self.rules, table=table, clock=self.clock, on_decision=self._decided,
            on_round=self._round_done) if shoe is None and lab is None else None
        if resumed is not None:
            practice, seed = resumed, resumed.seed or seed
        self.practice = practice
        if shoe is not None:
            practice.shoe = shoe
        if self.counter is not None:
            self.count_panel.start(self.counter, self.count_box.currentText())
        timed = self.timed_box.isChecked()
        seconds = self.settings.get(cfg.TIMER_SECONDS)
        self.timed = TimedDrill(self.counter or practice, seconds, self.clock) if timed else None
        self._attention()      # the shoe's time runs only while the player can see it
        if timed:
            self.ticker.start()
        self.shoe_seed = seed
        self.seat.show_seed(seed)
        self.link.start(table.preset, Mode.TIMED if timed else Mode.SHOE, {
            "shoe_seed": seed, "bankroll": float(settings.bankroll or 0),
            "table_minimum": float(limits.minimum), "computer_seats": settings.computer_seats,
            "timer_seconds": seconds if timed else None, **session})
        self.feedback.reset(FEEDBACK_NOTES[feedback_of(self.settings)])
        self.saving.refresh()
        self.bets.start(self.rules, practice.balance,
                        self.counter.counting.unit if self.counter else None,
                        range(practice.settings.computer_seats))
        self._time_the_betting()
        self._open_betting(keep_result=False)

    def _failed(self, exc: Exception) -> None:
        self.phase = ShoePhase.IDLE
        QMessageBox.warning(self, "The shoe cannot start", str(exc))

    # ----- keys -----------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        """While bets are placed the betting takes its keys (:mod:`.shoe_betting`); the
        other keys act as on any drill page."""
        if (event is not None and self.phase in OPEN and self.bets.betting is not None
                and self.centre.currentWidget() is self.table and self.bets.key(event)):
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent | None) -> None:
        if event is not None and self.bets.betting is not None:
            self.bets.key_released(event)
        super().keyReleaseEvent(event)

    def shutdown(self) -> None:
        """Stop the round's timers, drop a history read, close the progress file."""
        self._stop_round()
        self.history_loading.cancel()
        super().shutdown()


__all__ = ["ShoePage", "ShoePhase", "shoe_page"]
