"""Hot 3: the blackjack total of the player's two cards and the dealer's up card."""

from __future__ import annotations

from ..cards import Card, Rank
from ..hand import hand_total
from .spec import CardSideBet, PayCategory, Seen


class Hot3(PayCategory):
    """Winning categories, best first."""

    SEVEN_SEVEN_SEVEN = ("7-7-7", 100)
    SUITED_21 = ("Total 21 suited", 20)
    TOTAL_21 = ("Total 21 unsuited", 4)
    TOTAL_20 = ("Total 20", 2)
    TOTAL_19 = ("Total 19", 1)


def evaluate(first: Card, second: Card, up: Card) -> Hot3 | None:
    """The best category of the three cards (an ace counts 11 unless that passes 21), or None."""
    trio = (first, second, up)
    if all(card.rank is Rank.SEVEN for card in trio):
        return Hot3.SEVEN_SEVEN_SEVEN
    total, _ = hand_total([card.points for card in trio])
    if total == 21:
        return Hot3.SUITED_21 if len({card.suit for card in trio}) == 1 else Hot3.TOTAL_21
    return {20: Hot3.TOTAL_20, 19: Hot3.TOTAL_19}.get(total)


#: The registry's entry (:mod:`trainer.rules.side_bets`).
SPEC = CardSideBet(name="hot_3", title="Hot 3", rule_field="hot_3", bet_field="hot_3",
                   reads=(Seen.FIRST, Seen.SECOND, Seen.UP), categories=Hot3, evaluate=evaluate)
