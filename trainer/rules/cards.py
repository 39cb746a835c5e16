"""Playing cards: ranks, suits and the blackjack value of each card."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum


class Suit(Enum):
    """The four suits, with their colour (for Perfect Pairs)."""

    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    SPADES = "♠"

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def letter(self) -> str:
        """One-letter name: c, d, h or s."""
        return self.name[0].lower()


class Rank(IntEnum):
    """The thirteen ranks; the int value is the poker order with the ace low (1) to king (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def points(self) -> int:
        """Blackjack value: ace 1 (its soft 11 is handled by hands), faces 10."""
        return min(int(self._value_), 10)

    @property
    def symbol(self) -> str:
        """Short face: A, 2..9, 10, J, Q, K."""
        return _SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from A, 2..10, T, J, Q, K (any case)."""
        key = text.strip().upper()
        for rank, symbol in _SYMBOLS.items():
            if key == symbol:
                return rank
        if key == "T":
            return Rank.TEN
        raise ValueError(f"not a card rank: {text!r} (use A, 2-10, T, J, Q or K)")


_SYMBOLS = {
    Rank.ACE: "A", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5",
    Rank.SIX: "6", Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10",
    Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K",
}

#: Blackjack values in the order the engine counts a shoe: A, 2, ..., 9, ten-value.
POINT_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card."""

    rank: Rank
    suit: Suit

    @property
    def points(self) -> int:
        """Blackjack value (ace 1, faces 10)."""
        return self.rank.points

    @property
    def is_ace(self) -> bool:
        """True for an ace."""
        return self.rank is Rank.ACE

    @property
    def is_ten_value(self) -> bool:
        """True for 10, J, Q and K."""
        return self.rank.points == 10

    def same_value(self, other: Card) -> bool:
        """True when both cards count the same in blackjack (so J and Q are a pair)."""
        return self.points == other.points

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``"Qh"``, ``"10s"`` or ``"A♦"``."""
        text = text.strip()
        if len(text) < 2:
            raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. 'Qh')")
        rank_text, suit_text = text[:-1], text[-1]
        for suit in Suit:
            if suit_text in (suit.value, suit.letter, suit.letter.upper()):
                return cls(Rank.parse(rank_text), suit)
        raise ValueError(f"not a suit: {suit_text!r} in {text!r} (use c, d, h or s)")


def cards(text: str) -> list[Card]:
    """Read a space-separated list of cards, e.g. ``cards("8h 8s Kd")``."""
    return [Card.parse(token) for token in text.split()]


def standard_deck() -> list[Card]:
    """One 52-card deck in a fixed order (suit by suit, ace to king)."""
    return [Card(rank, suit) for suit in Suit for rank in Rank]
