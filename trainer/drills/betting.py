"""Placing the bets of a round as at the live table: chips, limits, repeat and double, undo.

Before each round the player puts chips on the bet spots (the main bet, each side bet the rules
offer, and at a table with computer seats each seat's Bet Behind spot, within the main bet's
limits: docs/rules/bet-behind.md): a chip display in the table's denominations, of which only
the chips the balance still covers may be used; a chip placed on a spot adds its value, up to
the spot's maximum; REPEAT puts the last round's bets back (only while nothing is on the
table), DOUBLE doubles every bet if the balance covers all of it, ALL SIDE BETS puts the chip on
each side bet once the main bet is down, UNDO takes back the last placing (repeat and double
count as one each) and CLEAR all of it. Source: the live game's rules, section Place Bets and
Shortcut Keys (the space bar repeats, and pressed again doubles).

:class:`Betting` keeps the bets on the table and what is left of the balance; every placing
returns a :class:`Placed` saying what happened in a player's words, so a refused placing
changes nothing and says why. Nothing here deals: :meth:`Betting.bets` gives the round's
:class:`~trainer.rules.Bets` (or says why the table would refuse them), and
:meth:`Betting.dealt` clears the spots once the round has really been dealt, so a round that is
refused loses none of the chips.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from trainer.rules import Bets, SideBet
from trainer.rules.bet_behind import BehindOptions, BetBehind

Money = Fraction


def money_words(amount: Money) -> str:
    """An amount as a chip shows it: "10", "7.50"."""
    return str(amount.numerator) if amount.denominator == 1 else f"{float(amount):.2f}"


@dataclass(frozen=True)
class Spot:
    """A bet spot on the table: the main bet (``side`` and ``behind`` None), one side bet, or
    the Bet Behind spot of computer seat ``behind`` (docs/rules/bet-behind.md)."""

    side: SideBet | None = None
    behind: int | None = None

    @property
    def title(self) -> str:
        """The spot's name on the felt."""
        if self.behind is not None:
            return f"Bet Behind seat {self.behind + 1}"
        return "Main bet" if self.side is None else self.side.title

    @property
    def key(self) -> str:
        """The spot's name in a round's record: "main", the side bet's, "behind_2"."""
        if self.behind is not None:
            return f"behind_{self.behind}"
        return "main" if self.side is None else self.side.value


#: The main bet's spot.
MAIN = Spot()


@dataclass(frozen=True)
class TableLimits:
    """The table's chips (ascending) and limits: the main bet's minimum and maximum, and each
    side bet's maximum (a side bet's minimum is the smallest chip)."""

    chips: tuple[Money, ...]
    minimum: Money
    maximum: Money
    side_maximum: Money

    def __post_init__(self) -> None:
        chips = tuple(Fraction(c) for c in self.chips)
        if not chips or any(c <= 0 for c in chips) or list(chips) != sorted(set(chips)):
            raise ValueError("the chips are one or more different positive amounts, lowest "
                             f"first, not {', '.join(money_words(c) for c in chips) or 'none'}")
        if not 0 < self.minimum <= self.maximum:
            raise ValueError(f"the table minimum ({money_words(Fraction(self.minimum))}) is "
                             "above 0 and at most the maximum "
                             f"({money_words(Fraction(self.maximum))})")
        if self.side_maximum <= 0:
            raise ValueError("a side bet's maximum is above 0")
        object.__setattr__(self, "chips", chips)
        for name in ("minimum", "maximum", "side_maximum"):
            object.__setattr__(self, name, Fraction(getattr(self, name)))

    def limit(self, spot: Spot) -> Money:
        """The most ``spot`` takes (a bet behind: as the main bet)."""
        return self.maximum if spot.side is None else self.side_maximum


@dataclass(frozen=True)
class Placed:
    """What a placing did: ``done`` False when it was refused (nothing changed), and its
    message in a player's words ("" when there is nothing to say)."""

    done: bool
    message: str = ""


class Betting:
    """The bets on the table before a round, the chip in hand and the balance left."""

    def __init__(self, limits: TableLimits, offered: Sequence[SideBet],
                 balance: Money | None, behind_seats: Sequence[int] = ()) -> None:
        self.limits = limits
        self.offered = tuple(offered)
        self.spots: tuple[Spot, ...] = (MAIN, *(Spot(bet) for bet in self.offered),
                                        *(Spot(behind=seat) for seat in behind_seats))
        self.balance = balance          # the player's money, bets on the table included
        self.selected = 0               # the chip in hand: an index of limits.chips
        self.last: Bets | None = None   # the last round's bets (what REPEAT puts back)
        self.last_behind: dict[Spot, Money] = {}   # and its bets behind
        self._stakes: dict[Spot, Money] = {}
        self._undo: list[dict[Spot, Money]] = []

    # ----- what is on the table -----------------------------------------------------------

    def stake(self, spot: Spot) -> Money:
        """The amount on ``spot``."""
        return self._stakes.get(spot, Fraction(0))

    @property
    def stakes(self) -> Mapping[Spot, Money]:
        """Every spot with chips on it."""
        return dict(self._stakes)

    @property
    def total(self) -> Money:
        """The TOTAL BET: everything on the table."""
        return sum(self._stakes.values(), Fraction(0))

    @property
    def available(self) -> Money | None:
        """The balance not on the table (None: unlimited)."""
        return None if self.balance is None else self.balance - self.total

    @property
    def chip(self) -> Money:
        """The value of the chip in hand."""
        return self.limits.chips[self.selected]

    def chip_enabled(self, index: int) -> bool:
        """True when the balance left covers chip ``index``."""
        left = self.available
        return left is None or self.limits.chips[index] <= left

    @property
    def can_repeat(self) -> bool:
        """REPEAT is offered: a last round to repeat and nothing on the table yet."""
        return self.last is not None and not self._stakes

    # ----- placing ------------------------------------------------------------------------

    def select(self, index: int) -> Placed:
        """Take chip ``index`` (0 is the lowest) in hand; refused when the balance left does
        not cover it."""
        if not 0 <= index < len(self.limits.chips):
            return Placed(False, f"The table has {len(self.limits.chips)} chips.")
        if not self.chip_enabled(index):
            return Placed(False, self._short(f"a {money_words(self.limits.chips[index])} chip"))
        self.selected = index
        return Placed(True)

    def place(self, spot: Spot) -> Placed:
        """Put the chip in hand on ``spot``: its value, or up to the spot's maximum."""
        if spot not in self.spots:
            raise ValueError(f"{spot.title} is not a bet at this table")
        limit, now = self.limits.limit(spot), self.stake(spot)
        if now >= limit:
            return Placed(False, self._at_maximum(spot))
        added = min(self.chip, limit - now)
        if not self._covers(added):
            return Placed(False, self._short(f"a {money_words(added)} chip"))
        self._change({spot: now + added})
        return Placed(True, self._at_maximum(spot) if now + added == limit else "")

    def all_side_bets(self) -> Placed:
        """Put the chip in hand on every side bet (each up to its maximum); only once the main
        bet is down, and only if the balance covers them all."""
        if not self.offered:
            return Placed(False, "This table offers no side bets.")
        if not self.stake(MAIN):
            return Placed(False, "Place the main bet first: the side bets go with it.")
        wanted = {spot: min(self.stake(spot) + self.chip, self.limits.side_maximum)
                  for spot in self.spots if spot.side is not None}
        added = sum((v - self.stake(s) for s, v in wanted.items()), Fraction(0))
        if not added:
            return Placed(False, "Every side bet is at its maximum of "
                                 f"{money_words(self.limits.side_maximum)}.")
        if not self._covers(added):
            return Placed(False, self._short(f"{money_words(added)} more on the side bets"))
        self._change(wanted)
        return Placed(True)

    def repeat(self) -> Placed:
        """Put the last round's bets back on the table (each within today's limits)."""
        if self.last is None:
            return Placed(False, "No round to repeat yet: choose a chip and place it.")
        if self._stakes:
            return Placed(False, "Repeat puts the last bets on an empty table: undo or "
                                 "clear these first.")
        wanted = {spot: min(self._last(spot), self.limits.limit(spot)) for spot in self.spots}
        wanted = {spot: amount for spot, amount in wanted.items() if amount}
        added = sum(wanted.values(), Fraction(0))
        if not self._covers(added):
            return Placed(False, self._short(f"the last round's bets of {money_words(added)}"))
        self._change(wanted)
        return Placed(True, f"Repeated: {self.describe()}.")

    def double(self) -> Placed:
        """x2: double every bet on the table (each up to its maximum), if the balance covers
        the whole of it."""
        if not self._stakes:
            return Placed(False, "Nothing to double: place a bet first.")
        wanted = {spot: min(2 * amount, self.limits.limit(spot))
                  for spot, amount in self._stakes.items()}
        added = sum(wanted.values(), Fraction(0)) - self.total
        if not added:
            return Placed(False, "Every bet is at its maximum.")
        if not self._covers(added):
            return Placed(False, self._short(f"doubling every bet ({money_words(added)} more)"))
        self._change(wanted)
        return Placed(True, f"Doubled: {self.describe()}.")

    def space(self) -> Placed:
        """The space bar: repeat the last round's bets on an empty table, else double them."""
        return self.repeat() if self.can_repeat else self.double()

    def set_main(self, amount: Money) -> Placed:
        """Make the main bet exactly ``amount`` (a counter's bet in units), within its limits
        and the balance."""
        amount = Fraction(amount)
        if amount > self.limits.maximum:
            return Placed(False, self._at_maximum(MAIN))
        if amount <= 0:
            return Placed(False, "A main bet is above 0.")
        if not self._covers(amount - self.stake(MAIN)):
            return Placed(False, self._short(f"a main bet of {money_words(amount)}"))
        if amount != self.stake(MAIN):
            self._change({MAIN: amount})
        return Placed(True)

    def undo(self) -> Placed:
        """UNDO: take back the last placing."""
        if not self._undo:
            return Placed(False, "No bet to undo.")
        self._stakes = self._undo.pop()
        return Placed(True)

    def clear(self) -> Placed:
        """Take every bet off the table (holding UNDO)."""
        if not self._stakes:
            return Placed(False, "No bet to clear.")
        self._stakes, self._undo = {}, []
        return Placed(True, "Bets cleared.")

    # ----- the deal -----------------------------------------------------------------------

    def problem(self) -> str | None:
        """Why the table would refuse these bets now (None: it takes them)."""
        main = self.stake(MAIN)
        if not main:
            side = "; side bets go with a main bet" if self._stakes else ""
            return (f"Place a main bet of at least {money_words(self.limits.minimum)} to be "
                    f"dealt in{side}.")
        if main < self.limits.minimum:
            return (f"The table minimum is {money_words(self.limits.minimum)}: add "
                    f"{money_words(self.limits.minimum - main)} to the main bet.")
        for spot, amount in self._stakes.items():
            if spot.behind is not None and amount < self.limits.minimum:
                return (f"The table minimum is {money_words(self.limits.minimum)}, also "
                        f"behind a seat: add {money_words(self.limits.minimum - amount)} to "
                        f"the {spot.title}.")
        left = self.available
        if left is not None and left < 0:
            return (f"Your balance of {money_words(self.balance or Fraction(0))} does not "
                    f"cover bets of {money_words(self.total)}.")
        return None

    def bets(self) -> Bets:
        """The round's bets as placed; ValueError (with :meth:`problem`'s words) when the
        table would refuse them."""
        problem = self.problem()
        if problem is not None:
            raise ValueError(problem)
        return Bets.placing(self.stake(MAIN), {spot.side: amount for spot, amount
                                               in self._stakes.items() if spot.side})

    def behind(self, options: BehindOptions) -> tuple[BetBehind, ...]:
        """The bets behind on the table, with the player's Bet Behind Options."""
        return tuple(options.bet(spot.behind, amount) for spot, amount in self._stakes.items()
                     if spot.behind is not None)

    def dealt(self, balance: Money | None) -> None:
        """The round was dealt with :meth:`bets` (and :meth:`behind`): the spots are cleared
        (the chips are in the round now), REPEAT will put them back, and ``balance`` is what
        the player holds."""
        self.last = self.bets()
        self.last_behind = {s: v for s, v in self._stakes.items() if s.behind is not None}
        self._stakes, self._undo = {}, []
        self.balance = balance

    def describe(self) -> str:
        """The bets on the table in words: "Main bet 10 + Hot 3 5"."""
        return " + ".join(f"{spot.title} {money_words(self.stake(spot))}"
                          for spot in self.spots if self.stake(spot)) or "no bets"

    # ----- inside -------------------------------------------------------------------------

    def _change(self, new: Mapping[Spot, Money]) -> None:
        """Put ``new`` on the table (one placing for UNDO); a chip in hand the balance left
        no longer covers gives way to the highest one it does."""
        self._undo.append(dict(self._stakes))
        self._stakes.update(new)
        self._stakes = {spot: self._stakes[spot] for spot in self.spots
                        if self._stakes.get(spot)}
        if not self.chip_enabled(self.selected):
            covered = [i for i in range(len(self.limits.chips)) if self.chip_enabled(i)]
            self.selected = covered[-1] if covered else self.selected

    def _last(self, spot: Spot) -> Money:
        """What the last round had on ``spot``."""
        assert self.last is not None
        if spot.behind is not None:
            return self.last_behind.get(spot, Fraction(0))
        return self.last.main if spot.side is None else self.last.side(spot.side)

    def _covers(self, added: Money) -> bool:
        left = self.available
        return left is None or added <= left

    def _short(self, what: str) -> str:
        """A refusal for want of balance: "Not enough balance for a 25 chip: 7 left"."""
        return f"Not enough balance for {what}: {money_words(self.available or Fraction(0))} left."

    def _at_maximum(self, spot: Spot) -> str:
        return f"{spot.title} at the table maximum of {money_words(self.limits.limit(spot))}."


__all__ = ["MAIN", "Betting", "Placed", "Spot", "TableLimits", "money_words"]
