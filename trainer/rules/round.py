"""One round at the table, from the bets to the settlement of every bet.

The round deals as docs/rules/evolution.md#the-deal says, offers insurance with an ace up,
peeks as the rule set says (early surrender's first decisions come before the peek:
docs/rules/surrender.md#early), pays the side bets the deal decides at once
(docs/rules/evolution.md#side-bets), then waits for decisions: :meth:`Round.legal_actions`
says what the player may do; :meth:`Round.act` takes one action or raises
:class:`IllegalActionError` and leaves the round as it was. Seats with a ``policy`` are played
by the computer.

What is offered (doubles, splits, which hands decide) comes from :mod:`.offers`; the seats and
their bets are :mod:`.seat`'s records; each hand settles by :func:`.settlement.settle_hand` and
the side bets by :mod:`.side_bets.payouts`. This module holds only the order of play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import Enum

from . import offers
from .actions import Action
from .auto_decision import balance_fallback, timer_decision
from .cards import Card
from .dealer import DealerFinal, dealer_must_hit
from .errors import IllegalActionError, InsufficientBalanceError, ShoeEmptyError
from .hand import Hand
from .insurance import PAYS as INSURANCE_PAYS
from .insurance import STAKE as INSURANCE_STAKE
from .ruleset import RuleSet
from .seat import Bets, Seat, SeatResult
from .settlement import is_charlie, settle_hand
from .shoe import Shoe
from .side_bets import SideBet
from .side_bets.payouts import check_offered, settle_side_bets
from .stakes import Stakes


class Phase(Enum):
    """Where the round stands."""

    INSURANCE = "insurance"
    PLAYER = "player"
    SETTLED = "settled"


class Round:
    """One round for one or more seats. Seat 0 deals first."""

    def __init__(self, rules: RuleSet, shoe: Shoe, seats: Sequence[Seat] | Bets) -> None:
        self.rules = rules
        self.shoe = shoe
        self.seats: list[Seat] = [Seat(seats)] if isinstance(seats, Bets) else list(seats)
        if not self.seats:
            raise ValueError("a round needs at least one seat")
        for number, seat in enumerate(self.seats):   # every seat checked before any is charged
            check_offered(rules, seat.bets.side, number)
            if not seat.can_afford(seat.bets.total):
                raise InsufficientBalanceError(
                    f"seat {number}: balance {seat.balance} does not cover the bets "
                    f"({seat.bets.total})")
        dealt = 2 * len(self.seats) + 2
        if shoe.remaining < dealt:
            raise ShoeEmptyError(f"the shoe has {shoe.remaining} cards left; dealing "
                                 f"{len(self.seats)} seats takes {dealt}")
        for seat in self.seats:
            seat.pay(-seat.bets.total)
        self.phase = Phase.PLAYER
        self.hole_revealed = False
        self._peeked = False
        #: first plays named before the peek (early surrender), by seat, made after it
        self._named: dict[int, Action] = {}
        self.current: tuple[int, int] = (0, 0)
        self._deal()
        self._advance()

    # ----- the deal ---------------------------------------------------------------------------

    def _deal(self) -> None:
        first = [self.shoe.draw() for _ in self.seats]
        up = self.shoe.draw()
        second = [self.shoe.draw() for _ in self.seats]
        hole = self.shoe.draw()
        self.dealer_cards: list[Card] = [up, hole]
        for seat, a, b in zip(self.seats, first, second, strict=True):
            seat.initial_cards = (a, b)
            seat.hands = [Hand(cards=(a, b), stakes=Stakes(seat.bets.main))]
            seat.dealt_side_bets = settle_side_bets(self.rules, seat.bets.side, (a, b), up, 0,
                                                    False, at_deal=True)
            for s in seat.dealt_side_bets:
                seat.pay(s.stake + s.net)
        if self.rules.insurance and up.is_ace:
            self.phase = Phase.INSURANCE
        else:
            for seat in self.seats:
                seat.insurance_decided = True

    @property
    def dealer_up(self) -> Card:
        """The dealer's face-up card."""
        return self.dealer_cards[0]

    @property
    def dealer_visible(self) -> list[Card]:
        """The dealer's cards a player can see (the hole card only once it is turned)."""
        return list(self.dealer_cards) if self.hole_revealed else [self.dealer_cards[0]]

    @property
    def peeked(self) -> bool:
        """True once the dealer has looked at the hole card for a blackjack (and found none,
        while the round goes on): never where the rules do not peek with this up card, not yet
        while the seats' first decisions come before the peek (early surrender)."""
        return self._peeked and self.rules.peek.peeks_on(self.dealer_up.points)

    @property
    def dealer_blackjack(self) -> bool:
        """True when the dealer's first two cards make 21 (known to the player only once shown)."""
        return DealerFinal.of([c.points for c in self.dealer_cards[:2]]).blackjack

    # ----- what may be done now ---------------------------------------------------------------

    @property
    def seat(self) -> Seat:
        """The seat whose decision is awaited."""
        return self.seats[self.current[0]]

    @property
    def hand(self) -> Hand:
        """The hand whose decision is awaited."""
        seat_index, hand_index = self.current
        return self.seats[seat_index].hands[hand_index]

    def legal_actions(self) -> frozenset[Action]:
        """Every action the player may take now, affordability included (empty once settled)."""
        return frozenset(a for a in self._rule_actions() if self._affordable(a))

    def _rule_actions(self) -> frozenset[Action]:
        """Actions the rules allow now, whether or not the balance covers them."""
        if self.phase is Phase.INSURANCE:
            return frozenset({Action.INSURE, Action.NO_INSURANCE})
        if self.phase is not Phase.PLAYER:
            return frozenset()
        hand, seat = self.hand, self.seat
        actions = {Action.STAND}
        if offers.hand_surrender(self.rules, hand):
            actions.add(Action.SURRENDER)
        split = offers.hand_split(self.rules, hand, len(seat.hands))
        if split:
            actions.add(split)
        if not offers.hand_draws(hand):
            return frozenset(actions)
        actions.add(Action.HIT)
        double = offers.hand_double(self.rules, hand)
        if double:
            actions.add(double)
        return frozenset(actions)

    def _affordable(self, action: Action) -> bool:
        if self.phase is Phase.INSURANCE:
            return action is not Action.INSURE or self.seat.can_afford(self.seat.bets.main / 2)
        if action in (Action.DOUBLE, Action.SPLIT):
            return self.seat.can_afford(self.seat.bets.main)
        return True

    # ----- taking actions ---------------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Take ``action`` for the current hand (or insurance decision).

        Raises :class:`InsufficientBalanceError` for a paid action the balance cannot cover and
        :class:`IllegalActionError` for anything else not legal now; the round is then unchanged.
        """
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action; the actions are: "
                                     f"{', '.join(a.value for a in Action)}")
        allowed = self._rule_actions()
        if action not in allowed:
            where = "the round is settled" if self.phase is Phase.SETTLED else (
                f"{self.phase.value} phase, hand {self.hand.describe()}")
            legal = ", ".join(sorted(a.value for a in allowed)) or "none"
            raise IllegalActionError(f"{action.value} is not legal ({where}); legal: {legal}")
        if not self._affordable(action):
            raise InsufficientBalanceError(
                f"{action.value} needs {self.seat.bets.main} more; balance is {self.seat.balance}")
        self._apply(action)
        self._advance()

    def request(self, action: Action) -> Action:
        """Take ``action``, replacing an unaffordable paid double or split by its fallback
        (docs/rules/evolution.md#time-and-balance); returns the action actually taken.

        Only a double or split the rules allow here falls back; one they forbid raises
        :class:`IllegalActionError` like any other illegal action.
        """
        if (action in (Action.DOUBLE, Action.SPLIT) and action in self._rule_actions()
                and not self._affordable(action)):
            action = balance_fallback(action, self.hand)
        self.act(action)
        return action

    def time_out(self) -> Action:
        """Apply the timer's auto-decision (no insurance, or hit 11 or less / stand); returns it."""
        if self.phase is Phase.INSURANCE:
            action = Action.NO_INSURANCE
        else:
            action = timer_decision(self.hand)
            if action not in self._rule_actions():
                action = Action.STAND
        self.act(action)
        return action

    def _apply(self, action: Action) -> None:
        seat = self.seat
        if self.phase is Phase.INSURANCE:
            if action is Action.INSURE:
                seat.insurance = seat.bets.main * INSURANCE_STAKE
                seat.pay(-seat.insurance)
            seat.insurance_decided = True
            return
        seat_index, hand_index = self.current
        hand = seat.hands[hand_index]
        main = seat.bets.main
        if self._before_peek() and action is not Action.SURRENDER:
            self._named[seat_index] = action      # named now, made once the dealer has peeked
            return
        if action is Action.SURRENDER:
            hand = replace(hand, surrendered=True)
        elif action is Action.STAND:
            hand = replace(hand, stood=True)
        elif action is Action.HIT:
            hand = hand.with_card(self.shoe.draw())
        elif action.is_double:
            if action is Action.DOUBLE:
                seat.pay(-main)
                stakes = Stakes(hand.stakes.real + main, hand.stakes.free)
                lammers = hand.lammers
            else:
                stakes = Stakes(hand.stakes.real, hand.stakes.free + main)
                lammers = hand.lammers + 1
            hand = replace(hand.with_card(self.shoe.draw()), stakes=stakes, doubled=True,
                           lammers=lammers, paid_double=action is Action.DOUBLE)
        else:
            hand = seat.split(hand_index, free=action is Action.FREE_SPLIT).with_card(
                self.shoe.draw())
        seat.hands[hand_index] = hand

    # ----- moving the round on ----------------------------------------------------------------

    def _finished(self, hand: Hand) -> bool:
        """True when this hand takes no more decisions."""
        if (hand.stood or hand.doubled or hand.surrendered
                or not offers.hand_decides(self.rules, hand)):
            return True
        seat = self.seats[self.current[0]]
        return (not offers.hand_draws(hand)
                and offers.hand_split(self.rules, hand, len(seat.hands)) is None)

    def _advance(self) -> None:
        """Run the round forward to the next human decision or to the settlement."""
        while True:
            if self.phase is Phase.INSURANCE:
                pending = [i for i, s in enumerate(self.seats) if not s.insurance_decided]
                if pending:
                    self.current = (pending[0], 0)
                    if not self._computer_moves():
                        return
                    continue
                self.phase = Phase.PLAYER
                self.current = (0, 0)
            if self.phase is Phase.PLAYER:
                if self._before_peek() and self._next_first_decision():
                    if not self._computer_moves():
                        return
                    continue
                if self._peek_ends_round():
                    return
                if self._next_decision():
                    if not self._computer_moves():
                        return
                    continue
                self._dealer_plays()
                self._settle()
            return

    def _computer_moves(self) -> bool:
        """Let a computer seat take its decision; False when a human must decide.

        A choice the rules allow but the balance cannot cover falls back as for a human seat;
        a choice the rules forbid raises :class:`IllegalActionError`.
        """
        policy = self.seat.policy
        if policy is None:
            return False
        action = policy(self)
        if action not in self.legal_actions() and action in self._rule_actions():
            action = balance_fallback(action, self.hand) if self.phase is Phase.PLAYER else (
                Action.NO_INSURANCE)
        if action not in self.legal_actions():
            raise IllegalActionError(f"seat {self.current[0]}'s policy chose {action.value}, "
                                     "which is not legal")
        self._apply(action)
        return True

    def _before_peek(self) -> bool:
        """True while the seats take their first decisions before the peek (early surrender
        against an up card the dealer peeks on)."""
        return not self._peeked and offers.surrender_before_peek(self.rules,
                                                                   self.dealer_up.points)

    def _next_first_decision(self) -> bool:
        """Point ``current`` at the next seat whose first decision is still to be taken before
        the peek; False once every seat has surrendered or named its play."""
        for number, seat in enumerate(self.seats):
            hand = seat.hands[0]
            if number not in self._named and not self._finished(hand):
                self.current = (number, 0)
                return True
        self.current = (0, 0)
        return False

    def _peek_ends_round(self) -> bool:
        """Peek when the rules say so; a dealer blackjack then settles the round at once."""
        if self._peeked:
            return False
        self._peeked = True
        if self.rules.peek.peeks_on(self.dealer_up.points) and self.dealer_blackjack:
            self.hole_revealed = True
            self._settle()
            return True
        return False

    def _next_decision(self) -> bool:
        """Point ``current`` at the next hand awaiting a decision, dealing split hands their
        second card on the way; False when every hand is finished."""
        seat_index, hand_index = self.current
        while seat_index < len(self.seats):
            seat = self.seats[seat_index]
            while hand_index < len(seat.hands):
                self.current = (seat_index, hand_index)
                hand = seat.hands[hand_index]
                if hand.card_count == 1:
                    hand = hand.with_card(self.shoe.draw())
                    seat.hands[hand_index] = hand
                named = self._named.pop(seat_index, None) if hand_index == 0 else None
                if named is not None:         # the play named before the peek, made now
                    self._apply(named)
                    continue
                if not self._finished(hand):
                    return True
                hand_index += 1
            seat_index, hand_index = seat_index + 1, 0
        return False

    def _dealer_plays(self) -> None:
        """Turn the hole card and draw while some hand still needs the dealer's total."""
        self.hole_revealed = True
        if self.dealer_blackjack:
            return
        live = any(
            not (h.is_bust or h.is_blackjack or h.surrendered or is_charlie(h, self.rules))
            for seat in self.seats for h in seat.hands)
        if not live:
            return
        hits_soft_17 = self.rules.dealer_hits_soft_17
        while dealer_must_hit([c.points for c in self.dealer_cards], hits_soft_17):
            self.dealer_cards.append(self.shoe.draw())

    # ----- settlement -------------------------------------------------------------------------

    def _settle(self) -> None:
        dealer = DealerFinal.of([c.points for c in self.dealer_cards])
        for seat in self.seats:
            hands = tuple(settle_hand(h, dealer, self.rules) for h in seat.hands)
            insurance = None
            if seat.insurance is not None:
                insurance = (seat.insurance * INSURANCE_PAYS if dealer.blackjack
                             else -seat.insurance)
                seat.pay(seat.insurance + insurance)
            late = settle_side_bets(self.rules, seat.bets.side, seat.initial_cards,
                                    self.dealer_up, seat.lammers, dealer.blackjack,
                                    at_deal=False)
            for h in hands:
                seat.pay(h.hand.stakes.real + h.net)
            for s in late:
                seat.pay(s.stake + s.net)
            order = list(SideBet)
            side = tuple(sorted(seat.dealt_side_bets + late, key=lambda s: order.index(s.bet)))
            seat.result = SeatResult(hands, insurance, side, seat.lammers)
        self.phase = Phase.SETTLED

    # ----- results ----------------------------------------------------------------------------

    @property
    def results(self) -> list[SeatResult]:
        """Every seat's settlement (only once the round is settled)."""
        if self.phase is not Phase.SETTLED:
            raise IllegalActionError("the round is not settled yet")
        return [seat.result for seat in self.seats if seat.result is not None]
