"""Where the computer seats sit on the felt, as the live game shows the other seats at the table.

At a table with computer seats the felt keeps a column on each side for them
(:data:`SEAT_COLUMN` of its width); the dealer and the message keep the middle, and the
player's hand has its size and its place as at a table alone. A split's hands keep that size
too: in the middle where they fit, else across the felt as at a table alone, and then the
seats they reach move up beside the dealer's row, above the hands. The seats go round the
table's arc in dealing order: down the left column, then up the right one, level with the
player's hand where there is room. Each seat
shows its name, each hand's cards (a smaller card than the player's, :data:`SEAT_MOST` of its
height at most) and total, and with a bet behind it its Bet Behind spot beside the cards: the
chip (its size as it stands) and, under it, room for the bet's result, kept from the deal so
nothing moves when it comes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PyQt6.QtCore import QPointF, QRectF

from .measures import behind_lines, seat_caption, text_width
from .model import BehindView, HandView, SeatView, money_text, signed_money
from .paint import CARD_RATIO
from .places import Disc, Face, SeatPlace, cards_width, hand_faces

#: Each side's column for the seats, as a share of the felt's width.
SEAT_COLUMN = 0.21
#: A seat's cards at most this share of the player's card height.
SEAT_MOST = 0.6
#: A seat's words, in the player's card heights, and never smaller than MIN_TEXT pixels.
SEAT_TEXT, MIN_TEXT = 0.1, 10.5
#: A seat's label (its name, a total) over its words' size.
SEAT_PILL = 1.45
#: Gaps, in the seat's card heights: between its rows, between its split hands, between seats.
ROW_GAP, SPLIT_GAP, SEAT_GAP = 0.05, 0.12, 0.15
#: The Bet Behind spot's radius, in the seat's card heights, and the gap to the cards.
SPOT_RADIUS, SPOT_GAP = 0.26, 0.08
#: A Bet Behind spot's radius while bets are placed (no cards beside it yet).
BETTING_SPOT = 0.36
#: The smallest seat card drawn (a crowded narrow felt).
LEAST = 16.0


def seat_text(card_h: float) -> float:
    """The seats' words' size on a table whose player's cards are ``card_h`` high."""
    return max(MIN_TEXT, SEAT_TEXT * card_h)


def hands_room(width: float, seats: bool) -> tuple[float, float]:
    """The room across the felt for the player's hands, its left edge and width: the middle
    between the seats' columns (``seats``: a split's hands at a table with seats, where they
    fit), else the felt's width."""
    if not seats:
        return width * 0.02, width * 0.96
    side = width * (0.02 + SEAT_COLUMN + 0.01)
    return side, width - 2 * side


def _result_width(behind: BehindView | None, px: float) -> float:
    """The room kept beside a seat's cards for its bet behind's result (0: no bet)."""
    if behind is None:
        return 0.0
    words = ["Push", "Lost", "Won", signed_money(-2 * behind.stake), money_text(behind.stake),
             *behind_lines(behind)]
    return max(text_width(w, px) for w in words) + px


def _rows(seat: SeatView, rows: int) -> list[tuple[HandView, ...]]:
    """A seat's hands in ``rows`` rows (a split seat's hands one row under another where the
    column is narrow and tall), the first rows the fullest."""
    hands = seat.hands
    per = max(1, math.ceil(len(hands) / rows))
    return [hands[i:i + per] for i in range(0, len(hands), per)] or [()]


def _units(row: Sequence[HandView]) -> float:
    """A row of a seat's hands' width, in its card heights."""
    widths = [cards_width(h, CARD_RATIO, 1.0) for h in row] or [CARD_RATIO * 1.42]
    return sum(widths) + SPLIT_GAP * (len(widths) - 1)


def _height(rows: int, px: float) -> tuple[float, float]:
    """A seat's height as ``a + b * s`` for card height s: ``(a, b)``."""
    return px * SEAT_PILL * (1 + rows), ROW_GAP + rows * (1 + ROW_GAP) + (rows - 1) * ROW_GAP


def _wide(seat: SeatView, rows: int, column: QRectF, px: float) -> float:
    """The largest card height at which ``seat`` in ``rows`` rows fits ``column``'s width."""
    return (column.width() - _result_width(seat.behind, px)) / (
        max(_units(row) for row in _rows(seat, rows)) + (SPOT_GAP if seat.behind else 0.0))


def _place(seat: SeatView, rows: int, left: float, top: float, width: float, s: float,
           px: float) -> SeatPlace:
    """One seat at scale ``s`` (its card height), its hands in ``rows`` rows, centred in
    ``width`` from ``left``, its name at ``top``."""
    if not seat.hands:
        return _spot_place(seat, left, top, width, s, px)
    cw = s * CARD_RATIO
    label = px * SEAT_PILL
    result_w = _result_width(seat.behind, px)
    lines = _rows(seat, rows)
    hands_w = max(_units(row) for row in lines) * s
    gap = SPOT_GAP * s if seat.behind else 0.0
    full = hands_w + gap + (result_w if seat.behind else 0.0)
    start = left + (width - full) / 2
    caption = QRectF(start, top, text_width(seat_caption(seat), px) + px, label)
    cards_top = caption.bottom() + ROW_GAP * s
    faces: list[Face] = []
    totals: list[QRectF] = []
    y = cards_top
    for row in lines:
        x = start
        for hand in row:
            hand_w = cards_width(hand, cw, s)
            faces += hand_faces(hand, x, y, cw, s)
            pill_w = min(text_width(hand.total_text, px) + px, hand_w + SPLIT_GAP * s * 0.8)
            totals.append(QRectF(x + hand_w / 2 - pill_w / 2, y + s + ROW_GAP * s, pill_w,
                                 label))
            x += hand_w + SPLIT_GAP * s
        y += s + ROW_GAP * s + label + ROW_GAP * s
    bottom = cards_top + s + ROW_GAP * s + label       # the first row's totals
    spot = chip = result = None
    if seat.behind is not None:
        column = start + hands_w + gap
        r = min(SPOT_RADIUS * s, result_w / 2)
        centre = QPointF(column + result_w / 2, cards_top + r)
        spot = QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r)
        chip = Disc(centre, r * 0.86, seat.behind.stake, False) if seat.behind.stake else None
        result_top = spot.bottom() + ROW_GAP * s
        result = QRectF(column, result_top, result_w, max(bottom - result_top, px * 1.3))
    end = max([caption.bottom()] + [t.bottom() for t in totals]
              + [result.bottom() if result else 0.0])
    return SeatPlace(caption, tuple(faces), tuple(totals), spot, chip, result,
                     QRectF(start, top, full, end - top))


def _spot_place(seat: SeatView, left: float, top: float, width: float, s: float,
                px: float) -> SeatPlace:
    """A seat while bets are placed (no cards yet): its Bet Behind spot under its caption,
    centred in ``width`` from ``left``, its chip on it when a bet is placed there."""
    label = px * SEAT_PILL
    caption_w = min(text_width(seat_caption(seat), px) + px, width)
    middle = left + width / 2
    caption = QRectF(middle - caption_w / 2, top, caption_w, label)
    r = BETTING_SPOT * s
    centre = QPointF(middle, caption.bottom() + ROW_GAP * s + r)
    spot = QRectF(middle - r, centre.y() - r, 2 * r, 2 * r)
    stake = seat.behind.stake if seat.behind is not None else None
    chip = Disc(centre, r * 0.72, stake, False) if stake else None
    return SeatPlace(caption, (), (), spot, chip, None, caption.united(spot))


def seat_places(seats: Sequence[SeatView], columns: tuple[QRectF, QRectF], level: float,
                card_h: float) -> tuple[SeatPlace, ...]:
    """The seats' places in the two ``columns`` (left, right), in dealing order down the left
    one and up the right one, each column's seats centred on ``level`` (the middle of the
    player's cards) as far as the column allows.

    Every seat is drawn at one size, the most the columns' heights and the seats' widths
    allow (the middle seat's, :data:`SEAT_MOST` of the player's at most); a seat too wide
    for it (its hands split) is drawn smaller, its hands in two rows where its column holds
    two seats or fewer."""
    if not seats:
        return ()
    px = seat_text(card_h)
    half = (len(seats) + 1) // 2
    sides = (list(seats[:half]), list(seats[half:]))
    a1, b1 = _height(1, px)
    tall = [(c.height() - len(side) * a1) / (len(side) * b1 + SEAT_GAP * (len(side) - 1))
            for side, c in zip(sides, columns, strict=True) if side]
    fits = sorted(_wide(seat, 1, c, px) for side, c in zip(sides, columns, strict=True)
                  for seat in side)
    s = max(LEAST, min(SEAT_MOST * card_h, *tall, fits[len(fits) // 2]))
    places: list[SeatPlace] = []
    for index, (side, column) in enumerate(zip(sides, columns, strict=True)):
        if not side:
            continue
        rows = [2 if len(seat.hands) > 1 and len(side) <= 2 and _wide(seat, 2, column, px)
                > _wide(seat, 1, column, px) else 1 for seat in side]
        own = [min(s, _wide(seat, r, column, px)) for seat, r in zip(side, rows, strict=True)]
        heights = [_height(r, px) for r in rows]
        fixed = sum(a for a, _ in heights) + SEAT_GAP * s * (len(side) - 1)
        grown = sum(b * o for (_, b), o in zip(heights, own, strict=True))
        if fixed + grown > column.height():   # too tall (two rows, a short column): smaller
            own = [o * max(0.0, column.height() - fixed) / grown for o in own]
        floored = [max(LEAST, o) for o in own]
        if fixed + sum(b * o for (_, b), o in zip(heights, floored, strict=True)) <= (
                column.height()):
            own = floored
        sizes = [a + b * o for (a, b), o in zip(heights, own, strict=True)]
        stack = sum(sizes) + SEAT_GAP * s * (len(side) - 1)
        y = first = max(column.top(), min(level - stack / 2, column.bottom() - stack))
        tops = []
        for size in sizes:
            tops.append(y)
            y += size + SEAT_GAP * s
        if index == 1:          # up the right column: its first seat the lowest
            tops = [2 * first + stack - t - size for t, size in zip(tops, sizes, strict=True)]
        places += [_place(seat, r, column.left(), t, column.width(), o, px)
                   for seat, r, t, o in zip(side, rows, tops, own, strict=True)]
    return tuple(places)


def seat_columns(width: float, tops: Sequence[float], bottoms: Sequence[float]
                 ) -> tuple[QRectF, QRectF]:
    """The seats' two columns (left, right): from the felt's edges, :data:`SEAT_COLUMN` of its
    width each, from ``tops`` down to ``bottoms``."""
    w = width * SEAT_COLUMN
    return (QRectF(width * 0.02, tops[0], w, max(0.0, bottoms[0] - tops[0])),
            QRectF(width * 0.98 - w, tops[1], w, max(0.0, bottoms[1] - tops[1])))


__all__ = ["SEAT_COLUMN", "hands_room", "seat_columns", "seat_places", "seat_text"]
