"""The felt table: dealer's cards, the player's hands side by side with stakes, and the shoe.

:class:`TableWidget` paints a :class:`~trainer.ui.table.model.TableView` and holds nothing
else. Every size is a fraction of the widget's size, all drawing is antialiased vector work, so
the table is crisp at any size and device pixel ratio.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from PyQt6.QtCore import QPointF, QRectF, QSize, Qt
from PyQt6.QtGui import QColor, QFontMetricsF, QPainter, QPaintEvent, QPen, QRadialGradient
from PyQt6.QtWidgets import QSizePolicy, QWidget

from trainer.rules import Outcome

from .model import EMPTY, CardView, HandView, TableView
from .paint import (
    CARD_RATIO,
    GOLD,
    font,
    paint_back,
    paint_card,
    paint_chip,
    paint_lammer,
)

FELT_LIGHT = QColor("#2e8b4f")
FELT_DARK = QColor("#0b4322")
PRINT = QColor(255, 250, 230, 70)
TEXT = QColor("#fffdf5")
#: Horizontal step between overlapping cards of one hand, in card widths.
HAND_STEP = 0.36
DEALER_STEP = 0.58
#: The settled hand's badge: green for a win, grey for a push, red for a loss.
BADGE = {Outcome.BLACKJACK: "#1e8e3e", Outcome.CHARLIE: "#1e8e3e", Outcome.WIN: "#1e8e3e",
         Outcome.PUSH: "#5f6368", Outcome.PUSH_22: "#5f6368", Outcome.LOSE: "#b3261e",
         Outcome.BUST: "#b3261e"}


@dataclass(frozen=True)
class Layout:
    """Where things go for one widget size and one view (all in logical pixels)."""

    card_h: float
    card_w: float
    dealer_top: float
    message_y: float
    arc_y: float
    hands_top: float
    slots: tuple[QRectF, ...]
    shoe: QRectF


def layout(width: float, height: float, view: TableView) -> Layout:
    """Compute the table's layout; card size follows the smaller of the two space limits."""
    n = max(1, len(view.hands))
    most = max([len(h.cards) for h in view.hands] + [2])
    hand_width = CARD_RATIO * (1 + HAND_STEP * (most - 1))   # in card heights
    by_width = (width * 0.94) / (n * hand_width * 1.18)
    card_h = max(20.0, min(height * 0.22, by_width, width * 0.16))
    card_w = card_h * CARD_RATIO
    margin = 0.035 * height
    dealer_top = margin + 0.05 * height
    hands_top = height * 0.54
    slot_w = width * 0.94 / n
    slot_h = height - hands_top - margin * 0.5 + card_h * 0.1
    left = width * 0.03
    slots = tuple(QRectF(left + i * slot_w, hands_top - card_h * 0.1, slot_w, slot_h)
                  for i in range(n))
    shoe_h = max(34.0, min(height * 0.1, 84.0))
    # The shoe sits right of the dealer's cards (room for three at least, so it does not jump
    # as the dealer draws) and may shrink to fit there on a narrow table.
    dealt = max(3, len(view.dealer_cards))
    dealer_right = width / 2 + card_w * (1 + DEALER_STEP * (dealt - 1)) / 2
    shoe_left = min(dealer_right + card_w * 0.15, width * 0.98 - 40)
    shoe = QRectF(shoe_left, margin, width * 0.98 - shoe_left, shoe_h)
    arc_y = hands_top - card_h * 0.32
    message_y = (dealer_top + card_h * 1.25 + arc_y) / 2
    return Layout(card_h, card_w, dealer_top, message_y, arc_y, hands_top, slots, shoe)


class TableWidget(QWidget):
    """Paints one :class:`TableView`; call :meth:`set_view` to show another."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view: TableView = EMPTY
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Blackjack table")

    def view(self) -> TableView:
        """The view painted now."""
        return self._view

    def set_view(self, view: TableView) -> None:
        """Show ``view`` (repaints only when it differs from the one shown)."""
        if view == self._view:
            return
        self._view = view
        self.setAccessibleDescription(describe(view))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(900, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(360, 240)

    def hand_rect(self, index: int) -> QRectF:
        """The area of hand ``index`` (cards, total and stakes), for tests and hit-testing."""
        return layout(self.width(), self.height(), self._view).slots[index]

    # ----- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent | None) -> None:
        painter = QPainter(self)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing
                               | QPainter.RenderHint.TextAntialiasing)
        w, h = float(self.width()), float(self.height())
        view = self._view
        lay = layout(w, h, view)
        _felt(painter, w, h, lay)
        self._dealer(painter, w, lay)
        for index, hand in enumerate(view.hands):
            _hand(painter, lay, lay.slots[index], hand, index == view.current)
        _shoe(painter, lay.shoe, view)
        if view.message:
            _banner(painter, QPointF(w / 2, lay.message_y), view.message, lay.card_h)
        painter.end()

    def _dealer(self, painter: QPainter, width: float, lay: Layout) -> None:
        view = self._view
        cards = view.dealer_cards
        step = lay.card_w * DEALER_STEP
        total_w = lay.card_w + step * max(0, len(cards) - 1)
        x0 = width / 2 - total_w / 2
        label_font = font(lay.card_h * 0.1)
        painter.setFont(label_font)
        painter.setPen(QColor(255, 250, 230, 150))
        label = QRectF(0, lay.dealer_top - lay.card_h * 0.16, width, lay.card_h * 0.14)
        painter.drawText(label, Qt.AlignmentFlag.AlignCenter, "DEALER")
        for i, card in enumerate(cards):
            rect = QRectF(x0 + i * step, lay.dealer_top, lay.card_w, lay.card_h)
            if i == 1 and view.hole_hidden:
                paint_back(painter, rect)
            else:
                paint_card(painter, rect, card)
        if cards and view.dealer_total_text:
            centre = QPointF(width / 2, lay.dealer_top + lay.card_h * 1.14)
            _pill(painter, centre, view.dealer_total_text, lay.card_h * 0.12)


def _felt(painter: QPainter, w: float, h: float, lay: Layout) -> None:
    """The green felt with a soft light in the middle and the printed insurance arc."""
    gradient = QRadialGradient(QPointF(w / 2, h * 0.4), max(w, h) * 0.75)
    gradient.setColorAt(0.0, FELT_LIGHT)
    gradient.setColorAt(1.0, FELT_DARK)
    painter.fillRect(QRectF(0, 0, w, h), gradient)
    # the printed arc between dealer and player, with the game's name on it
    radius = w * 0.9
    centre = QPointF(w / 2, lay.arc_y - radius)
    painter.setPen(QPen(PRINT, max(1.0, h * 0.003)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for r in (radius, radius + lay.card_h * 0.16):
        painter.drawEllipse(centre, r, r)
    _arc_text(painter, centre, radius + lay.card_h * 0.08, "FREE BET BLACKJACK",
              lay.card_h * 0.085)


def _arc_text(painter: QPainter, centre: QPointF, radius: float, text: str,
              size: float) -> None:
    """Draw ``text`` centred along the bottom of a circle, letter by letter."""
    letters = font(size)
    letters.setHintingPreference(letters.HintingPreference.PreferNoHinting)
    painter.setFont(letters)
    metrics = painter.fontMetrics()
    gap = size * 0.45
    widths = [metrics.horizontalAdvance(c) for c in text]
    angle = -(sum(widths) + gap * (len(text) - 1)) / radius / 2
    painter.setPen(QColor(255, 250, 230, 120))
    for char, width in zip(text, widths, strict=True):
        a = angle + width / radius / 2
        painter.save()
        painter.translate(centre.x() + radius * math.sin(a), centre.y() + radius * math.cos(a))
        painter.rotate(math.degrees(-a))
        painter.drawText(QPointF(-width / 2, size * 0.36), char)
        painter.restore()
        angle += (width + gap) / radius


def _hand(painter: QPainter, lay: Layout, slot: QRectF, hand: HandView, current: bool) -> None:
    """One hand: highlight if current, cards overlapping left to right, total, outcome, stakes."""
    cw, ch = lay.card_w, lay.card_h
    step = cw * HAND_STEP
    cards_w = cw + step * max(0, len(hand.cards) - 1)
    x0 = slot.center().x() - cards_w / 2
    top = lay.hands_top
    if current:
        frame = QRectF(slot.center().x() - max(cards_w, ch * 1.15) / 2 - ch * 0.1, top - ch * 0.1,
                       max(cards_w, ch * 1.15) + ch * 0.2, slot.bottom() - top + ch * 0.02)
        painter.setPen(QPen(GOLD, max(1.5, ch * 0.022)))
        painter.setBrush(QColor(255, 236, 160, 28))
        painter.drawRoundedRect(frame, ch * 0.08, ch * 0.08)
    for i, card in enumerate(hand.cards):
        paint_card(painter, QRectF(x0 + i * step, top, cw, ch), card)
    below = top + ch + ch * 0.13
    _pill(painter, QPointF(slot.center().x(), below), hand.total_text, max(ch * 0.12, 9.0),
          strong=current)
    if hand.outcome is not None:
        _outcome(painter, QPointF(slot.center().x(), top + ch * 0.6), hand, ch)
    radius = max(ch * 0.2, 13.0)
    _stakes(painter, QPointF(slot.center().x(), below + ch * 0.18 + radius), hand, radius)


def _stakes(painter: QPainter, centre: QPointF, hand: HandView, radius: float) -> None:
    """A chip for the real stake and one golden lammer per free bet, side by side."""
    discs: list[tuple[Callable[[QPainter, QPointF, float, Fraction], None], Fraction]] = []
    if hand.real_stake:
        discs.append((paint_chip, hand.real_stake))
    lammers = hand.lammers or (1 if hand.free_stake else 0)
    if lammers:
        discs += [(paint_lammer, hand.free_stake / lammers)] * lammers
    gap = radius * 2.25
    x = centre.x() - gap * (len(discs) - 1) / 2
    for paint, amount in discs:
        paint(painter, QPointF(x, centre.y()), radius, amount)
        x += gap


def _pill(painter: QPainter, centre: QPointF, text: str, size: float,
          strong: bool = False) -> None:
    """Short text on a dark rounded label, centred at ``centre``."""
    painter.setFont(font(size))
    metrics = painter.fontMetrics()
    w = metrics.horizontalAdvance(text) + size * 1.4
    h = size * 1.7
    rect = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    painter.setPen(QPen(GOLD, max(1.0, size * 0.12)) if strong else Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 150))
    painter.drawRoundedRect(rect, h / 2, h / 2)
    painter.setPen(TEXT)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _outcome(painter: QPainter, centre: QPointF, hand: HandView, card_h: float) -> None:
    """The settled result as a badge over the hand's cards, coloured by the outcome."""
    assert hand.outcome is not None
    text, colour = hand.outcome_text, BADGE[hand.outcome]
    size = card_h * 0.13
    painter.setFont(font(size))
    w = painter.fontMetrics().horizontalAdvance(text) + size * 1.6
    h = size * 1.9
    rect = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    painter.setPen(QPen(QColor("#ffffff"), max(1.0, size * 0.1)))
    painter.setBrush(QColor(colour))
    painter.drawRoundedRect(rect, h * 0.3, h * 0.3)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _banner(painter: QPainter, centre: QPointF, text: str, card_h: float) -> None:
    """The round's message across the middle of the table."""
    size = card_h * 0.15
    painter.setFont(font(size))
    w = painter.fontMetrics().horizontalAdvance(text) + size * 2.4
    h = size * 2.0
    rect = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 120))
    painter.drawRoundedRect(rect, h / 2, h / 2)
    painter.setPen(TEXT)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _shoe_width(h: float, count: str, cut_words: str, cut_out: bool) -> float:
    """The width of the shoe box of height ``h`` holding those words."""
    text_w = max(QFontMetricsF(font(h * 0.22)).horizontalAdvance(count),
                 QFontMetricsF(font(h * 0.18, bold=cut_out)).horizontalAdvance(cut_words)
                 + h * 0.2)
    return h * 0.94 + text_w


def shoe_box(room: QRectF, view: TableView) -> tuple[QRectF, str, str]:
    """The shoe's box and its two lines of words: right-aligned in ``room``, as wide as its
    words, and smaller (then with shorter words) where the room is too narrow."""
    h = room.height()
    count = f"{view.cards_left} cards left"
    cut_words = "cut card out" if view.cut_card_out else "cut card not out"
    width = _shoe_width(h, count, cut_words, view.cut_card_out)
    if width > room.width():
        count = f"{view.cards_left} left"
        cut_words = "cut out" if view.cut_card_out else "cut to come"
        width = _shoe_width(h, count, cut_words, view.cut_card_out)
        if width > room.width():
            h = max(24.0, h * room.width() / width)
            width = _shoe_width(h, count, cut_words, view.cut_card_out)
    return QRectF(room.right() - width, room.y(), width, h), count, cut_words


def _shoe(painter: QPainter, room: QRectF, view: TableView) -> None:
    """The shoe in the top right corner: cards left, and whether the cut card is out."""
    if not view.cards_left and not view.dealer_cards:
        return
    box, count, cut_words = shoe_box(room, view)
    h = box.height()
    text_w = box.width() - h * 0.94
    big, small = font(h * 0.22), font(h * 0.18, bold=view.cut_card_out)
    painter.setPen(QPen(QColor(0, 0, 0, 120), max(1.0, h * 0.02)))
    painter.setBrush(QColor(20, 20, 20, 150))
    painter.drawRoundedRect(box, h * 0.12, h * 0.12)
    back = QRectF(box.x() + h * 0.12, box.y() + h * 0.14, h * 0.5, h * 0.72)
    paint_back(painter, back)
    left = back.right() + h * 0.12
    painter.setPen(TEXT)
    painter.setFont(big)
    painter.drawText(QRectF(left, box.y() + h * 0.1, text_w + h, h * 0.42),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, count)
    cut = QRectF(left, box.y() + h * 0.56, text_w + h, h * 0.3)
    marker = QRectF(cut.x(), cut.y() + cut.height() * 0.1, h * 0.09, cut.height() * 0.8)
    colour = QColor("#ffcf33") if view.cut_card_out else QColor(255, 255, 255, 170)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRect(marker)
    painter.setPen(colour)
    painter.setFont(small)
    painter.drawText(cut.adjusted(h * 0.2, 0, 0, 0),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, cut_words)


def describe(view: TableView) -> str:
    """The table in words (for screen readers): dealer's cards, each hand and its stakes."""
    def cards(hand_cards: tuple[CardView, ...]) -> str:
        return " ".join(f"{c.rank_text}{c.suit_symbol}" if c.rank_text else "face down"
                        for c in hand_cards)

    parts = [f"Dealer: {cards(view.dealer_cards)} ({view.dealer_total_text})"]
    for i, hand in enumerate(view.hands):
        stakes = []
        if hand.real_stake:
            stakes.append(f"stake {hand.real_stake}")
        if hand.free_stake:
            stakes.append(f"free bet {hand.free_stake}")
        mark = " (to play)" if i == view.current else ""
        parts.append(f"Hand {i + 1}{mark}: {cards(hand.cards)}, {hand.total_text}, "
                     f"{', '.join(stakes)} {hand.outcome_text}".strip())
    parts.append(f"{view.cards_left} cards left" + (", cut card out" if view.cut_card_out else ""))
    return ". ".join(parts)
