"""The rule set: every rule of the game as one field of a frozen dataclass."""

from __future__ import annotations

import hashlib
import json
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


class Effect(Enum):
    """What a rule changes, declared once by each field of :class:`RuleSet`; the two
    identities of a rule set are derived from these declarations
    (docs/rules/rulings.md#every-rule-a-field):

    * the **table identity** (:meth:`RuleSet.fingerprint`: the strategy tables, the engine's
      caches) hashes every rule of play and of a side bet;
    * the **history identity** (:meth:`RuleSet.history_fingerprint`: what a player's answers
      are filed under) hashes the rules of play alone, so a side bet offered or withdrawn, or
      paid by another table, leaves the player's history where it is.
    """

    PLAY = "play"            # changes the play or its expected values: tables and history
    SIDE_BET = "side-bet"    # changes only a side bet's offer or pay: that bet's tables only
    NONE = "none"            # nothing the tables hold or the player is graded on


def _declared(effect: Effect, doc: str, **more: Any) -> dict[str, Any]:
    """A :class:`RuleSet` field's declarations (its ``metadata``): what it changes, what it
    means, and how the identities state it when not as :func:`to_plain` writes it
    (``unstated``: the value at which a rule added after the first release is left out, the
    rule as it was before it; ``older_form``: the older keys saying a value, when they can)."""
    return {"effect": effect, "doc": doc, **more}


def _older_split_form(pairs: frozenset[int]) -> dict[str, bool] | None:
    """The free splits as the first release's keys say them, or None when they cannot."""
    said = LEGACY_SPLITS.get(pairs)
    return None if said is None else dict(zip(OLDER_SPLIT_KEYS, said, strict=True))


#: The keys rules files of the first release stated the free splits by.
OLDER_SPLIT_KEYS = ("free_split", "free_split_tens")
PLAY, SIDE_BET = Effect.PLAY, Effect.SIDE_BET


@dataclass(frozen=True)
class RuleSet:
    """Every rule of one Free Bet Blackjack game; the defaults are the live game's
    (docs/rules/evolution.md: :data:`trainer.rules.presets.EVOLUTION` is these defaults).

    Each field declares what it means (``metadata["doc"]``; the rules-file format, see
    :mod:`trainer.rules.rules_file`, uses the field names as keys) and what it changes
    (``metadata["effect"]``, an :class:`Effect`).
    """

    name: str = field(default="custom", metadata=_declared(
        Effect.NONE, "Name shown in the app and the tables."))
    decks: int = field(default=8, metadata=_declared(PLAY, "Decks in the shoe (1 to 8)."))
    # the depth of the deal: no strategy table holds it (the count lab records it apart)
    penetration: float = field(default=PENETRATIONS.usual, metadata=_declared(
        Effect.NONE, "Share of the shoe dealt before the cut card "
        f"({PENETRATIONS.lowest} to {PENETRATIONS.highest})."))
    dealer_hits_soft_17: bool = field(default=False, metadata=_declared(
        PLAY, "true: dealer hits soft 17 (H17); false: stands (S17)."))
    peek: Peek = field(default=Peek.ACE, metadata=_declared(
        PLAY, "Up cards on which the dealer peeks for blackjack: none, ace, ace-or-ten."))
    insurance: bool = field(default=True, metadata=_declared(
        PLAY, "Insurance (half the main bet, pays 2:1) with an ace up."))
    surrender: Surrender = field(default=Surrender.NONE, metadata=_declared(
        PLAY, "Surrender of the first two cards for half the main bet: none, late (after the "
        "peek; a dealer blackjack takes the whole bet) or early (before the peek; half back "
        "whatever the dealer holds).", unstated=Surrender.NONE))
    push_22: bool = field(default=True, metadata=_declared(
        PLAY, "A dealer total of 22 pushes every hand still in play (a player blackjack still "
        "wins)."))
    blackjack_pays: Fraction = field(default=Fraction(3, 2), metadata=_declared(
        PLAY, "Blackjack payout, e.g. \"3:2\" or \"6:5\"."))
    free_double_totals: frozenset[int] = field(default=frozenset({9, 10, 11}), metadata=_declared(
        PLAY, "Two-card hard totals that get the free double; [] for none."))
    free_double_after_split: bool = field(default=False, metadata=_declared(
        PLAY, "Free double also on hands made by a split."))
    double_after_split: bool = field(default=False, metadata=_declared(
        PLAY, "Paid double allowed on hands made by a split."))
    free_double_after_hit: bool = field(default=False, metadata=_declared(
        PLAY, "Free double also on a hard total among free_double_totals of three or more "
        "cards (after a hit), split hands included where they double free.", unstated=False))
    double_after_hit: bool = field(default=False, metadata=_declared(
        PLAY, "Paid double also on any hand of three or more cards (after a hit), split hands "
        "included where they double with money.", unstated=False))
    free_split_pairs: frozenset[int] = field(default=ALL_BUT_TENS, metadata=_declared(
        PLAY, "Pairs that split free, by card: \"A\", \"2\" to \"9\", \"10\" (ten-values); "
        "[] for none. Other pairs split with money. Older files' free_split and free_split_tens "
        "still read.", older_form=_older_split_form))
    max_hands: int = field(default=2, metadata=_declared(
        PLAY, "Most hands one seat can hold by splitting (2 = no resplit)."))
    resplit_aces: bool = field(default=False, metadata=_declared(
        PLAY, "Split aces may be resplit."))
    six_card_charlie: bool = field(default=True, metadata=_declared(
        PLAY, "Six cards totalling 21 or less win at once."))
    auto_stand_21: bool = field(default=True, metadata=_declared(
        PLAY, "A hand totalling 21 gets no decision and stands."))
    perfect_pairs: bool = field(default=True, metadata=_declared(
        SIDE_BET, "Perfect Pairs side bet offered."))
    twenty_one_plus_three: bool = field(default=True, metadata=_declared(
        SIDE_BET, "21+3 side bet offered."))
    hot_3: bool = field(default=True, metadata=_declared(SIDE_BET, "Hot 3 side bet offered."))
    pot_of_gold: int | None = field(default=None, metadata=_declared(
        SIDE_BET, "Pot of Gold pay table (1 or 2); absent for no Pot of Gold."))

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
        """The table identity: a hash of every rule of play and of a side bet (:class:`Effect`;
        not the name or the penetration). The strategy tables and the caches are keyed by it."""
        return _fingerprint(self, frozenset({Effect.PLAY, Effect.SIDE_BET}))

    def history_fingerprint(self) -> str:
        """The history identity: a hash of the rules of play alone (:class:`Effect`), which
        files a player's answers (:func:`trainer.rules.releases.history_label`)."""
        return _fingerprint(self, frozenset({Effect.PLAY}))

    def describe(self) -> str:
        """A one-line summary for chart titles and reports."""
        parts = [
            f"{self.decks} deck{'s' if self.decks != 1 else ''}",
            "H17" if self.dealer_hits_soft_17 else "S17",
            {Peek.NONE: "no peek", Peek.ACE: "peek on A",
             Peek.ACE_OR_TEN: "peek on A/10"}[self.peek],
        ]
        if self.free_double_totals:
            parts.append("free double " + "/".join(map(str, sorted(self.free_double_totals)))
                         + (" any cards" if self.free_double_after_hit else ""))
        parts.extend(_describe_splits(self.free_split_pairs))
        parts.append(f"{self.max_hands} hands max")
        if self.double_after_split or self.free_double_after_split:
            parts.append("DAS")
        if self.double_after_hit:
            parts.append("DAN")
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
            free_double_after_hit=False,
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


#: The side bets of the defaults (the live game's) when answers were filed by the table
#: identity, hashed into every history identity as constants: a rule set offering these keeps
#: the label it had then (its history identity equals its table identity), so its answers stay
#: where they are (:mod:`trainer.rules.former_labels`). Frozen: never a new side bet here.
_SIDE_BETS_THEN = {"perfect_pairs": True, "twenty_one_plus_three": True, "hot_3": True}
#: The most a blackjack may pay (a rules file asking for more is a mistake).
MAX_BLACKJACK_PAYS = Fraction(10)


@cache
def _fingerprint(rules: RuleSet, effects: frozenset[Effect]) -> str:
    """A hash of the canonical form of the rules that declare one of ``effects``, worked out
    once per rule set (keys ask for it at every decision)."""
    data = _canonical(rules, effects)
    if effects == {Effect.PLAY}:
        data.update(_SIDE_BETS_THEN)
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
    """The plain form a table records, and the identities hash (without the fields that do not
    count for them): :func:`to_plain`, with each field as it declares (a rule added after the
    first release left out at its ``unstated`` value, the free splits the older keys can say
    written with them). So every rule set the first release could state keeps its identities,
    and its tables and history stay its own (docs/rules/rulings.md#every-rule-a-field)."""
    return _canonical(rules, frozenset(Effect))


def _canonical(rules: RuleSet, effects: frozenset[Effect]) -> dict[str, Any]:
    """:func:`canonical_plain` of the fields declaring one of ``effects``, in field order (the
    older keys last)."""
    plain = to_plain(rules)
    data: dict[str, Any] = {}
    older: dict[str, Any] = {}
    for each in fields(rules):
        value, declared = getattr(rules, each.name), each.metadata
        if declared["effect"] not in effects or each.name not in plain or (
                "unstated" in declared and value == declared["unstated"]):
            continue
        said = declared["older_form"](value) if "older_form" in declared else None
        if said is None:
            data[each.name] = plain[each.name]
        else:
            older.update(said)
    return data | older


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
    if rules.pot_of_gold is not None and rules.free_double_after_hit:
        # the wager's lammer chances are worked out for free doubles of two cards only
        raise bad("pot_of_gold", "no Pot of Gold wager where free doubles follow a hit "
                                 "(free_double_after_hit): not dealt together yet")
