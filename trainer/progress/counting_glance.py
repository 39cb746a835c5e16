"""The counting answers at a glance, for the Progress page: per rule set and count, the typed
counts right and their median time, the index plays right, and what the missed index plays cost
in main bets per 100 rounds (the Counting page's review has the detail).

Every counting answer is stored under a four-part key (:mod:`trainer.drills.counting.keys`),
from the counting drills and from counted shoes alike. The cost needs the count lab's table of
the rules: a preset's ships; another rule set's is used only where it was built already (on
the Counting page), never built here (that takes minutes).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from statistics import median

from strategy_charts.counting.lab import lab_ready, load_or_build_lab
from strategy_charts.counting.systems import count_named
from trainer.drills.counting.keys import INDEX, RUNNING, TRUE, CountingKey
from trainer.rules import PRESETS, RuleSet
from trainer.teaching.records import COUNTING_KEY_PARTS
from trainer.teaching.situations import preset_label

from .counting import index_record
from .filters import Filter
from .store import ProgressStore


@dataclass(frozen=True)
class CountingGlance:
    """One count practised under one rule set, over the filter's dates."""

    preset: str
    count: str                      # the count's key (``hilo``)
    counts: int                     # running and true counts typed (drills and shoes)
    counts_right: int
    median_ms: float                # of the counts typed in time
    index_answers: int
    index_right: int
    leak_per_100: float | None      # what missed index plays cost; None: no lab table at hand

    def text(self) -> str:
        """'Hi-Lo, evolution: counts 45 of 50 right (median 2.1 s); index plays 30 of 36
        right, the misses cost 0.012 main bets per 100 rounds'."""
        parts = []
        if self.counts:
            parts.append(f"counts {self.counts_right} of {self.counts} right (median "
                         f"{self.median_ms / 1000:.1f} s)")
        if self.index_answers:
            cost = ("" if self.leak_per_100 is None else
                    f", the misses cost {self.leak_per_100:.3f} main bets per 100 rounds")
            parts.append(f"index plays {self.index_right} of {self.index_answers} right{cost}")
        return f"{count_named(self.count).name}, {self.preset}: " + "; ".join(parts)


def counting_glance(store: ProgressStore, only: Filter, rule_sets: Iterable[RuleSet] = ()
                    ) -> list[CountingGlance]:
    """The glance of every (rule set, count) with counting answers under ``only``'s preset and
    dates (its mode is a play mode's, so it is not applied), most answers first. ``rule_sets``
    are the rules beyond the presets whose cost may be worked out (the practised rules file)."""
    where, params = Filter(preset=only.preset, since=only.since, until=only.until).sql("d")
    rows = store.tuples(
        "SELECT d.situation_key, d.verdict, d.response_ms, d.timed_out FROM decisions AS d "
        f"WHERE {where} AND length(d.situation_key) - "
        "length(replace(d.situation_key, '|', '')) = ?", [*params, COUNTING_KEY_PARTS - 1])
    typed: dict[tuple[str, str], list[tuple[bool, int | None]]] = defaultdict(list)
    index: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for key, verdict, ms, timed_out in rows:
        try:
            found = CountingKey.from_key(key)
        except ValueError:
            continue
        at = (found.preset, found.count)
        if found.context in (RUNNING, TRUE):
            typed[at].append((verdict != "wrong", None if timed_out else ms))
        elif found.context == INDEX:
            index[at].append(verdict != "wrong")
    known = {preset_label(rules): rules for rules in (*PRESETS.values(), *rule_sets)}
    out = []
    for at in sorted(typed.keys() | index.keys()):
        counts, plays = typed.get(at, []), index.get(at, [])
        times = [ms for _, ms in counts if ms is not None]
        rules = known.get(at[0])
        leak = None
        count = count_named(at[1])
        if plays and rules is not None and lab_ready(rules, count):
            lab = load_or_build_lab(rules, count=count)     # ready: loaded, never built here
            leak = index_record(store, at[0], at[1], lab["counts"][at[1]]).leak_per_100
        out.append(CountingGlance(at[0], at[1], len(counts), sum(r for r, _ in counts),
                                  float(median(times)) if times else 0.0, len(plays),
                                  sum(plays), leak))
    out.sort(key=lambda g: -(g.counts + g.index_answers))
    return out
