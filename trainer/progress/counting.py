"""Reviews of the counting answers: count accuracy and speed over time, index plays missed and
what missing them costs, in the one unit (main bets per 100 rounds).

Counting answers are stored as decisions under the counting keys
(:mod:`trainer.drills.counting.keys`). Conventions:

- a count answer is *right* when it is exactly the count; its *miss* is how far it was off;
- *speed* is the median response time (from the last card shown, or the question); a running
  count drill's cards per second come from its session's settings (cards at once / seconds);
- an index answer *missed a deviation* when the index play was best and the chart's play was
  given, and *deviated wrongly* when the chart's play was best and another was given;
- **what missed index plays cost**: per decision, the share of its latest answers
  (:data:`trainer.drills.leak.RECENT`) that were wrong times the EV its index plays add per 100
  rounds (the count lab's figure): what the player's habit there leaves of the count's gain.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from statistics import median
from typing import Any

from trainer.drills.counting.keys import INDEX, RUNNING, TRUE, CountingKey
from trainer.drills.counting.spacing import GUESS
from trainer.drills.leak import RECENT
from trainer.progress.filters import readable_loss_sql
from trainer.progress.store import ProgressStore
from trainer.scheduler.memory import day_of
from trainer.teaching.answers import Answer


def _prefix_sql(column: str = "situation_key") -> str:
    return f"substr({column}, 1, ?) = ?"


def _prefix(preset: str, context: str, count: str) -> list[object]:
    text = f"{preset}|{context}|{count}|"
    return [len(text), text]


@dataclass(frozen=True)
class CountDay:
    """One day's answers of one counting drill (running, in shoe, true)."""

    day: str
    drill: str
    answers: int
    right: int
    accuracy: float
    mean_error: float
    median_ms: float
    cards_per_second: float | None


def _off(action: str, best: str) -> int:
    """How far a typed count was from the right one."""
    try:
        return abs(int(action) - int(best))
    except ValueError:
        return 0


def count_days(store: ProgressStore, preset: str, count: str) -> list[CountDay]:
    """Accuracy, miss and speed per UTC day and drill, oldest first."""
    rows = store.tuples(
        "SELECT substr(d.time, 1, 10), d.situation_key, d.action, d.best_action, d.verdict, "
        "d.response_ms, d.timed_out, s.settings FROM decisions AS d JOIN sessions AS s "
        f"ON s.id = d.session_id WHERE d.preset = ? AND d.undone = 0 AND "
        f"({_prefix_sql('d.situation_key')} OR {_prefix_sql('d.situation_key')}) "
        "ORDER BY d.time, d.id",
        [preset, *_prefix(preset, RUNNING, count), *_prefix(preset, TRUE, count)])
    groups: dict[tuple[str, str], list[tuple[Any, ...]]] = defaultdict(list)
    for day, key, action, best, verdict, ms, timed_out, settings in rows:
        found = CountingKey.from_key(key)
        drill = ("true" if found.context == TRUE else
                 "in shoe" if found.detail == "shoe" else "running")
        groups[(day, drill)].append((action, best, verdict, ms, timed_out, settings))
    out = []
    for (day, drill), answers in sorted(groups.items()):
        right = sum(a[2] != "wrong" for a in answers)
        speeds = []
        for *_, settings in answers:
            plain = json.loads(settings)
            if plain.get("drill") == "running" and plain.get("seconds"):
                speeds.append(plain["at_once"] / plain["seconds"])
        times = [a[3] for a in answers if not a[4]]
        out.append(CountDay(day, drill, len(answers), right, right / len(answers),
                            sum(_off(a[0], a[1]) for a in answers) / len(answers),
                            float(median(times)) if times else 0.0,
                            sum(speeds) / len(speeds) if speeds else None))
    return out


@dataclass(frozen=True)
class IndexAnswers:
    """One decision's index answers: how many, how many wrong, of which missed deviations and
    wrong deviations, the EV lost, and what its wrong share costs per 100 rounds."""

    situation_key: str
    describe: str
    answers: int
    wrong: int
    missed: int
    deviated: int
    ev_lost: float
    leak_per_100: float


@dataclass(frozen=True)
class IndexRecord:
    """Every index decision answered (costliest first) and their cost together."""

    plays: list[IndexAnswers]
    leak_per_100: float


def skill_answers(store: ProgressStore, preset: str, context: str, count: str) -> list[Answer]:
    """Every answer of ``count`` in ``preset`` under one counting context (``INDEX``,
    ``RUNNING`` or ``TRUE``; drills and shoe practice alike), oldest first, as the memory model
    reads it: what spaces the index flashcards, the running and the true count. The guess is
    one over the plays offered for an index answer, the drill's
    (:data:`trainer.drills.counting.spacing.GUESS`) for a typed count."""
    if context not in (INDEX, RUNNING, TRUE):
        raise ValueError(f"{context!r} answers are no skill the drills space")
    rows = store.tuples(
        "SELECT situation_key, time, verdict, evs FROM decisions "
        f"WHERE preset = ? AND undone = 0 AND {_prefix_sql()} ORDER BY time, id",
        [preset, *_prefix(preset, context, count)])
    return [Answer(key, day_of(datetime.fromisoformat(time)), verdict != "wrong",
                   1 / max(1, len(json.loads(evs))) if context == INDEX else GUESS[context])
            for key, time, verdict, evs in rows]


def index_record(store: ProgressStore, preset: str, count: str,
                 lab_count: dict[str, Any]) -> IndexRecord:
    """The index answers of ``count`` in ``preset`` (flashcards and shoe practice), newest
    first per decision; ``lab_count`` is the count's part of the lab table (the chart's play
    of each decision and what its index plays add)."""
    rows = store.tuples(
        "SELECT situation_key, action, best_action, verdict, ev_loss FROM decisions "
        f"WHERE preset = ? AND undone = 0 AND {readable_loss_sql()} AND {_prefix_sql()} "
        "ORDER BY time DESC, id DESC",
        [preset, *_prefix(preset, INDEX, count)])
    gains: dict[str, float] = defaultdict(float)
    for play in lab_count["indices"]:
        gains[play["cell"]] += play["gain_per_100"]
    bases = {cell: data["base"] for cell, data in lab_count["cells"].items()}
    by_key: dict[str, list[tuple[str, str, str, float]]] = defaultdict(list)
    for key, action, best, verdict, loss in rows:
        by_key[key].append((action, best, verdict, loss))
    plays = []
    for key, answers in by_key.items():
        found = CountingKey.from_key(key)
        base = bases.get(found.detail)
        recent = answers[:RECENT]
        wrong_share = sum(a[2] == "wrong" for a in recent) / len(recent)
        plays.append(IndexAnswers(
            key, found.describe(), len(answers), sum(a[2] == "wrong" for a in answers),
            sum(a[2] == "wrong" and a[1] != base and a[0] == base for a in answers),
            sum(a[2] == "wrong" and a[1] == base for a in answers),
            sum(a[3] for a in answers), wrong_share * gains.get(found.detail, 0.0)))
    plays.sort(key=lambda p: (-p.leak_per_100, -p.wrong, p.situation_key))
    return IndexRecord(plays, sum(p.leak_per_100 for p in plays))
