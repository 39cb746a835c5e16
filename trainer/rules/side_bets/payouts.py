"""Settling a seat's side bets: which are offered, and what each one placed returns.

Perfect Pairs is settled on the seat's first two cards, 21+3 and Hot 3 on those two and the
dealer's up card, Pot of Gold on the lammers the seat collected (it loses to a dealer
blackjack).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ..cards import Card
from ..errors import IllegalActionError
from ..ruleset import RuleSet
from . import PayCategory, SideBet, hot_3, perfect_pairs, pot_of_gold, twenty_one_plus_three

#: A seat's stake on each side bet (0: not placed).
Stakes = Callable[[SideBet], Fraction]

#: The category of the three-card bets, from the seat's two cards and the dealer's up card.
_CATEGORY: dict[SideBet, Callable[[Card, Card, Card], PayCategory | None]] = {
    SideBet.PERFECT_PAIRS: lambda first, second, _up: perfect_pairs.evaluate(first, second),
    SideBet.TWENTY_ONE_PLUS_THREE: twenty_one_plus_three.evaluate,
    SideBet.HOT_3: hot_3.evaluate,
}


@dataclass(frozen=True)
class SideBetResult:
    """One settled side bet: its stake, the winning category's name (or None) and the net."""

    bet: SideBet
    stake: Fraction
    category: str | None
    net: Fraction


def is_offered(rules: RuleSet, bet: SideBet) -> bool:
    """True when the rule set offers ``bet``."""
    return {
        SideBet.PERFECT_PAIRS: rules.perfect_pairs,
        SideBet.TWENTY_ONE_PLUS_THREE: rules.twenty_one_plus_three,
        SideBet.HOT_3: rules.hot_3,
        SideBet.POT_OF_GOLD: rules.pot_of_gold is not None,
    }[bet]


def check_offered(rules: RuleSet, stake: Stakes, seat: int) -> None:
    """Raise :class:`IllegalActionError` naming the first side bet placed that the rule set
    does not offer."""
    for bet in SideBet:
        if stake(bet) and not is_offered(rules, bet):
            raise IllegalActionError(f"seat {seat}: {bet.title} is not offered at {rules.name}")


def settle_side_bets(rules: RuleSet, stake: Stakes, first_two: tuple[Card, ...], up: Card,
                     lammers: int, dealer_blackjack: bool) -> tuple[SideBetResult, ...]:
    """Every side bet placed, settled: a win pays its category's N to 1, anything else loses
    the stake."""
    results = []
    for bet in SideBet:
        amount = stake(bet)
        if not amount:
            continue
        if bet is SideBet.POT_OF_GOLD:
            assert rules.pot_of_gold is not None
            pays = None if dealer_blackjack else pot_of_gold.pays(lammers, rules.pot_of_gold)
            label = f"{lammers} lammers" if pays else None
        else:
            first, second = first_two
            category = _CATEGORY[bet](first, second, up)
            pays = category.pays if category else None
            label = category.label if category else None
        net = amount * pays if pays else -amount
        results.append(SideBetResult(bet, amount, label, net))
    return tuple(results)


__all__ = ["SideBetResult", "check_offered", "is_offered", "settle_side_bets"]
