"""The computer seats painted at their places (:mod:`.seat_layout`): each one's name, its
hands' cards and totals (a settled hand's total on its outcome's colour), and the player's bet
behind it: the chip on its Bet Behind spot and, once settled, the result beside the cards.
Also the seats in words, for screen readers."""

from __future__ import annotations

from PyQt6.QtCore import QRectF, Qt
from PyQt6.QtGui import QColor, QPainter, QPen

from trainer.rules import Outcome

from .measures import behind_lines, fitted_font, seat_caption
from .model import SeatView, money_text
from .paint import paint_card, paint_chip, paint_sideways
from .places import SeatPlace
from .seat_layout import seat_text

#: Words on the felt.
TEXT = QColor("#fffdf5")
#: A settled hand's colour: green for a win, grey for a push, red for a loss.
BADGE = {Outcome.BLACKJACK: "#1e8e3e", Outcome.CHARLIE: "#1e8e3e", Outcome.WIN: "#1e8e3e",
         Outcome.PUSH: "#5f6368", Outcome.PUSH_22: "#5f6368", Outcome.LOSE: "#b3261e",
         Outcome.BUST: "#b3261e", Outcome.SURRENDER: "#6a4c9c"}
#: A bet behind's result by its word.
BEHIND = {"Won": "#1e8e3e", "Push": "#5f6368", "Lost": "#b3261e"}
LABEL = QColor(0, 0, 0, 150)


def paint_label(painter: QPainter, rect: QRectF, text: str, size: float,
                fill: QColor = LABEL, ring: QPen | None = None, bold: bool = True) -> None:
    """Short text on a rounded label filling ``rect`` (smaller if it would not fit)."""
    painter.setPen(ring if ring is not None else Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    painter.setPen(TEXT)
    painter.setFont(fitted_font(text, size, rect.width(), bold))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def paint_seat(painter: QPainter, place: SeatPlace, seat: SeatView, card_h: float) -> None:
    """One computer seat at its place."""
    px = seat_text(card_h)
    paint_label(painter, place.caption, seat_caption(seat), px, QColor(0, 0, 0, 110),
                bold=False)
    for face in place.faces:
        if face.sideways:
            paint_sideways(painter, face.rect, face.card)
        else:
            paint_card(painter, face.rect, face.card)
    for rect, hand in zip(place.totals, seat.hands, strict=True):
        fill = QColor(BADGE[hand.outcome]) if hand.outcome is not None else LABEL
        paint_label(painter, rect, hand.total_text, px, fill)
    behind = seat.behind
    if behind is None or place.spot is None:
        return
    painter.setPen(QPen(QColor(255, 250, 230, 150), max(1.0, card_h * 0.012)))
    painter.setBrush(QColor(0, 0, 0, 40))
    painter.drawEllipse(place.spot)
    if place.chip is not None:
        paint_chip(painter, place.chip.centre, place.chip.radius, place.chip.amount)
    word, net = behind_lines(behind)
    if not behind.settled or place.result is None:
        return
    rect = place.result
    painter.setPen(QPen(QColor("#ffffff"), max(1.0, px * 0.08)))
    painter.setBrush(QColor(BEHIND[word]))
    painter.drawRoundedRect(rect, px * 0.5, px * 0.5)
    painter.setPen(QColor("#ffffff"))
    half = rect.height() / 2
    for text, box in ((word, QRectF(rect.x(), rect.y(), rect.width(), half)),
                      (net, QRectF(rect.x(), rect.y() + half, rect.width(), half))):
        painter.setFont(fitted_font(text, min(px, half * 0.8), rect.width()))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def seat_words(seat: SeatView) -> str:
    """A seat in words: "Seat 1: 10♠ 7♥, 17, Win; bet behind 10: won +10"."""
    hands = "; ".join(" ".join(f"{c.rank_text}{c.suit_symbol}" for c in hand.cards)
                      + f", {hand.total_text}" + (f", {hand.outcome_text}"
                                                  if hand.outcome_text else "")
                      for hand in seat.hands)
    if not seat.hands:            # bets are being placed
        if seat.behind is None or not seat.behind.stake:
            return f"{seat_caption(seat)}: no bet"
        return f"{seat_caption(seat)} {money_text(seat.behind.stake)}"
    words = f"{seat_caption(seat)}: {hands}"
    if seat.behind is not None:
        word, net = behind_lines(seat.behind)
        words += f"; bet behind {money_text(seat.behind.stake)}"
        words += f": {word.lower()} {net}" if word else ""
    return words


__all__ = ["BADGE", "TEXT", "paint_label", "paint_seat", "seat_words"]
