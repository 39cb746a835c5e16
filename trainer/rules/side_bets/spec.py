"""What one side bet is, as the registry (:mod:`trainer.rules.side_bets`) lists it.

A spec holds everything the rest of the program needs to know about a side bet: its name (the
text of its :class:`~trainer.rules.side_bets.SideBet` and its key in the tables), its title, the
:class:`~trainer.rules.ruleset.RuleSet` field that offers it, the
:class:`~trainer.rules.seat.Bets` field that stakes it, what of the round it reads and how that
is paid. Two kinds exist, because they are settled on different things:

* a :class:`CardSideBet` reads cards dealt before any decision (the seat's first two, the
  dealer's up card), so its chances follow from the shoe alone;
* a :class:`LammerSideBet` reads the free-bet lammers the seat collects, which depend on how
  the hands are played, and loses to a dealer blackjack.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, TypeAlias

from ..cards import Card
from ..ruleset import RuleSet


class PayCategory(Enum):
    """Base of each card side bet's winning categories; the value is (label, pays N to 1)."""

    @property
    def label(self) -> str:
        """Category name as on the pay table."""
        return str(self.value[0])

    @property
    def pays(self) -> int:
        """Payout N of 'N to 1'."""
        return int(self.value[1])


class Seen(Enum):
    """A card a card side bet reads, all dealt before the first decision."""

    FIRST = "the seat's first card"
    SECOND = "the seat's second card"
    UP = "the dealer's up card"


@dataclass(frozen=True)
class SeatDeal:
    """What a seat's side bets are settled on once the round is over."""

    first_two: tuple[Card, ...]
    up: Card
    lammers: int
    dealer_blackjack: bool

    def card(self, seen: Seen) -> Card:
        """The card ``seen`` names."""
        if seen is Seen.UP:
            return self.up
        return self.first_two[0 if seen is Seen.FIRST else 1]


@dataclass(frozen=True)
class Win:
    """A side bet's winning result: what the table calls it and its N of 'N to 1'."""

    label: str
    pays: int


@dataclass(frozen=True, eq=False)
class _Declared:
    """What every side bet declares (specs compare and hash by identity: one per bet)."""

    name: str
    title: str
    rule_field: str
    bet_field: str


@dataclass(frozen=True, eq=False)
class CardSideBet(_Declared):
    """A side bet on cards seen before any decision, whatever happens to the main bet.

    ``evaluate`` takes the cards of ``reads`` in that order and returns the best category of
    ``categories`` they make, or None. ``any_order`` says the category does not depend on
    which card is which (true of every bet so far); the engine then values each set of cards
    once, otherwise every order of them.
    """

    reads: tuple[Seen, ...]
    categories: type[PayCategory]
    evaluate: Callable[..., PayCategory | None]
    any_order: bool = True

    #: Decided by the cards of the deal alone, so settled (and paid) at the deal, before the
    #: first decision (docs/rules/evolution.md#side-bets).
    at_deal: ClassVar[bool] = True

    def offered(self, rules: RuleSet) -> bool:
        """True when the rule set's field (a bool) is on."""
        return bool(getattr(rules, self.rule_field))

    def category(self, cards: tuple[Card, ...]) -> PayCategory | None:
        """The category of the cards of :attr:`reads`, given in that order."""
        if len(cards) != len(self.reads):
            raise ValueError(f"{self.title} reads {len(self.reads)} cards, not {len(cards)}")
        return self.evaluate(*cards)

    def settle(self, rules: RuleSet, deal: SeatDeal) -> Win | None:
        """The category the seat's cards make, paid by its pay table."""
        category = self.category(tuple(deal.card(seen) for seen in self.reads))
        return None if category is None else Win(category.label, category.pays)


@dataclass(frozen=True, eq=False)
class LammerSideBet(_Declared):
    """A side bet on the free-bet lammers the seat collects over all its hands (one per free
    double, one per free split), paid by that count whatever the hands do; it loses to a
    dealer blackjack, and with no lammer.

    The rule set's field holds the number of the pay table in use (None: not offered);
    ``pay_tables`` maps it to lammers -> pays N to 1.
    """

    pay_tables: Mapping[int, Mapping[int, int]]
    max_lammers: int
    #: Decided by how the hands are played, so settled with the main bet at the round's end.
    at_deal: ClassVar[bool] = False

    def table(self, rules: RuleSet) -> int | None:
        """The pay table ``rules`` use, or None where the bet is not offered."""
        number: int | None = getattr(rules, self.rule_field)
        return number

    def offered(self, rules: RuleSet) -> bool:
        """True when the rule set names a pay table."""
        return self.table(rules) is not None

    def pays(self, lammers: int, table: int) -> int | None:
        """Payout N (of N to 1) for this many lammers on pay table ``table``, or None."""
        if not 0 <= lammers <= self.max_lammers:
            raise ValueError(f"a seat holds 0 to {self.max_lammers} lammers, not {lammers}")
        return self.pay_tables[table].get(lammers)

    def settle(self, rules: RuleSet, deal: SeatDeal) -> Win | None:
        """The pay of the seat's lammers; nothing against a dealer blackjack."""
        table = self.table(rules)
        if table is None:
            raise ValueError(f"{self.title} is not offered at {rules.name}")
        pays = None if deal.dealer_blackjack else self.pays(deal.lammers, table)
        return Win(f"{deal.lammers} lammers", pays) if pays else None


#: Every kind of side bet; each offers ``offered(rules)`` and ``settle(rules, deal)``.
SideBetSpec: TypeAlias = CardSideBet | LammerSideBet


__all__ = ["CardSideBet", "LammerSideBet", "PayCategory", "SeatDeal", "Seen", "SideBetSpec",
           "Win"]
