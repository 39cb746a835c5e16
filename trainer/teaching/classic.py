"""Classic basic strategy at a Free Bet table: what a player who knows standard blackjack plays.

Most people who open a Free Bet trainer already know the standard game's basic strategy, and
play it here until taught otherwise. The standard-counterpart table (the same rules without free
bets, push 22 or Six Card Charlie; :meth:`trainer.rules.RuleSet.standard_counterpart`) gives the
standard play of every hand; the **classic play** is that play on the actions Free Bet offers
there: a double is the free double where one is offered, a split the free split
(:attr:`trainer.rules.Action.family`). A free-stake hand (made by a free split) is played as a
standard player would play the same cards with a real stake. Where the standard best play is not
offered at all, the standard table's next best offered play is taken.

What the classic play loses against the best play, weighted by natural frequency, is the
**classic leak**: about 2.7 main bets per 100 rounds in the live game. It orders new material
(what such a player most needs to learn comes first) and it is the "classic basic strategy"
figure beside the player's own leak.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from contextlib import suppress
from typing import Any

from strategy_charts.table_keys import parse_table_key, table_key
from strategy_charts.tables import load_or_build, table_source
from trainer.rules import Action, RuleSet

from .catalog import Catalog, catalog
from .catalog import kept_at as catalog_kept_at
from .kept import Shelf
from .once import built_once
from .situations import Context, Spot

Entries = Mapping[str, Mapping[str, Any]]
#: Each action's family by its value (read for every hand of a table: looked up, not made).
_FAMILY: dict[str, Action] = {action.value: action.family for action in Action}


class ClassicPlay:
    """The classic play of every table entry of one catalog, and what it loses there, worked
    out from the ``standard`` table's entries, or read back from ``kept`` (what
    :meth:`to_plain` gave for the same tables: ValueError, TypeError or KeyError for one of
    another shape)."""

    def __init__(self, table: Catalog, standard: Entries | None,
                 kept: Mapping[str, Any] | None = None) -> None:
        self.catalog = table
        self.play: dict[str, str] = {}     # table key -> the classic play (an Action value)
        self.loss: dict[str, float] = {}   # table key -> best EV - the classic play's EV
        if kept is not None:
            self.play.update(kept["play"])
            self.loss.update(kept["loss"])
            if self.play.keys() != self.loss.keys() or not all(
                    isinstance(v, float) for v in self.loss.values()):
                raise ValueError("a kept classic play of another shape")
            return
        if standard is None:
            raise ValueError("the classic play is worked out from the standard table")
        for spots in table.spots.values():
            for spot in spots:
                evs, best = table.evs(spot)
                play = _classic(standard, spot, evs) or best
                self.play[spot.table_key] = play
                self.loss[spot.table_key] = max(0.0, evs[best] - evs[play])

    def to_plain(self) -> dict[str, Any]:
        """The classic play as JSON's plain values (``kept``)."""
        return {"play": self.play, "loss": self.loss}

    def play_of(self, spot: Spot) -> str:
        """The classic play of ``spot`` (an Action value)."""
        return self.play[spot.table_key]

    def agrees(self, spot: Spot) -> bool:
        """True where classic basic strategy already plays ``spot`` best."""
        return self.loss[spot.table_key] <= 0.0

    def situation_leak(self, key: str) -> float:
        """What the classic play loses in one situation per round dealt: the sum over its hands
        of natural frequency x EV lost (main bets)."""
        weight = self.catalog.entry_weight
        return sum(weight.get(s.table_key, 0.0) * self.loss[s.table_key]
                   for s in self.catalog.spots[key])

    def leak_per_100(self) -> float:
        """The whole classic leak: main bets lost per 100 rounds of natural play."""
        return 100 * sum(self.situation_leak(key) for key in self.catalog.situations)


def _classic(standard: Entries, spot: Spot, offered: Mapping[str, float]) -> str | None:
    """The standard table's best play for these cards, on the actions ``offered``."""
    context, _, hand, up = parse_table_key(spot.table_key)
    split_card = spot.split_card if spot.situation.context is Context.SPLIT else None
    entry = standard.get(table_key(context, "real", hand, up, split_card))
    if entry is None:
        return None
    by_family: dict[Action, str] = {_FAMILY[a]: a for a in offered}
    for play, _ in sorted(entry["ev"].items(), key=lambda kv: -kv[1]):
        mine = by_family.get(_FAMILY[play])
        if mine is not None:
            return mine
    return None


def kept_at(rules: RuleSet, table: Catalog) -> Shelf | None:
    """Where the classic play of ``rules`` is kept across launches (:mod:`.kept`): under
    what their catalog is kept under and the standard table's file's bytes (None when a file
    cannot be read: the standard table not built yet, say)."""
    own = catalog_kept_at(rules, table.table)
    standard = rules.standard_counterpart()
    try:
        standard_bytes = table_source(standard).read_bytes()
    except OSError:
        return None
    if own is None:
        return None
    return Shelf.of("classic", f"{table.preset}\n{rules.fingerprint()}", [
        own.key, standard.fingerprint(), hashlib.sha256(standard_bytes).hexdigest()])


@built_once
def classic_play(rules: RuleSet) -> ClassicPlay:
    """The classic play of ``rules`` (its standard-counterpart table loaded), kept in memory,
    and across launches in the cache folder (read back when kept for these tables and
    code)."""
    table = catalog(rules)
    shelf = kept_at(rules, table)
    kept = shelf.read() if shelf is not None else None
    if kept is not None:
        with suppress(ValueError, TypeError, KeyError, AttributeError):
            return ClassicPlay(table, None, kept)
    made = ClassicPlay(table, load_or_build(rules.standard_counterpart())["situations"])
    if shelf is None:
        shelf = kept_at(rules, table)       # the standard table built just now
    if shelf is not None:
        shelf.write(made.to_plain())
    return made
