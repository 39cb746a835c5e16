"""Full-shoe practice: a real shoe to the cut card, every round played out, every decision graded.

The shoe is reshuffled at the cut card, or before it when the cards left might not finish
another round (a single deck with several seats), so a round never runs out of cards.

The player's seat has a bankroll and a bet (side bets optional); other seats, if chosen, are
played by the computer at the table's best action, or with a chosen error rate, and the player
may bet behind them (:mod:`.computer_seats`, docs/rules/bet-behind.md). Each of the player's
decisions is graded against the table (the chart); with ``perfect_play`` also against the exact
EVs of the cards not yet seen, the grade the table tells, kept apart from the chart's
(:class:`ShoeGrade`).
Hooks receive each graded decision and each settled round, so a caller can store them as they
happen. The bets can change during the shoe (:meth:`ShoePractice.change_bets`): a change
applies from the next round dealt, never to a round in play.

The bets of each round are placed before it is dealt (:meth:`ShoePractice.change_bets`, the
page's chips: :mod:`.betting`); the shoe ends for want of money when the balance cannot cover
the table minimum. The side bets the deal decides are paid at the deal (the rules core's
round does it): :attr:`ShoePractice.available` is the balance off the table at every moment.

The end-of-shoe report (:mod:`.shoe_report`) splits the main game's result into what perfect
play expected, skill and luck, and gives each side bet a line of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from strategy_charts.composition import full_shoe, subtract
from trainer.rules import (
    Action,
    Bets,
    InsufficientBalanceError,
    Phase,
    Round,
    RuleSet,
    Seat,
    SeatResult,
    Shoe,
    SideBet,
    composition_of,
)
from trainer.rules.bet_behind import BehindResult, BetBehind
from trainer.rules.running_out import can_finish_round
from trainer.teaching.catalog import Catalog, catalog
from trainer.teaching.grading import (
    Asked,
    Clock,
    Grader,
    PerfectPlayGrader,
    TableGrader,
    grade,
    record,
    utc_now,
)
from trainer.teaching.records import GradedDecision, Mode
from trainer.teaching.situations import round_spot

from .computer_seats import check_behind, erring_policy, held, seats_random, settle, table_policy
from .shares import SeatDecisions
from .shoe_report import (
    CategorySkill,
    HandCategory,
    ShoeReport,
    main_net,
    shoe_report,
    side_expected,
    skill_by_category,
)
from .shoe_steps import Step
from .stopwatch import Attended, Stopwatch
from .timed import timeout_action


@dataclass(frozen=True)
class ShoeSettings:
    """How the shoe is played. Side bets of 0 are not placed; ``bankroll`` None is unlimited."""

    bet: Fraction = Fraction(10)
    bankroll: Fraction | None = Fraction(1000)
    side_bets: Mapping[SideBet, Fraction] = field(default_factory=dict)
    computer_seats: int = 0
    seat: int = 0                       # the player's seat, 0 = dealt first
    perfect_play: bool = False
    penetration: float | None = None    # None: the rule set's cut card
    #: the table minimum: the shoe ends when the balance cannot cover it (None: when it cannot
    #: cover the bets of the next round)
    minimum: Fraction | None = None
    #: the chance a computer seat leaves the chart at a decision (0: it plays the chart)
    seat_errors: float = 0.0
    #: the player's bets behind computer seats (docs/rules/bet-behind.md)
    behind: tuple[BetBehind, ...] = ()

    def __post_init__(self) -> None:
        if not 0 <= self.seat <= self.computer_seats:
            raise ValueError(f"seat {self.seat} does not exist with {self.computer_seats} "
                             "computer seats (seats are numbered from 0)")
        if not 0 <= self.seat_errors <= 1:
            raise ValueError(f"an error rate is between 0 and 1, not {self.seat_errors}")
        object.__setattr__(self, "behind", tuple(self.behind))
        check_behind(self.behind, self.computer_seats, self.seat, self.minimum)


@dataclass(frozen=True)
class RoundRecord:
    """One settled round of the player's seat, with the bets it was dealt with, what perfect
    play expected of them (money: all bets, and the main game's alone) and the player's graded
    decisions in it."""

    number: int
    result: SeatResult
    dealer: str
    balance: Fraction | None
    bets: Bets
    expected: float
    main_expected: float = 0.0
    decisions: tuple[GradedDecision, ...] = ()
    #: the player's bets behind computer seats, settled (docs/rules/bet-behind.md)
    behind: tuple[BehindResult, ...] = ()

    @property
    def net(self) -> Fraction:
        """The player's net result of the round: the seat's bets and the bets behind."""
        return self.result.net + self.behind_net

    @property
    def behind_net(self) -> Fraction:
        """The net of the bets behind."""
        return sum((b.net for b in self.behind), Fraction(0))

    @property
    def main_net(self) -> Fraction:
        """The net of the main game: the hands and insurance."""
        return main_net(self.result)

    @property
    def side_net(self) -> Fraction:
        """The net of the side bets."""
        return self.result.net - self.main_net


class ShoePractice(Attended):
    """One shoe of the preset, round after round, until the cut card (or the bankroll) ends it.

    A decision's response time is counted from when it is asked, only while the player can see
    it (:attr:`watch`: the front end pauses it)."""

    def __init__(self, rules: RuleSet, settings: ShoeSettings | None = None, *,
                 seed: int | None = None, table: Catalog | None = None,
                 on_decision: Callable[[GradedDecision], None] | None = None,
                 on_round: Callable[[RoundRecord], None] | None = None,
                 clock: Clock = utc_now, record_mode: Mode = Mode.SHOE) -> None:
        self.rules = rules
        self.settings = settings or ShoeSettings()
        self.catalog = table or catalog(rules)
        self.table_grader = TableGrader(self.catalog)
        self.grader: Grader = (PerfectPlayGrader(rules, self.table_grader)
                               if self.settings.perfect_play else self.table_grader)
        self.shoe = Shoe.shuffled(rules.decks, self.settings.penetration or rules.penetration,
                                  seed)
        self.seed = seed       # None: shuffled at random, a shoe that cannot be dealt again
        self.seats = self.settings.computer_seats + 1
        if not can_finish_round(rules, self.seats, self.shoe.composition()):
            raise ValueError(
                f"{rules.decks} deck{'s' if rules.decks > 1 else ''} cannot be sure to finish a "
                f"round for {self.seats} seats of up to {rules.max_hands} hands each: choose "
                "more decks or fewer computer seats")
        self.on_decision, self.on_round = on_decision, on_round
        self.clock, self.record_mode = clock, record_mode
        self.balance = self.settings.bankroll
        self.round: Round | None = None
        self.rounds: list[RoundRecord] = []
        self.decisions: list[GradedDecision] = []
        self._round_decisions: list[GradedDecision] = []   # the round in play's
        #: the main bet of each decision's round, in step with :attr:`decisions`
        self._decision_bets: list[Fraction] = []
        #: the bets of the round in play (``settings`` may already hold the next round's)
        self._round_bets = self.bets
        self.watch = Stopwatch(clock)
        self._policy = (table_policy(self.table_grader) if not self.settings.seat_errors else
                        erring_policy(self.table_grader, self.settings.seat_errors,
                                      seats_random(seed)))
        #: the computer seats' decisions this shoe, by situation (:mod:`.shares`)
        self.seat_decisions = SeatDecisions()
        #: the bets behind of the round in play, and what the balance holds for them
        self._round_behind: tuple[BetBehind, ...] = ()
        self._held = Fraction(0)
        self._finish_known = (-1, True)   # (shoe position, can the cards left finish a round)
        #: what the player did, in order, to play the shoe again to here
        #: (:mod:`.shoe_keeping`): the bets of each round dealt and each answer
        self.steps: list[Step] = []

    def _expected(self, bets: Bets) -> tuple[float, float]:
        """What perfect play expects of one round with ``bets`` (money): of all its bets, and
        of the main game alone."""
        game = self.catalog.table
        main = float(bets.main) * game["game"]["cd"]["ev"]
        return main + side_expected(bets, game["side_bets"]), main

    def change_bets(self, bet: Fraction, side_bets: Mapping[SideBet, Fraction],
                    behind: Sequence[BetBehind] = ()) -> bool:
        """Bet ``bet``, ``side_bets`` and ``behind`` (bets behind computer seats) from the next
        round dealt on (side bets of 0 are not placed). Returns True when they differ from the
        bets of the round in play, or of the last round dealt. ValueError for a bet the table
        refuses (see :class:`Bets`, :func:`.computer_seats.check_behind`)."""
        sides = {b: Fraction(v) for b, v in side_bets.items() if v}
        Bets.placing(Fraction(bet), sides)   # refuse a bad bet now
        self.settings = replace(self.settings, bet=Fraction(bet), side_bets=sides,
                                behind=tuple(behind))
        return self.bets != self._round_bets or self.settings.behind != self._round_behind

    def set_bet(self, main: Fraction) -> None:
        """Bet ``main`` on the main game from the next round on, side bets as they are (a
        counter's ramp). RuntimeError while the round in play awaits a decision (a counter
        bets between rounds); ValueError for a bet the table refuses."""
        if self.awaiting:
            raise RuntimeError("the round in play awaits a decision")
        self.change_bets(Fraction(main), self.settings.side_bets, self.settings.behind)

    @property
    def round_bets(self) -> Bets:
        """The bets of the round in play (or of the last round dealt)."""
        return self._round_bets

    # ----- rounds -----------------------------------------------------------------------------

    @property
    def bets(self) -> Bets:
        """The player's bets each round."""
        return Bets.placing(self.settings.bet, self.settings.side_bets)

    @property
    def finished(self) -> bool:
        """True once no round is in play and the cut card is out, the bankroll is short, or
        the cards left might not finish another round (they must be worth more than a round
        can take: :func:`trainer.rules.running_out.can_finish_round`), so no round ever runs
        out of cards."""
        if self.round is not None and self.round.phase is not Phase.SETTLED:
            return False
        least = self.bets.total if self.settings.minimum is None else self.settings.minimum
        short = self.balance is not None and self.balance < least
        return self.shoe.cut_card_out or short or not self._can_finish()

    def _can_finish(self) -> bool:
        """:func:`can_finish_round` for the cards left, worked out once per shoe position (the
        composition is a count over the whole shoe, and callers ask often between rounds)."""
        position = self.shoe.position
        if self._finish_known[0] != position:
            left = self.shoe.composition()
            self._finish_known = (position, can_finish_round(self.rules, self.seats, left))
        return self._finish_known[1]

    def deal(self) -> Round:
        """Start the next round (it may settle at once: blackjacks, a peeked dealer 21)."""
        if self.awaiting:
            raise RuntimeError("the round in play awaits a decision")
        if self.finished:
            raise RuntimeError("the shoe is finished: read report()")
        behind = self.settings.behind
        hold = held(behind, self.rules)
        if behind and self.balance is not None and self.balance < self.bets.total + hold:
            raise InsufficientBalanceError(
                f"a balance of {self.balance} does not cover the bets ({self.bets.total}) and "
                f"the most the bets behind can come to ({hold}): bet less behind, or let it "
                "follow fewer doubles and splits")
        seats = [Seat(Bets(self.settings.bet), policy=self._seat_plays)
                 for _ in range(self.settings.computer_seats)]
        self._round_bets, self._round_behind, self._held = self.bets, behind, hold
        self.steps.append(Step.dealt(self.settings.bet, self.settings.side_bets, behind))
        balance = None if self.balance is None else self.balance - hold
        seats.insert(self.settings.seat, Seat(self._round_bets, balance=balance))
        self.round = Round(self.rules, self.shoe, seats)
        self._round_decisions = []
        self.watch.restart()
        self._after_step()
        return self.round

    def _seat_plays(self, rnd: Round) -> Action:
        """A computer seat's decision, noted for the decision shares."""
        action = self._policy(rnd)
        self.seat_decisions.add(round_spot(rnd).situation.key, action)
        return action

    @property
    def available(self) -> Fraction | None:
        """The balance off the table now (None: unlimited): during a round, what is left after
        its bets, doubles and splits, with the side bets the deal paid."""
        if self.awaiting:
            return self._player().balance
        return self.balance

    @property
    def awaiting(self) -> bool:
        """True while the player's decision is awaited."""
        return self.round is not None and self.round.phase is not Phase.SETTLED

    def _player(self) -> Seat:
        assert self.round is not None
        return self.round.seats[self.settings.seat]

    def _after_step(self) -> None:
        rnd = self.round
        if rnd is None or rnd.phase is not Phase.SETTLED:
            if rnd is not None and isinstance(self.grader, PerfectPlayGrader):
                self.grader.prepare(round_spot(rnd), self.unseen())   # while the player thinks
            return
        seat = self._player()
        behind = settle(rnd, self._round_behind)
        self.balance = None if seat.balance is None else (
            seat.balance + self._held + sum((b.net for b in behind), Fraction(0)))
        assert seat.result is not None
        shown = " ".join(map(str, rnd.dealer_cards))
        expected, main = self._expected(self._round_bets)
        done = RoundRecord(len(self.rounds) + 1, seat.result, shown, self.balance,
                           self._round_bets, expected, main, tuple(self._round_decisions),
                           behind)
        self.rounds.append(done)
        if self.on_round:
            self.on_round(done)

    # ----- decisions --------------------------------------------------------------------------

    def unseen(self) -> tuple[int, ...]:
        """Composition of the cards the player has not seen (the hole card counts as unseen)."""
        assert self.round is not None
        seen = list(self.shoe.dealt)
        if not self.round.hole_revealed:
            seen.remove(self.round.dealer_cards[1])
        return subtract(full_shoe(self.rules.decks), composition_of(seen))

    def answer(self, action: Action, response_ms: int | None = None,
               timed_out: bool = False) -> GradedDecision:
        """Take the player's action (an unaffordable paid double or split falls back as the
        rules say), grade what was taken against the chart (and with perfect play, against the
        cards not yet seen, kept apart), and run the round on."""
        rnd = self.round
        if rnd is None or not self.awaiting:
            raise RuntimeError("no decision is awaited: deal() a round first")
        now = self.clock()
        if response_ms is None:
            response_ms = self.watch.elapsed_ms()
        spot = round_spot(rnd)
        cards = (self._player().initial_cards if rnd.phase is Phase.INSURANCE
                 else rnd.hand.cards)
        legal = rnd.legal_actions()
        chart = self.table_grader.evs(spot)
        live = (self.grader.evs(spot, self.unseen())
                if self.grader is not self.table_grader else None)
        taken = rnd.request(action)
        self.steps.append(Step.answered(action, response_ms, timed_out))
        result = grade(taken, *chart, legal)
        shoe = None if live is None else grade(taken, *live, legal)
        weight = self.catalog.weight_of(spot.situation)
        decision = record(result, Asked(spot, cards, rnd.dealer_up, weight), self.record_mode,
                          now, response_ms, timed_out, shoe)
        self.decisions.append(decision)
        self._round_decisions.append(decision)
        self._decision_bets.append(self._round_bets.main)
        if self.on_decision:
            self.on_decision(decision)
        self.watch.restart()
        self._after_step()
        return decision

    def auto_action(self) -> Action:
        """The time-out decision :meth:`Round.time_out` would take now."""
        rnd = self.round
        assert rnd is not None
        hand = None if rnd.phase is Phase.INSURANCE else rnd.hand
        return timeout_action(hand, rnd.legal_actions())

    def time_out(self, response_ms: int | None = None) -> GradedDecision:
        """Apply the game's time-out decision (docs/rules/evolution.md#time-and-balance), as the
        live game does; the decision is graded a time-out (a miss)."""
        return self.answer(self.auto_action(), response_ms, timed_out=True)

    def play(self, choose: Callable[[ShoePractice], Action]) -> ShoeReport:
        """Play the rest of the shoe with ``choose`` deciding for the player; returns the report."""
        while not self.finished:
            self.deal()
            while self.awaiting:
                self.answer(choose(self))
        return self.report()

    # ----- the report -------------------------------------------------------------------------

    def report(self) -> ShoeReport:
        """Decisions, errors, EV lost (also by category of hand), the main game's result split
        into skill and luck, in money and in main bets, and each side bet on its own line; each
        decision as the table graded it (with perfect play: at the cards not yet seen)."""
        return shoe_report(self.rounds, [d.at_table() for d in self.decisions],
                           self._decision_bets,
                           self.catalog.table["side_bets"])


__all__ = ["BetBehind", "CategorySkill", "HandCategory", "RoundRecord", "ShoePractice",
           "ShoeReport", "ShoeSettings", "skill_by_category", "table_policy"]
