"""The felt table: the dealer's cards, the player's hands with their stakes and results, the
computer seats at their places (:mod:`.seat_paint`), the bet spots (the side bets' circles,
and the main bet's while bets are placed), the chip display, the decision timer and the shoe.

:class:`TableWidget` paints a :class:`~trainer.ui.table.model.TableView` and holds nothing
else. Where everything goes is :func:`~trainer.ui.table.layout.layout`'s answer (every size a
fraction of the card height, the largest that fits); this module only paints it, antialiased
vector work, crisp at any size and device pixel ratio.
"""

from __future__ import annotations

import math

from PyQt6.QtCore import QLineF, QPointF, QRectF, QSize, Qt, pyqtSignal
from PyQt6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QRadialGradient
from PyQt6.QtWidgets import QSizePolicy, QWidget

from .layout import layout
from .measures import (
    CAPTION_FONT,
    RESULT_FONT,
    SHOE_FONT,
    TOTAL_FONT,
    badge_lines,
    fitted_font,
    shoe_words,
    side_caption,
    timer_text,
)
from .model import EMPTY, CardView, ChipView, HandView, TableView, TimerView
from .paint import (
    GOLD,
    font,
    paint_back,
    paint_card,
    paint_chip,
    paint_lammer,
    paint_sideways,
)
from .places import Disc, HandPlace, Layout, SidePlace
from .seat_paint import BADGE, TEXT, paint_label, paint_seat, seat_words

FELT_LIGHT = QColor("#2e8b4f")
FELT_DARK = QColor("#0b4322")
PRINT = QColor(255, 250, 230, 70)
#: A settled side bet's caption: green when it paid, red when it lost (a bet behind's push:
#: neither).
SIDE_WON, SIDE_LOST = QColor("#1e8e3e"), QColor("#8c1d18")


class TableWidget(QWidget):
    """Paints one :class:`TableView`; call :meth:`set_view` to show another. A click on a chip
    of the chip display says which (:attr:`chip_clicked`, 0 the lowest), a click on a bet spot
    while bets are placed which spot (:attr:`spot_clicked`, 0 the main bet, then the side
    bets in order); the page decides what they do."""

    chip_clicked = pyqtSignal(int)
    spot_clicked = pyqtSignal(int)

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

    def table_layout(self) -> Layout:
        """Where everything goes at the widget's size (what :meth:`paintEvent` paints)."""
        return layout(float(self.width()), float(self.height()), self._view)

    def hand_rect(self, index: int) -> QRectF:
        """The area of hand ``index`` (cards, total and stakes), for tests and hit-testing."""
        return self.table_layout().slots[index]

    def chip_at(self, point: QPointF) -> int | None:
        """The chip of the chip display at ``point``, if any."""
        for index, disc in enumerate(self.table_layout().rack):
            if QLineF(disc.centre, point).length() <= disc.radius:
                return index
        return None

    def spot_at(self, point: QPointF) -> int | None:
        """The bet spot (its circle or its caption) at ``point`` while bets are placed."""
        for index, spot in enumerate(self.table_layout().spots):
            if spot.circle.contains(point) or spot.caption.contains(point):
                return index
        return None

    def mousePressEvent(self, event: QMouseEvent | None) -> None:
        """A left click on a chip or a bet spot is said; anything else is the base's."""
        if event is not None and event.button() == Qt.MouseButton.LeftButton:
            point = event.position()
            chip, spot = self.chip_at(point), self.spot_at(point)
            if chip is not None:
                self.chip_clicked.emit(chip)
                event.accept()
                return
            if spot is not None:
                self.spot_clicked.emit(spot)
                event.accept()
                return
        super().mousePressEvent(event)

    # ----- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent | None) -> None:
        painter = QPainter(self)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing
                               | QPainter.RenderHint.TextAntialiasing)
        view = self._view
        lay = self.table_layout()
        _felt(painter, lay)
        for face in lay.dealer:
            if face.hidden:
                paint_back(painter, face.rect)
            else:
                paint_card(painter, face.rect, face.card)
        if lay.dealer_total is not None:
            _pill(painter, lay.dealer_total, view.dealer_total_text, TOTAL_FONT * lay.card_h)
        if lay.message is not None:
            _banner(painter, lay.message, view.message, view.message_colour,
                    TOTAL_FONT * lay.card_h)
        for index, (place, hand) in enumerate(zip(lay.hands, view.hands, strict=True)):
            _hand(painter, lay, place, hand, index == view.current)
        if view.betting is None:            # (while bets are placed: the seats' spots alone)
            for seat_place, seat in zip(lay.seats, view.seats, strict=True):
                paint_seat(painter, seat_place, seat, lay.card_h)
        chosen = view.betting.chosen if view.betting is not None else None
        for index, spot in enumerate(lay.spots or lay.side_bets):
            _side_bet(painter, lay, spot, chosen == index)
        for disc, chip in zip(lay.rack, view.chips, strict=True):
            _rack_chip(painter, disc, chip)
        if lay.timer is not None and view.timer is not None:
            _timer(painter, lay, view.timer)
        if lay.shoe is not None:
            _shoe(painter, lay, view)
        painter.end()


def _felt(painter: QPainter, lay: Layout) -> None:
    """The green felt with a soft light in the middle and the printed insurance arc."""
    w, h = lay.width, lay.height
    gradient = QRadialGradient(QPointF(w / 2, h * 0.4), max(w, h) * 0.75)
    gradient.setColorAt(0.0, FELT_LIGHT)
    gradient.setColorAt(1.0, FELT_DARK)
    painter.fillRect(QRectF(0, 0, w, h), gradient)
    # the printed arc between dealer and player, with the game's name on it
    radius = w * 0.9
    centre = QPointF(w / 2, lay.arc_y - radius)
    painter.setPen(QPen(PRINT, max(1.0, lay.card_h * 0.012)))
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


def _hand(painter: QPainter, lay: Layout, place: HandPlace, hand: HandView,
          current: bool) -> None:
    """One hand: its frame if it is to play, its cards (a doubled card sideways), its total,
    its stakes and, once settled, its result beside the cards."""
    ch = lay.card_h
    if current:
        painter.setPen(QPen(GOLD, max(1.5, ch * 0.022)))
        painter.setBrush(QColor(255, 236, 160, 28))
        painter.drawRoundedRect(place.frame, ch * 0.08, ch * 0.08)
    for face in place.faces:
        if face.sideways:
            paint_sideways(painter, face.rect, face.card)
        else:
            paint_card(painter, face.rect, face.card)
    _pill(painter, place.total, hand.total_text, TOTAL_FONT * ch, strong=current)
    for disc in place.discs:
        paint = paint_lammer if disc.lammer else paint_chip
        paint(painter, disc.centre, disc.radius, disc.amount)
    if hand.outcome is not None:
        _badge(painter, place.badge, hand, ch, lay.badges_above)


def _pill(painter: QPainter, rect: QRectF, text: str, size: float,
          strong: bool = False) -> None:
    """Short text on a dark rounded label filling ``rect``."""
    paint_label(painter, rect, text, size,
                ring=QPen(GOLD, max(1.0, size * 0.12)) if strong else None)


def _badge(painter: QPainter, rect: QRectF, hand: HandView, card_h: float,
           one_line: bool) -> None:
    """The settled result beside the hand's cards, its word over its net (or in one line
    above them), coloured by the outcome."""
    word, net = badge_lines(hand)
    size = RESULT_FONT * card_h
    painter.setPen(QPen(QColor("#ffffff"), max(1.0, size * 0.1)))
    assert hand.outcome is not None
    painter.setBrush(QColor(BADGE[hand.outcome]))
    painter.drawRoundedRect(rect, size * 0.5, size * 0.5)
    painter.setPen(QColor("#ffffff"))
    if one_line:
        text = f"{word} {net}"
        painter.setFont(fitted_font(text, size, rect.width()))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        return
    half = rect.height() / 2
    for text, box in ((word, QRectF(rect.x(), rect.y() + 0.04 * card_h, rect.width(), half
                                     - 0.04 * card_h)),
                      (net, QRectF(rect.x(), rect.y() + half, rect.width(),
                                   half - 0.04 * card_h))):
        painter.setFont(fitted_font(text, size, rect.width()))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _banner(painter: QPainter, rect: QRectF, text: str, colour: str, size: float) -> None:
    """The round's message across the middle of the table, on its colour if it has one (a
    grade's severity)."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour) if colour else QColor(0, 0, 0, 120))
    painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
    painter.setPen(TEXT)
    painter.setFont(fitted_font(text, size, rect.width()))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _side_bet(painter: QPainter, lay: Layout, side: SidePlace, chosen: bool = False) -> None:
    """A bet spot's printed circle (ringed in gold when the keys place on it), its chip, and
    its caption (name, then result)."""
    ch = lay.card_h
    painter.setPen(QPen(GOLD if chosen else QColor(255, 250, 230, 150),
                        max(1.0, ch * (0.03 if chosen else 0.015))))
    painter.setBrush(QColor(0, 0, 0, 40))
    painter.drawEllipse(side.circle)
    if side.chip is not None:
        paint_chip(painter, side.chip.centre, side.chip.radius, side.chip.amount)
    bet = side.bet
    text = side.text or side_caption(bet)
    size = CAPTION_FONT * ch
    colour = (QColor(0, 0, 0, 130) if not bet.settled or not bet.stake or not bet.net
              else SIDE_WON if bet.net > 0 else SIDE_LOST)        # a bet behind may push
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRoundedRect(side.caption, side.caption.height() / 2, side.caption.height() / 2)
    painter.setPen(TEXT if bet.stake else QColor(255, 250, 230, 170))
    painter.setFont(fitted_font(text, size, side.caption.width(), bold=bool(bet.stake)))
    painter.drawText(side.caption, Qt.AlignmentFlag.AlignCenter, text)


def _rack_chip(painter: QPainter, disc: Disc, chip: ChipView) -> None:
    """A chip of the chip display: raised with a gold ring when in hand, dimmed when the
    balance does not cover it."""
    centre = disc.centre - QPointF(0, disc.radius * 0.15) if chip.selected else disc.centre
    paint_chip(painter, centre, disc.radius, chip.amount)
    if chip.selected:
        painter.setPen(QPen(GOLD, max(1.5, disc.radius * 0.14)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, disc.radius * 1.1, disc.radius * 1.1)
    if not chip.enabled:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 20, 170))
        painter.drawEllipse(centre, disc.radius * 1.02, disc.radius * 1.02)


def _timer(painter: QPainter, lay: Layout, timer: TimerView) -> None:
    """The decision timer: a ring round the hand's chip that empties as time runs, and the
    seconds beside the hand; red in its last seconds."""
    urgent = timer.seconds <= 3.0
    colour = QColor("#e5484d") if urgent else GOLD
    if lay.timer_ring is not None:
        painter.setPen(QPen(colour, max(1.5, lay.card_h * 0.03), Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.RoundCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawArc(lay.timer_ring, 90 * 16, round(360 * 16 * max(0.0, timer.share)))
    box = lay.timer
    assert box is not None
    painter.setPen(QPen(colour, max(1.0, lay.card_h * 0.015)))
    painter.setBrush(QColor(0, 0, 0, 150))
    painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
    painter.setPen(TEXT)
    text = timer_text(timer)
    painter.setFont(fitted_font(text, RESULT_FONT * lay.card_h, box.width()))
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _shoe(painter: QPainter, lay: Layout, view: TableView) -> None:
    """The shoe in the top right corner: a card back, the cards left and the cut card."""
    box = lay.shoe
    assert box is not None
    h = box.height()
    px = SHOE_FONT * lay.card_h
    painter.setPen(QPen(QColor(0, 0, 0, 120), max(1.0, h * 0.02)))
    painter.setBrush(QColor(20, 20, 20, 150))
    painter.drawRoundedRect(box, h * 0.12, h * 0.12)
    back = QRectF(box.x() + h * 0.1, box.y() + h * 0.12, h * 0.45, h * 0.76)
    paint_back(painter, back)
    left = back.right() + px * 0.6
    count, cut_words = shoe_words(view)
    text_box = QRectF(left, box.y() + h * 0.1, box.right() - left, h * 0.4)
    painter.setPen(TEXT)
    painter.setFont(font(px))
    painter.drawText(text_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, count)
    colour = QColor("#ffcf33") if view.cut_card_out else QColor(255, 255, 255, 190)
    painter.setPen(colour)
    painter.setFont(font(px, bold=view.cut_card_out))
    painter.drawText(text_box.translated(0, h * 0.42),
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
    if view.betting is not None:
        parts.append(f"Main bet {view.betting.main}" if view.betting.main
                     else "No main bet yet")
    parts += [seat_words(seat) for seat in view.seats]
    for side in view.side_bets:
        if side.stake:
            parts.append(side_caption(side))
    if view.chips:
        parts.append("Chips " + ", ".join(
            f"{c.amount}{' (in hand)' if c.selected else ''}" for c in view.chips
            if c.enabled))
    if view.timer is not None:
        parts.append(f"{timer_text(view.timer)} left")
    if view.cards_left is not None:
        parts.append(" ".join(shoe_words(view)))
    return ". ".join(parts)
