"""Situations: the stable keys the user's history is stored under, and live hands mapped to them.

A **situation** is a decision as a player sees it: the rule set, the context (first decision,
a hand made by a split, a hand after hits, insurance), the hand's stakes (real or free-only), the
hand as the strategy tables classify it (hard N, soft N, pair X), its card count and the dealer's
up card. Its key reads ``preset|context|stakes|class|cards|vUP``, for example::

    evolution|first|real|hard12|2|v4        hard 12 (10-2, 9-3, ...) against a 4, first decision
    pot-of-gold|split|free|soft18|2|vA      a free-stake A-7 made by a free split, against an ace
    evolution|drawn|real|hard15|4|v10       four cards totalling hard 15 against a ten
    evolution|insurance|real|any|2|vA       the insurance question (any two cards, ace up)

**Keys never change meaning.** They are what the progress store files every answer under: a new
version may add situations, never rename one or change which hands a key covers. The class is
``hardN``, ``softN``, ``pairX`` (X = A, 2..10; only when a split is on offer) or ``any``; the up
card is ``vA``, ``v2``..``v10``; the preset part is the preset's name, or ``custom-FINGERPRINT``
for a rule set that is not a preset (so two different custom rules never share a history).

A :class:`Spot` is one concrete decision: its situation plus the exact cards, which give the key
of the table entry (:func:`strategy_charts.table_keys.table_key`) it is graded against.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from strategy_charts import table_keys
from strategy_charts.composition import Composition, of_values, size, total
from trainer.rules import Card, Hand, Phase, Round, RuleSet, offers, releases


class Context(Enum):
    """Where in a round the decision comes (the table's context names)."""

    FIRST = "first"          # the two-card first decision, real stake
    SPLIT = "split"          # the two-card decision of a hand made by a split
    DRAWN = "drawn"          # a hand of three or more cards: hit, stand (or a double after a hit)
    INSURANCE = "insurance"  # insure or not, ace up, before the peek


class StakeLabel(Enum):
    """A deciding hand's stakes: real money, or the casino's free bet only."""

    REAL = "real"
    FREE = "free"


class HandKind(Enum):
    """How the tables classify a hand."""

    HARD = "hard"
    SOFT = "soft"
    PAIR = "pair"
    ANY = "any"              # insurance: the question is the same whatever the two cards


def card_label(value: int) -> str:
    """A card value as keys show it: A, 2..10."""
    return "A" if value == 1 else str(value)


def parse_label(text: str) -> int:
    """Inverse of :func:`card_label`."""
    return 1 if text == "A" else int(text)


@dataclass(frozen=True)
class Situation:
    """One situation of the user's history (see the module docstring for the key)."""

    preset: str
    context: Context
    stakes: StakeLabel
    kind: HandKind
    value: int               # the total, or the pair's card value (1 = aces); 0 for ``any``
    cards: int
    up: int                  # dealer up card value, 1 = ace

    @property
    def hand_class(self) -> str:
        """``hard12``, ``soft18``, ``pairA`` or ``any``."""
        if self.kind is HandKind.ANY:
            return "any"
        shown = card_label(self.value) if self.kind is HandKind.PAIR else str(self.value)
        return f"{self.kind.value}{shown}"

    @cached_property
    def key(self) -> str:
        """The stable key, e.g. ``evolution|first|real|hard12|2|v4`` (worked out once)."""
        return "|".join((self.preset, self.context.value, self.stakes.value, self.hand_class,
                         str(self.cards), f"v{card_label(self.up)}"))

    @classmethod
    def from_key(cls, key: str) -> Situation:
        """Read a key back; raises ValueError for anything :attr:`key` cannot produce."""
        try:
            preset, context, stakes, hand_class, cards, up = key.split("|")
            if hand_class == "any":
                kind, value = HandKind.ANY, 0
            else:
                kind = next(k for k in (HandKind.HARD, HandKind.SOFT, HandKind.PAIR)
                            if hand_class.startswith(k.value))
                rest = hand_class[len(kind.value):]
                value = parse_label(rest) if kind is HandKind.PAIR else int(rest)
            situation = cls(preset, Context(context), StakeLabel(stakes), kind, value,
                            int(cards), parse_label(up.removeprefix("v")))
        except (ValueError, StopIteration):
            raise ValueError(f"not a situation key: {key!r}") from None
        in_range = 1 <= situation.up <= 10 and situation.cards >= 2 and (
            situation.kind is not HandKind.PAIR or situation.value <= 10)
        if situation.key != key or not in_range:
            raise ValueError(f"not a situation key: {key!r}")
        return situation

    def describe(self) -> str:
        """Text for screens: 'hard 12 v 4, first decision', 'insurance v A'."""
        if self.context is Context.INSURANCE:
            return f"insurance v {card_label(self.up)}"
        where = {Context.FIRST: "first decision", Context.SPLIT: "after a split",
                 Context.DRAWN: f"{self.cards} cards"}
        hand = (
                f"pair of {card_label(self.value)}s" if self.kind is HandKind.PAIR else
                f"{self.kind.value} {self.value}")
        stakes = ", free stake" if self.stakes is StakeLabel.FREE else ""
        return f"{hand} v {card_label(self.up)}, {where[self.context]}{stakes}"


def values_of(hand: Composition) -> tuple[int, ...]:
    """The card values of a composition, low to high: (1, 7) for A-7."""
    return tuple(v for v in range(1, 11) for _ in range(hand[v - 1]))


#: The preset part of keys (see :mod:`trainer.rules.releases`, which states it once).
CUSTOM_PREFIX = releases.CUSTOM_PREFIX
preset_label = releases.history_label
label_fingerprint = releases.label_fingerprint


@dataclass(frozen=True)
class Spot:
    """One concrete decision: its situation and the exact cards (a composition A..ten)."""

    situation: Situation
    hand: Composition
    hands_in_seat: int = 2   # for a resplit: how many hands the seat holds (not in the key,
    #                         in the table key of a pair offered a resplit in a seat of 3+)
    split_card: int | None = None  # a split hand's split card (in the table key, not the
    #                               situation key: the same two cards differ by which was split)

    @property
    def can_split(self) -> bool:
        """True when a split is on offer (the hand is classed as a pair)."""
        return self.situation.kind is HandKind.PAIR

    @cached_property
    def table_key(self) -> str:
        """The key of the strategy-table entry for these cards (worked out once per spot)."""
        s = self.situation
        seat = self.hands_in_seat if s.context is Context.SPLIT and self.can_split else 2
        return table_keys.table_key(s.context.value, s.stakes.value, self.hand, s.up,
                             split_card=self.split_card, hands=seat)

    @property
    def values(self) -> tuple[int, ...]:
        """The card values to deal: the split card first for a split hand, else low to high."""
        if self.split_card is None:
            return values_of(self.hand)
        rest = list(self.hand)
        rest[self.split_card - 1] -= 1
        return (self.split_card, *values_of(tuple(rest)))


def classify(preset: str, context: Context, stakes: StakeLabel, hand: Composition, up: int,
             split_offered: bool) -> Situation:
    """The situation of ``hand`` (a composition) in ``context`` against ``up``."""
    cards = size(hand)
    if context is Context.INSURANCE:
        return Situation(preset, context, StakeLabel.REAL, HandKind.ANY, 0, cards, up)
    if split_offered and cards == 2 and max(hand) == 2:
        return Situation(preset, context, stakes, HandKind.PAIR, hand.index(2) + 1, cards, up)
    best, soft = total(hand)
    kind = HandKind.SOFT if soft else HandKind.HARD
    return Situation(preset, context, stakes, kind, best, cards, up)


def split_offered(rules: RuleSet, hand: Hand, hands_in_seat: int) -> bool:
    """Whether the rules offer a split of this hand (the balance aside)."""
    return offers.hand_split(rules, hand, hands_in_seat) is not None


def hand_spot(rules: RuleSet, hand: Hand, up: Card, hands_in_seat: int = 1) -> Spot:
    """The spot of a live hand awaiting a hit/stand/double/split decision."""
    comp = of_values(hand.points)
    context = (Context.DRAWN if hand.card_count > 2 else
               Context.SPLIT if hand.from_split else Context.FIRST)
    stakes = StakeLabel.REAL if hand.stakes.real > 0 else StakeLabel.FREE
    offered = hand.card_count == 2 and split_offered(rules, hand, hands_in_seat)
    situation = classify(preset_label(rules), context, stakes, comp, up.points, offered)
    split_card = hand.cards[0].points if context is Context.SPLIT else None
    return Spot(situation, comp, hands_in_seat, split_card)


def insurance_spot(rules: RuleSet, cards: tuple[Card, ...], up: Card) -> Spot:
    """The spot of the insurance question for these two cards."""
    comp = of_values(card.points for card in cards)
    return Spot(classify(preset_label(rules), Context.INSURANCE, StakeLabel.REAL, comp,
                         up.points, False), comp)


def round_spot(rnd: Round) -> Spot:
    """The spot of the decision ``rnd`` awaits (insurance or the current hand)."""
    seat = rnd.seat
    if rnd.phase is Phase.INSURANCE:
        return insurance_spot(rnd.rules, seat.initial_cards, rnd.dealer_up)
    return hand_spot(rnd.rules, rnd.hand, rnd.dealer_up, len(seat.hands))
