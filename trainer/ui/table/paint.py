"""Painting one card, a card back, a chip and a golden free-bet lammer with QPainter.

Everything is drawn from vector paths and sizes relative to the rectangle it is given, so it is
crisp at any size and device pixel ratio. Suits are paths, not font glyphs, so they look the
same on every system.
"""

from __future__ import annotations

from fractions import Fraction

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
    QTransform,
)

from .model import CardView, money_text

RED = QColor("#c8102e")
BLACK = QColor("#161616")
CARD_FACE = QColor("#fdfdf8")
CARD_EDGE = QColor("#9a9a90")
BACK = QColor("#8e1b2c")
GOLD = QColor("#e6b422")
GOLD_LIGHT = QColor("#fbe38a")
GOLD_DARK = QColor("#8a6410")

#: Card width over height (a standard poker card is 63 x 88 mm).
CARD_RATIO = 63 / 88


def _unit_suit(symbol: str) -> QPainterPath:
    """The suit's outline in a 1 x 1 box."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    if symbol == "♦":
        path.moveTo(0.5, 0.0)
        path.quadTo(0.68, 0.28, 0.92, 0.5)
        path.quadTo(0.68, 0.72, 0.5, 1.0)
        path.quadTo(0.32, 0.72, 0.08, 0.5)
        path.quadTo(0.32, 0.28, 0.5, 0.0)
    elif symbol == "♥":
        path.moveTo(0.5, 0.26)
        path.cubicTo(0.44, 0.02, 0.0, 0.0, 0.02, 0.34)
        path.cubicTo(0.04, 0.62, 0.36, 0.78, 0.5, 1.0)
        path.cubicTo(0.64, 0.78, 0.96, 0.62, 0.98, 0.34)
        path.cubicTo(1.0, 0.0, 0.56, 0.02, 0.5, 0.26)
    elif symbol == "♠":
        path.moveTo(0.5, 0.0)
        path.cubicTo(0.36, 0.22, 0.02, 0.38, 0.02, 0.62)
        path.cubicTo(0.02, 0.86, 0.36, 0.9, 0.47, 0.7)
        path.lineTo(0.47, 0.72)
        path.quadTo(0.44, 0.9, 0.3, 1.0)
        path.lineTo(0.7, 1.0)
        path.quadTo(0.56, 0.9, 0.53, 0.72)
        path.lineTo(0.53, 0.7)
        path.cubicTo(0.64, 0.9, 0.98, 0.86, 0.98, 0.62)
        path.cubicTo(0.98, 0.38, 0.64, 0.22, 0.5, 0.0)
    elif symbol == "♣":
        for cx, cy in ((0.5, 0.25), (0.24, 0.56), (0.76, 0.56)):
            path.addEllipse(QPointF(cx, cy), 0.23, 0.23)
        path.addRect(QRectF(0.44, 0.3, 0.12, 0.35))
        stem = QPainterPath()
        stem.moveTo(0.46, 0.6)
        stem.quadTo(0.44, 0.88, 0.3, 1.0)
        stem.lineTo(0.7, 1.0)
        stem.quadTo(0.56, 0.88, 0.54, 0.6)
        stem.closeSubpath()
        path.addPath(stem)
    return path.simplified()


_SUITS = {symbol: _unit_suit(symbol) for symbol in "♠♥♦♣"}


def suit_path(symbol: str, box: QRectF) -> QPainterPath:
    """The suit's outline scaled into ``box`` (an empty path for an unknown symbol)."""
    unit = _SUITS.get(symbol)
    if unit is None:
        return QPainterPath()
    transform = QTransform()
    transform.translate(box.x(), box.y())
    transform.scale(box.width(), box.height())
    return transform.map(unit)


def font(pixels: float, bold: bool = True) -> QFont:
    """The app font at ``pixels`` logical pixels (at least 1)."""
    f = QFont()
    f.setPixelSize(max(1, round(pixels)))
    f.setBold(bold)
    return f


def _card_body(painter: QPainter, rect: QRectF) -> tuple[float, float]:
    """The card's white rounded body with its shadow; returns its width and corner radius."""
    w = rect.width()
    radius = 0.07 * w
    _shadow(painter, rect, radius)
    painter.setPen(QPen(CARD_EDGE, max(0.6, 0.012 * w)))
    painter.setBrush(CARD_FACE)
    painter.drawRoundedRect(rect, radius, radius)
    return w, radius


def paint_card(painter: QPainter, rect: QRectF, card: CardView) -> None:
    """A face-up card: rank and suit in two corners, a large suit pip in the middle."""
    w, _ = _card_body(painter, rect)
    colour = RED if card.red else BLACK
    # corner index: rank over suit, top left and (turned) bottom right
    for turned in (False, True):
        painter.save()
        if turned:
            painter.translate(rect.center())
            painter.rotate(180)
            painter.translate(-rect.center())
        _corner(painter, rect, card, colour)
        painter.restore()
    pip = 0.42 * w
    box = QRectF(rect.center().x() - pip / 2, rect.center().y() - pip * 0.55, pip, pip * 1.1)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPath(suit_path(card.suit_symbol, box))


def _corner(painter: QPainter, rect: QRectF, card: CardView, colour: QColor) -> None:
    w, h = rect.width(), rect.height()
    narrow = len(card.rank_text) > 1
    text_box = QRectF(rect.x() + 0.03 * w, rect.y() + 0.035 * h, 0.3 * w, 0.2 * h)
    painter.setPen(colour)
    size = 0.19 * h
    painter.setFont(font(size * (0.86 if narrow else 1.0)))
    if narrow:
        f = painter.font()
        f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 88)
        painter.setFont(f)
    painter.drawText(text_box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter,
                     card.rank_text)
    pip = 0.15 * w
    box = QRectF(text_box.center().x() - pip / 2, text_box.bottom() + 0.01 * h, pip, pip * 1.05)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPath(suit_path(card.suit_symbol, box))


def paint_back(painter: QPainter, rect: QRectF) -> None:
    """A face-down card: a red back with a white border and a lattice."""
    w, radius = _card_body(painter, rect)
    inner = rect.adjusted(0.08 * w, 0.08 * w, -0.08 * w, -0.08 * w)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(BACK)
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    painter.save()
    clip = QPainterPath()
    clip.addRoundedRect(inner, radius * 0.6, radius * 0.6)
    painter.setClipPath(clip)
    painter.setPen(QPen(QColor(255, 255, 255, 70), max(0.5, 0.012 * w)))
    step = 0.11 * w
    span = inner.width() + inner.height()
    x = -span
    while x < span:
        painter.drawLine(QPointF(inner.left() + x, inner.top()),
                         QPointF(inner.left() + x + inner.height(), inner.bottom()))
        painter.drawLine(QPointF(inner.left() + x, inner.bottom()),
                         QPointF(inner.left() + x + inner.height(), inner.top()))
        x += step
    painter.restore()


def _shadow(painter: QPainter, rect: QRectF, radius: float) -> None:
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 60))
    offset = 0.025 * rect.width()
    painter.drawRoundedRect(rect.translated(offset, offset * 1.5), radius, radius)


def chip_colour(amount: Fraction) -> tuple[QColor, QColor]:
    """Casino chip colours by value (base, text): white 1, red 5, green 25, black 100+."""
    if amount >= 100:
        return QColor("#1d1d1d"), QColor("#ffffff")
    if amount >= 25:
        return QColor("#1f7a3d"), QColor("#ffffff")
    if amount >= 5:
        return QColor("#b3202a"), QColor("#ffffff")
    return QColor("#eeeeee"), QColor("#1d1d1d")


def paint_chip(painter: QPainter, centre: QPointF, radius: float, amount: Fraction) -> None:
    """A casino chip with edge spots and the amount in the middle."""
    base, ink = chip_colour(amount)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 80))
    painter.drawEllipse(centre + QPointF(0.06 * radius, 0.1 * radius), radius, radius)
    painter.setBrush(base)
    painter.drawEllipse(centre, radius, radius)
    spot = QColor("#ffffff") if base.lightness() < 200 else QColor("#2a5db0")
    pen = QPen(spot, 0.2 * radius)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    ring = QRectF(centre.x() - 0.88 * radius, centre.y() - 0.88 * radius,
                  1.76 * radius, 1.76 * radius)
    for k in range(6):
        painter.drawArc(ring, (k * 60 + 10) * 16, 25 * 16)
    painter.setPen(QPen(QColor(255, 255, 255, 150) if base.lightness() < 200 else
                        QColor(0, 0, 0, 90), max(0.5, 0.05 * radius), Qt.PenStyle.DashLine))
    painter.drawEllipse(centre, 0.66 * radius, 0.66 * radius)
    text = money_text(amount)
    painter.setPen(ink)
    painter.setFont(font(radius * (0.62 if len(text) <= 3 else 0.46)))
    painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
                     Qt.AlignmentFlag.AlignCenter, text)


def paint_lammer(painter: QPainter, centre: QPointF, radius: float, amount: Fraction) -> None:
    """A golden free-bet lammer: a gold disc reading FREE over the amount it stakes."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 80))
    painter.drawEllipse(centre + QPointF(0.06 * radius, 0.1 * radius), radius, radius)
    gradient = QRadialGradient(centre - QPointF(0.35 * radius, 0.4 * radius), 1.5 * radius)
    gradient.setColorAt(0.0, GOLD_LIGHT)
    gradient.setColorAt(0.55, GOLD)
    gradient.setColorAt(1.0, QColor("#b8860b"))
    painter.setBrush(QBrush(gradient))
    painter.setPen(QPen(GOLD_DARK, max(0.8, 0.08 * radius)))
    painter.drawEllipse(centre, radius, radius)
    painter.setPen(QPen(QColor(138, 100, 16, 140), max(0.5, 0.04 * radius)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, 0.78 * radius, 0.78 * radius)
    painter.setPen(QColor("#4a3205"))
    painter.setFont(font(radius * 0.5))
    top = QRectF(centre.x() - radius, centre.y() - 0.62 * radius, 2 * radius, 0.7 * radius)
    painter.drawText(top, Qt.AlignmentFlag.AlignCenter, "FREE")
    painter.setFont(font(radius * 0.4))
    bottom = QRectF(centre.x() - radius, centre.y() + 0.02 * radius, 2 * radius, 0.55 * radius)
    painter.drawText(bottom, Qt.AlignmentFlag.AlignCenter, money_text(amount))
