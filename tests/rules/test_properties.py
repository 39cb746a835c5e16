"""Property tests: random legal play on random seeded shoes reaches no illegal state.

Every round is played from a freshly shuffled shoe (``Shoe.shuffled(decks, seed=...)``) for
1-3 seats with random main bets, random side bets where the game offers them and random finite
balances. Each step takes an action drawn from ``round.legal_actions()`` (the second test also
lets the timer decide and requests paid doubles and splits the balance may not cover). The
checks below are written from the rules in docs/rules/ (evolution.md, pot-of-gold.md,
money.md), not from the engine's code: the legal actions at each step, the stakes and hand
counts, card conservation, the dealer's drawing, the settlement of every bet, and that each
seat's balance moves by exactly its settled net."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.rules import (
    Action,
    Bets,
    Card,
    Hand,
    Phase,
    Round,
    RuleSet,
    Seat,
    Shoe,
    SideBet,
)
from trainer.rules.side_bets import hot_3, perfect_pairs, twenty_one_plus_three

from .conftest import EVOLUTION, POT_OF_GOLD

ALLOWED_STAKES = {(1, 0), (0, 1), (2, 0), (1, 1), (0, 2)}
POT_OF_GOLD_TABLE_1 = {1: 3, 2: 10, 3: 30, 4: 60, 5: 100, 6: 300, 7: 1000}
MAX_HANDS = {"evolution": 2, "pot-of-gold": 4}
SIDE_BETS = {
    "evolution": ("perfect_pairs", "twenty_one_plus_three", "hot_3"),
    "pot-of-gold": ("pot_of_gold",),
}


# ----- what docs/rules/ says, independently of the engine -------------------------------------


def total(cards: list[Card] | tuple[Card, ...]) -> tuple[int, bool]:
    """Best blackjack total and softness (an ace counts 11 when that does not pass 21)."""
    hard = sum(card.points for card in cards)
    if any(card.is_ace for card in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def dealer_draws(cards: list[Card], rules: RuleSet) -> bool:
    """Dealer hits 16 or less; pot-of-gold also hits soft 17, evolution stands on all 17s."""
    value, soft = total(cards)
    return value < 17 or (value == 17 and soft and rules.name == "pot-of-gold")


def peeked_blackjack(rnd: Round) -> bool:
    """The dealer's blackjack was found at the peek (ace up; ten up too in pot-of-gold)."""
    up = rnd.dealer_cards[0]
    peeks = up.is_ace or (up.is_ten_value and rnd.rules.name == "pot-of-gold")
    return peeks and total(rnd.dealer_cards[:2])[0] == 21


def is_charlie(hand: Hand, rules: RuleSet) -> bool:
    """Six cards totalling 21 or less, evolution only."""
    return rules.name == "evolution" and len(hand.cards) >= 6 and total(hand.cards)[0] <= 21


def is_blackjack(hand: Hand, seat: Seat) -> bool:
    """Two-card 21 on the initial hand: the seat never split."""
    return len(seat.hands) == 1 and len(hand.cards) == 2 and total(hand.cards)[0] == 21


def expected_actions(rnd: Round, *, affordable_only: bool = True) -> set[Action]:
    """The decisions docs/rules/ allows now (with ``affordable_only``, those the balance covers)."""
    seat, rules = rnd.seat, rnd.rules
    main = seat.bets.main
    if rnd.phase is Phase.INSURANCE:
        allowed = {Action.NO_INSURANCE}
        if not affordable_only or seat.balance >= main / 2:
            allowed.add(Action.INSURE)
        return allowed
    hand = rnd.hand
    can_pay = not affordable_only or seat.balance >= main
    allowed = {Action.STAND}
    pair = len(hand.cards) == 2 and hand.cards[0].points == hand.cards[1].points
    if pair and len(seat.hands) < MAX_HANDS[rules.name] and not hand.split_aces:
        if not hand.cards[0].is_ten_value:
            allowed.add(Action.FREE_SPLIT)
        elif can_pay:
            allowed.add(Action.SPLIT)
    if hand.split_aces:
        return allowed
    allowed.add(Action.HIT)
    value, soft = total(hand.cards)
    may_double = len(hand.cards) == 2 and (rules.name == "pot-of-gold" or not hand.from_split)
    if may_double and not soft and value in (9, 10, 11):
        allowed.add(Action.FREE_DOUBLE)
    elif may_double and can_pay:
        allowed.add(Action.DOUBLE)
    return allowed


def hand_finished(hand: Hand, seat: Seat, rules: RuleSet) -> bool:
    """A hand takes no more decisions."""
    value, _ = total(hand.cards)
    return (hand.stood or hand.doubled or value >= 21 or is_charlie(hand, rules)
            or (hand.split_aces and len(hand.cards) == 2) or is_blackjack(hand, seat))


def expected_hand_net(hand: Hand, seat: Seat, rnd: Round) -> Fraction:
    """A hand's settlement by docs/rules/money.md#win-push-lose."""
    real, free = hand.stakes.real, hand.stakes.free
    dealer, _ = total(rnd.dealer_cards)
    dealer_bj = len(rnd.dealer_cards) == 2 and dealer == 21
    value, _ = total(hand.cards)
    if is_charlie(hand, rnd.rules):
        return real + free
    if value > 21:
        return -real
    if is_blackjack(hand, seat):
        return Fraction(0) if dealer_bj else real * Fraction(3, 2)
    if dealer_bj:
        return -real
    if dealer == 22:
        return Fraction(0)
    if dealer > 21 or value > dealer:
        return real + free
    return Fraction(0) if value == dealer else -real


def expected_side_net(bet: SideBet, stake: Fraction, seat: Seat, rnd: Round,
                      free_actions: int) -> Fraction:
    """A side bet's settlement: the best category's pay, or the stake lost."""
    first, second = seat.initial_cards
    up = rnd.dealer_cards[0]
    if bet is SideBet.POT_OF_GOLD:
        dealer_bj = len(rnd.dealer_cards) == 2 and total(rnd.dealer_cards)[0] == 21
        pays = None if dealer_bj else POT_OF_GOLD_TABLE_1.get(free_actions)
    else:
        category = {
            SideBet.PERFECT_PAIRS: perfect_pairs.evaluate(first, second),
            SideBet.TWENTY_ONE_PLUS_THREE: twenty_one_plus_three.evaluate(first, second, up),
            SideBet.HOT_3: hot_3.evaluate(first, second, up),
        }[bet]
        pays = category.pays if category else None
    return stake * pays if pays else -stake


# ----- the table and the bookkeeping of a played round -----------------------------------------


@dataclass
class Ledger:
    """What each seat did, counted by the test as it plays."""

    free: Counter[int] = field(default_factory=Counter)
    paid: Counter[int] = field(default_factory=Counter)
    insured: set[int] = field(default_factory=set)

    def record(self, seat: int, action: Action) -> None:
        if action.is_free:
            self.free[seat] += 1
        elif action in (Action.DOUBLE, Action.SPLIT):
            self.paid[seat] += 1
        elif action is Action.INSURE:
            self.insured.add(seat)


@st.composite
def tables(draw: st.DrawFn) -> tuple[RuleSet, int, list[Seat]]:
    """A preset, a shuffle seed and 1-3 seats with random bets and finite balances."""
    rules = draw(st.sampled_from([EVOLUTION, POT_OF_GOLD]))
    seed = draw(st.integers(0, 2**32 - 1))
    seats = []
    for _ in range(draw(st.integers(1, 3))):
        main = Fraction(draw(st.integers(1, 100)), draw(st.sampled_from([1, 2])))
        side = {name: Fraction(draw(st.sampled_from([0, 0, 1, 5])))
                for name in SIDE_BETS[rules.name]}
        bets = Bets(main=main, **side)
        extra = Fraction(draw(st.integers(0, 8)), 2) * main
        seats.append(Seat(bets, balance=bets.total + extra))
    return rules, seed, seats


def check_step(rnd: Round) -> None:
    """Invariants at every decision point."""
    rules = rnd.rules
    dealt = Counter(rnd.shoe.dealt)
    held = Counter(rnd.dealer_cards)
    for seat in rnd.seats:
        assert seat.balance >= 0
        assert 1 <= len(seat.hands) <= MAX_HANDS[rules.name]
        for hand in seat.hands:
            held.update(hand.cards)
            stakes = (hand.stakes.real / seat.bets.main, hand.stakes.free / seat.bets.main)
            assert stakes in ALLOWED_STAKES
    assert held == dealt
    assert rnd.legal_actions() == expected_actions(rnd)
    assert not rnd.hole_revealed
    if rnd.phase is Phase.INSURANCE:
        assert rnd.dealer_cards[0].is_ace
        return
    assert rnd.phase is Phase.PLAYER
    hand = rnd.hand
    assert len(hand.cards) >= 2  # a split hand's second card comes when play reaches it
    assert not hand_finished(hand, rnd.seat, rules)
    seat_index, hand_index = rnd.current
    for earlier in rnd.seats[seat_index].hands[:hand_index]:
        assert hand_finished(earlier, rnd.seat, rules)


def check_settled(rnd: Round, before: list[Fraction], ledger: Ledger) -> None:
    """Invariants of the settled round."""
    rules = rnd.rules
    assert rnd.phase is Phase.SETTLED
    assert rnd.legal_actions() == frozenset()
    assert rnd.hole_revealed
    # cards: every card dealt from the shoe is in a hand or the dealer's, and nothing else
    held = list(rnd.dealer_cards) + [c for s in rnd.seats for h in s.hands for c in h.cards]
    assert len(held) == rnd.shoe.position
    assert Counter(held) == Counter(rnd.shoe.dealt)
    # the dealer draws by the rule and stops by the rule
    for k in range(2, len(rnd.dealer_cards)):
        assert dealer_draws(rnd.dealer_cards[:k], rules)
    at_peek = peeked_blackjack(rnd)
    dealer_bj = total(rnd.dealer_cards[:2])[0] == 21
    live = any(
        not (total(h.cards)[0] > 21 or is_blackjack(h, s) or is_charlie(h, rules))
        for s in rnd.seats for h in s.hands)
    if live and not dealer_bj:
        assert not dealer_draws(rnd.dealer_cards, rules)
    if dealer_bj:
        assert len(rnd.dealer_cards) == 2
    assert len(rnd.results) == len(rnd.seats)
    for number, (seat, result) in enumerate(zip(rnd.seats, rnd.results, strict=True)):
        main = seat.bets.main
        # hands: finished, within the limits, stakes as the actions made them
        if at_peek:
            assert len(seat.hands) == 1 and len(seat.hands[0].cards) == 2
        assert len(seat.hands) <= MAX_HANDS[rules.name]
        for hand in seat.hands:
            assert at_peek or hand_finished(hand, seat, rules)
            stakes = (hand.stakes.real / main, hand.stakes.free / main)
            assert stakes in ALLOWED_STAKES
        assert sum(h.stakes.real for h in seat.hands) == main * (1 + ledger.paid[number])
        assert sum(h.stakes.free for h in seat.hands) == main * ledger.free[number]
        assert result.lammers == ledger.free[number] <= 7
        # every bet settled by the money model
        assert [h.net for h in result.hands] == [
            expected_hand_net(h, seat, rnd) for h in seat.hands]
        if number in ledger.insured:
            assert result.insurance == (main if dealer_bj else -main / 2)
        else:
            assert result.insurance is None
        placed = {bet for bet in SideBet if seat.bets.side(bet)}
        assert {s.bet for s in result.side_bets} == placed
        for side in result.side_bets:
            assert side.stake == seat.bets.side(side.bet)
            assert side.net == expected_side_net(side.bet, side.stake, seat, rnd,
                                                 ledger.free[number])
        # money settles exactly
        parts = (sum(h.net for h in result.hands) + sum(s.net for s in result.side_bets)
                 + (result.insurance or 0))
        assert result.net == parts
        assert seat.balance - before[number] == result.net


def start(table: tuple[RuleSet, int, list[Seat]]) -> tuple[Round, list[Fraction]]:
    """Deal the round; returns it with each seat's balance before the bets."""
    rules, seed, seats = table
    before = [seat.balance for seat in seats]
    shoe = Shoe.shuffled(rules.decks, rules.penetration, seed=seed)
    return Round(rules, shoe, seats), before


@given(table=tables(), data=st.data())
def test_random_legal_play_reaches_no_illegal_state(table, data) -> None:
    """docs/rules/money.md#which-stakes-a-hand-can-carry: a hand's stakes are one of five shapes;
    every decision offered is one the rules allow; every card dealt is held; every bet settles
    by the money model and the balance moves by exactly the net."""
    rnd, before = start(table)
    ledger = Ledger()
    for _ in range(60):
        if rnd.phase is Phase.SETTLED:
            break
        check_step(rnd)
        action = data.draw(st.sampled_from(sorted(rnd.legal_actions(), key=lambda a: a.value)))
        ledger.record(rnd.current[0], action)
        rnd.act(action)
    check_settled(rnd, before, ledger)


@given(table=tables(), data=st.data())
def test_timer_and_balance_fallbacks_keep_round_legal(table, data) -> None:
    """docs/rules/evolution.md#time-and-balance: the timer's auto-decision (hit on 11 or less,
    stand above) and the fallbacks when the balance cannot cover a paid double or split keep
    every round legal."""
    rnd, before = start(table)
    ledger = Ledger()
    for _ in range(60):
        if rnd.phase is Phase.SETTLED:
            break
        check_step(rnd)
        seat_index = rnd.current[0]
        how = data.draw(st.sampled_from(["act", "time_out", "request"]))
        if how == "time_out":
            if rnd.phase is Phase.INSURANCE:
                expected = Action.NO_INSURANCE
            elif total(rnd.hand.cards)[0] <= 11 and Action.HIT in rnd.legal_actions():
                expected = Action.HIT
            else:
                expected = Action.STAND
            assert rnd.time_out() is expected
            ledger.record(seat_index, expected)
        elif how == "request" and rnd.phase is Phase.PLAYER:
            wanted = expected_actions(rnd, affordable_only=False)
            action = data.draw(st.sampled_from(sorted(wanted, key=lambda a: a.value)))
            if action in rnd.legal_actions():
                expected = action
            elif action is Action.DOUBLE:
                expected = Action.HIT
            else:
                assert action is Action.SPLIT
                expected = Action.HIT if total(rnd.hand.cards)[0] < 11 else Action.STAND
            assert rnd.request(action) is expected
            ledger.record(seat_index, expected)
        else:
            action = data.draw(st.sampled_from(sorted(rnd.legal_actions(),
                                                      key=lambda a: a.value)))
            ledger.record(seat_index, action)
            rnd.act(action)
    check_settled(rnd, before, ledger)


@pytest.mark.slow
@given(rules=st.sampled_from([EVOLUTION, POT_OF_GOLD]), seed=st.integers(0, 2**32 - 1),
       data=st.data())
def test_rounds_until_cut_card_conserve_the_shoe(rules, seed, data) -> None:
    """docs/rules/rulings.md#the-cut-card: the round in which the cut card comes out is finished,
    then the shoe is shuffled (rounds dealt one after another from one shoe use every card
    once, in order)."""
    shoe = Shoe.shuffled(rules.decks, rules.penetration, seed=seed)
    used: list[Card] = []
    rounds = 0
    while not shoe.cut_card_out:
        rnd = Round(rules, shoe, Bets(main=Fraction(10)))
        while rnd.phase is not Phase.SETTLED:
            rnd.act(data.draw(st.sampled_from(sorted(rnd.legal_actions(),
                                                     key=lambda a: a.value))))
        held = list(rnd.dealer_cards) + [c for h in rnd.seats[0].hands for c in h.cards]
        assert Counter(held) == Counter(shoe.cards[len(used):shoe.position])
        used = shoe.cards[:shoe.position]
        rounds += 1
    assert shoe.position >= shoe.cut_index
    assert shoe.position - shoe.cut_index < 30  # only the round that met the cut card went past
    assert rounds > 10


def test_each_action_has_one_key_one_button_and_a_marked_name() -> None:
    """Stated once in the rules core: the window's keys, its buttons and the terminal's prompt
    all read these."""
    from trainer.rules import Action

    assert {a: a.key for a in Action} == {
        Action.HIT: "H", Action.STAND: "S", Action.DOUBLE: "D", Action.FREE_DOUBLE: "D",
        Action.SPLIT: "P", Action.FREE_SPLIT: "P", Action.SURRENDER: "R", Action.INSURE: "Y",
        Action.NO_INSURANCE: "N"}
    assert [a.marked() for a in Action] == [
        "[H]it", "[S]tand", "[D]ouble", "Free [D]ouble", "S[P]lit", "Free S[P]lit",
        "Su[R]render", "Insurance: [Y]es", "Insurance: [N]o"]
    assert Action.INSURE.title == "Insure" and Action.INSURE.button == "Insurance: Yes"
