"""A flashcard as the felt table shows it: up card and face-down hole card, the hand and stakes.

A free-stake hand carries a golden lammer; a hand made by a split is shown beside the hand it
was split from (that hand's first card only: it is played after this one), so the situation
reads as it would at the table.
"""

from __future__ import annotations

from fractions import Fraction

from trainer.drills.flashcards import Flashcard
from trainer.rules import Action, Card, Hand, RuleSet, Stakes, Suit, offers
from trainer.teaching.situations import Context, StakeLabel

from .model import HIDDEN, HandView, TableView, card_view, total_text

#: The stake shown on a flashcard hand (flashcards have no money: one chip of 10).
UNIT = Fraction(10)


def _hand_view(cards: tuple[Card, ...], real: bool, rules: RuleSet, total: str | None = None,
               ) -> HandView:
    hand = Hand(cards, Stakes(UNIT if real else Fraction(0), Fraction(0) if real else UNIT),
                from_split=True)
    return HandView(cards=tuple(card_view(c) for c in cards),
                    total_text=total if total is not None else total_text(
                        hand, rules),
                    real_stake=hand.stakes.real, free_stake=hand.stakes.free,
                    lammers=0 if real else 1)


def flashcard_view(card: Flashcard, rules: RuleSet, message: str = "") -> TableView:
    """The table for ``card``; ``message`` goes across the middle (default: the question)."""
    situation = card.situation
    hand = card.hand
    real = situation.stakes is StakeLabel.REAL
    main = HandView(cards=tuple(card_view(c) for c in card.cards),
                    total_text=total_text(hand, rules),
                    real_stake=UNIT if real else Fraction(0),
                    free_stake=Fraction(0) if real else UNIT,
                    lammers=0 if real else 1)
    hands: tuple[HandView, ...] = (main,)
    current = 0
    if situation.context is Context.SPLIT:
        first = card.cards[0]
        suits = [s for s in Suit if s is not first.suit]
        sibling_card = Card(first.rank, suits[card.number % len(suits)])
        if real:
            # this is the hand kept from the pair; the split-off hand waits to its right
            sibling_real = offers.split_kind(rules, first.points) is Action.SPLIT
            hands = (main, _hand_view((sibling_card,), sibling_real, rules, "plays next"))
        else:
            # the free hand made by the split; the real hand before it has been played
            hands = (_hand_view((sibling_card,), True, rules, "played first"), main)
            current = 1
    return TableView(
        dealer_cards=(card_view(card.up), HIDDEN),
        hole_hidden=True,
        hands=hands,
        current=current,
        cards_left=None,            # a flashcard has no shoe in play: none is drawn
        cut_card_out=False,
        message=message or question(card),
        dealer_total_text=f"shows {card.up.rank.symbol}",
    )


def question(card: Flashcard) -> str:
    """The line across the table: 'Hard 12 v 4 · first decision'."""
    if card.situation.context is Context.INSURANCE:
        return "Insurance?"
    text = card.situation.describe()
    return text[0].upper() + text[1:]
