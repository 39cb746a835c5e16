"""Surrender through the round itself: every way the dealer can finish, dealt from a stacked
tiny shoe and played by ``trainer.rules.Round``, weighted by its exact chance, gives the
engine's first-hand EV of each play (docs/rules/surrender.md).

The round decides when the seat's first decision comes (before the peek at an early-surrender
table), whether the dealer peeks, and how a surrendered hand settles; the engine states the
same rules as numerators (``strategy_charts/hand_values.py``). Nothing is shared but
``trainer.rules.offers`` and the settlement.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from strategy_charts.composition import of_values, subtract
from strategy_charts.game import StartingHand, hand_ev
from trainer.rules import Action, Bets, Card, Phase, Rank, Round, Shoe, Suit, Surrender

from . import brute_force as bf
from .conftest import rules_named, values_for

CASES = [
    ("pot-of-gold", (2, 1, 2, 1, 2, 1, 2, 1, 1, 5), 10, (10, 6)),
    ("pot-of-gold", (3, 1, 1, 1, 1, 2, 1, 1, 1, 5), 1, (9, 7)),
    ("evolution", (2, 1, 2, 1, 1, 1, 2, 1, 1, 5), 10, (9, 6)),
    ("evolution", (2, 1, 1, 2, 1, 1, 1, 1, 1, 5), 1, (10, 5)),
]


def _card(value: int) -> Card:
    return Card(Rank(value), Suit.SPADES)


def round_value(rules, shoe, up: int, cards: tuple[int, int], action: Action) -> Fraction:
    """E[net] of taking ``action`` first (no insurance), over every dealer hand the shoe can
    deal, each dealt by a round from a shoe stacked with exactly those cards."""
    rest = subtract(subtract(shoe, of_values([up])), of_values(cards))
    total = Fraction(0)
    for p, dealer in bf.dealer_outcomes(rules, rest, up, False):
        stacked = [_card(cards[0]), _card(up), _card(cards[1]), *map(_card, dealer[1:])]
        rnd = Round(rules, Shoe.stacked(stacked), Bets(main=Fraction(1)))
        if rnd.phase is Phase.INSURANCE:
            rnd.act(Action.NO_INSURANCE)
        if rnd.phase is Phase.PLAYER:
            rnd.act(action)
        assert rnd.phase is Phase.SETTLED
        total += p * rnd.results[0].net
    return total


@pytest.mark.parametrize("kind", [Surrender.LATE, Surrender.EARLY])
@pytest.mark.parametrize(("name", "shoe", "up", "cards"), CASES)
def test_the_round_gives_the_engines_first_hand_values(kind, name, shoe, up, cards) -> None:
    rules = replace(rules_named(name), surrender=kind)
    hand = of_values(cards)
    values = values_for(rules, shoe, up, hand)
    deal = StartingHand(up, min(cards), max(cards), 1.0)
    for action in (Action.SURRENDER, Action.STAND):
        engine, _ = hand_ev(values, deal, lambda _, acts, chosen=action: chosen)
        assert engine == pytest.approx(float(round_value(rules, shoe, up, cards, action)),
                                       abs=1e-12), action
