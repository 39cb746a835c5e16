"""The shoe practice page: a whole seeded shoe at the table, every bet settled and shown.

The drill is :class:`trainer.drills.shoe_practice.ShoePractice`; this page shows its round
(:func:`~trainer.ui.table.model.view_from_round`), takes decisions from the action bar, lets the
dealer draw card by card at the DEALER_SPEED_MS pace, lists the settlement bet by bet and ends
the shoe with a report of skill against luck. Decisions and rounds are committed to the progress
file as they happen. Bets and side bets apply from the next shoe.
"""

from __future__ import annotations

from enum import Enum

from PyQt6.QtCore import QSettings, Qt, QTimer
from PyQt6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.catalog import Catalog, catalog
from trainer.drills.grading import Clock, utc_now
from trainer.drills.records import GradedDecision, Mode
from trainer.drills.shoe_practice import RoundRecord, ShoePractice
from trainer.drills.timed import TimedDrill
from trainer.rules import Action, RulesError, Shoe

from ..background import Job
from ..settings import declarations as cfg
from ..settings.declarations import Feedback
from ..table.action_bar import ORDER
from ..table.model import EMPTY, TableView, dealer_frames, view_from_round
from ..widgets import heading
from .drill_page import DrillPage
from .round_texts import report_html, settlement_html, wrong
from .rules_choice import penetration
from .shoe_seat import SeatPanel

TICK_MS = 100


class ShoePhase(Enum):
    """Where the page is in the shoe."""

    IDLE = "idle"            # no shoe: none started, or the last one's report is open
    LOADING = "loading"      # the strategy table is loading for a new shoe
    DECIDING = "deciding"    # a decision of the player's is awaited
    DEALER = "dealer"        # the dealer draws, card by card
    SETTLED = "settled"      # the round is settled; "Deal" goes on
    FINISHED = "finished"    # the shoe's last round is settled; "Shoe report" goes on


#: What the feedback panel says it will show, by the FEEDBACK setting.
FEEDBACK_NOTES = {Feedback.DECISION: "Each decision is graded here as you make it.",
                  Feedback.HAND: "Your decisions are graded here when the round is settled.",
                  Feedback.SHOE: "Your errors are listed in the end-of-shoe report.",
                  Feedback.OFF: "Feedback is off (Settings)."}


def shoe_page(settings: QSettings) -> QWidget:
    """The shoe practice page (the main window's factory)."""
    return ShoePage(settings)


class ShoePage(DrillPage):
    """Seat and bets on the left, the table in the middle, settlement and feedback right."""

    def __init__(self, settings: QSettings, parent: QWidget | None = None, *,
                 clock: Clock = utc_now) -> None:
        super().__init__(settings, "shoe", parent, clock)
        self.practice: ShoePractice | None = None
        self.phase = ShoePhase.IDLE
        self.round_decisions: list[GradedDecision] = []
        self.report_dialog: QDialog | None = None
        self._frames: list[TableView] = []
        self.shoe_seed: int | None = None

        self.seat = SeatPanel()
        self.seat.new_shoe.clicked.connect(lambda: self.start_shoe())

        self.settlement = QLabel()
        self.settlement.setObjectName("settlement")
        self.settlement.setWordWrap(True)
        self.settlement.setTextFormat(Qt.TextFormat.RichText)
        self.settlement.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        settled_box = QGroupBox("Settlement")
        QVBoxLayout(settled_box).addWidget(self.settlement)
        settled_box.setMaximumWidth(380)
        right = QVBoxLayout()
        right.addWidget(settled_box)
        right.addWidget(self.feedback, 1)

        top = QHBoxLayout()
        top.addWidget(heading("Shoe practice"))
        top.addSpacing(18)
        top.addWidget(QLabel("Rules"))
        top.addWidget(self.rules_box)
        top.addWidget(self.timed_box)
        top.addWidget(self.countdown)
        top.addStretch(1)
        middle = QHBoxLayout()
        middle.addWidget(self.seat)
        middle.addWidget(self.table, 1)
        middle.addLayout(right)
        self._lay_out(top, middle)

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
        self._show_side_bets()
        self.start_shoe()

    # ----- a new shoe -----------------------------------------------------------------------

    def _show_side_bets(self) -> None:
        self.seat.show_offered(self._chosen_rules())

    def _rules_changed(self) -> None:
        self._keep_preset()
        self._show_side_bets()
        self.start_shoe()

    def start_shoe(self, seed: int | None = None, shoe: Shoe | None = None) -> None:
        """Shuffle a new shoe (``seed``, else the seed field, else random) and deal.

        ``shoe`` replaces the shuffled shoe (tests stack one to deal chosen cards)."""
        self.loading.cancel()
        self._stop_round()
        self.link.end()
        self.practice = None
        self.table.set_view(EMPTY)
        self.settlement.setText("")
        rules = self._chosen_rules()
        if rules is None:
            return
        self.rules = rules
        seconds = float(cfg.read(self.settings, cfg.TIMER_SECONDS))
        self.timed_box.setText(f"Timed ({seconds:g} s)")
        if seed is None:
            seed = self.seat.seed_value()
        self.phase = ShoePhase.LOADING
        self.busy.start(f"Loading the {rules.name} strategy table…")
        job = Job(self, lambda: catalog(rules), name="shoe: load").ended(self.busy.stop)
        job.succeeded(lambda table: self._ready(table, seed, shoe))
        self.loading.start(job.failed(self._failed, ValueError, RulesError, OSError))

    def _ready(self, table: Catalog, seed: int, shoe: Shoe | None) -> None:
        if self.rules is None:
            return
        settings = self.seat.shoe_settings(self.rules, penetration(self.settings))
        practice = ShoePractice(self.rules, settings, seed=seed, table=table,
                                on_decision=self._decided, on_round=self._round_done)
        if shoe is not None:
            practice.shoe = shoe
        timed = self.timed_box.isChecked()
        seconds = float(cfg.read(self.settings, cfg.TIMER_SECONDS))
        self.timed = TimedDrill(practice, seconds, self.clock) if timed else None
        if timed:
            self.ticker.start()
        self.practice = practice
        self.shoe_seed = seed
        self.link.start(table.preset, Mode.TIMED if timed else Mode.SHOE, {
            "shoe_seed": seed, "bet": float(settings.bet),
            "bankroll": float(settings.bankroll or 0),
            "side_bets": {b.value: float(s) for b, s in settings.side_bets.items()},
            "timer_seconds": seconds if timed else None})
        self.feedback.reset(self._feedback_note())
        self._show_saving()
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
        self.round_decisions = []
        self.settlement.setText("<span style='color:#777777'>Round in play…</span>")
        practice.deal()
        self._show_info()
        if practice.awaiting:
            self._ask()
        else:
            self._dealer_plays()

    def _ask(self) -> None:
        practice = self.practice
        assert practice is not None and practice.round is not None
        self.phase = ShoePhase.DECIDING
        self.table.set_view(view_from_round(practice.round, practice.settings.seat))
        self._show_info()                 # cards left change with every card dealt
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
            self.practice.answer(action)
        self._after_decision()

    def _after_decision(self) -> None:
        assert self.practice is not None
        self.countdown.hide()
        if self.practice.awaiting:
            self._ask()
        else:
            self._dealer_plays()

    def _decided(self, decision: GradedDecision) -> None:
        """ShoePractice hook: every graded decision, as it is made."""
        self.link.decision(decision)
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
        bets = {"main": float(practice.settings.bet),
                **{b.value: float(s) for b, s in practice.settings.side_bets.items()}}
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
        self.settlement.setText(settlement_html(record.result, record.dealer, record.balance))
        self._show_info()
        if cfg.feedback(self.settings) is Feedback.HAND and self.round_decisions:
            self.feedback.show_decisions(self.round_decisions, "This round")
        if practice.finished:
            self.phase = ShoePhase.FINISHED
            self.bar.set_proceed("Shoe report")
        else:
            self.phase = ShoePhase.SETTLED
            self.bar.set_proceed("Deal")

    def finish(self) -> None:
        """The end-of-shoe report, in a dialog; then a new shoe can start."""
        practice = self.practice
        if practice is None:
            return
        errors = (wrong(practice.decisions) if cfg.feedback(self.settings) is not Feedback.OFF
                  else [])
        self.link.end()
        dialog = QDialog(self)
        dialog.setWindowTitle("End of the shoe")
        text = QTextBrowser()
        text.setHtml(report_html(practice.report(), practice.settings.bet, errors))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        box = QVBoxLayout(dialog)
        box.addWidget(text)
        box.addWidget(buttons)
        dialog.resize(520, 420)
        self.report_dialog = dialog
        self.phase = ShoePhase.IDLE
        self.bar.set_proceed(None)
        dialog.finished.connect(lambda _: self.start_shoe())
        dialog.open()

    # ----- the rest -------------------------------------------------------------------------

    def _go_on(self) -> None:
        if self.phase is ShoePhase.SETTLED:
            self.deal()
        elif self.phase is ShoePhase.FINISHED:
            self.finish()

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
        if self.practice is not None:
            self.seat.show_practice(self.practice, self.shoe_seed)

    def _feedback_note(self) -> str:
        return FEEDBACK_NOTES[cfg.feedback(self.settings)]

    def shutdown(self) -> None:
        """Stop the round's timers and close the progress file."""
        self._stop_round()
        super().shutdown()
