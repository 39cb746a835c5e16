"""Cards, the shoe and its cut card, hand totals, presets' deck counts."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from trainer.rules import (
    POT_OF_GOLD_8D,
    Action,
    Bets,
    Card,
    Hand,
    Phase,
    Rank,
    Round,
    RuleSetError,
    Shoe,
    ShoeEmptyError,
    Stakes,
    cards,
    hand_total,
    standard_deck,
)

from .conftest import EVOLUTION, MAIN, POT_OF_GOLD, play


def test_evolution_shoe_has_eight_decks() -> None:
    """docs/rules/evolution.md#the-shoe: eight standard decks of 52 cards."""
    assert EVOLUTION.decks == 8
    shoe = Shoe.shuffled(EVOLUTION.decks, seed=1)
    assert len(shoe.cards) == 416
    assert Counter(shoe.cards) == Counter({card: 8 for card in standard_deck()})


def test_pot_of_gold_six_decks_by_default_eight_allowed() -> None:
    """docs/rules/pot-of-gold.md#the-shoe: six decks by default, eight in pot-of-gold-8d."""
    assert POT_OF_GOLD.decks == 6
    assert POT_OF_GOLD_8D.decks == 8
    assert replace(POT_OF_GOLD_8D, name="x") == replace(POT_OF_GOLD, name="x", decks=8)
    with pytest.raises(RuleSetError, match="'decks'"):
        replace(POT_OF_GOLD, decks=9)


def test_standard_deck_has_52_cards() -> None:
    """docs/rules/evolution.md#the-shoe: standard decks of 52 cards."""
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52


@pytest.mark.parametrize("rank", [Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX,
                                  Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN])
def test_cards_two_to_ten_worth_face_value(rank) -> None:
    """docs/rules/evolution.md#card-values: cards 2 to 10 count their number."""
    assert rank.points == int(rank)


@pytest.mark.parametrize("rank", [Rank.JACK, Rank.QUEEN, Rank.KING])
def test_face_cards_worth_ten(rank) -> None:
    """docs/rules/evolution.md#card-values: jacks, queens and kings count 10."""
    assert rank.points == 10


@pytest.mark.parametrize(("text", "total", "soft"), [
    ("Ah 6d", 17, True), ("Ah 6d 10c", 17, False), ("Ah Ad", 12, True), ("Ah Ad 9c", 21, True),
    ("Ah Kd", 21, True), ("Ah 5d 5c", 21, True), ("Ah 5d 6c", 12, False), ("Ah Ad Ac As", 14, True),
    ("10h 6d", 16, False),
])
def test_ace_worth_1_or_11_whichever_more_favorable(text, total, soft) -> None:
    """docs/rules/evolution.md#card-values: an ace counts 1 or 11, whichever serves the hand
    better; a hand is soft while an ace counts 11."""
    assert hand_total([c.points for c in cards(text)]) == (total, soft)
    hand = Hand(cards=tuple(cards(text)), stakes=Stakes(MAIN))
    assert (hand.total, hand.is_soft) == (total, soft)


def test_same_seed_gives_same_shuffle() -> None:
    """docs/rules/evolution.md#the-shoe: the shoe is shuffled (replayable by seed)."""
    assert Shoe.shuffled(8, seed=7).cards == Shoe.shuffled(8, seed=7).cards
    assert Shoe.shuffled(8, seed=7).cards != Shoe.shuffled(8, seed=8).cards


def test_cut_card_after_75_percent_by_default() -> None:
    """docs/rules/rulings.md#the-cut-card: the cut card after 75% of the shoe by default, a
    setting from 50% to 90%."""
    assert EVOLUTION.penetration == 0.75
    shoe = Shoe.shuffled(EVOLUTION.decks, EVOLUTION.penetration, seed=3)
    assert shoe.cut_index == 312
    for _ in range(311):
        shoe.draw()
    assert not shoe.cut_card_out
    shoe.draw()
    assert shoe.cut_card_out
    assert replace(EVOLUTION, penetration=0.5).penetration == 0.5
    assert replace(EVOLUTION, penetration=0.9).penetration == 0.9
    for bad in (0.45, 0.95):
        with pytest.raises(RuleSetError, match="'penetration'"):
            replace(EVOLUTION, penetration=bad)


def test_round_with_cut_card_is_completed() -> None:
    """docs/rules/rulings.md#the-cut-card: the round in which the cut card comes out is finished,
    then the shoe is shuffled."""
    shoe = Shoe.stacked(cards("10h 9s 5d 7c 3c 2c"))
    shoe.cut_index = 4
    rnd = Round(EVOLUTION, shoe, Bets(main=MAIN))
    assert shoe.cut_card_out
    play(rnd, Action.HIT, Action.STAND)  # the round goes on past the cut card
    assert rnd.phase is Phase.SETTLED
    assert shoe.remaining == 0


def test_stacked_shoe_deals_exactly_its_cards() -> None:
    """Deal order of a stacked shoe: the listed cards first, then nothing (ShoeEmptyError)."""
    shoe = Shoe.stacked(cards("Ah 2d"))
    assert [shoe.draw(), shoe.draw()] == cards("Ah 2d")
    with pytest.raises(ShoeEmptyError):
        shoe.draw()


def test_stacked_shoe_with_decks_continues_from_the_rest() -> None:
    """docs/rules/evolution.md#the-shoe: eight standard decks (a stacked 8-deck shoe still holds
    exactly eight decks)."""
    shoe = Shoe.stacked(cards("Ah Ah"), decks=8)
    assert Counter(shoe.cards) == Counter({card: 8 for card in standard_deck()})
    with pytest.raises(ValueError):
        Shoe.stacked(cards("Ah Ah"), decks=1)


def test_card_parsing() -> None:
    """Cards are written rank then suit: "Qh", "10s", "A♦"."""
    assert Card.parse("Qh") == Card(Rank.QUEEN, Card.parse("Q♥").suit)
    assert Card.parse("10s").rank is Rank.TEN
    assert Card.parse("Ts").rank is Rank.TEN
    for bad in ("Q", "1h", "Qx"):
        with pytest.raises(ValueError):
            Card.parse(bad)


def test_shoe_arguments_are_checked() -> None:
    """docs/rules/evolution.md#the-shoe: a shoe of standard decks (it holds at least one deck,
    and a cut card inside it)."""
    with pytest.raises(ValueError, match="deck"):
        Shoe.shuffled(0)
    for bad in (0.0, 1.5):
        with pytest.raises(ValueError, match="penetration"):
            Shoe.shuffled(1, bad)


def test_shoe_composition_by_blackjack_value() -> None:
    """docs/rules/evolution.md#card-values: jacks, queens and kings count 10 (16 ten-value cards
    per deck)."""
    shoe = Shoe.shuffled(8, seed=5)
    assert shoe.composition() == (32,) * 9 + (128,)
    first = shoe.draw()
    assert shoe.dealt == [first]
    assert sum(shoe.composition()) == 415
    assert shoe.composition()[first.points - 1] == (127 if first.points == 10 else 31)
