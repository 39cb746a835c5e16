"""The rounds of Shoe practice: betting, the deal, the decisions, the dealer and the settlement.

:class:`ShoePlay` is the shoe page's play (the page, :mod:`.shoe_page`, adds its layout, its
seat, the history and the start of a shoe). Before every round the player bets with the chips
on the felt (:mod:`.shoe_betting`) and nothing is dealt until the player deals; the side bets
the deal decides are paid on their circles at once (the settlement box lists them), the main
bet at the end. The decision timer sits on the felt with the hand to play and says its
auto-decision when it fires; the dealer draws card by card at the DEALER_SPEED_MS pace; the
round is saved as it settles, with its detail for the history; a counted shoe asks the running
count after some rounds (the question leaves the felt once answered) and names each grade's
round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import Enum

from PyQt6.QtCore import QTimer
from PyQt6.QtWidgets import QGroupBox, QStackedWidget, QVBoxLayout, QWidget

from trainer import settings as cfg
from trainer.drills.betting import MAIN
from trainer.drills.counting.keys import BET
from trainer.drills.counting.shoe import CountingShoe
from trainer.drills.counting.shoe_summary import counting_context
from trainer.drills.round_history import RoundDetail, round_detail
from trainer.drills.shoe_practice import RoundRecord, ShoePractice
from trainer.rules import Action, RulesError
from trainer.settings import Feedback, Settings
from trainer.settings.chosen import feedback_of
from trainer.teaching.grading import Clock
from trainer.teaching.records import GradedDecision
from trainer.teaching.situations import round_spot

from ..table.action_bar import ORDER
from ..table.model import EMPTY, TableView, TimerView, dealer_frames, money_text, view_from_round
from .drill_page import DrillPage
from .feedback import rich_label
from .round_texts import dealt_html, settlement_html, timeout_words, wrong
from .shoe_behind import behind_seats, behind_words, saved_bets
from .shoe_betting import ShoeBets, behind_options, units_text
from .shoe_count import CountPanel, graded_line, summary_html
from .shoe_report import ReportPanel
from .shoe_seat import MoneyLine, limits_text

TICK_MS = 100


class ShoePhase(Enum):
    """Where the page is in the shoe."""

    IDLE = "idle"            # no shoe: none started yet
    LOADING = "loading"      # the strategy table is loading for a new shoe
    BETTING = "betting"      # bets are placed on the felt; Enter (or Deal) deals
    DECIDING = "deciding"    # a decision of the player's is awaited
    DEALER = "dealer"        # the dealer draws, card by card
    SETTLED = "settled"      # the round is settled, its result on the felt; betting is open
    CHECKING = "checking"    # the round is settled and the counter's running count is asked
    FINISHED = "finished"    # the shoe's last round is settled; "Shoe report" goes on
    REPORT = "report"        # the report is shown; "Next shoe" deals the next one


#: The phases in which bets are placed.
OPEN = (ShoePhase.BETTING, ShoePhase.SETTLED)
#: What the feedback panel says it will show, by the FEEDBACK setting.
FEEDBACK_NOTES = {Feedback.DECISION: "Each decision is graded here as you make it.",
                  Feedback.HAND: "Your decisions are graded here when the round is settled.",
                  Feedback.SHOE: "Your errors are listed in the end-of-shoe report.",
                  Feedback.OFF: "Feedback is off (Settings)."}


class ShoePlay(DrillPage):
    """The rounds of a shoe (see the module docstring): the drill, the phase, the betting, the
    money line, the count box, the settlement and the report."""

    #: The page's start of a new shoe (the report's "Next shoe" asks it).
    start_shoe: Callable[[], None]

    def __init__(self, settings: Settings, parent: QWidget | None, clock: Clock) -> None:
        super().__init__(settings, "shoe", parent, clock)
        self.practice: ShoePractice | None = None
        self.counter: CountingShoe | None = None   # the shoe's count, when one is kept
        self._untimed = lambda: self.counter or self.practice
        self.phase = ShoePhase.IDLE
        self.round_decisions: list[GradedDecision] = []
        self.details: list[RoundDetail] = []        # this shoe's rounds, for the history
        self._frames: list[TableView] = []
        self._notice = ""                            # the timer's auto-decision, said once
        self._bet_line = ""                          # a counted round's bet grade
        self.bets = ShoeBets(settings, clock, self)
        self.bets.changed.connect(self._bets_changed)
        self.bets.deal_requested.connect(self.deal)
        self.table.chip_clicked.connect(self.bets.click_chip)
        self.table.spot_clicked.connect(self.bets.click_spot)
        self.money = MoneyLine()
        self.settlement = rich_label("settlement")
        self.settled_box = QGroupBox("Settlement")   # the last round's; hidden by the report
        QVBoxLayout(self.settled_box).addWidget(self.settlement)
        self.count_panel = CountPanel()
        self.count_panel.hide()
        self.count_panel.check.typed.connect(self.answer_check)
        self.report = ReportPanel()
        self.centre = QStackedWidget()             # the table, or the report in its place
        self.centre.addWidget(self.table)
        self.centre.addWidget(self.report)
        self.ticker = QTimer(self)
        self.ticker.setInterval(TICK_MS)
        self.ticker.timeout.connect(self._tick)
        self.dealer_timer = QTimer(self)
        self.dealer_timer.setSingleShot(True)
        self.dealer_timer.timeout.connect(self._dealer_step)
        self.bar.chosen.connect(self.act)
        self.bar.proceed.connect(self._go_on)

    def _felt(self) -> TableView:
        """The felt without cards: the shoe as it stands."""
        assert self.practice is not None
        shoe = self.practice.shoe
        return replace(EMPTY, cards_left=shoe.remaining, cut_card_out=shoe.cut_card_out)

    def _open_betting(self, keep_result: bool) -> None:
        """Betting opens: over the settled round (``keep_result``, until the first chip) or
        on a cleared felt."""
        assert self.practice is not None
        self.phase = ShoePhase.SETTLED if keep_result else ShoePhase.BETTING
        self.bar.set_actions(())
        self.bar.set_proceed(None)
        self.bets.open(self.practice.balance)
        if keep_result:
            shown = self.table.view()
            message = f"{shown.message} · place your bets" if shown.message else self.bets.hint()
            self.table.set_view(replace(shown, chips=self.bets.chips(), message=message,
                                        timer=None, message_colour=""))
        else:
            self.table.set_view(self.bets.view(self._felt()))
        self._show_info()
        self.table.setFocus()

    def _bets_changed(self) -> None:
        """A chip taken or placed, a refusal said: the felt shows the bets (the settled round
        gives way at the first)."""
        if self.phase not in OPEN:
            return
        self.phase = ShoePhase.BETTING
        self.table.set_view(self.bets.view(self._felt()))
        self._show_info()

    def deal(self) -> None:
        """Deal the next round with the bets on the felt; a bet the table refuses stays on the
        felt, and the felt says why."""
        practice, betting = self.practice, self.bets.betting
        if practice is None or betting is None or self.phase not in OPEN:
            return
        try:
            bets = betting.bets()
            units = self.bets.units()
            if self.counter is not None and not (
                    units and units <= self.counter.counting.spread):
                unit = self.counter.counting.unit
                raise ValueError(f"A counted bet is 1 to {self.counter.counting.spread} whole "
                                 f"units of {units_text(unit, unit).split(' = ')[-1]}: a digit "
                                 "bets that many.")
            practice.change_bets(bets.main, {s: bets.side(s) for s in betting.offered},
                                 betting.behind(behind_options(self.settings)))
            self.round_decisions, self._bet_line = [], ""
            if self.counter is not None and units is not None:
                self.counter.bet(units)
            else:
                practice.deal()
        except (ValueError, RuntimeError, RulesError) as exc:
            self.bets.refuse(str(exc))
            return
        betting.dealt(practice.balance)
        self._round_dealt()

    def _round_dealt(self) -> None:
        """The round is dealt: the side bets' payouts, the first decision or the dealer."""
        practice = self.practice
        assert practice is not None
        self.bets.close()
        seat = practice.round.seats[practice.settings.seat] if practice.round else None
        self.settlement.setText(dealt_html(seat.dealt_side_bets if seat else (),
                                           self.feedback.dark()))
        if practice.awaiting:
            self._ask()
        else:
            self._dealer_plays()

    def _view(self) -> TableView:
        """The round in play as the player sees it, with the chips put away."""
        practice = self.practice
        assert practice is not None and practice.round is not None
        view = view_from_round(practice.round, practice.settings.seat)
        settled = practice.rounds[-1] if practice.rounds and not practice.awaiting else None
        view = behind_seats(replace(view, chips=self.bets.chips(usable=False)), practice,
                            settled)
        if self._notice:
            view, self._notice = replace(view, message=f"{self._notice} · {view.message}"), ""
        return view

    def _ask(self) -> None:
        practice = self.practice
        assert practice is not None and practice.round is not None
        self.phase = ShoePhase.DECIDING
        self.table.set_view(self._view())
        self._show_info()
        legal = practice.round.legal_actions()
        key = round_spot(practice.round).situation.key
        self._await_decision([a for a in ORDER if a in legal], key,
                             practice.seat_decisions.shares(key))
        self.countdown.hide()                  # the timer is on the felt, with the hand

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
        if self.practice.awaiting:
            self._ask()
        else:
            self._dealer_plays()

    def _decided(self, decision: GradedDecision) -> None:
        """ShoePractice hook: every graded decision, as it is made (a counted shoe's bets,
        index grades and count checks go to the count box, each naming its round)."""
        self.link.decision(decision)
        context = counting_context(decision.situation_key)
        if context is not None and self.practice is not None:
            practice = self.practice
            number = len(practice.rounds) + int(context == BET or practice.awaiting)
            if context == BET:
                self._bet_line = graded_line(decision, number)
            self.count_panel.add(decision, number)
            return
        self.round_decisions.append(decision)
        self.feedback.count(decision)
        if feedback_of(self.settings) is Feedback.DECISION:
            self.feedback.show_decisions([decision])

    def _round_done(self, record: RoundRecord) -> None:
        """ShoePractice hook: every settled round, saved as it settles with its detail."""
        detail = round_detail(record, self._bet_line)
        self.details.append(detail)
        offered = self.bets.betting.offered if self.bets.betting else ()
        hands = " / ".join(h.cards for h in detail.hands)
        self.link.round(record.number, bets=saved_bets(record, offered),
                        net_result=float(record.net),
                        expected_result=record.expected, cards=f"{hands} | dealer "
                        f"{record.dealer}", detail=detail.plain())

    def _dealer_plays(self) -> None:
        practice = self.practice
        assert practice is not None and practice.round is not None
        self.phase = ShoePhase.DEALER
        self.bar.set_actions(())
        self.bar.set_proceed(None)
        final = self._view()
        speed = self.settings.get(cfg.DEALER_SPEED_MS)
        self._frames = dealer_frames(practice.round, final, practice.settings.seat) if (
            speed) else [final]
        self._dealer_step()

    def _dealer_step(self) -> None:
        if self.phase is not ShoePhase.DEALER or not self._frames:
            return
        self.table.set_view(self._frames.pop(0))
        if self._frames:
            self.dealer_timer.start(self.settings.get(cfg.DEALER_SPEED_MS))
        else:
            self._settled()

    def _settled(self) -> None:
        practice = self.practice
        assert practice is not None and practice.rounds
        record = practice.rounds[-1]
        self.settlement.setText(settlement_html(record.result, record.dealer, record.balance,
                                                self.feedback.dark(), record.behind))
        if feedback_of(self.settings) is Feedback.HAND and self.round_decisions:
            self.feedback.show_decisions(self.round_decisions, "This round")
        if self.counter is not None and self.counter.check_due:
            self.phase = ShoePhase.CHECKING
            self.table.set_view(replace(self.table.view(), message="The running count?"))
            self.count_panel.show_state()    # the count box takes the keys
            self._show_info()
            return
        self._go_on_after_round()

    def _go_on_after_round(self) -> None:
        """Offer what follows a settled round: the report, or the next round's betting."""
        assert self.practice is not None
        if self.practice.finished:
            self.phase = ShoePhase.FINISHED
            self._offer_proceed("Shoe report")
            self._show_info()
        else:
            self._open_betting(keep_result=True)

    def answer_check(self, text: str) -> None:
        """Grade the running count typed when a counted shoe asks it; text that is no count
        gets a plain message and nothing is graded. Answered, the question leaves the felt."""
        counter = self.counter
        if counter is None or self.phase is not ShoePhase.CHECKING:
            return
        if self.count_panel.check.take(counter.check, text) is not None:
            self.count_panel.show_state()
            shown = self.table.view()
            practice = counter.practice
            result = view_from_round(practice.round, practice.settings.seat).message if (
                practice.round) else ""
            self.table.set_view(replace(shown, message=result))
            self._go_on_after_round()

    def finish(self) -> None:
        """The end-of-shoe report, in the table's place; "Next shoe" deals the next one."""
        practice = self.practice
        if practice is None:
            return
        self.link.end()
        listed = feedback_of(self.settings) is not Feedback.OFF
        summary = self.counter.summary() if self.counter is not None else None
        self.report.show_report(practice.report(), wrong(practice.decisions), listed,
                                summary_html(summary) if summary else "",
                                list(summary.missed_cells) if summary else None)
        self.centre.setCurrentWidget(self.report)
        self.settled_box.hide()       # the report says the shoe; its room goes to the count
        self.phase = ShoePhase.REPORT
        self._offer_proceed("Next shoe")

    def _go_on(self) -> None:
        if self.phase is ShoePhase.FINISHED:
            self.finish()
        elif self.phase is ShoePhase.REPORT:
            self.start_shoe()

    def _tick(self) -> None:
        """The decision timer on the felt; at zero the auto-decision, said on the felt."""
        timed = self.timed
        if timed is None or not timed.pending or self.phase is not ShoePhase.DECIDING:
            return
        left, limit = timed.timer.remaining(), timed.timer.limit.total_seconds()
        self.table.set_view(replace(self.table.view(), timer=TimerView(
            left, left / limit if limit else 0.0)))
        decision = timed.poll()
        if decision is not None:
            self._notice = timeout_words(decision)
            self._after_decision()

    def _stop_round(self) -> None:
        self.ticker.stop()
        self.dealer_timer.stop()
        self.countdown.hide()
        self.bar.set_actions(())
        self.bar.set_proceed(None)
        self.bets.close()
        self._frames = []
        self.phase = ShoePhase.IDLE

    def _bets_words(self) -> tuple[str, str]:
        """The bets placed for the next round (or those of the round in play) as the money
        line says them, and the main bet alone: in a counted shoe in units, as the count box
        and the deal button say it."""
        practice, betting = self.practice, self.bets.betting
        assert practice is not None and betting is not None
        if self.phase in OPEN:
            main = betting.stake(MAIN)
            sides = [(spot.title, betting.stake(spot)) for spot in betting.spots[1:]]
        else:
            bets = practice.round_bets
            main, sides = bets.main, [(bet.title, bets.side(bet)) for bet in betting.offered]
            sides += behind_words(practice)
        unit = self.counter.counting.unit if self.counter is not None else None
        head = units_text(main, unit) if unit is not None else (
            f"Main bet {money_text(main)}" if main else "none yet")
        return " + ".join([head, *(f"{title} {money_text(amount)}" for title, amount in sides
                                   if amount)]), head

    def _show_info(self) -> None:
        practice, betting = self.practice, self.bets.betting
        if practice is None or betting is None:
            return
        open_ = self.phase in OPEN
        balance = betting.available if open_ else practice.available
        number = len(practice.rounds) + int(open_ or practice.awaiting)
        words, main = self._bets_words()
        self.money.show_money(balance, number, words, limits_text(betting.limits))
        if self.counter is not None:
            self.count_panel.show_bet(main, "Next bet" if open_ else f"Round {number}'s bet")


__all__ = ["FEEDBACK_NOTES", "OPEN", "ShoePhase", "ShoePlay"]
