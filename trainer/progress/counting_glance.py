"""The counting answers at a glance, for the Progress page: per rule set and count, the typed
counts right and their median time, the index plays right, and what the missed index plays cost
in main bets per 100 rounds (the Counting page's review has the detail).

Every counting answer is stored under a four-part key (:mod:`trainer.drills.counting.keys`),
from the counting drills and from counted shoes alike. The cost needs the count lab's table of
the rules: a preset's ships; another rule set's is used only where it was built already (on
the Counting page), never built here (that takes minutes).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from statistics import median

from strategy_charts.counting.lab import lab_ready, load_or_build_lab
from strategy_charts.counting.systems import count_named
from trainer.drills.counting.keys import INDEX, RUNNING, TRUE, CountingKey
from trainer.rules import PRESETS, RuleSet
from trainer.teaching.situations import preset_label

from .counting import index_record
from .filters import Filter, counting_key_sql
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
    rows = store.tuples(       # one row per key: the key parsed once, not once per answer
        "SELECT d.situation_key, COUNT(*), SUM(d.verdict != 'wrong'), "
        "json_group_array(d.response_ms) FILTER (WHERE d.timed_out = 0) FROM decisions AS d "
        f"WHERE {where} AND {counting_key_sql('d')} GROUP BY d.preset, d.situation_key", params)
    typed: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    times: dict[tuple[str, str], list[int]] = defaultdict(list)
    index: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for key, answers, right, in_time in rows:
        try:
            found = CountingKey.from_key(key)
        except ValueError:
            continue
        at = (found.preset, found.count)
        if found.context in (RUNNING, TRUE):
            typed[at][0] += answers
            typed[at][1] += right
            times[at].extend(json.loads(in_time))
        elif found.context == INDEX:
            index[at][0] += answers
            index[at][1] += right
    known = {preset_label(rules): rules for rules in (*PRESETS.values(), *rule_sets)}
    out = []
    for at in sorted(typed.keys() | index.keys()):
        (counts, counts_right), (plays, plays_right) = typed.get(at, (0, 0)), index.get(at, (0, 0))
        rules = known.get(at[0])
        leak = None
        count = count_named(at[1])
        if plays and rules is not None and lab_ready(rules, count):
            lab = load_or_build_lab(rules, count=count)     # ready: loaded, never built here
            leak = index_record(store, at[0], at[1], lab["counts"][at[1]]).leak_per_100
        out.append(CountingGlance(at[0], at[1], counts, counts_right,
                                  float(median(times[at])) if times[at] else 0.0, plays,
                                  plays_right, leak))
    out.sort(key=lambda g: -(g.counts + g.index_answers))
    return out
