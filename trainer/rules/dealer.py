"""The dealer's hand: when the dealer draws, and what the final hand is worth."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .hand import hand_total


def blackjack_hole(up_points: int) -> int | None:
    """The hole card (by blackjack value) that makes a dealer blackjack with this up card: a
    ten-value under an ace, an ace under a ten-value; None under any other up card."""
    return {1: 10, 10: 1}.get(up_points)


def dealer_draws_on(total: int, soft: bool, hits_soft_17: bool) -> bool:
    """True while the dealer must draw on this best total: below 17, or soft 17 when the
    dealer hits soft 17."""
    return total < 17 or (total == 17 and soft and hits_soft_17)


def dealer_must_hit(points: Sequence[int], hits_soft_17: bool) -> bool:
    """:func:`dealer_draws_on` for a dealer hand given by its cards' blackjack values."""
    total, soft = hand_total(tuple(points))
    return dealer_draws_on(total, soft, hits_soft_17)


@dataclass(frozen=True)
class DealerFinal:
    """The dealer's finished hand as settlement sees it."""

    total: int
    blackjack: bool

    @property
    def bust(self) -> bool:
        """True over 21 (22 included: whether 22 pushes is the rule set's push_22)."""
        return self.total > 21

    @classmethod
    def of(cls, points: Sequence[int]) -> DealerFinal:
        """Read a finished dealer hand from its card values (first two cards dealt first)."""
        total, _ = hand_total(tuple(points))
        return cls(total=total, blackjack=len(points) == 2 and total == 21)
