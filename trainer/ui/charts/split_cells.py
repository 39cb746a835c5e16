"""The charts page's pair cells whose split hands play otherwise when they count the pair
cards split: found off the UI thread (tens of milliseconds a cell, more on a busy machine)
and kept for the page's life."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QObject

from strategy_charts.chart_layout import Cell
from strategy_charts.post_split import PostSplit
from strategy_charts.split_play import SplitDifferences, split_differences
from trainer.rules import RuleSet

from ..background import Job, Latest

#: The post-split strategy the panel compares with the chart's: the best a player can follow
#: at the table (each hand knows the pair cards split when it begins its play).
COUNTED = PostSplit.CDPN
#: What a cell's lookup is kept by: the rules' fingerprint, the pair card, the up card.
Key = tuple[str, int, int]


class SplitCells:
    """Each pair cell's :func:`split_differences` (None where nothing differs), computed in a
    background job the first time a cell asks, then kept; ``ready(cell)`` is called on the UI
    thread when a cell's answer arrives."""

    def __init__(self, parent: QObject, ready: Callable[[Cell], None]) -> None:
        self._parent, self._ready = parent, ready
        self._found: dict[Key, SplitDifferences | None] = {}
        self._looking = Latest()         # the cell asked for last; a new one cancels it

    def of(self, rules: RuleSet, context: str, cell: Cell,
           data: dict[str, Any]) -> SplitDifferences | None:
        """The cell's split differences if known now (None otherwise, or where the cell is no
        first-decision pair with a split to value); starts finding them if not yet asked."""
        kind, value, up = cell
        if context != "real" or kind != "pair" or not any("split" in a for a in data["ev"]):
            return None
        key = (rules.fingerprint(), int(value), int(up))
        if key in self._found:
            return self._found[key]
        job = Job(self._parent, lambda: split_differences(rules, key[1], key[2], COUNTED),
                  name=f"split hands of {value},{value} v {up}")
        job.succeeded(lambda found: self._arrived(key, cell, found))
        self._looking.start(job)
        return None

    def known(self, rules: RuleSet, cell: Cell) -> bool:
        """True once the cell's answer is kept (whatever it is)."""
        _, value, up = cell
        return (rules.fingerprint(), int(value), int(up)) in self._found

    def _arrived(self, key: Key, cell: Cell, found: SplitDifferences | None) -> None:
        self._found[key] = found
        self._ready(cell)


__all__ = ["COUNTED", "SplitCells"]
