"""The built-in rule sets: the live 8-deck game, the Pot of Gold table game, and the published
Free Bet variants a player meets at other tables (docs/rules/)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from .errors import RuleSetError
from .ruleset import ALL_BUT_TENS, Peek, RuleSet, Surrender

#: The live game (docs/rules/evolution.md): 8 decks, S17, peek on ace only, one free split,
#: Perfect Pairs, 21+3 and Hot 3; a rule set's defaults are this game's, so it is stated once.
EVOLUTION = RuleSet(name="evolution")

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

#: The Golden Nugget's game at its 2012 launch in Las Vegas, as the game's analyst listed it
#: (docs/rules/variants.md#golden-nugget-2012): 6 decks, H17, no free split of fours or tens,
#: free resplits to four hands, aces too, free double after a split.
GOLDEN_NUGGET_2012 = replace(
    POT_OF_GOLD, name="golden-nugget-2012", free_split_pairs=frozenset({1, 2, 3, 5, 6, 7, 8, 9}),
    resplit_aces=True, pot_of_gold=None)

#: The same game on the Golden Nugget's single-deck table, blackjack paid 6:5
#: (docs/rules/variants.md#golden-nugget-1d-6to5).
GOLDEN_NUGGET_1D_6TO5 = replace(GOLDEN_NUGGET_2012, name="golden-nugget-1d-6to5", decks=1,
                                blackjack_pays=Fraction(6, 5))

#: The UK trial's rule sheet (docs/rules/variants.md#uk-6d): 6 decks, no free split of fives
#: or tens, resplits to four hands, aces too; what the sheet leaves to "the normal rules" as
#: at the Pot of Gold table.
UK_6D = replace(POT_OF_GOLD, name="uk-6d", free_split_pairs=frozenset({1, 2, 3, 4, 6, 7, 8, 9}),
                resplit_aces=True, pot_of_gold=None)

PRESETS: dict[str, RuleSet] = {
    rules.name: rules for rules in (EVOLUTION, POT_OF_GOLD, POT_OF_GOLD_8D, GOLDEN_NUGGET_2012,
                                    GOLDEN_NUGGET_1D_6TO5, UK_6D)
}


#: The rule set played until the player chooses another (the settings' default, the
#: terminal's, the progress page's grid): stated once here.
DEFAULT_PRESET = EVOLUTION.name


def preset(name: str) -> RuleSet:
    """The preset called ``name``; the error lists the presets there are."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RuleSetError(
            f"unknown preset {name!r}; the presets are: {', '.join(PRESETS)}") from None
