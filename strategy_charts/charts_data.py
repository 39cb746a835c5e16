"""Total-dependent strategy charts, distilled from the exact composition-dependent values.

A chart cell (context, row, dealer up card) holds the action with the highest EV averaged over
every two-card hand of that row, each weighted by how often it is dealt; a double cell also says
what to do when doubling is not allowed (hit or stand), a surrender cell what to play where
surrender is not (the best other play: a chart's "Rh", "Rs", "Rp"). Rows: hard totals, soft
totals, pairs.
"""

from __future__ import annotations

from typing import Any

from trainer.rules import Action, RuleSet

from .composition import Composition, size, total

#: The two-card chart contexts: a real-stake first decision, a real-stake hand after a split,
#: a free-stake hand after a free split. Hit/stand after drawing has "drawn-..." contexts.
CONTEXTS = ("real", "split", "free")


def row_of(hand: Composition, actions: dict[Action, float]) -> tuple[str, int]:
    """The chart row of a hand: ("pair", card value), ("soft", total) or ("hard", total)."""
    t, soft = total(hand)
    if size(hand) == 2 and max(hand) == 2 and any(a.is_split for a in actions):
        return "pair", hand.index(2) + 1
    return ("soft" if soft else "hard"), t


class ChartBuilder:
    """Accumulates weighted action values per chart cell, then picks each cell's action."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._sums: dict[tuple[str, str, int, int], dict[Action, float]] = {}
        self._weights: dict[tuple[str, str, int, int], float] = {}

    def add(self, context: str, hand: Composition, up: int, evs: dict[Action, float],
            weight: float) -> None:
        """Count one hand's action EVs towards its cell, with ``weight``."""
        if not evs:
            return
        kind, value = row_of(hand, evs)
        key = (context, kind, value, up)
        sums = self._sums.get(key)
        if sums is None:
            self._sums[key] = {a: weight * x for a, x in evs.items()}
            self._weights[key] = weight
            return
        for action in list(sums):
            if action in evs:
                sums[action] += weight * evs[action]
            else:            # keep only actions every hand of the cell has
                del sums[action]
        self._weights[key] += weight

    def cell(self, key: tuple[str, str, int, int]) -> dict[str, Any]:
        """One cell: best action, its fallback when doubling is not allowed, mean EVs."""
        weight = self._weights[key] or 1.0
        evs = {a: x / weight for a, x in self._sums[key].items()}
        order = list(evs)
        action = max(order, key=lambda a: (round(evs[a], 10), -order.index(a)))
        fallback = None
        if action.is_double:
            fallback = max((Action.HIT, Action.STAND), key=lambda a: evs.get(a, -9.0)).value
        elif action is Action.SURRENDER:
            others = [a for a in order if a is not Action.SURRENDER]
            fallback = max(others, key=lambda a: (round(evs[a], 10), -order.index(a))).value
        return {"action": action.value, "fallback": fallback,
                "ev": {a.value: round(x, 10) + 0.0 for a, x in evs.items()}}

    def action(self, key: tuple[str, str, int, int]) -> str | None:
        """The action of the cell (context, row kind, row value, up), or None if it is empty."""
        if key not in self._sums:
            return None
        return str(self.cell(key)["action"])

    def actions(self, up: int) -> dict[tuple[str, str, int], str]:
        """The action of every cell against ``up``, by (context, row kind, row value)."""
        return {key[:3]: str(self.cell(key)["action"]) for key in self._sums if key[3] == up}

    def charts(self) -> dict[str, Any]:
        """Every chart as nested JSON: context -> row kind -> row value -> up card -> cell."""
        out: dict[str, Any] = {}
        for key in sorted(self._sums, key=lambda k: (k[0], k[1], k[2], k[3])):
            context, kind, value, up = key
            out.setdefault(context, {}).setdefault(kind, {}).setdefault(str(value), {})[
                str(up)] = self.cell(key)
        return out
