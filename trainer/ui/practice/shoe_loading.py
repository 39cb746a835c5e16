"""Starting a shoe of Shoe practice: its tables read off the UI thread, then the drill made
(counted or not) with the page's hooks."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from strategy_charts.counting.lab import lab_ready, load_or_build_lab
from strategy_charts.counting.systems import count_named
from trainer.drills.counting.shoe import CountingSettings, CountingShoe
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import RuleSet
from trainer.teaching.catalog import Catalog, catalog
from trainer.teaching.grading import Clock

from ..background import Report


def load_tables(rules: RuleSet, count: str, report: Report | None = None
                ) -> tuple[Catalog, dict[str, Any] | None]:
    """The strategy table of ``rules`` and, for a shoe counted with ``count`` (a count's key;
    "" for none), its count lab (work for a worker thread: the lab of a rules file or of a
    player's own tags is built once, its progress told to ``report``)."""
    lab = load_or_build_lab(rules, progress=report, count=count_named(count)) if count else None
    return catalog(rules), lab


def lab_to_build(rules: RuleSet, count: str) -> bool:
    """True when a shoe counted with ``count`` ("" for none) must build its count lab first."""
    return bool(count) and not lab_ready(rules, count_named(count))


def start_practice(rules: RuleSet, settings: ShoeSettings, count: str,
                   lab: dict[str, Any] | None, clock: Clock, hooks: dict[str, Any]
                   ) -> tuple[ShoePractice, CountingShoe | None, dict[str, object]]:
    """The shoe's drill with ``hooks`` (seed, table, on_decision, on_round): plain, or counted
    with ``count`` when a ``lab`` is given (graded against the live shoe then, where a count's
    worth shows; its unit is the table minimum). Also what the session records of the count."""
    if lab is None:
        return ShoePractice(rules, settings, clock=clock, **hooks), None, {}
    counting = CountingSettings(count, float(settings.bankroll or 0), settings.bet)
    counter = CountingShoe(rules, replace(settings, perfect_play=True), counting, lab=lab,
                           clock=clock, **hooks)
    session: dict[str, object] = {"count": counting.count, "unit": float(counting.unit),
                                  "spread": counting.spread, "kelly": counting.kelly}
    return counter.practice, counter, session


__all__ = ["lab_to_build", "load_tables", "start_practice"]
