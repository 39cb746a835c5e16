"""The shoe: N decks, a cut card at a set penetration, a replayable shuffle, stacked test shoes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, standard_deck
from .errors import ShoeEmptyError


@dataclass
class Shoe:
    """Cards in dealing order, plus the cut card's position.

    ``cards[0]`` is dealt first and ``position`` counts the cards dealt so far. ``cut_index`` is
    how many cards are dealt before the cut card comes out; once it has (``cut_card_out``), the
    current round is finished and the shoe is reshuffled before the next one.
    """

    cards: list[Card]
    cut_index: int
    seed: int | None = None
    decks: int = 0
    position: int = 0

    @classmethod
    def shuffled(cls, decks: int, penetration: float = 0.75, seed: int | None = None) -> Shoe:
        """A freshly shuffled shoe of ``decks`` decks; the same seed gives the same order."""
        if decks < 1:
            raise ValueError(f"a shoe needs at least one deck, not {decks}")
        if not 0.0 < penetration <= 1.0:
            raise ValueError(f"penetration must be in (0, 1], not {penetration}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        cards = standard_deck() * decks
        random.Random(seed).shuffle(cards)
        return cls(cards=cards, cut_index=round(len(cards) * penetration), seed=seed, decks=decks)

    @classmethod
    def stacked(cls, top: Iterable[Card], decks: int | None = None,
                filler_seed: int = 0) -> Shoe:
        """A shoe whose first cards are ``top`` in that order.

        Without ``decks`` the shoe holds exactly ``top`` (drawing past it raises
        :class:`ShoeEmptyError`). With ``decks`` the remaining cards of that many decks follow in
        a seeded random order, so a stacked deal can continue realistically.
        """
        top = list(top)
        rest: list[Card] = []
        if decks is not None:
            rest = standard_deck() * decks
            for card in top:
                try:
                    rest.remove(card)
                except ValueError:
                    raise ValueError(f"{card} appears more often than {decks} decks hold") from None
            random.Random(filler_seed).shuffle(rest)
        cards = top + rest
        return cls(cards=cards, cut_index=len(cards), seed=None, decks=decks or 0)

    @property
    def remaining(self) -> int:
        """Cards left to deal."""
        return len(self.cards) - self.position

    @property
    def dealt(self) -> list[Card]:
        """The cards dealt so far, in order."""
        return self.cards[: self.position]

    @property
    def cut_card_out(self) -> bool:
        """True once the cut card has been reached: finish this round, then reshuffle."""
        return self.position >= self.cut_index

    def draw(self) -> Card:
        """Deal the next card."""
        if self.position >= len(self.cards):
            raise ShoeEmptyError(f"the shoe is empty after {self.position} cards")
        card = self.cards[self.position]
        self.position += 1
        return card

    def composition(self) -> tuple[int, ...]:
        """Counts of the undealt cards by blackjack value: (A, 2, ..., 9, ten-value)."""
        return composition_of(self.cards[self.position :])


def composition_of(cards: Sequence[Card]) -> tuple[int, ...]:
    """Counts of ``cards`` by blackjack value: (A, 2, ..., 9, ten-value)."""
    counts = [0] * 10
    for rank, count in Counter(card.rank for card in cards).items():   # a shoe's worth: fast
        counts[rank.points - 1] += count
    return tuple(counts)
