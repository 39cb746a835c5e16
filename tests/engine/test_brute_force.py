"""Engine values equal a full enumeration of the game tree with Fractions on tiny shoes."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from strategy_charts.composition import of_values, subtract
from strategy_charts.game import StartingHand, hand_ev
from strategy_charts.hand_values import FREE, REAL
from strategy_charts.initial_hand import action_values
from strategy_charts.splits import SplitValues
from trainer.rules import Action, Surrender, offers

from . import brute_force as bf
from .conftest import rules_named, values_for

CASES = [
    # (preset, shoe A..ten, up, player cards)
    ("evolution", (1, 1, 2, 1, 1, 1, 2, 1, 1, 5), 10, (9, 3)),
    ("evolution", (1, 1, 1, 1, 2, 1, 1, 1, 1, 5), 1, (6, 5)),
    ("pot-of-gold", (1, 1, 2, 1, 2, 1, 2, 1, 1, 5), 10, (7, 5)),
    ("pot-of-gold", (1, 3, 1, 1, 1, 1, 1, 1, 1, 5), 6, (2, 2)),
    ("pot-of-gold", (2, 1, 1, 2, 1, 1, 1, 1, 1, 5), 1, (4, 4)),
    # a 21 decides: A,6 reaches soft 21 and can hit on (a Charlie where it has five cards)
    ("evolution-no-auto-stand", (3, 1, 1, 2, 1, 2, 1, 1, 1, 5), 10, (1, 6)),
    ("pot-of-gold-no-auto-stand", (2, 1, 1, 1, 1, 1, 1, 1, 1, 5), 6, (1, 5)),
]


@pytest.mark.parametrize(("name", "shoe", "up", "cards"), CASES)
def test_stand_hit_double_equal_enumeration(name, shoe, up, cards) -> None:
    """Stand, optimal hit/stand play and double, real and free stakes, peek or not."""
    rules = rules_named(name)
    hand = of_values(cards)
    values = values_for(rules, shoe, up, hand)
    rest = subtract(subtract(shoe, of_values([up])), hand)
    for stakes in (REAL, FREE):
        best = bf.best_hit_stand(rules, cards, stakes, rest, up, values.peek)
        assert max(values.stand(hand, stakes), values.hit(hand, stakes)) == pytest.approx(
            float(best), abs=1e-12)
        doubled = (stakes[0] + 1, stakes[1])
        assert values.double(hand, doubled) == pytest.approx(
            float(bf.double_value(rules, cards, doubled, rest, up, values.peek)), abs=1e-12)


SPLITS = [
    ("evolution", (1, 1, 1, 1, 1, 1, 1, 3, 1, 4), 8, 10),
    pytest.param("pot-of-gold", (1, 1, 1, 1, 1, 1, 1, 4, 1, 5), 8, 10,
                 marks=pytest.mark.slow),   # over two minutes of Fractions
    ("pot-of-gold", (1, 0, 1, 1, 0, 1, 1, 4, 0, 4), 8, 6),
    ("evolution-no-auto-stand", (3, 1, 1, 1, 1, 1, 1, 1, 1, 6), 10, 6),   # 10,A decides
]


@pytest.mark.parametrize(("name", "shoe", "pair", "up"), SPLITS)
def test_split_value_equals_sequential_play(name, shoe, pair, up) -> None:
    """The X/N split formula equals playing every split hand in turn, resplits and free
    stakes included, with the same fixed post-split strategy.

    The shoes are tiny but large enough that no deal runs out of cards: the formula's
    exchangeability identities assume the shoe never empties mid-round.
    """
    rules = rules_named(name)
    hand = of_values([pair, pair])
    values = values_for(rules, shoe, up, hand)
    split = SplitValues(values, pair)
    split.prepare()
    rest = subtract(subtract(shoe, of_values([up])), hand)
    free = offers.split_kind(rules, pair) is Action.FREE_SPLIT
    exact = bf.split_value(rules, pair, rest, up, values.peek,
                           lambda cards, stakes: split.decision(of_values(cards), stakes),
                           free=free)
    assert split.value(free=free) == pytest.approx(float(exact), abs=1e-12)
    acts = action_values(values, hand)
    assert acts[Action.FREE_SPLIT if free else Action.SPLIT] == pytest.approx(float(exact),
                                                                                abs=1e-12)


SURRENDERS = [
    # (preset, shoe A..ten, up, player cards): the dealer peeks with an ace or ten up at
    # pot-of-gold, with an ace only at evolution (a ten up there is never peeked at)
    ("pot-of-gold", (1, 1, 2, 1, 2, 1, 2, 1, 1, 5), 10, (10, 6)),
    ("pot-of-gold", (3, 1, 1, 1, 1, 2, 1, 1, 1, 5), 1, (9, 7)),
    ("pot-of-gold", (1, 1, 1, 1, 1, 1, 1, 1, 1, 4), 9, (10, 6)),
    ("evolution", (2, 1, 2, 1, 1, 1, 2, 1, 1, 5), 10, (9, 6)),
    ("evolution", (2, 1, 1, 2, 1, 1, 1, 1, 1, 5), 1, (10, 5)),
]


@pytest.mark.parametrize("kind", [Surrender.LATE, Surrender.EARLY])
@pytest.mark.parametrize(("name", "shoe", "up", "cards"), SURRENDERS)
def test_surrender_equals_enumeration(kind, name, shoe, up, cards) -> None:
    """docs/rules/surrender.md#its-value: the first hand's EV of surrendering (before any
    peek, as :func:`game.hand_ev` gives it) equals the rules core's settlement of a surrendered
    hand over every dealer hand; and the best first play among stand, hit and surrender, each
    valued before the peek by enumeration, is the engine's."""
    rules = replace(rules_named(name), surrender=kind)
    hand = of_values(cards)
    values = values_for(rules, shoe, up, hand)
    rest = subtract(subtract(shoe, of_values([up])), hand)
    deal = StartingHand(up, min(cards), max(cards), 1.0)
    ev, actions = hand_ev(values, deal, lambda _, acts: Action.SURRENDER)
    exact = bf.surrender_value(rules, cards, rest, up)
    assert ev == pytest.approx(float(exact), abs=1e-12)
    # every other first play loses the main bet to a blackjack found at the peek
    peeked = bf.blackjack_chance(rest, up) if values.peek else Fraction(0)
    before_peek = {
        Action.STAND: bf.settle_all(rules, [(cards, (1, 0), False)], rest, up, values.peek),
        Action.HIT: bf.best_hit_stand(rules, cards, (1, 0), rest, up, values.peek)}
    before_peek = {a: v - peeked for a, v in before_peek.items()}
    before_peek[Action.SURRENDER] = exact
    engine = {a: x for a, x in actions.items() if a in before_peek}
    assert max(engine, key=engine.__getitem__) is max(before_peek, key=before_peek.__getitem__)
    mass = values.mass(hand)
    for action, value in before_peek.items():   # the tables' scale: after the peek
        assert engine[action] == pytest.approx(float((value + peeked) / mass), abs=1e-12)
