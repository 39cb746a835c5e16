"""Shared engine fixtures: the standard-blackjack counterpart game and tiny-shoe helpers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from strategy_charts.composition import Composition, of_values, subtract
from strategy_charts.hand_values import UpCardValues
from strategy_charts.initial_hand import prepare_hand
from trainer.rules import RuleSet, preset


@pytest.fixture(scope="session")
def standard_6d_h17() -> RuleSet:
    """Standard blackjack: 6 decks, H17, DOA, DAS, split to 4, no RSA, no surrender, peek."""
    base = replace(preset("pot-of-gold"), name="standard", decks=6)
    return base.standard_counterpart()


def values_for(rules: RuleSet, shoe: Composition, up: int, hand: Composition) -> UpCardValues:
    """Engine values against ``up`` with the dealer probabilities for ``hand`` prepared."""
    values = UpCardValues(rules, subtract(shoe, of_values([up])), up)
    prepare_hand(values, hand)
    return values


#: Name endings :func:`rules_named` reads: the rule each turns on.
AFTER_HIT = {"+free-after-hit": "free_double_after_hit", "+paid-after-hit": "double_after_hit"}


def rules_named(name: str) -> RuleSet:
    """A preset, or "...-no-auto-stand": the preset with auto_stand_21 off (a 21 decides);
    each ending of :data:`AFTER_HIT` ("pot-of-gold+free-after-hit") turns on a double after a
    hit (free doubles after a hit without the Pot of Gold wager, which is not dealt with them)."""
    turned_on = {}
    for ending, rule in AFTER_HIT.items():
        if ending in name:
            name = name.replace(ending, "")
            turned_on[rule] = True
    if name.endswith("-no-auto-stand"):
        rules = replace(preset(name.removesuffix("-no-auto-stand")), auto_stand_21=False)
    else:
        rules = preset(name)
    if turned_on.get("free_double_after_hit"):     # not dealt with the Pot of Gold wager
        rules = replace(rules, pot_of_gold=None)
    return replace(rules, **turned_on)
