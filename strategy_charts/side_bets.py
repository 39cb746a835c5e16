"""Exact return to player of the card side bets (Perfect Pairs, 21+3, Hot 3, ...), by
combinatorics.

Every bet comes from the registry :mod:`trainer.rules.side_bets` as a
:class:`~trainer.rules.side_bets.spec.CardSideBet`: every category is found by calling the
spec's evaluation on representative cards, in the order of the cards it reads, and paid by the
category's ``.pays``; nothing here knows what a pair, a straight or a total of 21 is, or which
bets exist. (Pot of Gold reads lammers, which depend on play: :mod:`.pot_of_gold`.)

A *shoe* is the multiset of cards left to deal. It may be given as

* a mapping from :class:`~trainer.rules.cards.Card` (or a ``(Rank, Suit)`` pair) to a count,
  where missing cards count 0; or
* a 13x4 table of counts: one row per rank from ace to king (``Rank`` order), one column per
  suit in ``Suit`` order (clubs, diamonds, hearts, spades).

A card bet is settled on two or three cards (the player's first two, the dealer's up card),
drawn without replacement from the shoe. The computation walks the multisets of the 52 card
*types* (a type being a rank and a suit) and weights each by the number of ways to draw it: a
product of binomial coefficients over the number of ways to draw any two (or three) cards.
Every order of one multiset is equally likely, so a bet whose category does not depend on which
card is which (``any_order``, every bet so far) is evaluated once per multiset, any other once
per distinct order. Evaluations are cached per bet and set of types, so a full 8-deck
computation takes a few hundredths of a second after the first call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, permutations
from math import comb, factorial, prod
from typing import TypeAlias, cast

import numpy as np

from trainer.rules.cards import Card, Rank, Suit
from trainer.rules.side_bets import SIDE_BETS, CardSideBet, PayCategory, SideBet

#: A shoe as accepted by this module (see the module docstring).
ShoeLike: TypeAlias = (Mapping[Card, int] | Mapping[tuple[Rank, Suit], int] | Sequence[int]
                       | Sequence[Sequence[int]])

#: The 52 card types, in the order of :data:`TypeCounts`: rank-major (ace to king), then suit.
CARD_TYPES: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)

_INDEX: dict[Card, int] = {card: index for index, card in enumerate(CARD_TYPES)}

#: A normalised shoe: the count of each of the 52 :data:`CARD_TYPES`, in that order.
TypeCounts: TypeAlias = tuple[int, ...]

#: Probability of each category of one bet; ``None`` is the losing outcome.
Distribution: TypeAlias = dict[PayCategory | None, Fraction]


def full_type_counts(decks: int) -> TypeCounts:
    """Return a full shoe of ``decks`` standard 52-card decks (each card type ``decks`` times)."""
    if decks < 1:
        raise ValueError(f"a shoe holds at least one deck, not {decks}")
    return (decks,) * len(CARD_TYPES)


def normalize_shoe(shoe: ShoeLike) -> TypeCounts:
    """Return ``shoe`` as the 52 counts of :data:`CARD_TYPES`, checking every count is >= 0."""
    counts = [0] * len(CARD_TYPES)
    if isinstance(shoe, Mapping):
        for key, count in shoe.items():
            card = key if isinstance(key, Card) else Card(*key)
            counts[_INDEX[card]] += int(count)
    else:
        rows = list(shoe)
        if len(rows) == len(CARD_TYPES):   # already the 52 counts of CARD_TYPES
            counts = [int(cast(int, count)) for count in rows]
        else:
            tables = cast(list[Sequence[int]], rows)
            if len(tables) != len(Rank) or any(len(row) != len(Suit) for row in tables):
                raise ValueError("a shoe table has 13 rows (ace to king) of 4 counts (c, d, h, s)")
            counts = [int(count) for row in tables for count in row]
    if any(count < 0 for count in counts):
        raise ValueError("a shoe cannot hold a negative number of cards")
    return tuple(counts)


# --- evaluation of one set of card types, cached (it does not depend on the counts) ---------------


#: The categories a set of card types makes, each with how many orders of the draw make it.
Shares: TypeAlias = tuple[tuple[PayCategory | None, int], ...]


@cache
def _categories(spec: CardSideBet, types: tuple[int, ...]) -> Shares:
    """The categories of one sorted set of card types, each with its share of the draw's
    ``len(types)!`` orders (all of them where the bet reads the cards in any order)."""
    if spec.any_order:
        return ((spec.category(tuple(CARD_TYPES[t] for t in types)), factorial(len(types))),)
    share = prod(factorial(types.count(t)) for t in set(types))   # orders of one arrangement
    found: dict[PayCategory | None, int] = {}
    for order in sorted(set(permutations(types))):
        category = spec.category(tuple(CARD_TYPES[t] for t in order))
        found[category] = found.get(category, 0) + share
    return tuple(found.items())


def _ways(counts: TypeCounts, types: tuple[int, ...]) -> int:
    """Number of ways to draw exactly these (sorted) types, as an unordered set of cards."""
    return prod(comb(counts[t], types.count(t)) for t in set(types))


def card_bet(bet: SideBet | CardSideBet) -> CardSideBet:
    """The spec of a card side bet (``ValueError`` for a bet not settled on the first cards)."""
    spec = bet.spec if isinstance(bet, SideBet) else bet
    if not isinstance(spec, CardSideBet):
        raise ValueError(f"{spec.title} is not settled on the first cards alone")
    return spec


#: The card side bets of the registry, in its order.
CARD_BETS: tuple[CardSideBet, ...] = tuple(s for s in SIDE_BETS if isinstance(s, CardSideBet))


def category_probabilities(bet: SideBet | CardSideBet, shoe: ShoeLike) -> Distribution:
    """Return the exact probability of each category of ``bet`` (best first, then ``None`` for a
    loss) on the first cards dealt from ``shoe``; the values sum to 1.

    Only the card side bets are covered; Pot of Gold depends on play and raises ``ValueError``.
    """
    spec = card_bet(bet)
    cards = len(spec.reads)
    counts = normalize_shoe(shoe)
    total = sum(counts)
    if total < cards:
        raise ValueError(f"the shoe holds {total} cards; the bet needs {cards}")
    present = [t for t, count in enumerate(counts) if count]
    tally: dict[PayCategory | None, int] = dict.fromkeys([*spec.categories, None], 0)
    for types in combinations_with_replacement(present, cards):
        ways = _ways(counts, types)
        if ways:
            for category, orders in _categories(spec, types):
                tally[category] += ways * orders
    draws = comb(total, cards) * factorial(cards)
    assert sum(tally.values()) == draws
    return {category: Fraction(ways, draws) for category, ways in tally.items()}


def _rtp(distribution: Distribution) -> Fraction:
    """1 + expected net win per unit: a winning category returns pays + 1, a loss returns 0."""
    return sum(
        (p * (category.pays + 1) for category, p in distribution.items() if category is not None),
        Fraction(0),
    )


def side_bet_rtp(bet: SideBet | CardSideBet, shoe: ShoeLike) -> Fraction:
    """Return the exact return to player of ``bet`` (1 + expected net win per unit bet)."""
    return _rtp(category_probabilities(bet, shoe))


@cache
def _pay_grid(spec: CardSideBet) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every sorted draw of the bet's card types: the types (draws x cards), how many equal
    types precede each card in the draw, the draw's multiplicity factorials, its net win."""
    cards = len(spec.reads)
    draws = list(combinations_with_replacement(range(len(CARD_TYPES)), cards))
    types = np.array(draws, dtype=np.intp)
    before = np.zeros_like(types)
    for i in range(1, cards):
        before[:, i] = np.where(types[:, i] == types[:, i - 1], before[:, i - 1] + 1, 0)
    divisor = np.array([prod(factorial(draw.count(t)) for t in set(draw)) for draw in draws],
                       dtype=float)
    net = np.array([sum(orders * (-1 if c is None else c.pays)
                        for c, orders in _categories(spec, draw)) / factorial(cards)
                    for draw in draws])
    return types, before, divisor, net


def side_bet_ev(bet: SideBet | CardSideBet, counts: Sequence[float] | np.ndarray) -> float:
    """Expected net win per unit of a card side bet dealt from ``counts`` (the 52 counts of
    :data:`CARD_TYPES`), in floating point: the same sum over draws as :func:`side_bet_rtp`
    (whose exact result minus 1 it equals to rounding), as one array product, for the many
    shoes the count lab values."""
    types, before, divisor, net = _pay_grid(card_bet(bet))
    shoe = np.asarray(counts, dtype=float)
    ways = np.prod(np.maximum(shoe[types] - before, 0.0), axis=1) / divisor
    return float(ways @ net / comb(round(float(shoe.sum())), types.shape[1]))
