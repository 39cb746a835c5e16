"""What the layout puts on the felt, in logical pixels: each card, chip and lammer, each hand,
each side bet, and the whole table (:class:`Layout`), as frozen records the widget paints and
tests measure."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from PyQt6.QtCore import QPointF, QRectF

from .model import CardView, HandView, SideBetView

#: Horizontal step between overlapping cards of one hand, in card widths (the next card
#: leaves the index of the one under it in view).
HAND_STEP = 0.42


@dataclass(frozen=True)
class Face:
    """One card on the table: where (its bounding box as it lies), which card, face down or
    not, lying sideways or not."""

    rect: QRectF
    card: CardView
    hidden: bool = False
    sideways: bool = False


def cards_width(hand: HandView, cw: float, ch: float) -> float:
    """How wide a hand's cards lie (room for two at least; a sideways doubled card is a card
    height wide)."""
    n = max(2, len(hand.cards))
    width = cw + cw * HAND_STEP * (n - 1)
    if hand.doubled and len(hand.cards) >= 3:
        width += ch - cw
    return width


def hand_faces(hand: HandView, x: float, top: float, cw: float, ch: float
               ) -> tuple[Face, ...]:
    """A hand's cards from ``x``, each leaving the index of the one under it in view; a
    doubled hand's last card lies sideways."""
    faces = []
    for k, card in enumerate(hand.cards):
        if hand.doubled and k == len(hand.cards) - 1 and k >= 2:
            faces.append(Face(QRectF(x, top + (ch - cw) / 2, ch, cw), card, sideways=True))
        else:
            faces.append(Face(QRectF(x, top, cw, ch), card))
        x += cw * HAND_STEP
    return tuple(faces)


@dataclass(frozen=True)
class Disc:
    """A chip (``lammer`` False) or a golden lammer, its centre, radius and amount."""

    centre: QPointF
    radius: float
    amount: Fraction
    lammer: bool

    @property
    def rect(self) -> QRectF:
        """The disc's square."""
        r = self.radius
        return QRectF(self.centre.x() - r, self.centre.y() - r, 2 * r, 2 * r)


@dataclass(frozen=True)
class HandPlace:
    """One hand: its cards, its total's pill, its stakes, its result badge (room kept for it
    to the right of the cards) and the frame that marks the hand to play."""

    faces: tuple[Face, ...]
    total: QRectF
    discs: tuple[Disc, ...]
    badge: QRectF
    frame: QRectF
    slot: QRectF


@dataclass(frozen=True)
class SidePlace:
    """One bet spot (a side bet, or the main bet while bets are placed): its printed circle,
    its chip (None: no bet), its caption's box and words."""

    circle: QRectF
    chip: Disc | None
    caption: QRectF
    bet: SideBetView
    text: str = ""


@dataclass(frozen=True)
class SeatPlace:
    """A computer seat's place: its name's caption, each hand's cards and total, and, with a
    bet behind it, its Bet Behind spot (the circle and the chip) and the room for the bet's
    result beside the cards."""

    caption: QRectF
    faces: tuple[Face, ...]
    totals: tuple[QRectF, ...]
    spot: QRectF | None
    chip: Disc | None
    result: QRectF | None
    area: QRectF


@dataclass(frozen=True)
class Layout:
    """The table for one size and view (logical pixels)."""

    width: float
    height: float
    card_h: float
    card_w: float
    dealer: tuple[Face, ...]
    dealer_total: QRectF | None
    message: QRectF | None
    arc_y: float
    hands: tuple[HandPlace, ...]
    side_bets: tuple[SidePlace, ...]
    shoe: QRectF | None
    #: the hands' results in one line above their cards (else in two lines beside them)
    badges_above: bool = False
    #: the main bet's spot while bets are placed
    main_spot: SidePlace | None = None
    #: the chip display, lowest chip first
    rack: tuple[Disc, ...] = ()
    #: the decision timer's seconds, beside the hand to play, and the ring round its chip
    timer: QRectF | None = None
    timer_ring: QRectF | None = None
    #: the computer seats' places, in dealing order
    seats: tuple[SeatPlace, ...] = ()
    #: while bets are placed, the seats' Bet Behind spots (their circles and captions)
    seat_spots: tuple[SidePlace, ...] = ()

    @property
    def spots(self) -> tuple[SidePlace, ...]:
        """The bet spots a click places on while bets are placed: the main bet first, then the
        side bets in order, then each computer seat's Bet Behind spot (none once the round is
        dealt)."""
        return () if self.main_spot is None else (self.main_spot, *self.side_bets,
                                                   *self.seat_spots)

    @property
    def slots(self) -> tuple[QRectF, ...]:
        """Each hand's area (for hit-testing and tests)."""
        return tuple(h.slot for h in self.hands)

    def faces(self) -> tuple[Face, ...]:
        """Every card on the table, the dealer's first, then the player's, then the seats'."""
        return self.dealer + tuple(f for h in self.hands for f in h.faces) + tuple(
            f for s in self.seats for f in s.faces)

    def marks(self) -> list[tuple[str, QRectF]]:
        """Everything painted on the felt that is not a card: totals, results, stakes, the
        message, the side bets, the shoe, and each seat's name, totals, Bet Behind spot and
        result (the frame of the hand to play and the felt's printing go round the cards, not
        on them)."""
        found: list[tuple[str, QRectF]] = []
        if self.dealer_total is not None:
            found.append(("dealer total", self.dealer_total))
        if self.message is not None:
            found.append(("message", self.message))
        for i, hand in enumerate(self.hands):
            found.append((f"hand {i + 1} total", hand.total))
            found.append((f"hand {i + 1} result", hand.badge))
            found += [(f"hand {i + 1} stake", d.rect) for d in hand.discs]
        for side in (*(() if self.main_spot is None else (self.main_spot,)),
                     *self.side_bets):
            found.append((f"{side.bet.title} circle", side.circle))
            found.append((f"{side.bet.title} caption", side.caption))
        if self.shoe is not None:
            found.append(("shoe", self.shoe))
        found += [(f"chip {i + 1}", d.rect) for i, d in enumerate(self.rack)]
        if self.timer is not None:
            found.append(("timer", self.timer))
        for i, seat in enumerate(self.seats):
            found.append((f"seat {i + 1} caption", seat.caption))
            found += [(f"seat {i + 1} total", t) for t in seat.totals]
            found += [(f"seat {i + 1} {what}", rect) for what, rect in (
                ("Bet Behind spot", seat.spot), ("Bet Behind result", seat.result))
                if rect is not None]
        return found


__all__ = ["HAND_STEP", "Disc", "Face", "HandPlace", "Layout", "SeatPlace", "SidePlace",
           "cards_width", "hand_faces"]
