"""Exact return to player of the Perfect Pairs, 21+3 and Hot 3 side bets, by combinatorics.

The pay tables and categories come from :mod:`trainer.rules.side_bets`: every category is found by
calling that bet's ``evaluate`` function on representative cards, and paid by the category's
``.pays``; nothing here knows what a pair, a straight or a total of 21 is.

A *shoe* is the multiset of cards left to deal. It may be given as

* a mapping from :class:`~trainer.rules.cards.Card` (or a ``(Rank, Suit)`` pair) to a count,
  where missing cards count 0; or
* a 13x4 table of counts: one row per rank from ace to king (``Rank`` order), one column per
  suit in ``Suit`` order (clubs, diamonds, hearts, spades).

Perfect Pairs is settled on the player's first two cards, 21+3 and Hot 3 on those two and the
dealer's up card, all drawn without replacement from the shoe. Only the unordered set of cards
matters, so the computation walks the multisets of the 52 card *types* (a type being a rank and a
suit) and weights each by the number of ways to draw it: a product of binomial coefficients over
the number of ways to draw any two (or three) cards. Evaluations are cached per set of types, so a
full 8-deck computation takes a few hundredths of a second after the first call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb, factorial, prod
from typing import TypeAlias, cast

import numpy as np

from trainer.rules.cards import Card, Rank, Suit
from trainer.rules.side_bets import PayCategory, SideBet
from trainer.rules.side_bets import hot_3 as _hot_3
from trainer.rules.side_bets import perfect_pairs as _perfect_pairs
from trainer.rules.side_bets import twenty_one_plus_three as _twenty_one_plus_three

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


@cache
def _pair_category(first: int, second: int) -> PayCategory | None:
    return _perfect_pairs.evaluate(CARD_TYPES[first], CARD_TYPES[second])


@cache
def _twenty_one_plus_three_category(first: int, up: int, second: int) -> PayCategory | None:
    return _twenty_one_plus_three.evaluate(CARD_TYPES[first], CARD_TYPES[second], CARD_TYPES[up])


@cache
def _hot_3_category(first: int, up: int, second: int) -> PayCategory | None:
    return _hot_3.evaluate(CARD_TYPES[first], CARD_TYPES[second], CARD_TYPES[up])


def _ways(counts: TypeCounts, types: tuple[int, ...]) -> int:
    """Number of ways to draw exactly these (sorted) types, as an unordered set of cards."""
    return prod(comb(counts[t], types.count(t)) for t in set(types))


def _distribution(
    shoe: ShoeLike,
    cards: int,
    evaluate: Callable[..., PayCategory | None],
    categories: type[PayCategory],
) -> Distribution:
    """Probability of each category (and of ``None``) over every unordered draw of ``cards``."""
    counts = normalize_shoe(shoe)
    total = sum(counts)
    if total < cards:
        raise ValueError(f"the shoe holds {total} cards; the bet needs {cards}")
    present = [t for t, count in enumerate(counts) if count]
    tally: dict[PayCategory | None, int] = dict.fromkeys([*categories, None], 0)
    for types in combinations_with_replacement(present, cards):
        ways = _ways(counts, types)
        if ways:
            tally[evaluate(*types)] += ways
    draws = comb(total, cards)
    assert sum(tally.values()) == draws
    return {category: Fraction(ways, draws) for category, ways in tally.items()}


def _rtp(distribution: Distribution) -> Fraction:
    """1 + expected net win per unit: a winning category returns pays + 1, a loss returns 0."""
    return sum(
        (p * (category.pays + 1) for category, p in distribution.items() if category is not None),
        Fraction(0),
    )


# --- public API -----------------------------------------------------------------------------------


def perfect_pairs_probabilities(shoe: ShoeLike) -> Distribution:
    """Return the probability of each Perfect Pairs category, best first, then ``None`` (loss)."""
    return _distribution(shoe, 2, _pair_category, _perfect_pairs.PerfectPairs)


def twenty_one_plus_three_probabilities(shoe: ShoeLike) -> Distribution:
    """Return the probability of each 21+3 category, best first, then ``None`` (loss)."""
    return _distribution(
        shoe, 3, _twenty_one_plus_three_category, _twenty_one_plus_three.TwentyOnePlusThree
    )


def hot_3_probabilities(shoe: ShoeLike) -> Distribution:
    """Return the probability of each Hot 3 category, best first, then ``None`` (loss)."""
    return _distribution(shoe, 3, _hot_3_category, _hot_3.Hot3)


_PROBABILITIES: dict[SideBet, Callable[[ShoeLike], Distribution]] = {
    SideBet.PERFECT_PAIRS: perfect_pairs_probabilities,
    SideBet.TWENTY_ONE_PLUS_THREE: twenty_one_plus_three_probabilities,
    SideBet.HOT_3: hot_3_probabilities,
}


def category_probabilities(bet: SideBet, shoe: ShoeLike) -> Distribution:
    """Return the exact probability of each category of ``bet`` (best first, then ``None`` for a
    loss) on the first cards dealt from ``shoe``; the values sum to 1.

    Only the card side bets are covered; Pot of Gold depends on play and raises ``ValueError``.
    """
    try:
        probabilities = _PROBABILITIES[bet]
    except KeyError:
        raise ValueError(f"{bet.title} is not settled on the first cards alone") from None
    return probabilities(shoe)


#: Cards each card side bet is settled on, and the category of a (sorted) set of card types.
_SETTLED_ON: dict[SideBet, tuple[int, Callable[..., PayCategory | None]]] = {
    SideBet.PERFECT_PAIRS: (2, _pair_category),
    SideBet.TWENTY_ONE_PLUS_THREE: (3, _twenty_one_plus_three_category),
    SideBet.HOT_3: (3, _hot_3_category),
}


@cache
def _pay_grid(bet: SideBet) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every sorted draw of ``bet``'s card types: the types (draws x cards), how many equal
    types precede each card in the draw, the draw's multiplicity factorials, its net win."""
    cards, evaluate = _SETTLED_ON[bet]
    draws = list(combinations_with_replacement(range(len(CARD_TYPES)), cards))
    types = np.array(draws, dtype=np.intp)
    before = np.zeros_like(types)
    for i in range(1, cards):
        before[:, i] = np.where(types[:, i] == types[:, i - 1], before[:, i - 1] + 1, 0)
    divisor = np.array([prod(factorial(draw.count(t)) for t in set(draw)) for draw in draws],
                       dtype=float)
    categories = [evaluate(*draw) for draw in draws]
    net = np.array([-1.0 if c is None else float(c.pays) for c in categories])
    return types, before, divisor, net


def side_bet_ev(bet: SideBet, counts: Sequence[float] | np.ndarray) -> float:
    """Expected net win per unit of a card side bet dealt from ``counts`` (the 52 counts of
    :data:`CARD_TYPES`), in floating point: the same sum over draws as :func:`side_bet_rtp`
    (whose exact result minus 1 it equals to rounding), as one array product, for the many
    shoes the count lab values."""
    if bet not in _SETTLED_ON:
        raise ValueError(f"{bet.title} is not settled on the first cards alone")
    types, before, divisor, net = _pay_grid(bet)
    shoe = np.asarray(counts, dtype=float)
    ways = np.prod(np.maximum(shoe[types] - before, 0.0), axis=1) / divisor
    return float(ways @ net / comb(round(float(shoe.sum())), types.shape[1]))


def perfect_pairs_rtp(shoe: ShoeLike) -> Fraction:
    """Return the exact return to player of Perfect Pairs (1 + expected net win per unit bet)."""
    return _rtp(perfect_pairs_probabilities(shoe))


def twenty_one_plus_three_rtp(shoe: ShoeLike) -> Fraction:
    """Return the exact return to player of 21+3 (1 + expected net win per unit bet)."""
    return _rtp(twenty_one_plus_three_probabilities(shoe))


def hot_3_rtp(shoe: ShoeLike) -> Fraction:
    """Return the exact return to player of Hot 3 (1 + expected net win per unit bet)."""
    return _rtp(hot_3_probabilities(shoe))


def side_bet_rtp(bet: SideBet, shoe: ShoeLike) -> Fraction:
    """Return the exact return to player of ``bet`` (1 + expected net win per unit bet)."""
    return _rtp(category_probabilities(bet, shoe))
