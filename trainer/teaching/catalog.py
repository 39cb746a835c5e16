"""A preset's strategy table seen as situations: their exact hands, EVs, weights and costs.

Every table entry (one exact hand against one up card in one context) belongs to one
:class:`~trainer.teaching.situations.Situation`; the catalog groups them, gives each situation its
natural frequency (:mod:`frequency`) and the EV cost of a mistake there (the gap between the best
and second-best action, averaged over its hands by frequency), and finds the situations where
Free Bet play differs from the same rules' standard blackjack play, or from another rule set's.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from contextlib import suppress
from typing import Any

from strategy_charts.comparison import entry_differences, table_differences
from strategy_charts.composition import of_values
from strategy_charts.table_keys import hands_of, parse_table_key, split_card_of
from strategy_charts.tables import load_or_build, table_source
from trainer.rules import RuleSet, offers

from .exact import Evs, best_of, full_shoe_evs
from .frequency import entry_weights
from .grading import grade
from .kept import Shelf
from .once import built_once
from .records import Verdict
from .situations import Context, HandKind, Situation, Spot, StakeLabel, classify, preset_label

_SPLITS = ("free_split", "split")


def _gap(evs: Evs) -> float:
    """EV cost of the cheapest mistake: best EV minus second-best EV."""
    ranked = sorted(evs.values(), reverse=True)
    return ranked[0] - ranked[1] if len(ranked) > 1 else 0.0


class Catalog:
    """Situations of one rule set's table. Build with :func:`catalog` (cached, and kept across
    launches: :mod:`.kept`); ``kept``: the plain form :meth:`to_plain` gave for these
    rules and table, read back instead of worked out (ValueError, TypeError, KeyError or
    IndexError for one of another shape)."""

    def __init__(self, rules: RuleSet, table: dict[str, Any],
                 kept: dict[str, Any] | None = None) -> None:
        self.rules = rules
        self.preset = preset_label(rules)
        self.table = table
        self.entries: dict[str, dict[str, Any]] = table["situations"]
        self.situations: dict[str, Situation] = {}
        self.spots: dict[str, list[Spot]] = defaultdict(list)
        self._extra: dict[str, Evs] = {}
        self._differences: frozenset[str] | None = None
        self._changes: dict[str, frozenset[str]] = {}
        #: what a mistake at each situation costs per round dealt (:meth:`miss_cost`)
        self.miss: dict[str, float] = {}
        self.weight: dict[str, float] = {}     # natural frequency of each situation
        self.cost: dict[str, float] = {}       # its best play's mean margin (see the module)
        if kept is not None:
            self._read_back(kept)
            return
        self.entry_weight = entry_weights(rules, self.entries)
        for table_key in sorted(self.entries):
            spot = self._spot_of(table_key)
            key = spot.situation.key
            self.situations.setdefault(key, spot.situation)
            self.spots[key].append(spot)
        self.weight = {key: sum(self.entry_weight.get(s.table_key, 0.0) for s in spots)
                       for key, spots in self.spots.items()}
        self.cost = {key: self._mean_gap(spots) for key, spots in self.spots.items()}

    def _spot_of(self, table_key: str) -> Spot:
        context, stakes, hand, up = parse_table_key(table_key)
        ctx = Context(context)
        if ctx is Context.FIRST:
            offered = any(a in self.entries[table_key]["ev"] for a in _SPLITS)
        elif ctx is Context.SPLIT:   # a pair dealt to a split hand, in a seat of two or more
            offered = max(hand) == 2 and offers.resplit_offered(
                self.rules, hand.index(2) + 1, hands_of(table_key))
        else:
            offered = False
        situation = classify(self.preset, ctx, StakeLabel(stakes), hand, up, offered)
        split_card = split_card_of(table_key) if ctx is Context.SPLIT else None
        spot = Spot(situation, hand, hands_of(table_key), split_card=split_card)
        if ctx is not Context.SPLIT or spot.hands_in_seat == 2 or spot.can_split:
            # the key the spot would work out is this one (a table's keys are written by
            # strategy_charts.table_keys); a split hand no longer a pair in a seat of more
            # hands works out the two-hand key, as before
            spot.__dict__["table_key"] = table_key
        return spot

    def to_plain(self) -> dict[str, Any]:
        """What this catalog worked out, as JSON's plain values (every situation's miss cost
        worked out now): :class:`Catalog` reads it back for the same rules and table."""
        situations = list(self.situations.values())
        index = {s.key: i for i, s in enumerate(situations)}
        return {
            "situations": [[s.context.value, s.stakes.value, s.kind.value, s.value, s.cards,
                            s.up] for s in situations],
            "spots": [[index[key], spot.__dict__.get("table_key"), list(spot.hand),
                       spot.hands_in_seat, spot.split_card]
                      for key, spots in self.spots.items() for spot in spots],
            "entry_weight": self.entry_weight,
            "weight": [self.weight[s.key] for s in situations],
            "cost": [self.cost[s.key] for s in situations],
            "miss": [self.miss_cost(s.key) for s in situations]}

    def _read_back(self, kept: dict[str, Any]) -> None:
        """Take what :meth:`to_plain` gave (for these rules and this table)."""
        preset = self.preset
        situations = [Situation(preset, Context(context), StakeLabel(stakes), HandKind(kind),
                                int(value), int(cards), int(up))
                      for context, stakes, kind, value, cards, up in kept["situations"]]
        for situation in situations:
            self.situations[situation.key] = situation
        spots = self.spots
        for at, table_key, hand, seat, split_card in kept["spots"]:   # as kept: sealed
            situation = situations[at]
            spot = Spot(situation, tuple(hand), seat, split_card)
            if table_key is not None:
                spot.__dict__["table_key"] = table_key
            spots[situation.key].append(spot)
        self.entry_weight = dict(kept["entry_weight"])
        for name in ("weight", "cost", "miss"):
            values = kept[name]
            if len(values) != len(situations):
                raise ValueError(f"a kept catalog's {name} of another length")
            getattr(self, name).update(
                (s.key, float(v)) for s, v in zip(situations, values, strict=True))

    def _mean_gap(self, spots: list[Spot]) -> float:
        weights = [self.entry_weight.get(s.table_key, 0.0) for s in spots]
        if sum(weights) <= 0:
            weights = [1.0] * len(spots)
        gaps = [_gap(self.evs(s)[0]) for s in spots]
        return sum(w * g for w, g in zip(weights, gaps, strict=True)) / sum(weights)

    # ----- grading values ---------------------------------------------------------------------

    def evs(self, spot: Spot) -> tuple[Evs, str]:
        """EV of every action of ``spot`` from the table, and the table's best action.

        A split the spot does not offer (the seat holds its most hands) is left out; a hand the
        table does not hold (six or more cards without Six Card Charlie) is computed exactly at
        the full shoe.
        """
        entry = self.entries.get(spot.table_key)
        if entry is None:
            evs = self._extra.get(spot.table_key)
            if evs is None:
                evs = self._extra[spot.table_key] = full_shoe_evs(self.rules, spot)
            return evs, best_of(evs)
        evs = dict(entry["ev"])
        if not spot.can_split and any(a in evs for a in _SPLITS):
            evs = {a: ev for a, ev in evs.items() if a not in _SPLITS}
            return evs, best_of(evs, entry["best"])
        return evs, entry["best"]

    def miss_cost(self, key: str) -> float:
        """What a mistake at situation ``key`` costs per round dealt: natural frequency x the
        mean EV a wrong play (:func:`~trainer.teaching.grading.grade`) loses there."""
        found = self.miss.get(key)
        if found is None:
            found = 0.0
            for spot in self.spots.get(key, ()):
                evs, best = self.evs(spot)
                lost = [evs[best] - ev for a, ev in evs.items()
                        if grade(a, evs, best).verdict is Verdict.WRONG]
                if lost:
                    found += self.entry_weight.get(spot.table_key, 0.0) * (
                        sum(lost) / len(lost))
            self.miss[key] = found
        return found

    def weight_of(self, situation: Situation) -> float:
        """Natural frequency of a situation (0 for one the table does not hold)."""
        return self.weight.get(situation.key, 0.0)

    # ----- Free Bet against standard blackjack ------------------------------------------------

    def differences(self) -> frozenset[str]:
        """Table keys whose best play differs from the standard-counterpart table's
        (:func:`strategy_charts.comparison.table_differences`: a free-stake hand against the
        standard play of the same cards, a free double or split the same play as a paid one).
        The standard table is built on first use (and cached on disk
        by :func:`strategy_charts.tables.load_or_build`).
        """
        if self._differences is None:
            standard = load_or_build(self.rules.standard_counterpart())["situations"]
            self._differences = table_differences(self.entries, standard)
        return self._differences

    def changes_from(self, other: RuleSet) -> frozenset[str]:
        """Table keys whose best play differs from the table of ``other`` (the rules a player
        has practised) where both deal those cards
        (:func:`strategy_charts.comparison.entry_differences`); the other table is loaded, or
        built and cached, on first use."""
        found = self._changes.get(other.fingerprint())
        if found is None:
            entries = load_or_build(other)["situations"]
            found = self._changes[other.fingerprint()] = entry_differences(self.entries,
                                                                           entries)
        return found

    def before(self, other: RuleSet, spot: Spot) -> str | None:
        """The best play of ``spot``'s cards under ``other`` (None where its table has none)."""
        entry = load_or_build(other)["situations"].get(spot.table_key)
        return None if entry is None else str(entry["best"])

    def spot_for(self, situation: Situation, hand: tuple[int, ...]) -> Spot:
        """The spot of ``situation`` with these card values (a split hand's split card first)."""
        split_card = hand[0] if situation.context is Context.SPLIT else None
        return Spot(situation, of_values(hand), split_card=split_card)


def kept_at(rules: RuleSet, table: dict[str, Any]) -> Shelf | None:
    """Where the catalog of ``rules`` worked out from ``table`` is kept across launches
    (:mod:`.kept`): under the rules, the label their situations are filed under, and the
    table (what it says it is, and its file's bytes); None when the file cannot be read."""
    try:
        table_bytes = table_source(rules).read_bytes()
    except OSError:
        return None
    label = preset_label(rules)
    return Shelf.of("catalogs", f"{label}\n{rules.fingerprint()}", [
        rules.fingerprint(), label, table.get("fingerprint"), table.get("engine_version"),
        table.get("format"), hashlib.sha256(table_bytes).hexdigest()])


@built_once
def catalog(rules: RuleSet) -> Catalog:
    """The catalog of ``rules`` (its table loaded, or built for custom rules), kept in memory,
    and across launches in the cache folder (:mod:`.kept`): read back when kept for
    these rules, this table and this code, else worked out and kept."""
    table = load_or_build(rules)
    shelf = kept_at(rules, table)
    kept = shelf.read() if shelf is not None else None
    if kept is not None:
        with suppress(ValueError, TypeError, KeyError, IndexError, AttributeError):
            return Catalog(rules, table, kept)
    made = Catalog(rules, table)
    if shelf is not None:
        shelf.write(made.to_plain())
    return made
