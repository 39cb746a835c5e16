"""The felt's words: their sizes (in card heights), their widths in the app font, and the
texts themselves (a hand's result badge, a side bet's caption, the shoe's lines), so the layout
can keep room for them and the widget paint them alike."""

from __future__ import annotations

from functools import cache

from PyQt6.QtGui import QFont, QFontMetricsF

from trainer.rules import Outcome

from .model import (
    BehindView,
    BettingView,
    HandView,
    SeatView,
    SideBetView,
    TableView,
    TimerView,
    money_text,
    signed_money,
)
from .paint import font

#: Hand totals, the dealer's total and the message.
TOTAL_FONT = 0.15
#: A hand's result and a side bet's caption.
RESULT_FONT = 0.13
CAPTION_FONT = 0.105
#: The shoe's words.
SHOE_FONT = 0.1
#: A pill's height over its font size.
PILL = 1.7

#: A settled hand's result in two words, as on a live table's result badge.
BADGE_WORDS = {Outcome.BLACKJACK: "Blackjack", Outcome.CHARLIE: "Charlie", Outcome.WIN: "Win",
               Outcome.PUSH: "Push", Outcome.PUSH_22: "Push 22", Outcome.LOSE: "Lose",
               Outcome.BUST: "Bust", Outcome.SURRENDER: "Surrender"}


@cache
def width_at_100(text: str, bold: bool = True) -> float:
    """The width of ``text`` in the app font at 100 px (widths scale with the size)."""
    return QFontMetricsF(font(100, bold)).horizontalAdvance(text)


def text_width(text: str, pixels: float, bold: bool = True) -> float:
    """The width of ``text`` at ``pixels``."""
    return width_at_100(text, bold) * pixels / 100


def pill_size(text: str, pixels: float) -> tuple[float, float]:
    """A pill's width and height for ``text`` at ``pixels``."""
    return text_width(text, pixels) + pixels * 1.4, pixels * PILL


def badge_lines(hand: HandView) -> tuple[str, str]:
    """A settled hand's two lines: its result in a word, and its net ("+20", "−10", "0")."""
    assert hand.outcome is not None
    return BADGE_WORDS[hand.outcome], signed_money(hand.net)


def badge_width() -> float:
    """The badge's width in card heights: its widest word, padded (room kept for every
    hand)."""
    widest = max([*BADGE_WORDS.values(), "+1000.50"], key=lambda t: width_at_100(t))
    return (width_at_100(widest) / 100 + 1.2) * RESULT_FONT


def badge_line_width() -> float:
    """A one-line badge's width in card heights ("Blackjack +1000.50"), padded."""
    widest = max(BADGE_WORDS.values(), key=lambda t: width_at_100(t))
    return (width_at_100(f"{widest} +1000.50") / 100 + 1.2) * RESULT_FONT


def side_caption(bet: SideBetView) -> str:
    """A side bet's caption: its name, then its result ("Flush +50", "21+3 −5")."""
    if not bet.settled or not bet.stake:
        return bet.title if bet.stake else f"{bet.title}: no bet"
    if bet.category is not None:
        return f"{bet.category} {signed_money(bet.net)}"
    return f"{bet.title} {signed_money(bet.net)}"


def seat_caption(seat: SeatView) -> str:
    """A computer seat's name on the felt: "Seat 2"; while bets are placed (no cards yet) its
    Bet Behind spot's, "Bet Behind seat 2", as the money line names the bet."""
    return f"Seat {seat.number}" if seat.hands else f"Bet Behind seat {seat.number}"


def behind_lines(behind: BehindView) -> tuple[str, str]:
    """A bet behind's two lines beside its seat's cards once settled: "Won", "Lost" or
    "Push" over its net ("+20"); none before (its chip says its stake)."""
    if not behind.settled:
        return "", ""
    word = "Won" if behind.net > 0 else "Lost" if behind.net < 0 else "Push"
    return word, signed_money(behind.net)


def main_caption(betting: BettingView) -> str:
    """The main bet spot's caption: "Main bet 25", or its note (the table's limits) while it is
    empty."""
    if betting.main:
        return f"Main bet {money_text(betting.main)}"
    return f"Main bet: {betting.note}" if betting.note else "Main bet"


def timer_text(timer: TimerView) -> str:
    """The decision timer's seconds: "4.2 s"."""
    return f"{timer.seconds:.1f} s"


def shoe_words(view: TableView) -> tuple[str, str]:
    """The shoe's two lines: "312 cards left", "cut card out" or "cut card to come"."""
    return (f"{view.cards_left} cards left",
            "cut card out" if view.cut_card_out else "cut card to come")


def fitted_font(text: str, pixels: float, room: float, bold: bool = True) -> QFont:
    """The app font at ``pixels``, smaller if ``text`` would not fit ``room`` (with padding)."""
    wanted = text_width(text, pixels, bold) + pixels * 1.2
    return font(pixels * min(1.0, room / wanted) if wanted else pixels, bold)


__all__ = ["BADGE_WORDS", "CAPTION_FONT", "PILL", "RESULT_FONT", "SHOE_FONT", "TOTAL_FONT",
           "badge_line_width", "badge_lines", "badge_width", "behind_lines", "fitted_font",
           "main_caption", "pill_size", "seat_caption", "shoe_words", "side_caption",
           "text_width", "timer_text", "width_at_100"]
