"""What the Counting page gives its tabs (the page is one; a tab never imports the page)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from strategy_charts.pot_of_gold import LammerChances
from trainer.rules import RuleSet
from trainer.teaching.grading import Clock
from trainer.teaching.records import GradedDecision, Mode

from ..practice.progress_link import ProgressLink


class CountingHost(Protocol):
    """The chosen rules and count, the lab table (and the lammer chances), the clock and
    seeds, and the saving."""

    rules: RuleSet | None
    lab: dict[str, Any] | None
    #: the chance of each lammer count from a full shoe (None: no lammer bet, or loading)
    lammers: LammerChances | None
    clock: Clock
    paced: bool
    link: ProgressLink

    @property
    def count(self) -> str:
        """The chosen count's key (``hilo``)."""

    @property
    def count_name(self) -> str:
        """The chosen count's name (``Hi-Lo``)."""

    def lab_count(self) -> dict[str, Any] | None:
        """The chosen count's part of the lab table (None while it loads)."""

    def new_seed(self) -> int:
        """A drill's seed."""

    def record(self, mode: Mode, plain: Mapping[str, Any], decision: GradedDecision) -> None:
        """Save ``decision`` in the session of its drill and settings."""

    def show_due(self) -> None:
        """Say again what of the running and true counts is due (their drills changed)."""
