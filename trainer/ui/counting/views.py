"""What the counting drills put on the felt table (:class:`~trainer.ui.table.model.TableView`)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from PyQt6.QtWidgets import QSpinBox

from trainer.drills.counting.index_cards import IndexCard
from trainer.rules import Card, Hand, RuleSet, Stakes

from ..table.flashcard_view import UNIT
from ..table.model import HIDDEN, HandView, TableView, card_view, total_text


def cards_view(cards: Sequence[Card], message: str, cards_left: int | None = None
               ) -> TableView:
    """A showing of cards to count: the cards face up in the player's place, how many under
    them (no total: counting is the player's work), no stakes; the shoe's badge only where a
    shoe is in play (``cards_left``)."""
    if not cards:
        return TableView(dealer_cards=(), hole_hidden=False, hands=(), current=None,
                         cards_left=cards_left, cut_card_out=False, message=message)
    words = f"{len(cards)} card{'s' if len(cards) > 1 else ''}"
    hand = HandView(cards=tuple(card_view(c) for c in cards), total_text=words,
                    real_stake=Fraction(0), free_stake=Fraction(0), lammers=0)
    return TableView(dealer_cards=(), hole_hidden=False, hands=(hand,), current=None,
                     cards_left=cards_left, cut_card_out=False, message=message)


def index_view(card: IndexCard, rules: RuleSet) -> TableView:
    """An index card at the table: the up card, the hole card down, the hand with one chip, and
    the true count across the middle (a side-bet card shows the question alone)."""
    if card.up is None:
        return cards_view((), card.question())
    hand = Hand(card.cards, Stakes(UNIT, Fraction(0)))
    view = HandView(cards=tuple(card_view(c) for c in card.cards),
                    total_text=total_text(hand, rules), real_stake=UNIT,
                    free_stake=Fraction(0), lammers=0)
    return TableView(dealer_cards=(card_view(card.up), HIDDEN), hole_hidden=True, hands=(view,),
                     current=0, cards_left=None,     # no shoe in play: the count is given
                     cut_card_out=False,
                     message=card.question().split(":")[0],
                     dealer_total_text=f"shows {card.up.rank.symbol}")


def spin_box(low: int, high: int, value: int, name: str, step: int = 1) -> QSpinBox:
    """A whole-number box with its range, value, step and a name for screen readers."""
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setSingleStep(step)
    spin.setAccessibleName(name)
    return spin


__all__ = ["cards_view", "index_view", "spin_box"]
