"""One seat at the table: what it bets before the deal, its balance and hands, and its result.

The :class:`~trainer.rules.round.Round` moves the money: it charges a seat's bets and doubles,
and pays its results, through :meth:`Seat.pay`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from .actions import Action
from .cards import Card
from .hand import Hand
from .settlement import HandResult
from .side_bets import SideBet
from .side_bets.payouts import SideBetResult
from .stakes import Stakes

if TYPE_CHECKING:
    from .round import Round

Money = Fraction
#: Chooses an action for a computer seat; called with the round when that seat is to act.
Policy = Callable[["Round"], Action]


@dataclass(frozen=True)
class Bets:
    """What one seat stakes before the deal. Side bets of 0 are not placed.

    Each side bet's field is the one its spec names (``SideBet.spec.bet_field``); build bets
    from side bets with :meth:`placing`.
    """

    main: Money
    perfect_pairs: Money = Fraction(0)
    twenty_one_plus_three: Money = Fraction(0)
    hot_3: Money = Fraction(0)
    pot_of_gold: Money = Fraction(0)

    def __post_init__(self) -> None:
        for name in (f.name for f in fields(self)):
            amount = Fraction(getattr(self, name))
            if amount < 0:
                raise ValueError(f"bet {name} cannot be negative ({amount})")
            object.__setattr__(self, name, amount)
        if self.main <= 0:
            raise ValueError("a seat must place a main bet to receive cards")

    @classmethod
    def placing(cls, main: Money, sides: Mapping[SideBet, Money]) -> Bets:
        """``main`` on the main game and each of ``sides`` on its side bet (ValueError for a
        negative stake or no main bet)."""
        return cls(main, **{bet.spec.bet_field: Fraction(v) for bet, v in sides.items()})

    def side(self, bet: SideBet) -> Money:
        """The amount on one side bet."""
        amount: Money = getattr(self, bet.spec.bet_field)
        return amount

    @property
    def total(self) -> Money:
        """Everything staked before the deal."""
        return self.main + sum((self.side(bet) for bet in SideBet), Fraction(0))


@dataclass(frozen=True)
class SeatResult:
    """Everything one seat won or lost in the round."""

    hands: tuple[HandResult, ...]
    insurance: Money | None
    side_bets: tuple[SideBetResult, ...]
    lammers: int

    @property
    def net(self) -> Money:
        """Sum of every bet's net result."""
        total = sum((h.net for h in self.hands), Fraction(0))
        total += sum((s.net for s in self.side_bets), Fraction(0))
        return total + (self.insurance or 0)


@dataclass
class Seat:
    """One seat's bets, balance and hands. ``balance`` None means unlimited funds."""

    bets: Bets
    balance: Money | None = None
    policy: Policy | None = None
    hands: list[Hand] = field(default_factory=list)
    insurance: Money | None = None
    insurance_decided: bool = False
    initial_cards: tuple[Card, ...] = ()
    result: SeatResult | None = None

    def can_afford(self, amount: Money) -> bool:
        """True when the balance covers ``amount`` more."""
        return self.balance is None or self.balance >= amount

    def pay(self, amount: Money) -> None:
        """Move money between the balance and the table (negative = the seat stakes it)."""
        if self.balance is not None:
            self.balance += amount

    def split(self, index: int, free: bool) -> Hand:
        """Split the pair of hand ``index`` (docs/rules/money.md#splits): a paid split charges
        one main bet for the new hand's real stake, a free one gives it a free stake and its
        lammer. The new hand (its second card to come) goes after this one; returns the kept
        hand, its second card still to be dealt."""
        hand, main = self.hands[index], self.bets.main
        aces = hand.cards[0].is_ace
        if free:
            stakes, lammers = Stakes(Fraction(0), main), 1
        else:
            self.pay(-main)
            stakes, lammers = Stakes(main), 0
        self.hands.insert(index + 1, Hand(cards=(hand.cards[1],), stakes=stakes,
                                          from_split=True, split_aces=aces, lammers=lammers))
        return replace(hand, cards=(hand.cards[0],), from_split=True, split_aces=aces)

    @property
    def lammers(self) -> int:
        """Free-bet lammers this seat holds (every free split and free double)."""
        return sum(hand.lammers for hand in self.hands)


__all__ = ["Bets", "Money", "Policy", "Seat", "SeatResult"]
