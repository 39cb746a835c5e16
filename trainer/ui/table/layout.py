"""Where everything on the felt goes, for one table size and one view: the table's geometry.

The card height sets every size (text, chips, gaps are fractions of it) and is the largest that
lets the whole table fit: from the top, the dealer's cards and total, the message, the player's
hands (cards, total, stakes; a hand's result to the right of its cards, room kept for it from
the start so nothing moves when it comes), then the side bets' circles. The dealer's cards lie
side by side, so the hole card never covers the up card; a doubled hand's last card lies
sideways. :meth:`Layout.marks` lists everything painted that is not a card, so a test can check
that none of it lies on a card face.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from PyQt6.QtCore import QPointF, QRectF
from PyQt6.QtGui import QFont, QFontMetricsF

from trainer.rules import Outcome

from .model import CardView, HandView, SideBetView, TableView, money_text, signed_money
from .paint import CARD_RATIO, font

# ----- sizes, in card heights --------------------------------------------------------------
#: Hand totals, the dealer's total and the message.
TOTAL_FONT = 0.15
#: A hand's result and a side bet's caption.
RESULT_FONT = 0.13
CAPTION_FONT = 0.105
#: The shoe's words.
SHOE_FONT = 0.1
#: Chips and lammers.
CHIP_RADIUS = 0.22
#: A side bet's printed circle (a chip sits inside it).
SIDE_RADIUS = 0.26
#: Horizontal step between overlapping cards of one hand, in card widths (the next card
#: leaves the index of the one under it in view).
HAND_STEP = 0.42
#: Step between the dealer's cards, in card widths: side by side with a gap.
DEALER_STEP = 1.08
#: A pill's height over its font size.
PILL = 1.7
TOP, BOTTOM = 0.07, 0.05
GAP = 0.06
#: Between the message and the hands: room for the printed arc.
ARC_ROOM = 0.3

#: A settled hand's result in two words, as on a live table's result badge.
BADGE_WORDS = {Outcome.BLACKJACK: "Blackjack", Outcome.CHARLIE: "Charlie", Outcome.WIN: "Win",
               Outcome.PUSH: "Push", Outcome.PUSH_22: "Push 22", Outcome.LOSE: "Lose",
               Outcome.BUST: "Bust"}


@dataclass(frozen=True)
class Face:
    """One card on the table: where (its bounding box as it lies), which card, face down or
    not, lying sideways or not."""

    rect: QRectF
    card: CardView
    hidden: bool = False
    sideways: bool = False


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
    """One side bet: its printed circle, its chip (None: no bet) and its caption's box."""

    circle: QRectF
    chip: Disc | None
    caption: QRectF
    bet: SideBetView


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

    @property
    def slots(self) -> tuple[QRectF, ...]:
        """Each hand's area (for hit-testing and tests)."""
        return tuple(h.slot for h in self.hands)

    def faces(self) -> tuple[Face, ...]:
        """Every card on the table, the dealer's first."""
        return self.dealer + tuple(f for h in self.hands for f in h.faces)

    def marks(self) -> list[tuple[str, QRectF]]:
        """Everything painted on the felt that is not a card: totals, results, stakes, the
        message, the side bets and the shoe (the frame of the hand to play and the felt's
        printing go round the cards, not on them)."""
        found: list[tuple[str, QRectF]] = []
        if self.dealer_total is not None:
            found.append(("dealer total", self.dealer_total))
        if self.message is not None:
            found.append(("message", self.message))
        for i, hand in enumerate(self.hands):
            found.append((f"hand {i + 1} total", hand.total))
            found.append((f"hand {i + 1} result", hand.badge))
            found += [(f"hand {i + 1} stake", d.rect) for d in hand.discs]
        for side in self.side_bets:
            found.append((f"{side.bet.title} circle", side.circle))
            found.append((f"{side.bet.title} caption", side.caption))
        if self.shoe is not None:
            found.append(("shoe", self.shoe))
        return found


# ----- text measures -----------------------------------------------------------------------

@cache
def _width_at_100(text: str, bold: bool = True) -> float:
    """The width of ``text`` in the app font at 100 px (widths scale with the size)."""
    return QFontMetricsF(font(100, bold)).horizontalAdvance(text)


def text_width(text: str, pixels: float, bold: bool = True) -> float:
    """The width of ``text`` at ``pixels``."""
    return _width_at_100(text, bold) * pixels / 100


def pill_size(text: str, pixels: float) -> tuple[float, float]:
    """A pill's width and height for ``text`` at ``pixels``."""
    return text_width(text, pixels) + pixels * 1.4, pixels * PILL


def badge_lines(hand: HandView) -> tuple[str, str]:
    """A settled hand's two lines: its result in a word, and its net ("+20", "−10", "0")."""
    assert hand.outcome is not None
    return BADGE_WORDS[hand.outcome], signed_money(hand.net)


#: The badge's width in card heights: its widest word, padded (room kept for every hand).
def _badge_width() -> float:
    widest = max([*BADGE_WORDS.values(), "+1000.50"], key=lambda t: _width_at_100(t))
    return (_width_at_100(widest) / 100 + 1.2) * RESULT_FONT


BADGE_GAP = 0.08
#: Results go beside the cards unless that leaves the cards less than this share of the height
#: they have with the results above them.
BESIDE_AT_LEAST = 0.85


def _badge_line_width() -> float:
    """A one-line badge's width in card heights ("Blackjack +1000.50"), padded."""
    widest = max(BADGE_WORDS.values(), key=lambda t: _width_at_100(t))
    return (_width_at_100(f"{widest} +1000.50") / 100 + 1.2) * RESULT_FONT


def side_caption(bet: SideBetView) -> str:
    """A side bet's caption: its name, then its result ("Flush +50", "21+3 −5")."""
    if not bet.settled or not bet.stake:
        return bet.title if bet.stake else f"{bet.title}: no bet"
    if bet.category is not None:
        return f"{bet.category} {signed_money(bet.net)}"
    return f"{bet.title} {signed_money(bet.net)}"


# ----- the layout --------------------------------------------------------------------------

def _cards_width(hand: HandView, cw: float, ch: float) -> float:
    """How wide a hand's cards lie (a sideways doubled card is a card height wide)."""
    n = max(2, len(hand.cards))
    width = cw + cw * HAND_STEP * (n - 1)
    if hand.doubled and len(hand.cards) >= 3:
        width += ch - cw
    return width


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
    return TOP + dealer + message + hands + sides + BOTTOM


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
    words = max(_width_at_100(shoe_words(view)[0]), _width_at_100("cut card to come", False))
    return SHOE_FONT * 3.0 * 0.55 + SHOE_FONT * 1.2 + words / 100 * SHOE_FONT


def _card_height(width: float, height: float, view: TableView) -> float:
    """The largest card height at which the whole view fits ``width`` x ``height``."""
    return _sizes(width, height, view)[0]


def _sizes(width: float, height: float, view: TableView) -> tuple[float, bool]:
    """The largest card height at which the whole view fits ``width`` x ``height``, and where
    the hands' results go: beside their cards (False), or, where that would make the cards
    much smaller (many hands on a narrow table), in one line above them (True)."""
    by_height = height / _vertical_units(view)
    n = max(1, len(view.hands))
    widest = max([_cards_width(h, CARD_RATIO, 1.0) for h in view.hands] + [CARD_RATIO * 1.42])
    beside = width * 0.96 / (n * (widest + BADGE_GAP + _badge_width() + 0.12))
    above = width * 0.96 / (n * max(widest + 0.12, _badge_line_width() + 0.12))
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
        w = min(w + total_px, width * 0.96)
        message = QRectF(width / 2 - w / 2, y, w, total_px * 2.0)
    y += total_px * 2.0 + ARC_ROOM * ch
    hands_top = y
    hands = _hands(width, hands_top, cw, ch, view, above)
    y += ch + 0.05 * ch + total_px * PILL + GAP * ch + 2 * CHIP_RADIUS * ch
    sides = _side_bets(width, y + 0.08 * ch, ch, view.side_bets)
    return Layout(width, height, ch, cw, dealer, dealer_total, message,
                  hands_top - ARC_ROOM * ch * 0.8, hands, sides, shoe, above)


def _shoe_box(width: float, ch: float, view: TableView) -> QRectF | None:
    """The shoe in the top right corner: a card back and two lines (cards left, cut card)."""
    if view.cards_left is None:
        return None
    return QRectF(width - 0.02 * width - _shoe_units(view) * ch, TOP * ch,
                  _shoe_units(view) * ch, SHOE_FONT * 3.0 * ch)


def shoe_words(view: TableView) -> tuple[str, str]:
    """The shoe's two lines: "312 cards left", "cut card out" or "cut card to come"."""
    return (f"{view.cards_left} cards left",
            "cut card out" if view.cut_card_out else "cut card to come")


def _dealer(width: float, top: float, cw: float, ch: float, view: TableView,
            shoe: QRectF | None) -> tuple[Face, ...]:
    """The dealer's cards side by side, centred; later draws close up if the row would reach
    the shoe, never over the first two."""
    cards = view.dealer_cards
    n = len(cards)
    if not n:
        return ()
    right = (shoe.left() - 0.04 * ch) if shoe is not None else width * 0.98
    half = min(width / 2 - width * 0.02, right - width / 2)
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


def _hands(width: float, top: float, cw: float, ch: float, view: TableView,
           above: bool) -> tuple[HandPlace, ...]:
    n = max(1, len(view.hands))
    slot_w = width * 0.96 / n
    badge_w = _badge_width() * ch
    beside_room = 0.0 if above else BADGE_GAP * ch + badge_w
    places = []
    for i, hand in enumerate(view.hands):
        slot = QRectF(width * 0.02 + i * slot_w, top - 0.1 * ch, slot_w,
                      ch * (1.1 + 0.05 + GAP) + TOTAL_FONT * PILL * ch + 2 * CHIP_RADIUS * ch
                      + 0.08 * ch)
        two = cw * (1 + HAND_STEP)
        cards_w = _cards_width(hand, cw, ch)
        # the first card stays where two cards would be centred; the hand grows to the right,
        # and moves left only when its cards and result would leave the slot
        x0 = slot.center().x() - two / 2
        x0 = max(slot.left() + 0.02 * ch,
                 min(x0, slot.right() - 0.02 * ch - cards_w - beside_room))
        faces = []
        x = x0
        for k, card in enumerate(hand.cards):
            sideways = hand.doubled and k == len(hand.cards) - 1 and k >= 2
            if sideways:
                faces.append(Face(QRectF(x, top + (ch - cw) / 2, ch, cw), card, sideways=True))
            else:
                faces.append(Face(QRectF(x, top, cw, ch), card))
            x += cw * HAND_STEP
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
        places.append(HandPlace(tuple(faces), total, tuple(discs), badge, frame, slot))
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
        chip = (Disc(circle.center(), CHIP_RADIUS * ch, bet.stake, False) if bet.stake
                else None)
        w = min(pill_size(side_caption(bet), px)[0], unit * 0.96)
        caption = QRectF(cx - w / 2, circle.bottom() + 0.03 * ch, w, px * PILL)
        places.append(SidePlace(circle, chip, caption, bet))
    return tuple(places)


def fitted_font(text: str, pixels: float, room: float, bold: bool = True) -> QFont:
    """The app font at ``pixels``, smaller if ``text`` would not fit ``room`` (with padding)."""
    wanted = text_width(text, pixels, bold) + pixels * 1.2
    return font(pixels * min(1.0, room / wanted) if wanted else pixels, bold)


__all__ = ["BADGE_WORDS", "DEALER_STEP", "HAND_STEP", "Disc", "Face", "HandPlace", "Layout",
           "SidePlace", "badge_lines", "fitted_font", "layout", "money_text", "pill_size",
           "shoe_words", "side_caption", "text_width"]
