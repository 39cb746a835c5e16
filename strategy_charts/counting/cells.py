"""The decisions a counter can change by the count: chart cells of the first decision, insurance
and the side bets, with each deal's cell and the values of a cell at one shoe.

A first-decision **cell** is what a strategy chart shows: hard total, soft total or pair against
an up card (the "real" chart of the tables). Its value at a shoe is the mean over the two-card
hands of the cell, each weighted by the chance it is dealt *and* reaches the decision (no dealer
blackjack where the dealer peeks), so a cell's EV of an action is what a chart player meeting
that cell at that shoe can expect, on average.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from trainer.rules.side_bets import title_of

from ..charts_data import row_of
from ..composition import of_values
from .values import ACTIONS, DEALS, ShoeValues

#: Kinds of cell besides the chart rows (hard, soft, pair).
INSURANCE = "insurance"
WAGER = "wager"
NO_BET, BET = "no_bet", "bet"


@dataclass(frozen=True, order=True)
class Cell:
    """A decision as a chart shows it: a row (hard 16, soft 18, pair 8), insurance (against an
    ace), or a side bet (``wager`` with the bet's name)."""

    kind: str
    value: int
    up: int
    wager: str = ""

    @property
    def key(self) -> str:
        """Stable text: ``hard:16:v10``, ``pair:1:v6``, ``insurance:0:v1``, ``wager:hot_3``."""
        if self.kind == WAGER:
            return f"{WAGER}:{self.wager}"
        return f"{self.kind}:{self.value}:v{self.up}"

    @classmethod
    def from_key(cls, key: str) -> Cell:
        """Read :attr:`key` back; ValueError for anything else."""
        parts = key.split(":")
        try:
            if parts[0] == WAGER and len(parts) == 2:
                return cls(WAGER, 0, 0, parts[1])
            kind, value, up = parts
            cell = cls(kind, int(value), int(up.removeprefix("v")))
        except ValueError:
            raise ValueError(f"not a cell key: {key!r}") from None
        if cell.key != key or kind not in ("hard", "soft", "pair", INSURANCE):
            raise ValueError(f"not a cell key: {key!r}")
        return cell

    def describe(self) -> str:
        """E.g. 'hard 16 v 10', 'A,A v 6', 'insurance', 'Pot of Gold'."""
        up = "A" if self.up == 1 else str(self.up)
        if self.kind == WAGER:
            return title_of(self.wager)
        if self.kind == INSURANCE:
            return "insurance"
        if self.kind == "pair":
            face = "A" if self.value == 1 else str(self.value)
            return f"{face},{face} v {up}"
        return f"{self.kind} {self.value} v {up}"


def deal_cells(full: ShoeValues) -> list[Cell | None]:
    """Per deal (:data:`values.DEALS`), its first-decision cell (None: no decision, a 21),
    classed by the actions offered at the full shoe (a pair is a pair row when it may split)."""
    cells: list[Cell | None] = []
    for row, (up, a, b) in enumerate(DEALS):
        offered = {action: 0.0 for action, x in zip(ACTIONS, full.actions[row], strict=True)
                   if not np.isnan(x)}
        if not offered:
            cells.append(None)
            continue
        kind, value = row_of(of_values([a, b]), offered)
        cells.append(Cell(kind, value, up))
    return cells


def chart_plays(cells: list[Cell | None], charts: dict[str, Any]) -> dict[Cell, str]:
    """The real chart's action of every cell (the play the count changes)."""
    real = charts["real"]
    return {cell: real[cell.kind][str(cell.value)][str(cell.up)]["action"]
            for cell in set(cells) if cell is not None}


def cell_actions(values: ShoeValues, cells: list[Cell | None]) -> dict[Cell, dict[str, float]]:
    """Each cell's EV of every action at the shoe of ``values`` (the mean over its hands, by the
    chance each is dealt and reaches the decision), and its ``frequency`` under the key
    "frequency": that chance summed."""
    weight = values.probability * values.reach
    out: dict[Cell, dict[str, float]] = {}
    sums: dict[Cell, np.ndarray] = {}
    totals: dict[Cell, float] = {}
    for row, cell in enumerate(cells):
        if cell is None or weight[row] <= 0:
            continue
        evs = np.nan_to_num(values.actions[row])
        sums[cell] = sums.get(cell, 0.0) + weight[row] * evs
        totals[cell] = totals.get(cell, 0.0) + weight[row]
    for row, cell in enumerate(cells):
        if cell is None or cell in out or cell not in sums:
            continue
        legal = ~np.isnan(values.actions[row])
        out[cell] = {a.value: float(sums[cell][i] / totals[cell])
                     for i, a in enumerate(ACTIONS) if legal[i]}
        out[cell]["frequency"] = totals[cell]
    return out


__all__ = ["BET", "INSURANCE", "NO_BET", "WAGER", "Cell", "cell_actions", "chart_plays",
           "deal_cells"]
