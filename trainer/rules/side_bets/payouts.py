"""Settling a seat's side bets: which are offered, and what each one placed returns.

Each bet is settled by its spec (:mod:`trainer.rules.side_bets`) on what it reads: the card
bets on the seat's first two cards and the dealer's up card, whatever happens to the main
bet, so at the deal (``at_deal``); Pot of Gold on the lammers the seat collected (it loses to a
dealer blackjack), so at the round's end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ..cards import Card
from ..errors import IllegalActionError
from ..ruleset import RuleSet
from . import SideBet
from .spec import SeatDeal

#: A seat's stake on each side bet (0: not placed).
Stakes = Callable[[SideBet], Fraction]


@dataclass(frozen=True)
class SideBetResult:
    """One settled side bet: its stake, the winning category's name (or None) and the net."""

    bet: SideBet
    stake: Fraction
    category: str | None
    net: Fraction


def is_offered(rules: RuleSet, bet: SideBet) -> bool:
    """True when the rule set offers ``bet``."""
    return bet.spec.offered(rules)


def check_offered(rules: RuleSet, stake: Stakes, seat: int) -> None:
    """Raise :class:`IllegalActionError` naming the first side bet placed that the rule set
    does not offer."""
    for bet in SideBet:
        if stake(bet) and not is_offered(rules, bet):
            raise IllegalActionError(f"seat {seat}: {bet.title} is not offered at {rules.name}")


def settle_side_bets(rules: RuleSet, stake: Stakes, first_two: tuple[Card, ...], up: Card,
                     lammers: int, dealer_blackjack: bool, *,
                     at_deal: bool | None = None) -> tuple[SideBetResult, ...]:
    """Every side bet placed, settled: a win pays its N to 1, anything else loses the stake.
    ``at_deal`` True settles only the bets the deal decides (its spec's ``at_deal``), False only
    the others, None all of them."""
    deal = SeatDeal(first_two, up, lammers, dealer_blackjack)
    results = []
    for bet in SideBet:
        amount = stake(bet)
        if not amount or (at_deal is not None and bet.spec.at_deal is not at_deal):
            continue
        win = bet.spec.settle(rules, deal)
        net = amount * win.pays if win else -amount
        results.append(SideBetResult(bet, amount, win.label if win else None, net))
    return tuple(results)


__all__ = ["SideBetResult", "check_offered", "is_offered", "settle_side_bets"]
