"""Shoe practice's betting before each round: the chips and spots on the felt, the betting bar
under it (undo, repeat, x2, all side bets, the total bet and the deal) and their keys.

The logic is :class:`trainer.drills.betting.Betting`; this module only draws it (the table's
view) and forwards the player's clicks and keys to it. Keys, as at the live table: 1, 2, ...
take a chip (1 the lowest); Space repeats the last round's bets on an empty table and doubles
them after; Ctrl+Z, Delete or Backspace take back the last chip, and held for
:data:`HOLD_TO_CLEAR` seconds clear them all (so does holding the Undo button). Beyond the live
game's keys: B puts the chip on the spot ringed in gold (Left and Right move the ring), A on
every side bet, X doubles, and Enter deals. A counted shoe bets units: a digit sets the main
bet to that many units of the table minimum, + and - step it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from fractions import Fraction

from PyQt6.QtCore import QObject, Qt, QTimer, pyqtSignal
from PyQt6.QtGui import QKeyEvent
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from trainer import settings as cfg
from trainer.drills.betting import MAIN, Betting, Placed, TableLimits, money_words
from trainer.rules import RuleSet
from trainer.rules.bet_behind import BehindOptions
from trainer.rules.side_bets import offered_side_bets
from trainer.settings import Settings

from ..table.model import BehindView, BettingView, ChipView, SeatView, SideBetView, TableView
from ..widgets import QUIET

#: Seconds Undo is held to take every bet off (the live game's three).
HOLD_TO_CLEAR = 3.0
UNDO_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)
DEAL_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
#: The betting's keys as Help ▸ Keys says them (their handler: :meth:`ShoeBets.key`).
KEYS_HELP: tuple[tuple[str, str], ...] = (
    ("1–9", "take a chip, 1 the lowest (a counted shoe: bet that many units)"),
    ("+ / −", "a counted shoe's bet one unit up or down"),
    ("B, ← / →", "the chip in hand on the ringed spot; move the ring"),
    ("Space", "repeat the last round's bets; again, double them"),
    ("X", "double every bet (x2)"),
    ("A", "the chip in hand on every side bet"),
    ("Ctrl+Z, Delete, Backspace", f"take back the last chip (held {HOLD_TO_CLEAR:g} s: every bet)"),
    ("Enter", "deal"),
    ("Ctrl+H", "the round history"),
)

_BUTTON = ("QPushButton { padding: 6px 12px; border-radius: 6px; font-weight: 600;"
           " border: 1px solid palette(mid); background: palette(button); }"
           f"QPushButton:disabled {{ {QUIET} }}")      # a chip the balance cannot cover
_DEAL = ("QPushButton { padding: 8px 18px; border-radius: 6px; font-weight: 700;"
         " color: white; background: #1f6f43; border: 1px solid #145030; }"
         "QPushButton:hover { background: #25804e; }")


def table_limits(settings: Settings) -> TableLimits:
    """The table's chips and limits as the settings give them (a maximum below the minimum
    gives way to it)."""
    allowed = cfg.CHIPS.allowed
    assert isinstance(allowed, cfg.Amounts)
    chips = tuple(Fraction(c) for c in allowed.parse(settings.get(cfg.CHIPS)))
    low = settings.get(cfg.TABLE_MINIMUM)
    high = max(low, settings.get(cfg.TABLE_MAXIMUM))
    return TableLimits(chips, Fraction(low), Fraction(high),
                       Fraction(settings.get(cfg.SIDE_BET_MAXIMUM)))


def behind_options(settings: Settings) -> BehindOptions:
    """The player's Bet Behind Options, as Settings chose them."""
    return BehindOptions(settings.get(cfg.BEHIND_FOLLOWS_DOUBLES),
                         settings.get(cfg.BEHIND_FOLLOWS_SPLITS))


def units_text(main: Fraction, unit: Fraction) -> str:
    """A counted shoe's main bet, as its box, its deal button and its money line all say it:
    "2 units × 10 = 20" (or the amount, when it is not whole units)."""
    units = main / unit
    if not main or units.denominator != 1:
        return f"{money_words(main)}, not whole units of {money_words(unit)}" if main else (
            "no bet yet")
    n = units.numerator
    return f"{n} unit{'' if n == 1 else 's'} × {money_words(unit)} = {money_words(main)}"


def _button(text: str, tip: str) -> QPushButton:
    button = QPushButton(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    button.setStyleSheet(_BUTTON)
    button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
    return button


class BettingBar(QWidget):
    """The row under the felt while bets are placed: Undo, Repeat, x2, All side bets, the
    total bet and Deal."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("betting-bar")
        self.undo = _button("Undo (Ctrl+Z)", "Take back the last chip; hold to clear every "
                                             "bet (or hold Ctrl+Z, Delete, Backspace).")
        self.repeat = _button("Repeat (Space)", "Place the last round's bets again.")
        self.double = _button("x2 (Space)", "Double every bet, if your balance covers them "
                                            "all.")
        self.all_sides = _button("All side bets (A)", "Put the chip in hand on every side "
                                                      "bet.")
        self.total = QLabel()
        self.total.setObjectName("total-bet")
        self.deal = QPushButton("Deal (Enter)")
        self.deal.setObjectName("deal")
        self.deal.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.deal.setStyleSheet(_DEAL)
        self.deal.setMinimumHeight(40)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        row.addStretch(1)
        for widget in (self.undo, self.repeat, self.double, self.all_sides):
            row.addWidget(widget)
        row.addSpacing(12)
        row.addWidget(self.total)
        row.addWidget(self.deal)
        row.addStretch(1)
        self.hold = QTimer(self)
        self.hold.setSingleShot(True)
        self.hold.setInterval(round(HOLD_TO_CLEAR * 1000))


class ShoeBets(QObject):
    """The betting of one shoe: the :class:`Betting`, its bar, the felt's betting view and the
    keys. :attr:`changed` says something to redraw changed; :attr:`deal_requested` that the
    player deals."""

    changed = pyqtSignal()
    deal_requested = pyqtSignal()

    def __init__(self, settings: Settings, clock: Callable[[], datetime],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings, self.clock = settings, clock
        self.bar = BettingBar()
        self.bar.hide()
        self.betting: Betting | None = None
        self.unit: Fraction | None = None       # a counted shoe's betting unit
        self.message = ""                      # what the last placing said
        self.chosen = 0                        # the spot B places on
        self._held_since: datetime | None = None
        bar = self.bar
        bar.undo.pressed.connect(self._undo_pressed)
        bar.undo.released.connect(self._undo_released)
        bar.hold.timeout.connect(self._held)
        bar.repeat.clicked.connect(lambda: self._do(self._betting().repeat()))
        bar.double.clicked.connect(lambda: self._do(self._betting().double()))
        bar.all_sides.clicked.connect(lambda: self._do(self._betting().all_side_bets()))
        bar.deal.clicked.connect(self.deal_requested.emit)

    # ----- a shoe -------------------------------------------------------------------------

    def start(self, rules: RuleSet, balance: Fraction | None,
              unit: Fraction | None = None, behind_seats: Sequence[int] = ()) -> None:
        """A new shoe of ``rules``: a new table at the settings' limits with a Bet Behind spot
        for each of ``behind_seats`` (the last round's bets kept for REPEAT when the same side
        bets are offered)."""
        offered = offered_side_bets(rules)
        old = self.betting
        self.betting = Betting(table_limits(self.settings), offered, balance, behind_seats)
        if old is not None and old.offered == offered:
            self.betting.last = old.last
        self.unit, self.message, self.chosen = unit, "", 0
        self.bar.all_sides.setVisible(bool(offered))

    def _betting(self) -> Betting:
        assert self.betting is not None
        return self.betting

    def open(self, balance: Fraction | None) -> None:
        """Betting opens (after the deal of a round, with the balance the player holds)."""
        betting = self._betting()
        betting.balance = balance
        self.message = ""
        self.bar.show()
        self.refresh(said=False)

    def close(self) -> None:
        """Betting is closed: the round is dealt."""
        self.bar.hide()
        self.bar.hold.stop()

    def refresh(self, said: bool = True) -> None:
        """The bar as the bets stand (``said``: and :attr:`changed` says so)."""
        betting = self._betting()
        self.bar.repeat.setVisible(betting.can_repeat)
        self.bar.double.setVisible(bool(betting.total))
        self.bar.undo.setEnabled(bool(betting.total))
        self.bar.all_sides.setEnabled(bool(betting.stake(MAIN)))
        self.bar.total.setText(f"Total bet {money_words(betting.total)}")
        self.bar.deal.setText("Deal (Enter)" if self.unit is None or not betting.stake(MAIN) else
                              f"Deal {units_text(betting.stake(MAIN), self.unit)} (Enter)")
        if said:
            self.changed.emit()

    # ----- the felt -----------------------------------------------------------------------

    def chips(self, usable: bool = True) -> tuple[ChipView, ...]:
        """The chip display (``usable`` False: betting is closed, every chip dimmed)."""
        betting = self._betting()
        return tuple(ChipView(amount, usable and betting.chip_enabled(i),
                              usable and i == betting.selected)
                     for i, amount in enumerate(betting.limits.chips))

    def hint(self) -> str:
        """The felt's line while bets are placed: the last placing's words, else what to do."""
        betting = self._betting()
        if self.message:
            return self.message
        refused = betting.problem() if betting.total else None
        if refused is not None:
            return refused
        if betting.total and self.unit is not None:
            return f"Bet {units_text(betting.stake(MAIN), self.unit)}: Enter deals"
        if betting.total:
            return f"Total bet {money_words(betting.total)}: Enter deals"
        if betting.can_repeat and betting.last is not None:
            return f"Place your bets: Space repeats {money_words(betting.last.total)}"
        if self.unit is not None:
            return f"Bet by the count: a digit bets that many units of {money_words(self.unit)}"
        return f"Place your bets: 1–{len(betting.limits.chips)} take a chip, B or a click places it"

    def view(self, base: TableView) -> TableView:
        """``base`` (the felt without cards) with the bet spots, their stakes and the chips: the
        main bet's and the side bets', and each computer seat's Bet Behind spot at its place."""
        betting = self._betting()
        limits = betting.limits
        note = (f"min {money_words(limits.minimum)} · max {money_words(limits.maximum)}")
        sides = tuple(SideBetView(spot.title, betting.stake(spot))
                      for spot in betting.spots[1:] if spot.behind is None)
        seats = tuple(SeatView(spot.behind + 1, (), BehindView(betting.stake(spot)))
                      for spot in betting.spots[1:] if spot.behind is not None)
        return replace(base, hands=(), current=None, dealer_cards=(), dealer_total_text="",
                       hole_hidden=False, message=self.hint(), side_bets=sides, seats=seats,
                       chips=self.chips(), timer=None,
                       betting=BettingView(betting.stake(MAIN), note, self.chosen))

    # ----- clicks and keys ----------------------------------------------------------------

    def click_chip(self, index: int) -> None:
        """A chip of the display clicked: take it in hand."""
        self._do(self._betting().select(index))

    def click_spot(self, index: int) -> None:
        """A bet spot clicked: the chip in hand goes on it (and the ring moves to it)."""
        betting = self._betting()
        self.chosen = index
        self._do(betting.place(betting.spots[index]))

    def key(self, event: QKeyEvent) -> bool:
        """Take a key press meant for the betting; True when it was used."""
        betting, key = self._betting(), event.key()
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if key in UNDO_KEYS or (ctrl and key == Qt.Key.Key_Z):
            self._undo_key(event)
            return True
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        text = event.text()
        if key in DEAL_KEYS:
            self.deal_requested.emit()
        elif key == Qt.Key.Key_Space:
            self._do(betting.space())
        elif self.unit is not None and text.isdigit() and text != "0":
            self._do(betting.set_main(self.unit * int(text)))
        elif self.unit is not None and text in ("+", "=", "-"):
            step = 1 if text in ("+", "=") else -1
            units = (betting.stake(MAIN) // self.unit) + step
            self._do(betting.set_main(self.unit * max(1, units)))
        elif text.isdigit() and text != "0":
            self._do(betting.select(int(text) - 1))
        elif key == Qt.Key.Key_B:
            self._do(betting.place(betting.spots[self.chosen]))
        elif key == Qt.Key.Key_A:
            self._do(betting.all_side_bets())
        elif key == Qt.Key.Key_X:
            self._do(betting.double())
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            self.chosen = (self.chosen + (1 if key == Qt.Key.Key_Right else -1)) % len(
                betting.spots)
            self.message = f"B places on {betting.spots[self.chosen].title}."
            self.refresh()
        else:
            return False
        return True

    def key_released(self, event: QKeyEvent) -> None:
        """An undo key let go: the next press starts a new hold."""
        if not event.isAutoRepeat() and (event.key() in UNDO_KEYS
                                         or event.key() == Qt.Key.Key_Z):
            self._held_since = None

    def _undo_key(self, event: QKeyEvent) -> None:
        """The first press takes back one chip; held (the key's repeats) for HOLD_TO_CLEAR
        seconds by the page's clock, every bet goes."""
        now = self.clock()
        if not event.isAutoRepeat() or self._held_since is None:
            self._held_since = now
            self._do(self._betting().undo())
        elif (now - self._held_since).total_seconds() >= HOLD_TO_CLEAR:
            self._held_since = None
            self._do(self._betting().clear())

    def _undo_pressed(self) -> None:
        self.bar.hold.start()

    def _undo_released(self) -> None:
        if self.bar.hold.isActive():
            self.bar.hold.stop()
            self._do(self._betting().undo())

    def _held(self) -> None:
        """The Undo button held HOLD_TO_CLEAR seconds: every bet off."""
        self._do(self._betting().clear())

    def _do(self, placed: Placed) -> None:
        self.message = placed.message
        self.refresh()

    # ----- the deal -----------------------------------------------------------------------

    def units(self) -> int | None:
        """A counted shoe's main bet in units (None: not whole units)."""
        if self.unit is None:
            return None
        units = self._betting().stake(MAIN) / self.unit
        return units.numerator if units.denominator == 1 and units > 0 else None

    def refuse(self, message: str) -> None:
        """The deal was refused: say why on the felt (every chip stays)."""
        self.message = message
        self.refresh()


__all__ = ["HOLD_TO_CLEAR", "KEYS_HELP", "BettingBar", "ShoeBets", "behind_options",
           "table_limits", "units_text"]
