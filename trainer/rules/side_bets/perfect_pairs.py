"""Perfect Pairs: the player's first two cards are a pair of the same rank."""

from __future__ import annotations

from ..cards import Card
from .spec import CardSideBet, PayCategory, Seen


class PerfectPairs(PayCategory):
    """Winning categories, best first."""

    PERFECT = ("Perfect Pair", 25)
    COLORED = ("Colored Pair", 12)
    MIXED = ("Mixed Pair", 6)


def evaluate(first: Card, second: Card) -> PerfectPairs | None:
    """The category the two cards make, or None when they are not a same-rank pair."""
    if first.rank is not second.rank:
        return None
    if first.suit is second.suit:
        return PerfectPairs.PERFECT
    if first.suit.is_red == second.suit.is_red:
        return PerfectPairs.COLORED
    return PerfectPairs.MIXED


#: The registry's entry (:mod:`trainer.rules.side_bets`).
SPEC = CardSideBet(name="perfect_pairs", title="Perfect Pairs", rule_field="perfect_pairs",
                   bet_field="perfect_pairs", reads=(Seen.FIRST, Seen.SECOND),
                   categories=PerfectPairs, evaluate=evaluate)
