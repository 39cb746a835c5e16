"""21+3: the player's two cards and the dealer's up card read as a three-card poker hand."""

from __future__ import annotations

from ..cards import Card
from .spec import CardSideBet, PayCategory, Seen


class TwentyOnePlusThree(PayCategory):
    """Winning categories, best first."""

    SUITED_TRIPS = ("Suited Trips", 100)
    STRAIGHT_FLUSH = ("Straight Flush", 40)
    THREE_OF_A_KIND = ("Three of a Kind", 30)
    STRAIGHT = ("Straight", 10)
    FLUSH = ("Flush", 5)


def is_straight(ranks: list[int]) -> bool:
    """Three consecutive ranks; the ace plays low (A-2-3) or high (Q-K-A), never round the
    corner."""
    ordered = sorted(ranks)
    if ordered == [1, 12, 13]:
        return True
    return ordered[1] == ordered[0] + 1 and ordered[2] == ordered[1] + 1


def evaluate(first: Card, second: Card, up: Card) -> TwentyOnePlusThree | None:
    """The best category of the three cards, or None."""
    trio = (first, second, up)
    ranks = [int(card.rank) for card in trio]
    flush = len({card.suit for card in trio}) == 1
    trips = len(set(ranks)) == 1
    if trips:
        return TwentyOnePlusThree.SUITED_TRIPS if flush else TwentyOnePlusThree.THREE_OF_A_KIND
    straight = is_straight(ranks)
    if straight and flush:
        return TwentyOnePlusThree.STRAIGHT_FLUSH
    if straight:
        return TwentyOnePlusThree.STRAIGHT
    if flush:
        return TwentyOnePlusThree.FLUSH
    return None


#: The registry's entry (:mod:`trainer.rules.side_bets`).
SPEC = CardSideBet(name="twenty_one_plus_three", title="21+3",
                   rule_field="twenty_one_plus_three", bet_field="twenty_one_plus_three",
                   reads=(Seen.FIRST, Seen.SECOND, Seen.UP), categories=TwentyOnePlusThree,
                   evaluate=evaluate)
