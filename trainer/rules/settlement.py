"""Settling a hand against the dealer: blackjack, Six Card Charlie, push 22, bust and compare."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from . import offers
from .dealer import DealerFinal
from .hand import Hand
from .ruleset import RuleSet


class Outcome(Enum):
    """How one hand ended."""

    BLACKJACK = "blackjack"
    CHARLIE = "charlie"
    WIN = "win"
    PUSH = "push"
    PUSH_22 = "push_22"
    SURRENDER = "surrender"
    LOSE = "lose"
    BUST = "bust"


@dataclass(frozen=True)
class HandResult:
    """One settled hand: its final cards and stakes, how it ended and its net result in money."""

    hand: Hand
    outcome: Outcome
    net: Fraction


def is_charlie(hand: Hand, rules: RuleSet) -> bool:
    """True when the rule set has Six Card Charlie and this hand has made it."""
    return offers.is_charlie(rules, hand.card_count, hand.total)


def settle_hand(hand: Hand, dealer: DealerFinal, rules: RuleSet) -> HandResult:
    """Settle one finished hand against the dealer's final hand.

    A Charlie has already won whatever the dealer holds, and a bust has already lost. A dealer
    blackjack (turned over after play when the dealer did not peek) beats every other hand,
    pushing a player blackjack. A dealer 22 pushes every other hand when ``push_22`` is on, but
    a player blackjack still wins. A surrendered hand gets half its real stake back, unless the
    surrender was late and the dealer turns over a blackjack (docs/rules/surrender.md).
    """
    stakes = hand.stakes
    if hand.surrendered:
        if dealer.blackjack and offers.surrender_loses_to_blackjack(rules):
            return HandResult(hand, Outcome.LOSE, stakes.lose())
        return HandResult(hand, Outcome.SURRENDER, stakes.surrender())
    if is_charlie(hand, rules):
        return HandResult(hand, Outcome.CHARLIE, stakes.win())
    if hand.is_bust:
        return HandResult(hand, Outcome.BUST, stakes.lose())
    if hand.is_blackjack:
        if dealer.blackjack:
            return HandResult(hand, Outcome.PUSH, Fraction(0))
        return HandResult(hand, Outcome.BLACKJACK, stakes.real * rules.blackjack_pays)
    if dealer.blackjack:
        return HandResult(hand, Outcome.LOSE, stakes.lose())
    if dealer.total == 22 and rules.push_22:
        return HandResult(hand, Outcome.PUSH_22, Fraction(0))
    if dealer.bust or hand.total > dealer.total:
        return HandResult(hand, Outcome.WIN, stakes.win())
    if hand.total == dealer.total:
        return HandResult(hand, Outcome.PUSH, Fraction(0))
    return HandResult(hand, Outcome.LOSE, stakes.lose())
