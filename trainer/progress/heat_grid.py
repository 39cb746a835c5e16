"""The player's record laid on a strategy chart's grid: tries, wrong answers and cost per cell.

Every context (first decision, after a split, after hits) and both stakes of a hand class
against an up card land in that class's cell, so the heatmap reads like the chart it covers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from strategy_charts.chart_layout import UP_ORDER, Row
from trainer.progress.review import SituationStats
from trainer.teaching.situations import HandKind, Situation


@dataclass(frozen=True)
class HeatGrid:
    """Tries, wrong answers and cost per cell of a strategy chart (rows x dealer 2..A).

    Every context (first decision, after a split, after hits) and both stakes of a hand class
    against an up card land in that class's cell; insurance and classes the chart has no row
    for (hard 20 after hits, say) are counted in ``unplaced``.
    """

    rows: tuple[Row, ...]
    tries: np.ndarray
    wrong: np.ndarray
    cost: np.ndarray        # main bets per 100 rounds: the sum of the cell's situations' leaks
    unplaced: int

    @property
    def error_rate(self) -> np.ndarray:
        """Share of wrong answers per cell (NaN where never tried)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.tries > 0, self.wrong / np.maximum(self.tries, 1), np.nan)

    @property
    def cost_per_100(self) -> np.ndarray:
        """What the play of each cell costs, in main bets per 100 rounds of natural play (each
        situation's mean EV lost per answer x how often real play meets it; NaN where never
        tried)."""
        return np.where(self.tries > 0, self.cost, np.nan)

    def cell(self, kind: str, value: str, up: int) -> tuple[int, int]:
        """(row, column) of a chart cell; ``up`` 1 is the ace."""
        return ([(k, v) for k, v, _ in self.rows].index((kind, value)), UP_ORDER.index(up))


def cell_of(situation: Situation) -> tuple[str, str, int] | None:
    """The strategy chart cell (kind, value, up) a situation is played in, None for insurance."""
    if situation.kind is HandKind.ANY:
        return None
    return situation.kind.value, str(situation.value), situation.up


@lru_cache(maxsize=65536)
def _cell_of_key(key: str) -> tuple[str, str, int] | None:
    try:
        return cell_of(Situation.from_key(key))
    except ValueError:
        return None


def heatmap_grid(situations: Sequence[SituationStats], rows: Sequence[Row]) -> HeatGrid:
    """Add up each situation's record into the cell of its hand class and up card."""
    index = {(kind, value): i for i, (kind, value, _) in enumerate(rows)}
    shape = (len(rows), len(UP_ORDER))
    tries = np.zeros(shape, dtype=np.int64)
    wrong = np.zeros(shape, dtype=np.int64)
    cost = np.zeros(shape)
    unplaced = 0
    for s in situations:
        cell = _cell_of_key(s.situation_key)
        row = index.get(cell[:2]) if cell else None
        if cell is None or row is None:
            unplaced += s.decisions
            continue
        col = UP_ORDER.index(cell[2])
        tries[row, col] += s.decisions
        wrong[row, col] += s.decisions - s.right
        cost[row, col] += s.leak_per_100
    return HeatGrid(tuple(rows), tries, wrong, cost, unplaced)


def row_labels(rows: Sequence[Row]) -> list[str]:
    """Short row labels, as a printed strategy card has them: the first row of each group
    names it ("hard 5", "soft A,2", "pair A,A"), the rest show only the hand ("6", "A,3")."""
    labels = []
    for i, (kind, value, _) in enumerate(rows):
        if kind == "soft":
            hand = f"A,{int(value) - 11}"
        elif kind == "pair":
            face = "A" if value == "1" else value
            hand = f"{face},{face}"
        else:
            hand = value
        first = i == 0 or rows[i - 1][0] != kind
        labels.append(f"{kind} {hand}" if first else hand)
    return labels


__all__ = ["HeatGrid", "cell_of", "heatmap_grid", "row_labels"]
