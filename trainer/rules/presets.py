"""The built-in rule sets: the live 8-deck game and the Pot of Gold table game (docs/rules/)."""

from __future__ import annotations

from dataclasses import replace

from .errors import RuleSetError
from .ruleset import ALL_BUT_TENS, Peek, RuleSet, Surrender

#: The live game (docs/rules/evolution.md): 8 decks, S17, peek on ace only, one free split.
EVOLUTION = RuleSet(
    name="evolution",
    decks=8,
    penetration=0.75,
    dealer_hits_soft_17=False,
    peek=Peek.ACE,
    insurance=True,
    surrender=Surrender.NONE,
    push_22=True,
    free_double_totals=frozenset({9, 10, 11}),
    free_double_after_split=False,
    double_after_split=False,
    free_split_pairs=ALL_BUT_TENS,
    max_hands=2,
    resplit_aces=False,
    six_card_charlie=True,
    auto_stand_21=True,
    perfect_pairs=True,
    twenty_one_plus_three=True,
    hot_3=True,
    pot_of_gold=None,
)

#: The table game (docs/rules/pot-of-gold.md): 6 decks, H17, peek on ace or ten, 4 hands.
POT_OF_GOLD = RuleSet(
    name="pot-of-gold",
    decks=6,
    penetration=0.75,
    dealer_hits_soft_17=True,
    peek=Peek.ACE_OR_TEN,
    insurance=True,
    surrender=Surrender.NONE,
    push_22=True,
    free_double_totals=frozenset({9, 10, 11}),
    free_double_after_split=True,
    double_after_split=True,
    free_split_pairs=ALL_BUT_TENS,
    max_hands=4,
    resplit_aces=False,
    six_card_charlie=False,
    auto_stand_21=True,
    perfect_pairs=False,
    twenty_one_plus_three=False,
    hot_3=False,
    pot_of_gold=1,
)

#: The Pot of Gold game dealt from 8 decks (docs/rules/pot-of-gold.md#the-shoe: 6 or 8).
POT_OF_GOLD_8D = replace(POT_OF_GOLD, name="pot-of-gold-8d", decks=8)

PRESETS: dict[str, RuleSet] = {
    rules.name: rules for rules in (EVOLUTION, POT_OF_GOLD, POT_OF_GOLD_8D)
}


def preset(name: str) -> RuleSet:
    """The preset called ``name``; the error lists the presets there are."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleSetError(
            f"unknown preset {name!r}; the presets are: {', '.join(PRESETS)}") from None
