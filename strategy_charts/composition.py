"""Shoe compositions: counts of A, 2, ..., 9 and ten-value cards, as tuples of 10 ints.

The engine works on compositions, not on physical cards: suits never matter to the main game.
Index 0 holds aces, index 9 ten-values; a card of value ``v`` sits at index ``v - 1``.
"""

from __future__ import annotations

from collections.abc import Iterable

Composition = tuple[int, ...]

EMPTY: Composition = (0,) * 10


def full_shoe(decks: int) -> Composition:
    """The composition of ``decks`` full decks."""
    return (4 * decks,) * 9 + (16 * decks,)


def of_values(values: Iterable[int]) -> Composition:
    """The composition of cards given by blackjack value (ace 1, ten-values 10)."""
    counts = [0] * 10
    for value in values:
        if not 1 <= value <= 10:
            raise ValueError(f"card value must be 1 (ace) to 10, not {value}")
        counts[value - 1] += 1
    return tuple(counts)


def add(a: Composition, b: Composition) -> Composition:
    """Cards of ``a`` and ``b`` together."""
    return tuple(x + y for x, y in zip(a, b, strict=True))


def subtract(shoe: Composition, cards: Composition) -> Composition:
    """``shoe`` without ``cards``; raises ValueError when the shoe does not hold them."""
    out = tuple(x - y for x, y in zip(shoe, cards, strict=True))
    if min(out) < 0:
        raise ValueError(f"the shoe {shoe} does not hold the cards {cards}")
    return out


def with_card(comp: Composition, value: int) -> Composition:
    """``comp`` with one more card of value ``value``."""
    counts = list(comp)
    counts[value - 1] += 1
    return tuple(counts)


def total(comp: Composition) -> tuple[int, bool]:
    """Best blackjack total of a hand composition and whether it is soft."""
    hard = sum((i + 1) * n for i, n in enumerate(comp))
    if comp[0] and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def size(comp: Composition) -> int:
    """Number of cards."""
    return sum(comp)


def parse_counts(text: str) -> Composition:
    """Read ``"A,2,...,ten"`` counts, e.g. ``"0,4,4,2,0,0,2,0,0,7"``."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 10:
        raise ValueError(f"a shoe needs 10 counts (A, 2..9, ten), got {len(parts)}: {text!r}")
    try:
        counts = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(f"shoe counts must be whole numbers: {text!r}") from None
    if min(counts) < 0:
        raise ValueError(f"shoe counts cannot be negative: {text!r}")
    return counts
