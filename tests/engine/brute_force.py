"""Independent exact reference: the whole game tree of one hand, enumerated with Fractions.

Nothing here uses the engine's formulas. Hands are settled by the rules core's
``settle_hand``; the dealer plays by ``dealer_must_hit``; what a hand is offered and whether it
still decides come from the core's ``offers``, as for the round. Only a split's post-split decisions
come from outside (the strategy under test), because the engine claims exactness for that
fixed strategy, not optimality.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

from trainer.rules import (
    Action,
    Card,
    Hand,
    Rank,
    RuleSet,
    Stakes,
    Suit,
    dealer_must_hit,
    offers,
    settle_hand,
)
from trainer.rules.dealer import DealerFinal, blackjack_hole

Counts = tuple[int, ...]
#: Post-split decision: (hand values, stakes (real, free)) -> "stand" | "hit" | "double"
Decide = Callable[[tuple[int, ...], tuple[int, int]], str]
#: The same knowing how many hands the seat held when the hand began its play
DecideSeen = Callable[[tuple[int, ...], tuple[int, int], int], str]


def _card(value: int) -> Card:
    return Card(Rank(value), Suit.SPADES)


def _draws(shoe: Counts) -> list[tuple[int, Fraction, Counts]]:
    n = sum(shoe)
    out = []
    for i, c in enumerate(shoe):
        if c:
            rest = list(shoe)
            rest[i] -= 1
            out.append((i + 1, Fraction(c, n), tuple(rest)))
    return out


def _hand(values: tuple[int, ...], stakes: tuple[int, int], from_split: bool,
          surrendered: bool = False) -> Hand:
    return Hand(cards=tuple(_card(v) for v in values),
                stakes=Stakes(Fraction(stakes[0]), Fraction(stakes[1])), from_split=from_split,
                surrendered=surrendered)


@cache
def dealer_outcomes(rules: RuleSet, shoe: Counts, up: int, peek: bool
                    ) -> list[tuple[Fraction, tuple[int, ...]]]:
    """Every finished dealer hand with its probability (hole card first; peek excludes BJ)."""
    out: list[tuple[Fraction, tuple[int, ...]]] = []

    def walk(cards: tuple[int, ...], shoe: Counts, p: Fraction) -> None:
        if len(cards) >= 2 and not dealer_must_hit(cards, rules.dealer_hits_soft_17):
            out.append((p, cards))
            return
        for v, q, rest in _draws(shoe):
            if len(cards) == 1 and peek and v == blackjack_hole(up):
                continue
            walk((*cards, v), rest, p * q)

    walk((up,), shoe, Fraction(1))
    return out


@cache
def dealer_finals(rules: RuleSet, shoe: Counts, up: int, peek: bool
                  ) -> tuple[tuple[DealerFinal, Fraction], ...]:
    """The probability of each way the dealer finishes as settlement sees it (total,
    blackjack): every draw sequence of :func:`dealer_outcomes`, grouped by its final."""
    finals: dict[DealerFinal, Fraction] = {}
    for p, dealer in dealer_outcomes(rules, shoe, up, peek):
        final = DealerFinal.of(dealer)
        finals[final] = finals.get(final, Fraction(0)) + p
    return tuple(finals.items())


@cache
def _net(rules: RuleSet, values: tuple[int, ...], stakes: tuple[int, int], split: bool,
         final: DealerFinal) -> Fraction:
    """The rules core's settlement of one hand against one dealer final."""
    return settle_hand(_hand(values, stakes, split), final, rules).net


def settle_all(rules: RuleSet, hands: list[tuple[tuple[int, ...], tuple[int, int], bool]],
               shoe: Counts, up: int, peek: bool) -> Fraction:
    """E[sum of the hands' nets * 1{no dealer BJ if peek}] once the dealer plays from ``shoe``;
    each hand is settled once per dealer final, not once per dealer draw sequence."""
    total = Fraction(0)
    for final, p in dealer_finals(rules, shoe, up, peek):
        for values, stakes, split in hands:
            total += p * _net(rules, values, stakes, split, final)
    return total


def _finished(rules: RuleSet, values: tuple[int, ...]) -> bool:
    return not offers.hand_decides(rules, _hand(values, (1, 0), True))


def best_hit_stand(rules: RuleSet, values: tuple[int, ...], stakes: tuple[int, int],
                   shoe: Counts, up: int, peek: bool) -> Fraction:
    """Exact value of the optimal hit/stand play of one lone hand (by enumeration)."""
    stand = settle_all(rules, [(values, stakes, False)], shoe, up, peek)
    if _finished(rules, values):
        return stand
    hit = sum((q * best_hit_stand(rules, (*values, v), stakes, rest, up, peek)
               for v, q, rest in _draws(shoe)), Fraction(0))
    return max(stand, hit)


def best_play(rules: RuleSet, values: tuple[int, ...], stakes: tuple[int, int], shoe: Counts,
              up: int, peek: bool, from_split: bool = False) -> Fraction:
    """Exact value of the optimal play of one lone hand (by enumeration): stand, hit, and on
    three or more cards the double the rules core offers it (a split hand's with
    ``from_split``)."""
    stand = settle_all(rules, [(values, stakes, from_split)], shoe, up, peek)
    if _finished(rules, values):
        return stand
    options = [stand, sum((q * best_play(rules, (*values, v), stakes, rest, up, peek, from_split)
                           for v, q, rest in _draws(shoe)), Fraction(0))]
    double = offers.hand_double(rules, _hand(values, stakes, from_split))
    if len(values) > 2 and double is not None:
        grown = (stakes[0], stakes[1] + 1) if double is Action.FREE_DOUBLE else (
            stakes[0] + 1, stakes[1])
        options.append(double_value(rules, values, grown, shoe, up, peek))
    return max(options)


def double_value(rules: RuleSet, values: tuple[int, ...], stakes: tuple[int, int],
                 shoe: Counts, up: int, peek: bool) -> Fraction:
    """Exact value of taking one card with (already grown) ``stakes``."""
    return sum((q * settle_all(rules, [((*values, v), stakes, False)], rest, up, peek)
                for v, q, rest in _draws(shoe)), Fraction(0))


def split_value(rules: RuleSet, pair: int, shoe: Counts, up: int, peek: bool,
                decide: Decide, free: bool, first: tuple[int, int] = (1, 0),
                decide_seen: DecideSeen | None = None) -> Fraction:
    """Exact value of splitting ``pair`` and playing every hand in turn as a casino does.

    Hand one (with ``first`` stakes, real unless a free hand resplits) gets its second card at
    once; a pair card makes a new hand (placed last) while fewer than ``max_hands`` exist. Each
    later hand gets its second card when play reaches it. States are memoised, so the
    enumeration stays small on tiny shoes. ``decide_seen``, when given, decides instead of
    ``decide``, told also how many hands the seat holds (all it has seen split so far).
    """
    max_hands = offers.split_limit(rules, pair)
    new_stakes = (0, 1) if free else (1, 0)
    memo: dict[tuple, Fraction] = {}

    def play(hands: tuple[tuple[tuple[int, ...], tuple[int, int]], ...], current: int,
             shoe: Counts) -> Fraction:
        key = (hands, current, shoe)
        if key in memo:
            return memo[key]
        memo[key] = value = _play(hands, current, shoe)
        return value

    def _play(hands, current, shoe) -> Fraction:
        if current == len(hands):
            return settle_all(rules, [(v, s, True) for v, s in hands], shoe, up, peek)
        values, stakes = hands[current]

        def with_hand(v: tuple[int, ...], s: tuple[int, int]) -> tuple:
            return (*hands[:current], (v, s), *hands[current + 1:])

        if len(values) == 1:
            total = Fraction(0)
            for v, q, rest in _draws(shoe):
                if v == pair and len(hands) < max_hands:
                    total += q * play((*hands, ((pair,), new_stakes)), current, rest)
                else:
                    total += q * play(with_hand((*values, v), stakes), current, rest)
            return total
        if _finished(rules, values) or (len(values) == 2 and not offers.draws_after_split(pair)):
            return play(hands, current + 1, shoe)
        choice = (decide(values, stakes) if decide_seen is None
                  else decide_seen(values, stakes, len(hands)))
        if choice == "stand":
            return play(hands, current + 1, shoe)
        total = Fraction(0)
        for v, q, rest in _draws(shoe):
            if choice == "double":
                grown = _doubled(rules, values, stakes)
                total += q * play(with_hand((*values, v), grown), current + 1, rest)
            else:
                total += q * play(with_hand((*values, v), stakes), current, rest)
        return total

    return play((((pair,), first), ((pair,), new_stakes)), 0, shoe)


def _doubled(rules: RuleSet, values: tuple[int, ...], stakes: tuple[int, int]) -> tuple[int, int]:
    if offers.hand_double(rules, _hand(values, stakes, True)) is Action.FREE_DOUBLE:
        return (stakes[0], stakes[1] + 1)
    return (stakes[0] + 1, stakes[1])




def fixed_play(rules: RuleSet, values: tuple[int, ...], stakes: tuple[int, int], shoe: Counts,
               up: int, peek: bool, decide: Decide) -> Fraction:
    """Exact value of one lone hand that hits or stands as ``decide`` says."""
    if _finished(rules, values) or decide(values, stakes) == "stand":
        return settle_all(rules, [(values, stakes, False)], shoe, up, peek)
    return sum((q * fixed_play(rules, (*values, v), stakes, rest, up, peek, decide)
                for v, q, rest in _draws(shoe)), Fraction(0))


def blackjack_chance(shoe: Counts, up: int) -> Fraction:
    """P(the hole card makes a dealer blackjack with ``up``) from ``shoe``."""
    hole = blackjack_hole(up)
    return Fraction(0) if hole is None else Fraction(shoe[hole - 1], sum(shoe))


def surrender_value(rules: RuleSet, values: tuple[int, ...], shoe: Counts, up: int) -> Fraction:
    """Exact value, before any peek, of surrendering two cards: the rules core's settlement of
    the surrendered hand against every way the dealer finishes, blackjacks included. (Where the
    dealer peeks and surrender is late, a blackjack ends the round first, with the main bet
    lost: the same -1 the core gives a late surrender against a blackjack.)"""
    hand = _hand(values, (1, 0), False, surrendered=True)
    return sum((p * settle_hand(hand, DealerFinal.of(dealer), rules).net
                for p, dealer in dealer_outcomes(rules, shoe, up, False)), Fraction(0))

