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

from collections.abc import Mapping
from typing import Any

from strategy_charts.table_keys import parse_table_key, table_key
from strategy_charts.tables import load_or_build
from trainer.rules import Action, RuleSet

from .catalog import Catalog, catalog
from .once import built_once
from .situations import Context, Spot

Entries = Mapping[str, Mapping[str, Any]]
#: Each action's family by its value (read for every hand of a table: looked up, not made).
_FAMILY: dict[str, Action] = {action.value: action.family for action in Action}


class ClassicPlay:
    """The classic play of every table entry of one catalog, and what it loses there."""

    def __init__(self, table: Catalog, standard: Entries) -> None:
        self.catalog = table
        self._standard = standard
        self.play: dict[str, str] = {}     # table key -> the classic play (an Action value)
        self.loss: dict[str, float] = {}   # table key -> best EV - the classic play's EV
        for spots in table.spots.values():
            for spot in spots:
                evs, best = table.evs(spot)
                play = self._classic(spot, evs) or best
                self.play[spot.table_key] = play
                self.loss[spot.table_key] = max(0.0, evs[best] - evs[play])

    def _classic(self, spot: Spot, offered: Mapping[str, float]) -> str | None:
        """The standard table's best play for these cards, on the actions ``offered``."""
        context, _, hand, up = parse_table_key(spot.table_key)
        split_card = spot.split_card if spot.situation.context is Context.SPLIT else None
        entry = self._standard.get(table_key(context, "real", hand, up, split_card))
        if entry is None:
            return None
        by_family: dict[Action, str] = {_FAMILY[a]: a for a in offered}
        for standard, _ in sorted(entry["ev"].items(), key=lambda kv: -kv[1]):
            mine = by_family.get(_FAMILY[standard])
            if mine is not None:
                return mine
        return None

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


@built_once
def classic_play(rules: RuleSet) -> ClassicPlay:
    """The classic play of ``rules`` (its standard-counterpart table loaded), kept in memory."""
    standard = load_or_build(rules.standard_counterpart())["situations"]
    return ClassicPlay(catalog(rules), standard)
