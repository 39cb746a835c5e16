"""How the dealer's hand ends from each up card, at a full shoe: for explaining a play.

Exact: every draw sequence is followed through the rules core's own drawing rule
(:func:`trainer.rules.dealer.dealer_must_hit`), each card with its chance from the cards left.
Where the dealer peeks with the up card, the hole card is a non-blackjack card (the player only
decides after the peek), as in the strategy tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from strategy_charts.composition import full_shoe
from trainer.rules import RuleSet
from trainer.rules.dealer import DealerFinal, dealer_must_hit


@dataclass(frozen=True)
class DealerOdds:
    """The chances of the dealer's final hand with one up card (summing to 1)."""

    totals: dict[int, float]   # 17..21
    twenty_two: float
    over_22: float
    blackjack: float

    @property
    def bust(self) -> float:
        """Over 21, 22 included (what a standard game pays)."""
        return self.twenty_two + self.over_22


@cache
def dealer_odds(rules: RuleSet, up: int) -> DealerOdds:
    """The dealer's final-hand chances with ``up`` showing, at a full shoe of ``rules``."""
    shoe = list(full_shoe(rules.decks))
    shoe[up - 1] -= 1
    peek = rules.peek.peeks_on(up)
    found: dict[str, float] = {}

    def walk(points: list[int], chance: float) -> None:
        if len(points) >= 2 and not dealer_must_hit(points, rules.dealer_hits_soft_17):
            final = DealerFinal.of(points)
            name = ("blackjack" if final.blackjack else str(final.total))
            found[name] = found.get(name, 0.0) + chance
            return
        left = sum(shoe)
        for value in range(1, 11):
            count = shoe[value - 1]
            if not count:
                continue
            if peek and len(points) == 1 and DealerFinal.of([*points, value]).blackjack:
                continue
            shoe[value - 1] -= 1
            walk([*points, value], chance * count / left)
            shoe[value - 1] += 1

    walk([up], 1.0)
    total = sum(found.values())   # below 1 where the peek ruled blackjacks out
    share = {name: p / total for name, p in found.items()}
    over = sum(p for name, p in share.items() if name.isdigit() and int(name) > 22)
    return DealerOdds({t: share.get(str(t), 0.0) for t in range(17, 22)},
                      share.get("22", 0.0), over, share.get("blackjack", 0.0))

