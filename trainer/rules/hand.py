"""A player's hand: its cards, totals, stakes and where it came from (split or not)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Card
from .stakes import Stakes


def soft_total(hard: int, has_ace: bool) -> tuple[int, bool]:
    """Best total of a hand whose cards add up to ``hard`` with every ace counted 1, and whether
    it is soft: one ace counts 11 when that does not pass 21."""
    if has_ace and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def hand_total(points: list[int] | tuple[int, ...]) -> tuple[int, bool]:
    """Best total of cards given by blackjack value, and whether it is soft (an ace counts 11)."""
    return soft_total(sum(points), 1 in points)


@dataclass(frozen=True)
class Hand:
    """One hand of a seat. Immutable: the round replaces a hand when it changes.

    ``from_split`` hands can never be a blackjack; ``split_aces`` hands get one card and stand
    unless aces may be resplit; a ``surrendered`` hand is out of play, half its real stake
    given up (docs/rules/surrender.md). ``lammers`` counts the free bets on this hand (one per
    free split that made it, one per free double), which the Pot of Gold wager pays on.
    """

    cards: tuple[Card, ...]
    stakes: Stakes
    from_split: bool = False
    split_aces: bool = False
    doubled: bool = False
    stood: bool = False
    lammers: int = 0
    surrendered: bool = False
    #: doubled with money (the real stake grew), not with a free double
    paid_double: bool = False

    @property
    def points(self) -> tuple[int, ...]:
        """The cards' blackjack values."""
        return tuple(card.points for card in self.cards)

    @property
    def total(self) -> int:
        """Best total (an ace counts 11 when that does not bust the hand)."""
        return hand_total(self.points)[0]

    @property
    def is_soft(self) -> bool:
        """True when an ace counts as 11 in the total."""
        return hand_total(self.points)[1]

    @property
    def hard_total(self) -> int:
        """Total with every ace counted as 1."""
        return sum(self.points)

    @property
    def card_count(self) -> int:
        """Number of cards in the hand."""
        return len(self.cards)

    @property
    def is_blackjack(self) -> bool:
        """Two-card 21 on the initial hand (never after a split)."""
        return not self.from_split and self.card_count == 2 and self.total == 21

    @property
    def is_bust(self) -> bool:
        """True when the total is over 21."""
        return self.total > 21

    @property
    def is_pair(self) -> bool:
        """Two cards of equal blackjack value (J-Q is a pair)."""
        return self.card_count == 2 and self.cards[0].same_value(self.cards[1])

    def with_card(self, card: Card) -> Hand:
        """This hand with one more card."""
        return replace(self, cards=(*self.cards, card))

    def describe(self) -> str:
        """Text such as 'soft 18 (A♠ 7♦)'."""
        kind = "soft" if self.is_soft else "hard"
        return f"{kind} {self.total} ({' '.join(map(str, self.cards))})"
