"""Independent exact reference for the lammer count: every card sequence of one round, with
Fractions.

Nothing here uses the engine's lammer formulas. The cards are dealt as at the table (the
player's two, the up card, the hole card before any decision), a peeked blackjack ends the
round, and a split's hands are played in turn, each hit and each double drawing its card, a
pair card making a new hand while the rules allow. What a hand is offered comes from the rules
core's ``offers``. Only the plays come from outside (the strategy under test): the first
decision of each deal and the split hands' fixed post-split strategy, since the engine claims
its lammer distribution for that play.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

from trainer.rules import Action, RuleSet, offers
from trainer.rules.dealer import blackjack_hole

from . import brute_force as bf
from .brute_force import Counts, Decide, _hand

#: The first decision of a deal: (the player's two card values, sorted; the up card) -> action.
FirstChoice = Callable[[tuple[int, int], int], Action]
#: The post-split play against an up card: (up, hand values, stakes) -> "stand" | "hit" | "double".
UpDecide = Callable[[int, tuple[int, ...], tuple[int, int]], str]

Chances = dict[int, Fraction]


#: The draws from a shoe and whether a split hand is done, asked of the enumeration once each.
_draws = cache(bf._draws)
_finished = cache(bf._finished)


def _add(into: Chances, chances: Chances, weight: Fraction, gain: int = 0) -> None:
    for count, p in chances.items():
        into[count + gain] = into.get(count + gain, Fraction(0)) + weight * p


def split_lammers(rules: RuleSet, pair: int, shoe: Counts, decide: Decide, free: bool
                  ) -> Chances:
    """P(more lammers = k) once ``pair`` is split (its own lammer not counted): the hands
    played in turn from ``shoe``, each new hand placed last and given its second card when
    play reaches it."""
    most = offers.split_limit(rules, pair)
    new_stakes = (0, 1) if free else (1, 0)

    def next_hand(waiting: int, made: int, shoe: Counts) -> Chances:
        if not waiting:
            return {0: Fraction(1)}
        return play((pair,), new_stakes, waiting - 1, made, shoe)

    @cache
    def play(values: tuple[int, ...], stakes: tuple[int, int], waiting: int, made: int,
             shoe: Counts) -> Chances:
        draws = _draws(shoe)
        out: Chances = {}
        if len(values) == 1:                # the second card: a pair card may make a hand
            assert draws, "the shoe ran out"
            for v, q, rest in draws:
                if v == pair and made < most:
                    _add(out, play(values, stakes, waiting + 1, made + 1, rest), q, int(free))
                else:
                    _add(out, play(_with(values, v), stakes, waiting, made, rest), q)
            return out
        if _finished(rules, values) or (len(values) == 2 and not offers.draws_after_split(pair)):
            return next_hand(waiting, made, shoe)
        choice = decide(values, stakes)
        if choice == "stand":
            return next_hand(waiting, made, shoe)
        assert draws, "the shoe ran out"
        gain = 0
        if choice == "double":
            offer = offers.hand_double(rules, _hand(values, stakes, True))
            assert offer is not None, (values, stakes)
            gain = int(offer is Action.FREE_DOUBLE)
        for v, q, rest in draws:
            after = (next_hand(waiting, made, rest) if choice == "double"
                     else play(_with(values, v), stakes, waiting, made, rest))
            _add(out, after, q, gain)
        return out

    return play((pair,), (1, 0), 1, 2, shoe)


def _with(values: tuple[int, ...], card: int) -> tuple[int, ...]:
    """A hand's values with one more card, sorted (the order of its cards decides nothing)."""
    return tuple(sorted((*values, card)))


def round_lammers(rules: RuleSet, shoe: Counts, first: FirstChoice, decide: UpDecide
                  ) -> tuple[Chances, Fraction]:
    """P(the round ends with k lammers, a dealer blackjack counted with none) and
    P(dealer blackjack), the first round dealt from ``shoe`` and played by ``first`` and
    ``decide``."""
    out: Chances = {}
    blackjack = Fraction(0)
    for a, pa, after_a in _draws(shoe):
        for up, pu, after_up in _draws(after_a):
            for b, pb, after_b in _draws(after_up):
                for hole, ph, rest in _draws(after_b):
                    p = pa * pu * pb * ph
                    if hole == blackjack_hole(up):     # peeked or not, the bet loses to it
                        blackjack += p
                        _add(out, {0: Fraction(1)}, p)
                    elif a + b == 11 and 1 in (a, b):  # a player blackjack: no decision
                        _add(out, {0: Fraction(1)}, p)
                    else:
                        _add(out, _deal(rules, (a, b), up, rest, first, decide), p)
    return out, blackjack


def _deal(rules: RuleSet, cards: tuple[int, int], up: int, rest: Counts, first: FirstChoice,
          decide: UpDecide) -> Chances:
    """The lammers of one deal without a dealer blackjack, from the cards left, ``rest``."""
    choice = first((min(cards), max(cards)), up)
    if choice is Action.FREE_DOUBLE:
        return {1: Fraction(1)}
    if choice.is_split:
        free = choice is Action.FREE_SPLIT
        more = split_lammers(rules, cards[0], rest,
                             lambda values, stakes: decide(up, values, stakes), free)
        return {count + int(free): p for count, p in more.items()}
    return {0: Fraction(1)}
