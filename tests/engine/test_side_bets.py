"""Exact side-bet returns: published figures, brute force, Monte Carlo, the shoe forms.

Every registered bet also goes through ``tests/test_every_side_bet.py`` (brute force on a small
shoe among it); here the figures of these bets, and the engine's own paths.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import pytest

from strategy_charts.side_bets import (
    CARD_BETS,
    CARD_TYPES,
    category_probabilities,
    full_type_counts,
    normalize_shoe,
    side_bet_ev,
    side_bet_rtp,
)
from trainer.rules.cards import Card, Rank, Suit, standard_deck
from trainer.rules.side_bets import SideBet, hot_3, twenty_one_plus_three
from trainer.rules.side_bets.spec import CardSideBet, PayCategory, Seen

PERFECT_PAIRS, TWENTY_ONE_PLUS_THREE, HOT_3 = (
    SideBet.PERFECT_PAIRS, SideBet.TWENTY_ONE_PLUS_THREE, SideBet.HOT_3)


def perfect_pairs_rtp(shoe) -> Fraction:
    return side_bet_rtp(PERFECT_PAIRS, shoe)


def twenty_one_plus_three_rtp(shoe) -> Fraction:
    return side_bet_rtp(TWENTY_ONE_PLUS_THREE, shoe)


def hot_3_rtp(shoe) -> Fraction:
    return side_bet_rtp(HOT_3, shoe)

# --- the published figures (docs/rules/evolution.md, "Published returns") -----------------------


def test_published_rtps_for_eight_decks() -> None:
    # The project's reading (docs/rules/rulings.md: 21+3 trips of one suit are Suited Trips,
    # A-2-3 and Q-K-A straights but not K-A-2; Hot 3 ace 11 unless it busts) reproduces all
    # three published figures.
    shoe = full_type_counts(8)
    assert round(float(perfect_pairs_rtp(shoe)) * 100, 2) == 95.90
    assert round(float(twenty_one_plus_three_rtp(shoe)) * 100, 2) == 96.30
    assert round(float(hot_3_rtp(shoe)) * 100, 2) == 94.60


def test_exact_values_for_six_and_eight_decks() -> None:
    expected = {  # percentages to 4 decimals
        6: (93.8907, 95.3790, 94.5106),
        8: (95.9036, 96.2961, 94.5951),
    }
    for decks, figures in expected.items():
        shoe = full_type_counts(decks)
        got = (perfect_pairs_rtp(shoe), twenty_one_plus_three_rtp(shoe), hot_3_rtp(shoe))
        assert tuple(round(float(rtp) * 100, 4) for rtp in got) == figures


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_perfect_pairs_closed_form(decks: int) -> None:
    # Given the first card, 52d - 1 remain: d - 1 perfect, d coloured, 2d mixed partners.
    rtp = Fraction(26 * (decks - 1) + 13 * decks + 7 * 2 * decks, 52 * decks - 1)
    assert perfect_pairs_rtp(full_type_counts(decks)) == rtp


def counting(spec: CardSideBet) -> tuple[CardSideBet, list[int]]:
    """A copy of ``spec`` whose evaluations are counted (one entry per call)."""
    calls: list[int] = []

    def evaluate(*cards: Card) -> PayCategory | None:
        calls.append(1)
        return spec.evaluate(*cards)

    return replace(spec, evaluate=evaluate), calls


@pytest.mark.parametrize("bet", CARD_BETS, ids=[b.name for b in CARD_BETS])
def test_each_set_of_card_types_is_evaluated_once(bet: CardSideBet) -> None:
    """What keeps the eight-deck returns quick (part of every table build bench/engine.py
    times): a set of card types is evaluated by the rules core once; another shoe, and the
    floating-point path, reuse every evaluation."""
    spec, calls = counting(bet)
    side_bet_rtp(spec, full_type_counts(8))
    first, cards = len(calls), len(spec.reads)
    # every set of types once (in every order of it where the order matters: each ordered draw)
    assert first == (math.comb(52 + cards - 1, cards) if spec.any_order else 52 ** cards)
    side_bet_rtp(spec, full_type_counts(6))
    side_bet_rtp(spec, full_type_counts(2))
    side_bet_ev(spec, full_type_counts(1))
    assert len(calls) == first


def test_a_bet_read_in_order_is_valued_in_every_order() -> None:
    """A bet whose category depends on which card is which (``any_order`` false) is valued
    over every order of each set of cards, as brute force deals them; valued as if any order
    did, it would be wrong."""
    def up_beats_first(first: Card, second: Card, up: Card) -> PayCategory | None:
        return hot_3.Hot3.TOTAL_19 if up.points > first.points else None

    ordered = CardSideBet(name="up_beats_first", title="Up beats first", rule_field="hot_3",
                          bet_field="hot_3", reads=(Seen.FIRST, Seen.SECOND, Seen.UP),
                          categories=hot_3.Hot3, evaluate=up_beats_first, any_order=False)
    shoe = _small_shoe()
    brute = _brute_three(shoe, up_beats_first)
    assert _nonzero(category_probabilities(ordered, shoe)) == brute
    assert side_bet_ev(ordered, [shoe.get(c, 0) for c in CARD_TYPES]) == pytest.approx(
        float(_brute_rtp(brute) - 1), abs=1e-12)
    careless = replace(ordered, any_order=True)
    assert _nonzero(category_probabilities(careless, shoe)) != brute


# --- brute force over every ordered draw of physical cards ----------------------------------------


def _physical(shoe: dict[Card, int]) -> list[Card]:
    return [card for card, count in shoe.items() for _ in range(count)]


def _brute_two(shoe: dict[Card, int]) -> dict[object, Fraction]:
    tally: dict[object, int] = {}
    draws = 0
    for first, second in permutations(_physical(shoe), 2):
        category = PERFECT_PAIRS.spec.category((first, second))
        tally[category] = tally.get(category, 0) + 1
        draws += 1
    return {category: Fraction(n, draws) for category, n in tally.items()}


def _brute_three(shoe: dict[Card, int], evaluate) -> dict[object, Fraction]:
    tally: dict[object, int] = {}
    draws = 0
    # Dealing order: player card 1, dealer up card, player card 2.
    for first, up, second in permutations(_physical(shoe), 3):
        category = evaluate(first, second, up)
        tally[category] = tally.get(category, 0) + 1
        draws += 1
    return {category: Fraction(n, draws) for category, n in tally.items()}


def _brute_rtp(distribution: dict[object, Fraction]) -> Fraction:
    return sum(
        (p * (category.pays + 1) for category, p in distribution.items() if category is not None),
        Fraction(0),
    )


def _nonzero(distribution: dict[object, Fraction]) -> dict[object, Fraction]:
    return {category: p for category, p in distribution.items() if p}


def _small_shoe() -> dict[Card, int]:
    """Six ranks, 0 to 3 of each card (36 cards): A-2-3 and Q-K-A straights, trips of one card,
    7-7-7 and totals 19 to 21 all occur, and the draw weights are not all alike."""
    ranks = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.SEVEN, Rank.QUEEN, Rank.KING)
    return {
        Card(rank, suit): (int(rank) + s) % 4
        for rank in ranks
        for s, suit in enumerate(Suit)
        if (int(rank) + s) % 4
    }


def test_perfect_pairs_matches_brute_force_on_two_decks() -> None:
    shoe = dict.fromkeys(standard_deck(), 2)
    brute = _brute_two(shoe)
    assert _nonzero(category_probabilities(PERFECT_PAIRS, shoe)) == brute
    assert perfect_pairs_rtp(shoe) == _brute_rtp(brute)


def test_one_deck_three_card_bets_match_brute_force() -> None:
    # Every ordered triple of one full deck (132,600 draws): each category and the whole return.
    shoe = dict.fromkeys(standard_deck(), 1)
    for bet in (TWENTY_ONE_PLUS_THREE, HOT_3):
        spec = bet.spec
        assert _nonzero(category_probabilities(bet, shoe)) == _brute_three(shoe, spec.evaluate)


# --- Monte Carlo on the 8-deck shoe ---------------------------------------------------------------


def test_monte_carlo_agrees_within_error_bars() -> None:
    rng = random.Random(20240601)
    cards = _physical(dict.fromkeys(standard_deck(), 8))
    draws = 60_000
    seen: dict[CardSideBet, dict[object, int]] = {bet: {} for bet in CARD_BETS}
    for _ in range(draws):
        first, up, second = rng.sample(cards, 3)
        dealt = {Seen.FIRST: first, Seen.UP: up, Seen.SECOND: second}
        for bet in CARD_BETS:
            category = bet.category(tuple(dealt[seen] for seen in bet.reads))
            seen[bet][category] = seen[bet].get(category, 0) + 1
    shoe = full_type_counts(8)
    for bet in CARD_BETS:
        exact = category_probabilities(bet, shoe)
        # Each category's count is binomial: within 5 standard deviations (plus one for tiny p).
        for category, p in exact.items():
            count = seen[bet].get(category, 0)
            sd = math.sqrt(draws * float(p) * (1 - float(p)))
            assert abs(count - draws * float(p)) <= 5 * sd + 1, (bet, category)
        # The mean return, against the exact variance of one bet's return.
        mean = sum(n * ((c.pays + 1) if c else 0) for c, n in seen[bet].items()) / draws
        rtp = float(side_bet_rtp(bet, shoe))
        second_moment = sum(float(p) * (c.pays + 1) ** 2 for c, p in exact.items() if c)
        error = math.sqrt((second_moment - rtp**2) / draws)
        assert abs(mean - rtp) <= 5 * error, bet


# --- API: distributions, shoe forms, errors -------------------------------------------------------


@pytest.mark.parametrize("bet", CARD_BETS, ids=[b.name for b in CARD_BETS])
def test_distribution_lists_every_category_then_loss(bet: CardSideBet) -> None:
    distribution = category_probabilities(bet, full_type_counts(6))
    categories = list(distribution)
    assert categories[-1] is None
    assert categories[:-1] == list(type(categories[0]))
    assert sum(distribution.values()) == 1
    assert all(isinstance(p, Fraction) and p >= 0 for p in distribution.values())
    assert side_bet_rtp(bet, full_type_counts(6)) == 1 + sum(
        p * (c.pays if c else -1) for c, p in distribution.items()
    )


def test_pot_of_gold_is_not_a_card_bet() -> None:
    with pytest.raises(ValueError, match="Pot of Gold"):
        category_probabilities(SideBet.POT_OF_GOLD, full_type_counts(8))


def test_shoe_forms_are_equivalent() -> None:
    counts = [(i * 7) % 5 for i in range(52)]
    by_card = {card: n for card, n in zip(CARD_TYPES, counts, strict=True)}
    by_pair = {(card.rank, card.suit): n for card, n in by_card.items()}
    table = [[by_card[Card(rank, suit)] for suit in Suit] for rank in Rank]
    assert normalize_shoe(by_card) == normalize_shoe(by_pair) == normalize_shoe(table)
    assert normalize_shoe(table) == tuple(counts)
    assert hot_3_rtp(by_pair) == hot_3_rtp(table) == hot_3_rtp(tuple(counts))


def test_depleted_shoe() -> None:
    # Take all the sevens out: Hot 3 can no longer pay 7-7-7.
    shoe = {card: 6 for card in standard_deck() if card.rank is not Rank.SEVEN}
    assert category_probabilities(HOT_3, shoe)[hot_3.Hot3.SEVEN_SEVEN_SEVEN] == 0
    # Only one card of each rank: no pairs at all.
    single = {Card(rank, Suit.SPADES): 1 for rank in Rank}
    assert perfect_pairs_rtp(single) == 0
    # Thirteen spades: every draw is a flush, 12 of the 286 are straight flushes (A-2-3 .. Q-K-A).
    poker = category_probabilities(TWENTY_ONE_PLUS_THREE, single)
    assert poker[twenty_one_plus_three.TwentyOnePlusThree.STRAIGHT_FLUSH] == Fraction(12, 286)
    assert poker[twenty_one_plus_three.TwentyOnePlusThree.FLUSH] == Fraction(274, 286)
    assert poker[None] == 0


def test_bad_shoes_are_refused() -> None:
    with pytest.raises(ValueError):
        full_type_counts(0)
    with pytest.raises(ValueError):
        normalize_shoe([[1] * 4] * 12)
    with pytest.raises(ValueError):
        normalize_shoe({Card(Rank.ACE, Suit.CLUBS): -1})
    with pytest.raises(ValueError, match="needs 3"):
        hot_3_rtp({Card(Rank.ACE, Suit.CLUBS): 2})
