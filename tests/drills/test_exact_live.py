"""Perfect play at the live shoe equals the one-hand-at-a-time engine.

Shoe practice with perfect play grades each decision by :func:`trainer.teaching.exact.exact_evs`,
which runs the batched engine (:func:`strategy_charts.up_card.live_hand`: every hand the spot
can become valued together, the split hands' strategy walked once for both stakes). Here the
decisions of seeded shoes dealt by the rules core (first decisions, soft hands, pairs and
their splits, hands after a split at real and free stakes, resplits, insurance) are valued
again at the same cards unseen by the one-hand engine (:mod:`strategy_charts.initial_hand`,
:mod:`~strategy_charts.splits`, checked against brute force in ``tests/engine``) and insurance
with Fractions: the same EVs to 1e-12.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from strategy_charts.composition import Composition, add
from strategy_charts.hand_values import FREE, REAL, UpCardValues
from strategy_charts.initial_hand import action_values, pair_value, prepare_hand
from strategy_charts.splits import SplitValues
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings, table_policy
from trainer.rules import Action, RuleSet, offers, preset
from trainer.teaching.catalog import Catalog
from trainer.teaching.exact import Evs, exact_evs
from trainer.teaching.grading import TableGrader
from trainer.teaching.situations import Context, HandKind, Spot, StakeLabel, round_spot

#: Decisions checked per kind of spot (context, stakes, hand kind, a pair's card), so rare
#: kinds count.
PER_KIND = 4


def one_hand_evs(rules: RuleSet, spot: Spot, unseen: Composition) -> Evs:
    """The EVs of ``spot`` by the one-hand engine (insurance: the chance of a ten hole card,
    with Fractions)."""
    s = spot.situation
    if s.context is Context.INSURANCE:
        p_ten = Fraction(unseen[9], sum(unseen))
        return {Action.INSURE.value: float(Fraction(3, 2) * p_ten - Fraction(1, 2)),
                Action.NO_INSURANCE.value: 0.0}
    values = UpCardValues(rules, add(unseen, spot.hand), s.up)
    prepare_hand(values, spot.hand)
    stakes = REAL if s.stakes is StakeLabel.REAL else FREE
    after_split = s.context is Context.SPLIT
    numerators = action_values(values, spot.hand, stakes, after_split=after_split,
                               can_split=s.context is Context.FIRST and spot.can_split)
    pair = pair_value(spot.hand)
    if after_split and spot.can_split and pair is not None:
        action = offers.split_kind(rules, pair)
        split = SplitValues(values, pair, hands_limit=rules.max_hands - spot.hands_in_seat + 1)
        split.prepare()
        numerators[action] = split.value(free=action is Action.FREE_SPLIT, first=stakes)
    mass = values.mass(spot.hand)
    return {a.value: x / mass for a, x in numerators.items()}


def live_spots(rules: RuleSet, table: Catalog, shoes: int) -> list[tuple[Spot, Composition]]:
    """Every decision of ``shoes`` seeded shoes and the cards unseen at it: a player who splits
    every pair offered and otherwise plays the table, one time in four any legal action."""
    rng = random.Random(16)
    policy = table_policy(TableGrader(table))
    found = []
    for seed in range(shoes):
        practice = ShoePractice(rules, ShoeSettings(bankroll=None), seed=seed, table=table)
        while not practice.finished:
            practice.deal()
            while practice.awaiting:
                rnd = practice.round
                assert rnd is not None
                found.append((round_spot(rnd), practice.unseen()))
                legal = sorted(rnd.legal_actions(), key=lambda a: a.value)
                splits = [a for a in legal if a in (Action.SPLIT, Action.FREE_SPLIT)]
                action = (splits[0] if splits else rng.choice(legal) if rng.random() < 0.25
                          else policy(rnd))
                practice.answer(action)
    return found


def _kind(spot: Spot) -> tuple[str, str, str, int | None]:
    s = spot.situation
    return s.context.value, s.stakes.value, s.kind.value, pair_value(spot.hand)


@pytest.mark.parametrize(("name", "shoes"), [("evolution", 3), ("pot-of-gold", 6)])
def test_live_shoe_grades_equal_the_one_hand_engine(name: str, shoes: int,
                                                    evolution: Catalog,
                                                    pot_of_gold: Catalog) -> None:
    rules = preset(name)
    table = evolution if name == "evolution" else pot_of_gold
    taken: Counter[tuple[str, str, str, int | None]] = Counter()
    for spot, unseen in live_spots(rules, table, shoes):
        kind = _kind(spot)
        if taken[kind] == PER_KIND:
            continue
        taken[kind] += 1
        fast, plain = exact_evs(rules, spot, unseen), one_hand_evs(rules, spot, unseen)
        assert fast.keys() == plain.keys(), spot
        for action, ev in plain.items():
            assert fast[action] == pytest.approx(ev, abs=1e-12), (spot, action)
    kinds = {(context, stakes, kind) for context, stakes, kind, _ in taken}
    must = {(Context.FIRST.value, "real", HandKind.HARD.value),
            (Context.FIRST.value, "real", HandKind.SOFT.value),
            (Context.FIRST.value, "real", HandKind.PAIR.value),
            (Context.INSURANCE.value, "real", HandKind.ANY.value),
            (Context.SPLIT.value, "real", HandKind.HARD.value),
            (Context.SPLIT.value, "free", HandKind.HARD.value),
            (Context.DRAWN.value, "real", HandKind.HARD.value),
            (Context.DRAWN.value, "free", HandKind.HARD.value)}
    if rules.max_hands > 2:
        must.add((Context.SPLIT.value, "free", HandKind.PAIR.value))   # a resplit
    assert must <= kinds, must - kinds
