"""Shoe compositions: counts of A, 2, ..., 9 and ten-value cards, as tuples of 10 ints.

The engine works on compositions, not on physical cards: suits never matter to the main game.
Index 0 holds aces, index 9 ten-values; a card of value ``v`` sits at index ``v - 1``.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from functools import cache

from trainer.rules.hand import soft_total

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
    return tuple(map(operator.add, a, b))


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


@cache
def total(comp: Composition) -> tuple[int, bool]:
    """Best blackjack total of a hand composition and whether it is soft (the rules core's
    :func:`~trainer.rules.hand.soft_total`, cached per composition)."""
    return soft_total(sum((i + 1) * n for i, n in enumerate(comp)), comp[0] > 0)


def size(comp: Composition) -> int:
    """Number of cards."""
    return sum(comp)


def fits(cards: Composition, shoe: Composition) -> bool:
    """True when ``shoe`` holds every card of ``cards``."""
    return all(map(operator.le, cards, shoe))


@cache
def unbusted_hands(max_cards: int = 21) -> tuple[Composition, ...]:
    """Every composition of 1 to ``max_cards`` cards whose hard total is at most 21."""
    found: list[Composition] = []

    def walk(start: int, hard: int, counts: list[int], n: int) -> None:
        if n:
            found.append(tuple(counts))
        if n == max_cards:
            return
        for value in range(start, 11):
            if hard + value > 21:
                break
            counts[value - 1] += 1
            walk(value, hard + value, counts, n + 1)
            counts[value - 1] -= 1

    walk(1, 0, [0] * 10, 0)
    return tuple(found)


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
