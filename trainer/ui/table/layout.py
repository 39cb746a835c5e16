"""Where everything on the felt goes, for one table size and one view: the table's geometry.

The card height sets every size (text, chips, gaps are fractions of it) and is the largest that
lets the whole table fit: from the top, the dealer's cards and total, the message, the player's
hands (cards, total, stakes; a hand's result to the right of its cards, room kept for it from
the start so nothing moves when it comes), then the side bets' circles; the computer seats, at
a table with them, in the columns :mod:`.seat_layout` keeps beside (they never change the
player's card height). The dealer's cards lie side by side, so the hole card never covers the
up card; a doubled hand's last card lies sideways. :meth:`Layout.marks` lists everything
painted that is not a card, so a test can check that none of it lies on a card face. What is
placed is :mod:`.places`' records; the words and their sizes are :mod:`.measures`'.
"""

from __future__ import annotations

from fractions import Fraction

from PyQt6.QtCore import QPointF, QRectF

from .measures import (
    CAPTION_FONT,
    PILL,
    RESULT_FONT,
    SHOE_FONT,
    TOTAL_FONT,
    badge_line_width,
    badge_lines,
    badge_width,
    main_caption,
    pill_size,
    seat_caption,
    shoe_words,
    side_caption,
    width_at_100,
)
from .model import HandView, SideBetView, TableView
from .paint import CARD_RATIO
from .places import (
    HAND_STEP,
    Disc,
    Face,
    HandPlace,
    Layout,
    SeatPlace,
    SidePlace,
    cards_width,
    hand_faces,
)
from .seat_layout import hands_room, seat_columns, seat_places

# ----- sizes, in card heights (the words' sizes: .measures) ------------------------------
#: Chips and lammers.
CHIP_RADIUS = 0.22
#: A side bet's printed circle (a chip sits inside it).
SIDE_RADIUS = 0.26
#: Step between the dealer's cards, in card widths: side by side with a gap.
DEALER_STEP = 1.08
TOP, BOTTOM = 0.07, 0.05
GAP = 0.06
#: Between the message and the hands: room for the printed arc.
ARC_ROOM = 0.3
#: Between a hand's cards and its result badge.
BADGE_GAP = 0.08
#: Results go beside the cards unless that leaves the cards less than this share of the height
#: they have with the results above them.
BESIDE_AT_LEAST = 0.85
#: The chip display's chips, and the room above them.
RACK_RADIUS, RACK_GAP = 0.2, 0.1
#: The main bet's spot while bets are placed (a hand's place).
MAIN_SPOT_RADIUS = 0.36


def _stake_discs(hand: HandView) -> list[tuple[Fraction, bool]]:
    discs: list[tuple[Fraction, bool]] = []
    if hand.real_stake:
        discs.append((hand.real_stake, False))
    lammers = hand.lammers or (1 if hand.free_stake else 0)
    if lammers:
        discs += [(hand.free_stake / lammers, True)] * lammers
    return discs


def _vertical_units(view: TableView) -> float:
    """The table's height in card heights."""
    dealer = 1 + GAP + TOTAL_FONT * PILL
    message = 0.08 + TOTAL_FONT * 2.0 + ARC_ROOM
    hands = 1 + 0.05 + TOTAL_FONT * PILL + GAP + 2 * CHIP_RADIUS
    sides = (0.08 + 2 * SIDE_RADIUS + 0.03 + CAPTION_FONT * PILL) if view.side_bets else 0.0
    rack = RACK_GAP + 2 * RACK_RADIUS if view.chips else 0.0
    return TOP + dealer + message + hands + sides + rack + BOTTOM


#: The dealer's row is sized for this many cards (later draws close up to the width of their
#: index, and more than this closer still), so cards keep their size as the dealer draws.
DEALER_ROOM = 5
#: Step between the dealer's third and later cards, in card widths: their index stays in view.
DEALER_LATER_STEP = 0.42


def _dealer_units(cards: int) -> float:
    """The width of a dealer's row of ``cards`` cards, in card widths."""
    return 1 + DEALER_STEP + DEALER_LATER_STEP * max(0, cards - 2)


def _shoe_units(view: TableView) -> float:
    """The shoe box's width in card heights (0 where no shoe is drawn)."""
    if view.cards_left is None:
        return 0.0
    words = max(width_at_100(shoe_words(view)[0]), width_at_100("cut card to come", False))
    return SHOE_FONT * 3.0 * 0.55 + SHOE_FONT * 1.2 + words / 100 * SHOE_FONT


def _sizes(width: float, height: float, view: TableView) -> tuple[float, bool]:
    """The largest card height at which the whole view fits ``width`` x ``height``, and where
    the hands' results go: beside their cards (False), or, where that would make the cards
    much smaller (many hands on a narrow table), in one line above them (True)."""
    by_height = height / _vertical_units(view)
    n = max(1, len(view.hands))
    widest = max([cards_width(h, CARD_RATIO, 1.0) for h in view.hands] + [CARD_RATIO * 1.42])
    room = width * 0.96          # as at a table alone: the seats make room for the hands
    beside = room / (n * (widest + BADGE_GAP + badge_width() + 0.12))
    above = room / (n * max(widest + 0.12, badge_line_width() + 0.12))
    # the dealer's row centred, the shoe's box to its right, clear of it
    by_dealer = (width / 2 - 0.02 * width) / (
        CARD_RATIO * _dealer_units(DEALER_ROOM) / 2 + _shoe_units(view) + 0.04)
    side = min(by_height, beside, by_dealer)
    top = min(by_height, above, by_dealer)
    if side >= BESIDE_AT_LEAST * top:
        return max(16.0, side), False
    return max(16.0, top), True


def layout(width: float, height: float, view: TableView) -> Layout:
    """Compute where everything on the table goes."""
    ch, above = _sizes(width, height, view)
    cw = ch * CARD_RATIO
    y = TOP * ch
    shoe = _shoe_box(width, ch, view)
    dealer = _dealer(width, y, cw, ch, view, shoe)
    y += ch + GAP * ch
    total_px = TOTAL_FONT * ch
    dealer_total = None
    if dealer and view.dealer_total_text:
        w, h = pill_size(view.dealer_total_text, total_px)
        dealer_total = QRectF(width / 2 - w / 2, y, w, h)
    y += total_px * PILL + 0.08 * ch
    message = None
    if view.message:
        w, h = pill_size(view.message, total_px)
        w = min(w + total_px, hands_room(width, bool(view.seats))[1])
        message = QRectF(width / 2 - w / 2, y, w, total_px * 2.0)
    y += total_px * 2.0 + ARC_ROOM * ch
    hands_top = y
    hands = _hands(hands_room(width, bool(view.seats) and len(view.hands) > 1), hands_top, cw,
                   ch, view, above)
    if len(view.hands) > 1 and view.seats and not all(     # a split too wide for the middle
            hands_room(width, True)[0] <= min(p.frame.left(), p.badge.left()) and max(
                p.frame.right(), p.badge.right()) <= width - hands_room(width, True)[0]
            for p in hands):
        hands = _hands(hands_room(width, False), hands_top, cw, ch, view, above)
    y += ch + 0.05 * ch + total_px * PILL + GAP * ch + 2 * CHIP_RADIUS * ch
    seats_bottom = y + 0.04 * ch
    sides = _side_bets(width, y + 0.08 * ch, ch, view.side_bets)
    y += (0.08 + 2 * SIDE_RADIUS + 0.03 + CAPTION_FONT * PILL) * ch if view.side_bets else 0.0
    timer, ring = _timer(hands, view, ch)
    seats = _seats(width, ch, view, (shoe, dealer_total, message), hands,
                   (hands_top + ch / 2, seats_bottom))
    return Layout(width, height, ch, cw, dealer, dealer_total, message,
                  hands_top - ARC_ROOM * ch * 0.8, hands, sides, shoe, above,
                  _main_spot(width, hands_top, ch, view), _rack(width, y, ch, view), timer, ring,
                  seats, _seat_spots(seats, view))


def _seats(width: float, ch: float, view: TableView,
           above: tuple[QRectF | None, QRectF | None, QRectF | None],
           hands: tuple[HandPlace, ...], level: tuple[float, float]) -> tuple[SeatPlace, ...]:
    """The computer seats in their columns (:mod:`.seat_layout`), beside the player's cards
    (``level``: their middle, and the columns' bottom) where there is room: the right column
    under the shoe (``above``: the shoe, the dealer's total and the message), both under the
    dealer's total where the dealer's row (room for :data:`DEALER_ROOM` cards) would reach them on a
    narrow felt. Where the player's hands reach into a column (a split wider than the
    middle), the column ends above them and widens to the dealer's row and the message."""
    if not view.seats:
        return ()
    shoe, dealer_total, message = above
    middle, bottom = level
    tops = [TOP * ch, shoe.bottom() + GAP * ch if shoe is not None else TOP * ch]
    dealer_half = ch * CARD_RATIO * _dealer_units(DEALER_ROOM) / 2
    columns = seat_columns(width, tops, (bottom, bottom))
    if columns[0].right() > width / 2 - dealer_half:
        below = (dealer_total.bottom() if dealer_total is not None else (TOP + 1) * ch) + GAP * ch
        tops = [max(top, below) for top in tops]
        columns = seat_columns(width, tops, (bottom, bottom))
    marks = [r for p in hands for r in (p.frame, p.badge, p.total, *(d.rect for d in p.discs))]
    placed = []
    for side, column in enumerate(columns):
        blocking = [r.top() for r in marks
                    if r.left() < column.right() and r.right() > column.left()]
        if blocking:
            inner = [width / 2 - dealer_half] + ([message.left()] if message else [])
            edge = min(inner) - GAP * ch
            column = QRectF(column.left(), column.top(), max(column.width(), edge - column.left()),
                            max(0.0, min(blocking) - GAP * ch - column.top()))
            if side:
                column.moveRight(width * 0.98)
        placed.append(column)
    return seat_places(view.seats, (placed[0], placed[1]), middle, ch)


def _seat_spots(seats: tuple[SeatPlace, ...], view: TableView) -> tuple[SidePlace, ...]:
    """While bets are placed, each computer seat's Bet Behind spot at its place, as a spot a
    click places on (after the side bets, as the betting orders them)."""
    if view.betting is None:
        return ()
    return tuple(SidePlace(place.spot, place.chip, place.caption, SideBetView(
        seat_caption(seat), seat.behind.stake), seat_caption(seat))
        for place, seat in zip(seats, view.seats, strict=True)
        if place.spot is not None and seat.behind is not None)


def _main_spot(width: float, top: float, ch: float, view: TableView) -> SidePlace | None:
    """The main bet's circle in the middle of the hands' place, its caption under it (only
    while bets are placed)."""
    betting = view.betting
    if betting is None:
        return None
    r = MAIN_SPOT_RADIUS * ch
    circle = QRectF(width / 2 - r, top + 0.2 * ch, 2 * r, 2 * r)
    chip = (Disc(circle.center(), CHIP_RADIUS * ch * 1.3, betting.main, False)
            if betting.main else None)
    text = main_caption(betting)
    px = CAPTION_FONT * ch
    w = min(pill_size(text, px)[0], width * 0.9)
    caption = QRectF(width / 2 - w / 2, circle.bottom() + 0.05 * ch, w, px * PILL)
    return SidePlace(circle, chip, caption, SideBetView("Main bet", betting.main), text)


def _rack(width: float, top: float, ch: float, view: TableView) -> tuple[Disc, ...]:
    """The chip display in a row across the bottom of the felt, centred."""
    n = len(view.chips)
    if not n:
        return ()
    r = min(RACK_RADIUS * ch, width * 0.9 / (2.5 * n))
    step = 2.5 * r
    x = width / 2 - step * (n - 1) / 2
    y = top + RACK_GAP * ch + RACK_RADIUS * ch
    return tuple(Disc(QPointF(x + i * step, y), r, chip.amount, False)
                 for i, chip in enumerate(view.chips))


def _timer(hands: tuple[HandPlace, ...], view: TableView, ch: float
           ) -> tuple[QRectF | None, QRectF | None]:
    """The timer's seconds where the hand to play's result will go, and a ring round its
    first chip."""
    if view.timer is None or view.current is None or view.current >= len(hands):
        return None, None
    place = hands[view.current]
    px = RESULT_FONT * ch
    w, h = pill_size("88.8 s", px)
    badge = place.badge
    box = QRectF(badge.left(), badge.center().y() - h / 2, min(w, badge.width()), h)
    ring = None
    if place.discs:
        disc = place.discs[0]
        r = disc.radius * 1.18
        ring = QRectF(disc.centre.x() - r, disc.centre.y() - r, 2 * r, 2 * r)
    return box, ring


def _shoe_box(width: float, ch: float, view: TableView) -> QRectF | None:
    """The shoe in the top right corner: a card back and two lines (cards left, cut card)."""
    if view.cards_left is None:
        return None
    return QRectF(width - 0.02 * width - _shoe_units(view) * ch, TOP * ch,
                  _shoe_units(view) * ch, SHOE_FONT * 3.0 * ch)


def _dealer(width: float, top: float, cw: float, ch: float, view: TableView,
            shoe: QRectF | None) -> tuple[Face, ...]:
    """The dealer's cards side by side, centred; later draws close up if the row would reach
    the shoe, never over the first two."""
    cards = view.dealer_cards
    n = len(cards)
    if not n:
        return ()
    right = (shoe.left() - 0.04 * ch) if shoe is not None else width * 0.98
    half = min(width / 2 - hands_room(width, bool(view.seats))[0], right - width / 2)
    step = cw * DEALER_STEP
    if n > 2:
        room = 2 * half - cw - step
        step_later = max(cw * 0.12, min(cw * DEALER_LATER_STEP, room / (n - 2)))
    else:
        step_later = step
    total = cw + (step if n > 1 else 0) + step_later * max(0, n - 2)
    x = width / 2 - total / 2
    faces = []
    for i, card in enumerate(cards):
        faces.append(Face(QRectF(x, top, cw, ch), card, hidden=i == 1 and view.hole_hidden))
        x += step if i == 0 else step_later
    return tuple(faces)


def _hands(room: tuple[float, float], top: float, cw: float, ch: float, view: TableView,
           above: bool) -> tuple[HandPlace, ...]:
    """The player's hands side by side in ``room`` (its left edge and width), each in its
    slot."""
    n = max(1, len(view.hands))
    room_left, room_w = room
    slot_w = room_w / n
    badge_w = badge_width() * ch
    beside_room = 0.0 if above else BADGE_GAP * ch + badge_w
    places = []
    for i, hand in enumerate(view.hands):
        slot = QRectF(room_left + i * slot_w, top - 0.1 * ch, slot_w,
                      ch * (1.1 + 0.05 + GAP) + TOTAL_FONT * PILL * ch + 2 * CHIP_RADIUS * ch
                      + 0.08 * ch)
        two = cw * (1 + HAND_STEP)
        cards_w = cards_width(hand, cw, ch)
        # the first card stays where two cards would be centred; the hand grows to the right,
        # and moves left only when its cards and result would leave the slot
        x0 = slot.center().x() - two / 2
        x0 = max(slot.left() + 0.02 * ch,
                 min(x0, slot.right() - 0.02 * ch - cards_w - beside_room))
        faces = hand_faces(hand, x0, top, cw, ch)
        centre = x0 + two / 2
        total_px = TOTAL_FONT * ch
        w, h = pill_size(hand.total_text, total_px)
        total = QRectF(centre - w / 2, top + ch + 0.05 * ch, w, h)
        discs = _discs(hand, centre, total.bottom() + GAP * ch, ch, slot.width())
        if above:      # one line, centred over the cards, in the room under the message
            words = " ".join(badge_lines(hand)) if hand.outcome is not None else "Blackjack"
            line_w = min(pill_size(words, RESULT_FONT * ch)[0], slot_w * 0.96)
            line_h = RESULT_FONT * ch * PILL
            badge = QRectF(max(slot.left() + 0.02 * slot_w, min(
                x0 + cards_w / 2 - line_w / 2, slot.right() - 0.02 * slot_w - line_w)),
                top - 0.03 * ch - line_h, line_w, line_h)
        else:
            badge_h = RESULT_FONT * ch * 2 * 1.25 + 0.08 * ch
            badge = QRectF(x0 + cards_w + BADGE_GAP * ch, top + ch / 2 - badge_h / 2, badge_w,
                           badge_h)
        bottom = max([d.rect.bottom() for d in discs] + [total.bottom()])
        left = min(x0, total.left(), *(d.rect.left() for d in discs))
        right = max(x0 + cards_w, total.right(), *(d.rect.right() for d in discs))
        frame = QRectF(left - 0.07 * ch, top - 0.07 * ch, right - left + 0.14 * ch,
                       bottom - top + 0.12 * ch)
        places.append(HandPlace(faces, total, tuple(discs), badge, frame, slot))
    return tuple(places)


def _discs(hand: HandView, centre: float, top: float, ch: float,
           room: float) -> list[Disc]:
    """A hand's chip and lammers side by side under its total (smaller only if the slot is
    too narrow for them)."""
    wanted = _stake_discs(hand)
    if not wanted:
        return []
    r = CHIP_RADIUS * ch
    gap = 2.2
    r = min(r, room * 0.9 / (gap * len(wanted)))
    x = centre - gap * r * (len(wanted) - 1) / 2
    y = top + CHIP_RADIUS * ch
    discs = []
    for amount, lammer in wanted:
        discs.append(Disc(QPointF(x, y), r, amount, lammer))
        x += gap * r
    return discs


def _side_bets(width: float, top: float, ch: float,
               bets: tuple[SideBetView, ...]) -> tuple[SidePlace, ...]:
    """The side bets' circles in a row across the felt, each with its caption below."""
    if not bets:
        return ()
    n = len(bets)
    unit = width * 0.9 / n
    r = SIDE_RADIUS * ch
    px = CAPTION_FONT * ch
    places = []
    for i, bet in enumerate(bets):
        cx = width * 0.05 + unit * (i + 0.5)
        circle = QRectF(cx - r, top, 2 * r, 2 * r)
        # a settled bet: what it won is paid onto its circle, a losing one's chip is taken
        on_it = bet.stake + bet.net if bet.settled else bet.stake
        chip = Disc(circle.center(), CHIP_RADIUS * ch, on_it, False) if on_it > 0 else None
        w = min(pill_size(side_caption(bet), px)[0], unit * 0.96)
        caption = QRectF(cx - w / 2, circle.bottom() + 0.03 * ch, w, px * PILL)
        places.append(SidePlace(circle, chip, caption, bet, side_caption(bet)))
    return tuple(places)


__all__ = ["ARC_ROOM", "BADGE_GAP", "CHIP_RADIUS", "DEALER_STEP", "HAND_STEP", "MAIN_SPOT_RADIUS",
           "RACK_RADIUS", "SIDE_RADIUS", "layout"]
