"""Counting in shoe practice: a whole shoe where the player also keeps the count, bets by it
and plays its index plays.

It wraps :class:`~trainer.drills.shoe_practice.ShoePractice` (every decision graded as there,
against the table or the live shoe's exact EVs) and adds, each stored like any answer:

* **bets** against the ramp (:mod:`strategy_charts.counting.ramp`): before each round the player
  bets a number of units; the ramp's bet at the true count of the cards seen (an unbalanced
  count's running count, from its initial running count) is the right one (key
  ``...|bet|COUNT|tc+N``, ``rc+N``). EV lost, in units: the ramp's bet less the player's times the
  edge where the edge is positive (money left on the table), the player's less the ramp's times
  minus the edge where it is not (money given away); a bet above the ramp at a positive edge
  loses no EV but adds risk, and is graded wrong with no EV lost;
* **the index play the player could know**: at a first decision or insurance whose play the
  count can change by an index the lab is sure of (its spread under half a count:
  :func:`strategy_charts.counting.spread.trusted`), the play is graded again against the count
  lab's EVs at the count of the cards seen (key ``...|index|COUNT|CELL``), apart from its grade
  against the live shoe;
* **count checks**: after a round, at random (``check_chance``, seeded) and once at the end of
  the shoe, the player types the running count of every card seen, from the initial running
  count (key ``...|count|COUNT|shoe``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from strategy_charts.counting.cells import INSURANCE, Cell
from strategy_charts.counting.lab import count_lab
from strategy_charts.counting.player import IndexBook, Tally, first_cell, scale_read
from strategy_charts.counting.ramp import Ramp, kelly_ramp
from strategy_charts.counting.systems import count_named
from trainer.rules import Action, Phase, RuleSet
from trainer.teaching.grading import Clock, grade, utc_now
from trainer.teaching.records import GradedDecision, Mode, Verdict
from trainer.teaching.situations import preset_label

from ..shoe_practice import ShoePractice, ShoeSettings
from ..stopwatch import Stopwatch
from .answers import count_record, read_count, signed, stamp
from .keys import BET, IN_SHOE, INDEX, RUNNING, CountingKey, bet_detail
from .shoe_summary import CountSummary


@dataclass(frozen=True)
class CountingSettings:
    """The count kept, the ramp bet by (bankroll and unit in money), and how often the count is
    asked after a round."""

    count: str = "hilo"
    bankroll: float = 10_000.0
    unit: Fraction = Fraction(10)
    kelly: float = 0.5
    spread: int = 12
    check_chance: float = 0.15

    def __post_init__(self) -> None:
        if count_named(self.count).whole != 1:
            raise ValueError("the drills count whole-number tags: double a count of halves")
        if not 0 <= self.check_chance <= 1:
            raise ValueError(f"a count check chance lies in 0..1, not {self.check_chance}")


def ramp_of(lab_count: dict[str, Any], settings: CountingSettings) -> Ramp:
    """The ramp of ``settings`` from a count's part of the lab table."""
    edges = {int(t): e["chart_indices"] for t, e in lab_count["edges"].items()
             if "chart_indices" in e}
    return kelly_ramp(edges, lab_count["round_variance"]["value"], settings.bankroll,
                      float(settings.unit), settings.kelly, settings.spread,
                      bins=scale_read(lab_count).bins)


class CountingShoe:
    """One shoe counted, bet and played (see the module docstring)."""

    def __init__(self, rules: RuleSet, settings: ShoeSettings | None = None,
                 counting: CountingSettings | None = None, *, seed: int | None = None,
                 lab: dict[str, Any] | None = None, clock: Clock = utc_now,
                 on_decision: Callable[[GradedDecision], None] | None = None,
                 **practice: Any) -> None:
        self.counting = counting or CountingSettings()
        self.count = count_named(self.counting.count)
        lab_count = (lab["counts"][self.count.key] if lab is not None
                     else count_lab(rules, self.count))
        self.book = IndexBook(lab_count, sure=True)
        self.scale = self.book.scale
        self.ramp = ramp_of(lab_count, self.counting)
        self.edges = {int(t): e.get("chart_indices", 0.0) for t, e in lab_count["edges"].items()}
        self.on_decision = on_decision
        self.clock = clock
        base = settings or ShoeSettings(computer_seats=0)
        if base.computer_seats:
            raise ValueError("counting practice is heads-up: no computer seats")
        self.practice = ShoePractice(rules, base, seed=seed, clock=clock,
                                     on_decision=on_decision, **practice)
        self.preset = preset_label(rules)
        self.tally = Tally(self.count)
        self.rng = random.Random(seed)
        self.decisions: list[GradedDecision] = []
        self.check_due = False
        self._final_check = False
        self._bet_made = False
        self.watch = Stopwatch(clock)      # a bet's or a count check's time, as it is seen

    def _keep(self, decision: GradedDecision) -> GradedDecision:
        self.decisions.append(decision)
        if self.on_decision:
            self.on_decision(decision)
        return decision

    # ----- what the player knows ---------------------------------------------------------------

    def seen(self) -> tuple[float, int]:
        """Running count of the cards seen (from the initial running count), and the cards
        unseen."""
        running, unseen = self.tally.seen(self.practice.round, self.practice.shoe)
        return running + self.scale.start, unseen

    def true_count(self) -> int:
        """The count the player bets and plays by: the true count of the cards seen (floored),
        or an unbalanced count's running count; in the lab's bins."""
        running, unseen = self.tally.seen(self.practice.round, self.practice.shoe)
        return self.scale.clip(self.scale.number(running, unseen))

    # ----- bets ---------------------------------------------------------------------------------

    @property
    def bet_due(self) -> bool:
        """True when the next round waits for the player's bet."""
        return (not self._bet_made and not self.check_due and not self.practice.awaiting
                and not self.practice.finished)

    def bet(self, units: int) -> GradedDecision:
        """Bet ``units`` of the table minimum on the next round, graded against the ramp; then
        the round is dealt (:attr:`practice` ``.round``)."""
        if not self.bet_due:
            raise RuntimeError("no bet is due now")
        if not 1 <= units <= self.counting.spread:
            raise ValueError(f"bet 1 to {self.counting.spread} units, not {units}")
        tc = self.true_count()
        right = self.ramp.bet(tc)
        edge = self.edges.get(tc, 0.0)
        loss = (right - units) * edge if edge > 0 else (units - right) * -edge
        now = self.clock()
        key = CountingKey(self.preset, BET, self.count.key, bet_detail(tc, self.scale.running))
        decision = GradedDecision(
            time=stamp(now), preset=self.preset, mode=self.record_mode, situation_key=key.key,
            cards=f"{self.scale.letters} {signed(tc)}", dealer_up="", action=str(units),
            best_action=str(right),
            verdict=Verdict.CORRECT if units == right else Verdict.WRONG,
            ev_loss=max(0.0, loss), response_ms=self.watch.elapsed_ms(), evs={},
            weight=0.0)
        self._bet_made = True
        self.practice.set_bet(self.counting.unit * units)
        self._keep(decision)
        self.practice.deal()
        self.watch.restart()
        self._after_round()
        return decision

    # ----- decisions ----------------------------------------------------------------------------

    @property
    def record_mode(self) -> Mode:
        """The mode the decisions are stored under (a timer sets :attr:`Mode.TIMED`)."""
        return self.practice.record_mode

    @record_mode.setter
    def record_mode(self, mode: Mode) -> None:
        self.practice.record_mode = mode

    def answer(self, action: Action, response_ms: int | None = None,
               timed_out: bool = False) -> GradedDecision:
        """Take the player's action: graded against the live shoe as in shoe practice, and
        where the count can change the play, also against the index play at the true count
        of the cards seen (that record is stored too)."""
        rnd = self.practice.round
        if rnd is None or not self.practice.awaiting:
            raise RuntimeError("no decision is awaited")
        index = self._index_grade(action, timed_out)
        decision = self.practice.answer(action, response_ms, timed_out)
        self.decisions.append(decision)
        if index is not None:
            self._keep(index)
        self._after_round()
        return decision

    def time_out(self, response_ms: int | None = None) -> GradedDecision:
        """Apply the game's time-out decision (docs/rules/evolution.md#time-and-balance), as the
        live game does; the decision is graded a time-out (a miss)."""
        return self.answer(self.practice.auto_action(), response_ms, timed_out=True)

    def pause(self) -> None:
        """The player cannot see the shoe now: the time of what is asked stops."""
        self.watch.pause()
        self.practice.pause()

    def resume(self) -> None:
        """The player can see the shoe again."""
        self.watch.resume()
        self.practice.resume()

    def _index_grade(self, action: Action, timed_out: bool = False) -> GradedDecision | None:
        rnd = self.practice.round
        assert rnd is not None
        legal = rnd.legal_actions()
        if rnd.phase is Phase.INSURANCE:
            cell = Cell(INSURANCE, 0, 1)
            shown = " ".join(map(str, rnd.seat.initial_cards))
        elif rnd.hand.card_count == 2 and not rnd.hand.from_split:
            cell = first_cell(rnd.hand, rnd.dealer_up.points, legal)
            shown = " ".join(map(str, rnd.hand.cards))
        else:
            return None
        base = self.book.base(cell)
        tc = self.true_count()
        evs = self.book.evs(cell, tc)
        if base is None or evs is None:
            return None
        offered = {a: ev for a, ev in evs.items() if Action(a) in legal}
        if action.value not in offered:
            return None
        best = self.book.play(cell, tc, base)
        result = grade(action, offered, best if best in offered else None)
        now = self.clock()
        key = CountingKey(self.preset, INDEX, self.count.key, cell.key)
        return GradedDecision(
            time=stamp(now), preset=self.preset, mode=self.record_mode, situation_key=key.key,
            cards=shown, dealer_up=rnd.dealer_up.rank.symbol, action=result.action,
            best_action=result.best, verdict=Verdict.WRONG if timed_out else result.verdict,
            ev_loss=result.ev_loss, response_ms=0, evs=dict(offered), weight=0.0,
            timed_out=timed_out)   # costed by the counting review; a time-out is a miss

    # ----- count checks -------------------------------------------------------------------------

    def _after_round(self) -> None:
        """Once a round has settled: maybe ask the count (always at the end of the shoe). The
        next round's bet is one unit until the player bets, so the shoe ends for want of money
        only when the balance cannot cover the smallest bet, not the last one."""
        if self.practice.awaiting:
            return
        self._bet_made = False
        self.practice.set_bet(self.counting.unit)
        if self.practice.finished and not self._final_check:
            self.check_due, self._final_check = True, True
        elif self.rng.random() < self.counting.check_chance:
            self.check_due = True
        self.watch.restart()

    def check(self, text: str) -> GradedDecision:
        """Grade the typed running count of every card seen; CountInputError (nothing
        graded) if it is not a whole number."""
        if not self.check_due:
            raise RuntimeError("no count check is due now")
        typed = read_count(text, "running count", limit=4 * 52 * self.practice.rules.decks)
        running, _ = self.seen()
        now = self.clock()
        key = CountingKey(self.preset, RUNNING, self.count.key, IN_SHOE)
        decision = count_record(key, typed, int(running), now, self.watch.elapsed_ms(),
                                self.record_mode, f"{len(self.practice.shoe.dealt)} cards seen")
        self.check_due = False
        self.watch.restart()
        return self._keep(decision)

    def summary(self) -> CountSummary:
        """The count checks, bets and index plays of the shoe so far."""
        return CountSummary.of(self.decisions)

    @property
    def finished(self) -> bool:
        """True once the shoe is over and its last count check answered."""
        return self.practice.finished and not self.check_due and self._final_check
