"""The rule set: every rule of the game as one field of a frozen dataclass."""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from dataclasses import asdict, dataclass, field, fields, replace
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

from .errors import RuleSetError


class Peek(Enum):
    """Which dealer up cards make the dealer check the hole card for blackjack before play."""

    NONE = "none"
    ACE = "ace"
    ACE_OR_TEN = "ace-or-ten"

    def peeks_on(self, up_points: int) -> bool:
        """True when the dealer peeks with this up card (ace = 1, ten-value = 10)."""
        if self is Peek.ACE_OR_TEN:
            return up_points in (1, 10)
        return self is Peek.ACE and up_points == 1


class Surrender(Enum):
    """Whether, and when, the first two cards may be given up for half the main bet
    (docs/rules/surrender.md)."""

    NONE = "none"
    LATE = "late"      # after the peek: a dealer blackjack still takes the whole bet
    EARLY = "early"    # before the peek: half the bet back whatever the dealer holds

    @property
    def offered(self) -> bool:
        """True when the rule set has surrender at all."""
        return self is not Surrender.NONE


#: Card values (1 = aces, 10 = ten-values) as a rules file names them: "A", "2" .. "10".
PAIR_LABELS: dict[int, str] = {v: ("A" if v == 1 else str(v)) for v in range(1, 11)}
#: Every pair but ten-values: the free splits of both original presets.
ALL_BUT_TENS = frozenset(range(1, 10))
#: The free splits the older keys ``free_split`` and ``free_split_tens`` could say, and what
#: they said: (free_split, free_split_tens) for each.
LEGACY_SPLITS: dict[frozenset[int], tuple[bool, bool]] = {
    frozenset(): (False, False), ALL_BUT_TENS: (True, False),
    frozenset(range(1, 11)): (True, True)}


@dataclass(frozen=True)
class Penetrations:
    """The cut cards a rule set may have: a share of the shoe, and the usual one."""

    lowest: float = 0.5
    highest: float = 0.9
    usual: float = 0.75


#: The one statement of the penetration's range and default (the rules files and the Settings
#: page both read it).
PENETRATIONS = Penetrations()


@dataclass(frozen=True)
class RuleSet:
    """Every rule of one Free Bet Blackjack game.

    The docstring of each field's ``metadata["doc"]`` says what it means; the rules-file format
    (see :mod:`trainer.rules.rules_file`) uses the field names as keys.
    """

    name: str = field(default="custom", metadata={"doc": "Name shown in the app and the tables."})
    decks: int = field(default=8, metadata={"doc": "Decks in the shoe (1 to 8)."})
    penetration: float = field(
        default=PENETRATIONS.usual,
        metadata={"doc": "Share of the shoe dealt before the cut card "
                         f"({PENETRATIONS.lowest} to {PENETRATIONS.highest})."})
    dealer_hits_soft_17: bool = field(
        default=False, metadata={"doc": "true: dealer hits soft 17 (H17); false: stands (S17)."})
    peek: Peek = field(
        default=Peek.ACE,
        metadata={
            "doc": "Up cards on which the dealer peeks for blackjack: none, ace, ace-or-ten."})
    insurance: bool = field(
        default=True, metadata={"doc": "Insurance (half the main bet, pays 2:1) with an ace up."})
    surrender: Surrender = field(
        default=Surrender.NONE,
        metadata={"doc": "Surrender of the first two cards for half the main bet: none, late "
                         "(after the peek; a dealer blackjack takes the whole bet) or early "
                         "(before the peek; half back whatever the dealer holds)."})
    push_22: bool = field(
        default=True, metadata={"doc": "A dealer total of 22 pushes every hand still in play "
                                       "(a player blackjack still wins)."})
    blackjack_pays: Fraction = field(
        default=Fraction(3, 2), metadata={"doc": "Blackjack payout, e.g. \"3:2\" or \"6:5\"."})
    free_double_totals: frozenset[int] = field(
        default=frozenset({9, 10, 11}),
        metadata={"doc": "Two-card hard totals that get the free double; [] for none."})
    free_double_after_split: bool = field(
        default=False, metadata={"doc": "Free double also on hands made by a split."})
    double_after_split: bool = field(
        default=False, metadata={"doc": "Paid double allowed on hands made by a split."})
    free_split_pairs: frozenset[int] = field(
        default=ALL_BUT_TENS,
        metadata={"doc": "Pairs that split free, by card: \"A\", \"2\" to \"9\", \"10\" "
                         "(ten-values); [] for none. Other pairs split with money. Older files' "
                         "free_split and free_split_tens still read."})
    max_hands: int = field(
        default=2, metadata={"doc": "Most hands one seat can hold by splitting (2 = no resplit)."})
    resplit_aces: bool = field(default=False, metadata={"doc": "Split aces may be resplit."})
    six_card_charlie: bool = field(
        default=True, metadata={"doc": "Six cards totalling 21 or less win at once."})
    auto_stand_21: bool = field(
        default=True, metadata={"doc": "A hand totalling 21 gets no decision and stands."})
    perfect_pairs: bool = field(default=True, metadata={"doc": "Perfect Pairs side bet offered."})
    twenty_one_plus_three: bool = field(default=True, metadata={"doc": "21+3 side bet offered."})
    hot_3: bool = field(default=True, metadata={"doc": "Hot 3 side bet offered."})
    pot_of_gold: int | None = field(
        default=None,
        metadata={"doc": "Pot of Gold pay table (1 or 2); absent for no Pot of Gold."})

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def free_split(self) -> bool:
        """True when some pair splits free."""
        return bool(self.free_split_pairs)

    @property
    def free_split_tens(self) -> bool:
        """True when ten-value pairs split free."""
        return 10 in self.free_split_pairs

    @property
    def has_free_double(self) -> bool:
        """True when some hand can get a free double."""
        return bool(self.free_double_totals)

    def fingerprint(self) -> str:
        """A hash of every rule that changes play or payouts (not the name or penetration)."""
        return _fingerprint(self)

    def describe(self) -> str:
        """A one-line summary for chart titles and reports."""
        parts = [
            f"{self.decks} deck{'s' if self.decks != 1 else ''}",
            "H17" if self.dealer_hits_soft_17 else "S17",
            {Peek.NONE: "no peek", Peek.ACE: "peek on A",
             Peek.ACE_OR_TEN: "peek on A/10"}[self.peek],
        ]
        if self.free_double_totals:
            parts.append("free double " + "/".join(map(str, sorted(self.free_double_totals))))
        parts.extend(_describe_splits(self.free_split_pairs))
        parts.append(f"{self.max_hands} hands max")
        if self.double_after_split or self.free_double_after_split:
            parts.append("DAS")
        if self.resplit_aces:
            parts.append("RSA")
        if self.push_22:
            parts.append("push 22")
        if self.six_card_charlie:
            parts.append("6-card Charlie")
        if self.surrender.offered:
            parts.append(f"{self.surrender.value} surrender")
        bj = self.blackjack_pays
        parts.append(f"BJ {bj.numerator}:{bj.denominator}")
        return ", ".join(parts)

    def standard_counterpart(self) -> RuleSet:
        """The same game as standard blackjack: no free bets, no push 22, no Charlie."""
        return replace(
            self,
            name=f"{self.name} (standard)",
            free_double_totals=frozenset(),
            free_double_after_split=False,
            free_split_pairs=frozenset(),
            push_22=False,
            six_card_charlie=False,
        )


def _describe_splits(pairs: frozenset[int]) -> list[str]:
    """The free splits in a summary: "free split" (all but tens), "free split incl. tens", or
    the pairs left out ("free split except 4/10"); nothing without free splits."""
    if not pairs:
        return []
    if pairs == ALL_BUT_TENS:
        return ["free split"]
    missing = sorted(frozenset(PAIR_LABELS) - pairs)
    if not missing:
        return ["free split incl. tens"]
    return ["free split except " + "/".join(PAIR_LABELS[v] for v in missing)]


@cache
def _fingerprint(rules: RuleSet) -> str:
    """:meth:`RuleSet.fingerprint`, worked out once per rule set (keys ask for it at every
    decision)."""
    data = canonical_plain(rules)
    data.pop("name")
    data.pop("penetration")
    text = json.dumps(data, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def to_plain(rules: RuleSet) -> dict[str, Any]:
    """The rule set as plain TOML/JSON values (enums as text, fractions as "3:2", sets as lists),
    as a rules file writes it."""
    data = asdict(rules)
    data["peek"] = rules.peek.value
    data["surrender"] = rules.surrender.value
    data["blackjack_pays"] = f"{rules.blackjack_pays.numerator}:{rules.blackjack_pays.denominator}"
    data["free_double_totals"] = sorted(rules.free_double_totals)
    data["free_split_pairs"] = [PAIR_LABELS[v] for v in sorted(rules.free_split_pairs)]
    if rules.pot_of_gold is None:
        del data["pot_of_gold"]
    return data


def canonical_plain(rules: RuleSet) -> dict[str, Any]:
    """The plain form the fingerprint hashes and a table records: :func:`to_plain`, but with
    each rule added after the first release left out at its default (no surrender) and the free
    splits the older keys could say written with them (``free_split``, ``free_split_tens``).
    So every rule set the first release could state keeps its fingerprint, and its tables and
    history stay its own (docs/rules/rulings.md#every-rule-a-field)."""
    data = to_plain(rules)
    if not rules.surrender.offered:
        del data["surrender"]
    legacy = LEGACY_SPLITS.get(rules.free_split_pairs)
    if legacy is not None:
        del data["free_split_pairs"]
        data["free_split"], data["free_split_tens"] = legacy
    return data


def from_plain(data: dict[str, Any], base: RuleSet | None = None) -> RuleSet:
    """Build a rule set from plain values, starting from ``base``; names the first bad key."""
    known = {f.name: f for f in fields(RuleSet)}
    changes: dict[str, Any] = {}
    older = {key: data[key] for key in _OLDER_SPLIT_KEYS if key in data}
    for key, value in data.items():
        if key in older:
            continue
        if key not in known:
            raise RuleSetError(
                f"unknown rule {key!r}; the rules are: {', '.join(sorted(known))}")
        changes[key] = _convert(key, value)
    if older:
        if "free_split_pairs" in changes:
            raise RuleSetError("give free_split_pairs or the older free_split and "
                               "free_split_tens, not both")
        changes["free_split_pairs"] = _older_splits(older, (base or RuleSet()).free_split_pairs)
    try:
        return replace(base or RuleSet(), **changes)
    except TypeError as exc:  # pragma: no cover - replace() only fails on unknown keys
        raise RuleSetError(str(exc)) from exc


#: The keys rules files of the first release stated the free splits by.
_OLDER_SPLIT_KEYS = ("free_split", "free_split_tens")


def _older_splits(older: dict[str, Any], base: frozenset[int]) -> frozenset[int]:
    """The free splits a file's older keys say, over the base's: ``free_split = false`` none,
    ``true`` the base's (every pair but tens if it had none); ``free_split_tens`` then adds or
    removes ten-values where pairs split free."""
    for key, value in older.items():
        if not isinstance(value, bool):
            raise RuleSetError(f"rule {key!r} = {value!r} is not allowed; expected true or false")
    pairs = base
    if "free_split" in older:
        pairs = (base or ALL_BUT_TENS) if older["free_split"] else frozenset()
    if "free_split_tens" in older and pairs:
        pairs = pairs | {10} if older["free_split_tens"] else pairs - {10}
    return pairs


#: A payout in a rules file: two whole numbers "N:D" (no signs, no exponents).
_PAYOUT = re.compile(r"\s*(\d{1,3})\s*:\s*(\d{1,3})\s*")
#: The most a blackjack may pay (a rules file asking for more is a mistake).
MAX_BLACKJACK_PAYS = Fraction(10)


def _convert(key: str, value: Any) -> Any:
    """Turn one plain value into the field's type, or raise naming the key and allowed values."""
    def bad(allowed: str) -> RuleSetError:
        return RuleSetError(f"rule {key!r} = {value!r} is not allowed; expected {allowed}")

    if key == "peek":
        try:
            return Peek(value)
        except ValueError:
            raise bad(" or ".join(repr(p.value) for p in Peek)) from None
    if key == "surrender":
        try:
            return Surrender(value)
        except ValueError:
            raise bad(" or ".join(repr(s.value) for s in Surrender)) from None
    if key == "free_split_pairs":
        labels = {label: v for v, label in PAIR_LABELS.items()}
        if not isinstance(value, list) or not all(
                isinstance(v, str) and v.upper() in labels for v in value):
            raise bad('a list of pairs by card such as ["A", "2", "3", "5", "6", "7", "8", '
                      '"9"] ("10" for ten-values)')
        return frozenset(labels[v.upper()] for v in value)
    if key == "blackjack_pays":
        match = _PAYOUT.fullmatch(value) if isinstance(value, str) else None
        if match is None or int(match[2]) == 0:
            raise bad('a payout such as "3:2" or "6:5" (whole numbers up to 999)')
        return Fraction(int(match[1]), int(match[2]))
    if key == "free_double_totals":
        if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
            raise bad("a list of hard totals such as [9, 10, 11]")
        return frozenset(value)
    if key == "pot_of_gold":
        if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 2):
            raise bad("1 or 2 (the pay table); leave the key out for no Pot of Gold")
        return value
    expected = {f.name: f.type for f in fields(RuleSet)}[key]
    if expected == "bool" and not isinstance(value, bool):
        raise bad("true or false")
    if expected == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        raise bad("a whole number")
    if expected == "float" and (isinstance(value, bool) or not isinstance(value, int | float)):
        raise bad("a number")
    if expected == "str" and not isinstance(value, str):
        raise bad("text")
    return float(value) if expected == "float" else value


#: Unicode categories a name may not hold: it is shown on the terminal, where a control
#: character acts (ESC [2J clears the screen), and in the window: controls and line breaks.
_NOT_IN_A_NAME = frozenset({"Cc", "Zl", "Zp"})


def _validate(rules: RuleSet) -> None:
    """Check ranges that types alone do not; names the offending rule."""
    def bad(key: str, allowed: str) -> RuleSetError:
        return RuleSetError(
            f"rule {key!r} = {getattr(rules, key)!r} is not allowed; expected {allowed}")

    if any(unicodedata.category(c) in _NOT_IN_A_NAME for c in rules.name):
        raise bad("name", "text without control characters (such as ESC, a tab or a line "
                          "break)")
    if not 1 <= rules.decks <= 8:
        raise bad("decks", "1 to 8")
    if not PENETRATIONS.lowest <= rules.penetration <= PENETRATIONS.highest:
        raise bad("penetration", f"{PENETRATIONS.lowest} to {PENETRATIONS.highest}")
    if not 2 <= rules.max_hands <= 4:
        raise bad("max_hands", "2, 3 or 4")
    if not rules.free_double_totals <= frozenset(range(4, 21)):
        raise bad("free_double_totals", "hard totals from 4 to 20")
    if not 0 < rules.blackjack_pays <= MAX_BLACKJACK_PAYS:
        raise bad("blackjack_pays", f"a positive payout up to {MAX_BLACKJACK_PAYS}:1")
    if rules.pot_of_gold not in (None, 1, 2):
        raise bad("pot_of_gold", "1 or 2")
    if not isinstance(rules.peek, Peek):
        raise bad("peek", " or ".join(p.value for p in Peek))
    if not isinstance(rules.surrender, Surrender):
        raise bad("surrender", " or ".join(s.value for s in Surrender))
    if not rules.free_split_pairs <= frozenset(PAIR_LABELS):
        raise bad("free_split_pairs", "card values 1 (aces) to 10 (ten-values)")
