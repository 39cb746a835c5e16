"""The shoe practice page: a whole seeded shoe at the table, every bet settled and shown.

The drill is :class:`trainer.drills.shoe_practice.ShoePractice`; this page shows its round
(:func:`~trainer.ui.table.model.view_from_round`), takes decisions from the action bar, lets the
dealer draw card by card at the DEALER_SPEED_MS pace, lists the settlement bet by bet and ends
the shoe with a report of skill against luck, a panel in the table's place (the next shoe is
dealt when the player asks). Decisions and rounds are committed to the progress file as they
happen. With a count chosen the shoe is counted (:mod:`.shoe_count`): a bet in units before each
round, the index plays graded apart, the running count asked after some rounds and at the end.
Bets and side bets apply from the next round, and the money line says so; bankroll and
seed from the next shoe. The seat panel folds away (it starts folded where the table would
get less than :data:`FELT_SHARE` of the window's width). The table has the keys during play,
also after a seat field was edited: the action keys typed there go to the table.
"""

from __future__ import annotations

from dataclasses import replace
from enum import Enum
from fractions import Fraction
from typing import Any

from PyQt6.QtCore import QEvent, QObject, QSettings, Qt, QTimer, pyqtSignal
from PyQt6.QtGui import QKeyEvent, QResizeEvent
from PyQt6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QMessageBox,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from strategy_charts.counting.lab import LABS, load_or_build_lab
from strategy_charts.counting.systems import TRAINED
from strategy_charts.tables import TABLES, TableError
from trainer.drills.catalog import Catalog, catalog
from trainer.drills.counting.shoe import CountingSettings, CountingShoe
from trainer.drills.counting.shoe_summary import counting_context
from trainer.drills.grading import Clock, utc_now
from trainer.drills.records import GradedDecision, Mode
from trainer.drills.shoe_practice import RoundRecord, ShoePractice
from trainer.drills.timed import TimedDrill
from trainer.rules import Action, RulesError, Shoe, SideBet

from ..background import Job, Report
from ..settings import declarations as cfg
from ..settings.declarations import Feedback
from ..table.action_bar import ORDER, PROCEED_KEYS
from ..table.model import EMPTY, TableView, dealer_frames, money_text, view_from_round
from .drill_page import FELT_SHARE, SIDE_WIDTH, DrillPage
from .feedback import rich_label
from .round_texts import settlement_html, wrong
from .rules_choice import penetration
from .shoe_count import CountPanel, summary_html
from .shoe_report import ReportPanel
from .shoe_seat import SEAT_WIDTH, MoneyLine, SeatPanel

TICK_MS = 100


class ShoePhase(Enum):
    """Where the page is in the shoe."""

    IDLE = "idle"            # no shoe: none started yet
    LOADING = "loading"      # the strategy table is loading for a new shoe
    BETTING = "betting"      # a counter's bet is asked; "Bet and deal" goes on
    DECIDING = "deciding"    # a decision of the player's is awaited
    DEALER = "dealer"        # the dealer draws, card by card
    SETTLED = "settled"      # the round is settled; "Deal" goes on
    CHECKING = "checking"    # the round is settled and the counter's running count is asked
    FINISHED = "finished"    # the shoe's last round is settled; "Shoe report" goes on
    REPORT = "report"        # the report is shown; "Next shoe" deals the next one


#: What the feedback panel says it will show, by the FEEDBACK setting.
FEEDBACK_NOTES = {Feedback.DECISION: "Each decision is graded here as you make it.",
                  Feedback.HAND: "Your decisions are graded here when the round is settled.",
                  Feedback.SHOE: "Your errors are listed in the end-of-shoe report.",
                  Feedback.OFF: "Feedback is off (Settings)."}


def shoe_page(settings: QSettings) -> QWidget:
    """The shoe practice page (the main window's factory)."""
    return ShoePage(settings)


class ShoePage(DrillPage):
    """The table with the seat panel (folding) on its left; the money line, the settlement
    and the feedback in a fixed-width column on its right."""

    drill_requested = pyqtSignal(list)   # the situation keys of the shoe's errors
    #: a counted shoe's missed index plays: the count, the rules choice, the decisions' cells
    index_drill_requested = pyqtSignal(str, str, list)

    def __init__(self, settings: QSettings, parent: QWidget | None = None, *,
                 clock: Clock = utc_now) -> None:
        super().__init__(settings, "shoe", parent, clock)
        self.practice: ShoePractice | None = None
        self.counter: CountingShoe | None = None   # the shoe's count, when one is kept
        self.phase = ShoePhase.IDLE
        self.round_decisions: list[GradedDecision] = []
        self._frames: list[TableView] = []
        self.shoe_seed: int | None = None
        self._bet_problem = ""
        self._seat_by_hand = False   # the player opened or folded the seat panel

        self.seat = SeatPanel()
        self.seat.new_shoe.clicked.connect(lambda: self.start_shoe())
        self.seat.bets_changed.connect(self._bets_changed)
        self.seat_button = QToolButton()
        self.seat_button.setText("Seat and bets")
        self.seat_button.setCheckable(True)
        self.seat_button.setToolTip("Show or fold the seat panel: bankroll, bet, side bets, "
                                    "seed.")
        self.seat_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.seat_button.toggled.connect(self._seat_toggled)

        self.count_box = QComboBox()
        self.count_box.setAccessibleName("Count")
        self.count_box.addItem("None", "")
        for key, count in TRAINED.items():
            self.count_box.addItem(count.name, key)
        self.count_box.setToolTip("Keep a count through the shoe: bet by it, play its index "
                                  "plays, and type it when asked (Hi-Lo is the one to learn).")
        self.count_panel = CountPanel()
        self.count_panel.hide()
        self.count_panel.units_changed.connect(self._offer_bet)
        self.count_panel.check.typed.connect(self.answer_check)
        for field in (*self.seat.spins, self.seat.seed, self.count_panel.units):
            field.installEventFilter(self)

        self.money = MoneyLine()
        self.settlement = rich_label("settlement")
        settled_box = QGroupBox("Settlement")
        QVBoxLayout(settled_box).addWidget(self.settlement)
        right = QWidget()
        right.setFixedWidth(SIDE_WIDTH)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.money)
        column.addWidget(self.count_panel)
        column.addWidget(settled_box)
        column.addWidget(self.feedback, 1)

        self.report = ReportPanel()
        self.report.drill_requested.connect(self.drill_requested)
        self.report.index_requested.connect(lambda cells: self.index_drill_requested.emit(
            self.count_key, str(self.rules_box.currentData()), cells))
        self.centre = QStackedWidget()
        self.centre.addWidget(self.table)
        self.centre.addWidget(self.report)

        top = self._top_row("Shoe practice", [("Rules", self.rules_box),
                                              ("Count", self.count_box)])
        top.addWidget(self.seat_button)
        self._lay_out(top, [self.seat, self.centre, right])

        self.ticker = QTimer(self)
        self.ticker.setInterval(TICK_MS)
        self.ticker.timeout.connect(self._tick)
        self.dealer_timer = QTimer(self)
        self.dealer_timer.setSingleShot(True)
        self.dealer_timer.timeout.connect(self._dealer_step)
        self.bar.chosen.connect(self.act)
        self.bar.proceed.connect(self._go_on)
        self.rules_box.currentIndexChanged.connect(self._rules_changed)
        self.timed_box.toggled.connect(lambda _: self.start_shoe())
        self.count_box.currentIndexChanged.connect(lambda _: self.start_shoe())
        self._show_side_bets()
        self._fold_seat()
        self.start_shoe()

    # ----- the seat panel -------------------------------------------------------------------

    def _seat_toggled(self, shown: bool) -> None:
        self._seat_by_hand = True
        self.seat.setVisible(shown)

    def _fold_seat(self) -> None:
        """Open the seat panel where the table keeps its share of the width beside it, fold it
        where it would not (unless the player opened or folded it)."""
        if self._seat_by_hand:
            return
        top = self.window()
        window = top.width() if top is not None and top is not self else self.width()
        room = self.width() - self.side_room() - SEAT_WIDTH
        wide = room >= FELT_SHARE * window
        self.seat.setVisible(wide)
        self.seat_button.blockSignals(True)
        self.seat_button.setChecked(wide)
        self.seat_button.blockSignals(False)

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        self._fold_seat()

    def eventFilter(self, watched: QObject | None, event: QEvent | None) -> bool:
        """In a seat field (or the counter's bet box), the action keys and Enter go to the
        table: Enter takes the value and gives the table the keys back; H, S, D, P, Y, N and
        Space act as on the table."""
        if event is None or event.type() != QEvent.Type.KeyPress:
            return False
        assert isinstance(event, QKeyEvent)
        if event.key() in PROCEED_KEYS and event.key() != Qt.Key.Key_Space:
            if isinstance(watched, QAbstractSpinBox):
                watched.interpretText()
            self.table.setFocus()
            return True
        acts = event.key() in PROCEED_KEYS or self.bar.key_action(event.key()) is not None
        if acts and self.bar.handle_key(event):
            self.table.setFocus()
            return True
        return False

    def _bets_changed(self) -> None:
        """A bet or side bet changed: it applies from the next round (the money line says)."""
        practice = self.practice
        if practice is None or self.rules is None:
            return
        bet, sides = Fraction(self.seat.bet.value()), self.seat.side_bets(self.rules)
        if self.counter is not None:     # the count bets the main game; the field is its unit
            bet = practice.settings.bet
        total = bet + sum(sides.values(), Fraction(0))
        balance = practice.balance
        if balance is not None and total > balance:   # it would end the shoe: refused
            self._bet_problem = (f"Bets not changed: {money_text(total)} is more than your "
                                 f"balance of {money_text(balance)}.")
        else:
            try:
                practice.change_bets(bet, sides)
                self._bet_problem = ""
            except ValueError as exc:
                self._bet_problem = f"Bets not changed: {exc}"
        self._show_info()

    # ----- a new shoe -----------------------------------------------------------------------

    def _show_side_bets(self) -> None:
        self.seat.show_offered(self._chosen_rules())

    def _rules_changed(self) -> None:
        self._keep_preset()
        self._show_side_bets()
        self.start_shoe()

    def _rules_file_read(self) -> None:
        """The custom rules file's rules are read (or changed): a new shoe of them."""
        self._show_side_bets()
        self.start_shoe()

    def start_shoe(self, seed: int | None = None, shoe: Shoe | None = None) -> None:
        """Shuffle a new shoe (``seed``, else the seed field, else random) and deal.

        ``shoe`` replaces the shuffled shoe (tests stack one to deal chosen cards)."""
        self.loading.cancel()
        self._stop_round()
        self.link.end()
        self.practice = self.counter = None
        self.table.set_view(EMPTY)
        self.centre.setCurrentWidget(self.table)
        self.settlement.setText("")
        self.money.setText("")
        rules = self._chosen_rules()
        if rules is None:
            return
        self.rules = rules
        seconds = float(cfg.read(self.settings, cfg.TIMER_SECONDS))
        self.timed_box.setText(f"Timed ({seconds:g} s)")
        if seed is None:
            seed = self.seat.seed_value()
        count = self.count_key
        self.count_panel.setVisible(bool(count))
        self.phase = ShoePhase.LOADING
        lab = " and count lab (a rules file's is built once: minutes)" if count else ""
        self.busy.start(f"Loading the {rules.name} strategy table{lab}…")

        def load(report: Report) -> tuple[Catalog, dict[str, Any] | None]:
            return catalog(rules), load_or_build_lab(rules, progress=report) if count else None

        builds = not TABLES.ready(rules) or (bool(count) and not LABS.ready(rules))
        job = Job(self, load, name="shoe: load", reports=True, serial=builds)
        job.ended(self.busy.stop).progressed(self.busy.progress)
        job.succeeded(lambda loaded: self._ready(*loaded, seed, shoe))
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
            raise ValueError(f"no count is called {count!r}")
        for box, at in ((self.rules_box, self.rules_box.findData(rules) if rules else -1),
                        (self.count_box, index)):
            if at >= 0:
                box.blockSignals(True)
                box.setCurrentIndex(at)
                box.blockSignals(False)
        self._show_side_bets()
        self.start_shoe()

    def _ready(self, table: Catalog, lab: dict[str, Any] | None, seed: int,
               shoe: Shoe | None) -> None:
        if self.rules is None:
            return
        settings = self.seat.shoe_settings(self.rules, penetration(self.settings))
        session: dict[str, object] = {}
        if lab is None:
            practice = ShoePractice(self.rules, settings, seed=seed, table=table,
                                    on_decision=self._decided, on_round=self._round_done)
        else:   # counted: graded against the live shoe, where a count's worth shows
            counting = CountingSettings(self.count_key, float(settings.bankroll or 0),
                                        settings.bet)
            self.counter = CountingShoe(self.rules, replace(settings, perfect_play=True),
                                        counting, lab=lab, clock=self.clock, seed=seed,
                                        table=table, on_decision=self._decided,
                                        on_round=self._round_done)
            practice = self.counter.practice
            session = {"count": counting.count, "unit": float(counting.unit),
                       "spread": counting.spread, "kelly": counting.kelly}
            self.count_panel.start(self.counter, self.count_box.currentText())
        if shoe is not None:
            practice.shoe = shoe
        timed = self.timed_box.isChecked()
        seconds = float(cfg.read(self.settings, cfg.TIMER_SECONDS))
        drill = self.counter or practice
        self.timed = TimedDrill(drill, seconds, self.clock) if timed else None
        if timed:
            self.ticker.start()
        self.practice = practice
        self.shoe_seed = seed
        self.seat.show_seed(seed)
        self._bet_problem = ""
        self.link.start(table.preset, Mode.TIMED if timed else Mode.SHOE, {
            "shoe_seed": seed, "bet": float(settings.bet),
            "bankroll": float(settings.bankroll or 0),
            "side_bets": {b.value: float(s) for b, s in settings.side_bets.items()},
            "timer_seconds": seconds if timed else None, **session})
        self.feedback.reset(self._feedback_note())
        self.saving.refresh()
        if self.counter is not None:
            self.table.set_view(replace(EMPTY, cards_left=practice.shoe.remaining,
                                        message="Bet by the count"))
            self._offer_bet()
        else:
            self.deal()

    def _failed(self, exc: Exception) -> None:
        self.phase = ShoePhase.IDLE
        QMessageBox.warning(self, "The shoe cannot start", str(exc))

    # ----- rounds ---------------------------------------------------------------------------

    def deal(self) -> None:
        """Deal the next round (or show the report once the shoe is done)."""
        practice = self.practice
        if practice is None or self.phase in (ShoePhase.DECIDING, ShoePhase.DEALER):
            return
        if practice.finished:
            self.finish()
            return
        if self.counter is not None and not self._place_count_bet():
            return
        self.round_decisions = []
        self.settlement.setText("Round in play…")
        if self.counter is None:
            practice.deal()
        self._show_info()
        if practice.awaiting:
            self._ask()
        else:
            self._dealer_plays()

    def _place_count_bet(self) -> bool:
        """Bet the units in the count box on the next round and deal it; False (the money
        line says why) when the bet is more than the balance."""
        counter, practice = self.counter, self.practice
        assert counter is not None and practice is not None
        units = self.count_panel.units.value()
        total = counter.counting.unit * units + sum(practice.settings.side_bets.values(),
                                                    Fraction(0))
        if practice.balance is not None and total > practice.balance:
            self._bet_problem = (f"Bet not placed: {money_text(total)} is more than your "
                                 f"balance of {money_text(practice.balance)}.")
            self._show_info()
            return False
        self._bet_problem = ""
        counter.bet(units)
        return True

    def _offer_bet(self) -> None:
        """Between a counted shoe's rounds: offer to bet the units set and deal."""
        if self.counter is None or self.phase not in (ShoePhase.BETTING, ShoePhase.LOADING,
                                                      ShoePhase.SETTLED):
            return
        self.phase = ShoePhase.BETTING
        units = self.count_panel.units.value()
        self.count_panel.show_state()
        self._show_info()
        self._offer_proceed(f"Bet {units} unit{'s' if units > 1 else ''} and deal")

    def _ask(self) -> None:
        practice = self.practice
        assert practice is not None and practice.round is not None
        self.phase = ShoePhase.DECIDING
        self.table.set_view(view_from_round(practice.round, practice.settings.seat))
        self._show_info()
        legal = practice.round.legal_actions()
        self._await_decision([a for a in ORDER if a in legal])

    def act(self, action: object) -> None:
        """Take the player's decision in the round in play."""
        if self.phase is not ShoePhase.DECIDING or self.practice is None:
            return
        assert isinstance(action, Action)
        if self.timed is not None:
            self.timed.answer(action)
        else:
            (self.counter or self.practice).answer(action)
        self._after_decision()

    def _after_decision(self) -> None:
        assert self.practice is not None
        self.countdown.hide()
        if self.practice.awaiting:
            self._ask()
        else:
            self._dealer_plays()

    def _decided(self, decision: GradedDecision) -> None:
        """ShoePractice hook: every graded decision, as it is made (a counted shoe's bets,
        index grades and count checks go to the count box)."""
        self.link.decision(decision)
        if counting_context(decision.situation_key) is not None:
            self.count_panel.add(decision)
            return
        self.round_decisions.append(decision)
        self.feedback.count(decision)
        if cfg.feedback(self.settings) is Feedback.DECISION:
            self.feedback.show_decisions([decision])

    def _round_done(self, record: RoundRecord) -> None:
        """ShoePractice hook: every settled round, as it settles."""
        practice = self.practice
        if practice is None:
            return
        report = practice.report()
        bets = {"main": float(record.bets.main),
                **{b.value: float(record.bets.side(b)) for b in SideBet
                   if record.bets.side(b)}}
        hands = " / ".join(" ".join(map(str, h.hand.cards)) for h in record.result.hands)
        self.link.round(record.number, bets=bets, net_result=float(record.net),
                        expected_result=report.expected / max(1, report.rounds),
                        cards=f"{hands} | dealer {record.dealer}")

    # ----- the dealer and the settlement ----------------------------------------------------

    def _dealer_plays(self) -> None:
        practice = self.practice
        assert practice is not None and practice.round is not None
        self.phase = ShoePhase.DEALER
        self.bar.set_actions(())
        self.bar.set_proceed(None)
        final = view_from_round(practice.round, practice.settings.seat)
        speed = int(cfg.read(self.settings, cfg.DEALER_SPEED_MS))
        self._frames = dealer_frames(practice.round, final) if speed else [final]
        self._dealer_step()

    def _dealer_step(self) -> None:
        if self.phase is not ShoePhase.DEALER or not self._frames:
            return
        self.table.set_view(self._frames.pop(0))
        if self._frames:
            self.dealer_timer.start(int(cfg.read(self.settings, cfg.DEALER_SPEED_MS)))
        else:
            self._settled()

    def _settled(self) -> None:
        practice = self.practice
        assert practice is not None and practice.rounds
        record = practice.rounds[-1]
        self.settlement.setText(settlement_html(record.result, record.dealer, record.balance,
                                                self.feedback.dark()))
        self._show_info()
        if cfg.feedback(self.settings) is Feedback.HAND and self.round_decisions:
            self.feedback.show_decisions(self.round_decisions, "This round")
        if self.counter is not None and self.counter.check_due:
            self.phase = ShoePhase.CHECKING
            self.bar.set_actions(())
            self.bar.set_proceed(None)
            self.table.set_view(replace(self.table.view(), message="The running count?"))
            self.count_panel.show_state()    # the count box takes the keys
            return
        self._go_on_after_round()

    def _go_on_after_round(self) -> None:
        """Offer what follows a settled round: the report, the counter's bet, or the deal."""
        assert self.practice is not None
        if self.practice.finished:
            self.phase = ShoePhase.FINISHED
            self._offer_proceed("Shoe report")
        else:
            self.phase = ShoePhase.SETTLED
            if self.counter is not None:
                self._offer_bet()
            else:
                self._offer_proceed("Deal")

    def answer_check(self, text: str) -> None:
        """Grade the running count typed when a counted shoe asks it; text that is no count
        gets a plain message and nothing is graded."""
        counter = self.counter
        if counter is None or self.phase is not ShoePhase.CHECKING:
            return
        if self.count_panel.check.take(counter.check, text) is not None:
            self.count_panel.show_state()
            self._go_on_after_round()

    def finish(self) -> None:
        """The end-of-shoe report, in the table's place; "Next shoe" deals the next one."""
        practice = self.practice
        if practice is None:
            return
        self.link.end()
        listed = cfg.feedback(self.settings) is not Feedback.OFF
        summary = self.counter.summary() if self.counter is not None else None
        self.report.show_report(practice.report(), wrong(practice.decisions), listed,
                                summary_html(summary) if summary else "",
                                list(summary.missed_cells) if summary else None)
        self.centre.setCurrentWidget(self.report)
        self.phase = ShoePhase.REPORT
        self._offer_proceed("Next shoe")

    # ----- the rest -------------------------------------------------------------------------

    def _go_on(self) -> None:
        if self.phase in (ShoePhase.SETTLED, ShoePhase.BETTING):
            self.deal()
        elif self.phase is ShoePhase.FINISHED:
            self.finish()
        elif self.phase is ShoePhase.REPORT:
            self.start_shoe()

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        """While a counter's bet is asked, digits 1 to 9 set it and + or - step it; the other
        keys act as on any drill page."""
        if event is not None and self.phase is ShoePhase.BETTING:
            text, units = event.text(), self.count_panel.units.value()
            wanted = (int(text) if text.isdigit() and text != "0" else
                      units + 1 if text in ("+", "=") else units - 1 if text == "-" else None)
            if wanted is not None:
                self.count_panel.set_units(wanted)
                event.accept()
                return
        super().keyPressEvent(event)

    def _tick(self) -> None:
        timed = self.timed
        if timed is None or not timed.pending or self.phase is not ShoePhase.DECIDING:
            return
        self.countdown.show_left(timed.timer.remaining(), timed.timer.limit.total_seconds())
        if timed.poll() is not None:
            self._after_decision()

    def _stop_round(self) -> None:
        self.ticker.stop()
        self.dealer_timer.stop()
        self.countdown.hide()
        self.bar.set_actions(())
        self.bar.set_proceed(None)
        self._frames = []
        self.phase = ShoePhase.IDLE

    def _show_info(self) -> None:
        if self.practice is None:
            return
        upcoming = None
        if self.counter is not None:     # the count box holds the next main bet
            unit = self.counter.counting.unit
            upcoming = replace(self.practice.bets, main=unit * self.count_panel.units.value())
        self.money.show_practice(self.practice, self._bet_problem, upcoming)

    def _feedback_note(self) -> str:
        return FEEDBACK_NOTES[cfg.feedback(self.settings)]

    def shutdown(self) -> None:
        """Stop the round's timers and close the progress file."""
        self._stop_round()
        super().shutdown()
