"""The learning bench: how fast does the trainer teach? A simulated learner against schedulers.

It drives the app's real scheduler (:class:`trainer.drills.flashcards.FlashcardSession` in due
mode, the code the Flashcards page uses) and four baselines against a simulated learner, and
prints how many answers each needs to bring the learner's leak down to a target.

The learner model:

- Memory items: with ``"granularity": "situation"`` one per situation key; with ``"rule"`` one
  per fact — the situations with the same stakes, hand class (hard N, soft N, pair X), up card
  and best play share one item, whatever their context and card count (a situation whose hands
  disagree on the best play is an item of its own). Each reviewed item has a stability S (days)
  and the time of its last review; its recall probability after t days is
  R = (1 + t / (9·S))^−1; an item never reviewed has R = 0.
- Asked a situation, the learner recalls the best play with probability R of its item;
  otherwise it plays its prior: ``"classic"`` = the standard-counterpart table's best play
  mapped onto the offered actions; ``"novice"`` = each legal action with equal chance.
- After every answer the learner sees the right play: if it recalled,
  S ← S·(1 + growth·(1 − R)) + s0; if it did not, S ← max(s0, lapse·S); a first review sets
  S = s0.
- Time: ``per_day`` answers a day in one session, 10 s apart, each with a response time of 5 s;
  one day between sessions.
- Leak, measured at the start of each day: 100 × Σ over situations of natural frequency ×
  (1 − R of its item) × the expected EV that the prior loses there, in main bets per 100 rounds.
- Target: the first day-start at which the leak is at most ``target``; ``reviews_to_target``
  counts the answers given until then.
- Parameters with defaults: ``{"preset": "evolution", "prior": "classic", "granularity":
  "situation", "s0_days": 0.02, "growth": 10, "lapse": 0.3, "per_day": 100, "target": 0.1,
  "max_reviews": 20000, "seeds": 5}``.

The schedulers: ``app`` (the shipped scheduler), ``v0.1`` (the first release's due-mode order,
kept here as the baseline), ``random`` (uniform over situations), ``natural`` (situations at
their natural frequency, as in shoe play) and ``leitner`` (five boxes per situation, intervals
1/2/4/8/16 days). A scheduler sees what the app sees — the question it asked, the answer and its
times, and the classic-basic-strategy setting, set here to match the learner's prior — never the
learner's memory. The learner draws from its own random stream, so every scheduler meets the
same learner for a seed.

Run (inside the environment)::

    .venv/bin/python bench/learning.py [--json] [--learner FILE.json ...] [--plot FILE.png]

Default learners: ``classic-situation``, ``classic-rule`` and ``novice-rule`` (prior novice,
target 1.0, max_reviews 30000). The JSON holds, per learner and scheduler, the means over the
seeds of ``reviews_to_target`` and ``days_to_target`` (null when a seed does not reach the
target) and of the leak after 500, 1000 and 2000 answers (at the first day-start after them).
"""

from __future__ import annotations

import abc
import argparse
import json
import math
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from fsrs import Card, Rating, Scheduler

from strategy_charts.worker_pool import worker_pool
from trainer.drills.catalog import Catalog, catalog
from trainer.drills.classic import classic_play
from trainer.drills.curriculum import Prior
from trainer.drills.facts import Facts
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.drills.grading import grade
from trainer.drills.memory import Answer
from trainer.drills.memory_fit import Fit
from trainer.drills.records import Verdict
from trainer.drills.situations import Spot
from trainer.rules import Action, preset

DEFAULTS: dict[str, Any] = {
    "preset": "evolution", "prior": "classic", "granularity": "situation", "s0_days": 0.02,
    "growth": 10, "lapse": 0.3, "per_day": 100, "target": 0.1, "max_reviews": 20000, "seeds": 5,
}
LEARNERS: dict[str, dict[str, Any]] = {
    "classic-situation": {},
    "classic-rule": {"granularity": "rule"},
    "novice-rule": {"prior": "novice", "granularity": "rule", "target": 1.0,
                    "max_reviews": 30000},
}
SCHEDULERS = ("app", "v0.1", "random", "natural", "leitner")
CHECKPOINTS = (500, 1000, 2000)
ANSWER_GAP_DAYS = 10 / 86400
RESPONSE_DAYS = 5 / 86400
START = datetime(2026, 1, 5, 6, 0, tzinfo=UTC)


def when(days: float) -> datetime:
    """The bench's clock: ``days`` after its start."""
    return START + timedelta(days=days)


# ----- what the learner and the baselines know of a preset -----------------------------------

@dataclass(frozen=True)
class World:
    """A preset's situations as the learner meets them: hands, best and prior plays, items."""

    catalog: Catalog
    keys: tuple[str, ...]                      # every situation key
    index: dict[str, int]                      # situation key -> position in keys
    item: tuple[int, ...]                      # situation -> memory item
    items: int
    prior_leak: tuple[float, ...]              # situation -> frequency x EV the prior loses
    weight: tuple[float, ...]                  # situation -> natural frequency
    best: dict[str, str]                       # table key -> best play
    classic: dict[str, str]                    # table key -> classic play


def _novice_loss(evs: dict[str, float], best: str) -> float:
    return sum(evs[best] - ev for ev in evs.values()) / len(evs)


@cache
def world(preset_name: str, prior: str, granularity: str) -> World:
    """The bench's picture of ``preset_name`` for one kind of learner (cached per process)."""
    table = catalog(preset(preset_name))
    classic = classic_play(table.rules)
    keys = tuple(sorted(table.situations))
    index = {k: i for i, k in enumerate(keys)}
    best: dict[str, str] = {}
    leak = []
    for key in keys:
        total = 0.0
        for spot in table.spots[key]:
            evs, top = table.evs(spot)
            best[spot.table_key] = top
            w = table.entry_weight.get(spot.table_key, 0.0)
            total += w * (classic.loss[spot.table_key] if prior == "classic"
                          else _novice_loss(evs, top))
        leak.append(total)
    if granularity == "situation":
        item = tuple(range(len(keys)))
    elif granularity == "rule":
        facts = Facts.of(table)
        numbers: dict[str, int] = {}
        item = tuple(numbers.setdefault(facts.of_situation[k], len(numbers)) for k in keys)
    else:
        raise ValueError(f"granularity must be 'situation' or 'rule', not {granularity!r}")
    return World(table, keys, index, item, max(item) + 1, tuple(leak),
                 tuple(table.weight[k] for k in keys), best, dict(classic.play))


# ----- the learner ---------------------------------------------------------------------------

class Learner:
    """The simulated learner of the module docstring."""

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        self.world = w
        self.rng = random.Random(f"learner-{seed}")
        self.prior = params["prior"]
        self.s0 = float(params["s0_days"])
        self.growth = float(params["growth"])
        self.lapse = float(params["lapse"])
        self.stability = [0.0] * w.items
        self.last: list[float | None] = [None] * w.items

    def recall(self, item: int, now: float) -> float:
        """R of ``item`` at ``now`` (days)."""
        last = self.last[item]
        if last is None:
            return 0.0
        return 1.0 / (1.0 + (now - last) / (9.0 * self.stability[item]))

    def answer(self, spot: Spot, offered: Sequence[str], now: float) -> str:
        """The learner's play at ``spot``; it then sees the right play and updates its memory."""
        w = self.world
        item = w.item[w.index[spot.situation.key]]
        r = self.recall(item, now)
        recalled = self.rng.random() < r
        if recalled:
            action = w.best[spot.table_key]
        elif self.prior == "classic":
            action = w.classic[spot.table_key]
        else:
            action = self.rng.choice(list(offered))
        s = self.stability[item]
        if self.last[item] is None:
            s = self.s0
        elif recalled:
            s = s * (1 + self.growth * (1 - r)) + self.s0
        else:
            s = max(self.s0, self.lapse * s)
        self.stability[item] = s
        self.last[item] = now
        return action

    def leak(self, now: float) -> float:
        """Main bets per 100 rounds the learner's play loses at ``now``."""
        w = self.world
        recall = [self.recall(i, now) for i in range(w.items)]
        return 100 * sum(loss * (1 - recall[item])
                         for loss, item in zip(w.prior_leak, w.item, strict=True))


# ----- schedulers ----------------------------------------------------------------------------

class Teacher(Protocol):
    """A scheduler as the bench drives it: a session a day, one question at a time."""

    def start_day(self, now: float) -> None:
        """A new session begins at ``now`` (days)."""

    def ask(self, now: float) -> tuple[Spot, Sequence[str]]:
        """The next question: a spot and the actions offered."""
        ...

    def tell(self, spot: Spot, action: str, now: float) -> None:
        """The player answered ``action`` at ``now``."""


class AppTeacher:
    """The shipped scheduler: a due-mode :class:`FlashcardSession` a day, fed the answers and
    memory fit of the days before, as the app feeds it from the progress store."""

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        self.catalog = w.catalog
        self.seed = seed
        self.prior = Prior.CLASSIC if params["prior"] == "classic" else Prior.NOVICE
        self.now = 0.0
        self.answers: list[Answer] = []
        self.fit: Fit | None = None
        self.session: FlashcardSession | None = None

    def _clock(self) -> datetime:
        return when(self.now)

    def start_day(self, now: float) -> None:
        if self.session is not None:
            self.answers.extend(self.session.answers)
            assert self.session.queue is not None
            self.fit = self.session.queue.fit
        self.now = now
        self.session = FlashcardSession(
            self.catalog, FlashMode.DUE, seed=self.seed * 7919 + int(now), history=self.answers,
            fitted=self.fit, prior=self.prior, clock=self._clock, day_start=when(now))

    def ask(self, now: float) -> tuple[Spot, Sequence[str]]:
        assert self.session is not None
        self.now = now
        card = self.session.next()
        return card.spot, [a.value for a in card.actions]

    def tell(self, spot: Spot, action: str, now: float) -> None:
        assert self.session is not None
        self.now = now
        self.session.answer(Action(action), response_ms=5000)


class _Picking(abc.ABC):
    """A baseline that picks situations itself and deals a hand of one by natural frequency."""

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        self.world = w
        self.rng = random.Random(f"teacher-{seed}")

    def start_day(self, now: float) -> None:  # noqa: B027 (an optional hook)
        """Most baselines keep no sessions."""

    @abc.abstractmethod
    def choose(self, now: float) -> str:
        """The situation key to ask next."""

    def ask(self, now: float) -> tuple[Spot, Sequence[str]]:
        key = self.choose(now)
        table = self.world.catalog
        spots = table.spots[key]
        weights = [table.entry_weight.get(s.table_key, 0.0) for s in spots]
        spot = self.rng.choices(spots, weights=weights if sum(weights) > 0 else None)[0]
        return spot, list(table.evs(spot)[0])

    def tell(self, spot: Spot, action: str, now: float) -> None:  # noqa: B027 (optional hook)
        """Most baselines do not look at the answers."""


class RandomTeacher(_Picking):
    """Situations uniformly at random."""

    def choose(self, now: float) -> str:
        return self.rng.choice(self.world.keys)


class NaturalTeacher(_Picking):
    """Situations at their natural frequency, as shoe play deals them."""

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        super().__init__(w, params, seed)
        self.cumulative = list(_cumulative(w.weight))

    def choose(self, now: float) -> str:
        return self.rng.choices(self.world.keys, cum_weights=self.cumulative)[0]


def _cumulative(weights: Sequence[float]) -> list[float]:
    total, out = 0.0, []
    for x in weights:
        total += x
        out.append(total)
    return out


class LeitnerTeacher(_Picking):
    """Five boxes per situation, reviewed 1, 2, 4, 8 and 16 days after the last answer; a wrong
    answer sends a situation back to box 1. Due situations first (lowest box first), then new
    ones in a shuffled order; with none of either, the situation due soonest."""

    INTERVALS = (1, 2, 4, 8, 16)

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        super().__init__(w, params, seed)
        self.new = list(w.keys)
        self.rng.shuffle(self.new)
        self.box: dict[str, int] = {}
        self.due: dict[str, float] = {}
        self.last: str | None = None

    def choose(self, now: float) -> str:
        due = [k for k, at in self.due.items() if at <= now + 1e-9 and k != self.last]
        if due:
            key = min(due, key=lambda k: (self.box[k], self.due[k], k))
        elif self.new:
            key = self.new.pop()
        else:
            key = min((k for k in self.due if k != self.last), key=lambda k: (self.due[k], k))
        self.last = key
        return key

    def tell(self, spot: Spot, action: str, now: float) -> None:
        key = spot.situation.key
        right = _right(self.world, spot, action)
        box = min(self.box.get(key, -1) + 1, 4) if right else 0
        self.box[key] = box
        # a day's session is a few minutes long: "in n days" means at that day's session
        self.due[key] = math.floor(now + 1e-9) + self.INTERVALS[box]


class V01Teacher(_Picking):
    """The first release's due mode, kept as the baseline: due fsrs reviews first, then new
    situations, each by natural frequency x the EV cost of a mistake (best minus second-best);
    with neither, the review due soonest. A missed situation comes back 3 to 5 cards later in
    the same session. One fsrs card per situation, rated Again when wrong, else by response
    time (5 s: Good)."""

    GAPS = (3, 4, 5)

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        super().__init__(w, params, seed)
        table = w.catalog
        self.scheduler = Scheduler(enable_fuzzing=False)
        self.order = sorted(w.keys, key=lambda k: (-table.weight[k] * table.cost[k], k))
        self.cards: dict[str, Card] = {}
        self.slots: dict[int, tuple[str, Spot]] = {}
        self.dealt = 0
        self.last: str | None = None

    def start_day(self, now: float) -> None:
        self.slots = {}
        self.dealt = 0

    def ask(self, now: float) -> tuple[Spot, Sequence[str]]:
        requeued = self.slots.pop(self.dealt, None)
        self.dealt += 1
        if requeued is not None:
            key, spot = requeued
            self.last = key
            return spot, list(self.world.catalog.evs(spot)[0])
        spot, offered = super().ask(now)
        self.last = spot.situation.key
        return spot, offered

    def choose(self, now: float) -> str:
        at = when(now)
        cards = self.cards
        for key in self.order:
            if key != self.last and key in cards and cards[key].due <= at:
                return key
        for key in self.order:
            if key != self.last and key not in cards:
                return key
        return min((k for k in cards if k != self.last), key=lambda k: (cards[k].due, k))

    def tell(self, spot: Spot, action: str, now: float) -> None:
        key = spot.situation.key
        right = _right(self.world, spot, action)
        at = when(now)
        card = self.cards.get(key) or Card(card_id=len(self.cards) + 1, due=at)
        self.cards[key], _ = self.scheduler.review_card(
            card, Rating.Good if right else Rating.Again, at)
        if not right:
            for gap in self.rng.sample(self.GAPS, len(self.GAPS)):
                if self.dealt - 1 + gap not in self.slots:
                    self.slots[self.dealt - 1 + gap] = (key, spot)
                    break


def _right(w: World, spot: Spot, action: str) -> bool:
    """Whether the app grades ``action`` right (correct or acceptable)."""
    evs, best = w.catalog.evs(spot)
    return grade(action, evs, best).verdict is not Verdict.WRONG


TEACHERS: dict[str, Callable[[World, dict[str, Any], int], Teacher]] = {
    "app": AppTeacher, "v0.1": V01Teacher, "random": RandomTeacher,
    "natural": NaturalTeacher, "leitner": LeitnerTeacher,
}


# ----- one run -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    """One learner taught by one scheduler: the leak at each day-start, and when it hit the
    target."""

    leaks: tuple[tuple[int, float], ...]      # (answers given, leak) at each day-start
    reviews_to_target: int | None
    days_to_target: int | None

    def leak_after(self, answers: int) -> float | None:
        """The leak at the first day-start after ``answers`` answers."""
        return next((leak for n, leak in self.leaks if n >= answers), None)


def run(params: dict[str, Any], scheduler: str, seed: int,
        teachers: dict[str, Callable[[World, dict[str, Any], int], Teacher]] = TEACHERS) -> Run:
    """Teach one learner with one scheduler until it reaches the target (and at least the last
    checkpoint) or ``max_reviews``."""
    w = world(params["preset"], params["prior"], params["granularity"])
    learner = Learner(w, params, seed)
    teacher = teachers[scheduler](w, params, seed)
    per_day, target = int(params["per_day"]), float(params["target"])
    limit = int(params["max_reviews"])
    leaks: list[tuple[int, float]] = []
    reached: tuple[int, int] | None = None
    answers, day = 0, 0
    while True:
        leak = learner.leak(day)
        leaks.append((answers, leak))
        if reached is None and leak <= target:
            reached = (answers, day)
        if (reached is not None and answers >= CHECKPOINTS[-1]) or answers >= limit:
            break
        teacher.start_day(day)
        for i in range(per_day):
            shown = day + i * ANSWER_GAP_DAYS
            spot, offered = teacher.ask(shown)
            answered = shown + RESPONSE_DAYS
            teacher.tell(spot, learner.answer(spot, offered, answered), answered)
        answers += per_day
        day += 1
    return Run(tuple(leaks), reached[0] if reached else None, reached[1] if reached else None)


def _job(args: tuple[str, dict[str, Any], str, int]) -> tuple[str, str, int, Run]:
    name, params, scheduler, seed = args
    return name, scheduler, seed, run(params, scheduler, seed)


def _mean(values: list[float | None]) -> float | None:
    if not values or any(v is None for v in values):
        return None
    return sum(v for v in values if v is not None) / len(values)


def summarise(runs: dict[str, list[Run]]) -> dict[str, Any]:
    """Per scheduler: means over the seeds (null when a seed misses the target)."""
    out = {}
    for scheduler, seeds in runs.items():
        out[scheduler] = {
            "reviews_to_target": _mean([r.reviews_to_target for r in seeds]),
            "days_to_target": _mean([r.days_to_target for r in seeds]),
            "leak_after": {str(n): _rounded(_mean([r.leak_after(n) for r in seeds]))
                           for n in CHECKPOINTS},
        }
    return out


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def learners(files: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The default learners and one per ``--learner`` file, each with every parameter."""
    found = {name: {**DEFAULTS, **extra} for name, extra in LEARNERS.items()}
    for file in files:
        extra = json.loads(Path(file).read_text())
        unknown = set(extra) - set(DEFAULTS)
        if unknown:
            raise SystemExit(f"{file}: unknown learner parameters {sorted(unknown)}")
        found[Path(file).stem] = {**DEFAULTS, **extra}
    return found


def bench(found: dict[str, dict[str, Any]], schedulers: Sequence[str],
          workers: int) -> tuple[dict[str, Any], dict[str, dict[str, list[Run]]]]:
    """Run every learner against every scheduler and seed; the JSON report and the runs."""
    jobs = [(name, params, s, seed) for name, params in found.items() for s in schedulers
            for seed in range(int(params["seeds"]))]
    runs: dict[str, dict[str, list[Run]]] = defaultdict(lambda: defaultdict(list))
    with worker_pool(workers) as pool:   # its workers end with the bench
        for name, scheduler, _, result in pool.map(_job, jobs):
            runs[name][scheduler].append(result)
    report = {"learners": {name: {"params": params, "schedulers": summarise(runs[name])}
                           for name, params in found.items()}}
    return report, runs


def plot(runs: dict[str, dict[str, list[Run]]], report: dict[str, Any], path: str) -> None:
    """Leak against answers given, mean over the seeds, one panel per learner. A run stops once
    it has reached the target (and the last checkpoint); its last leak is carried on after."""
    from matplotlib.figure import Figure
    names = list(runs)
    fig = Figure(figsize=(5.2 * len(names), 4.4), layout="constrained")
    for ax, name in zip(fig.subplots(1, len(names), squeeze=False)[0], names, strict=True):
        entry = report["learners"][name]
        for scheduler, seeds in runs[name].items():
            days = max(len(r.leaks) for r in seeds)
            longest = max(seeds, key=lambda r: len(r.leaks))
            xs = [longest.leaks[d][0] for d in range(days)]
            ys = [sum(r.leaks[min(d, len(r.leaks) - 1)][1] for r in seeds) / len(seeds)
                  for d in range(days)]
            reached = entry["schedulers"][scheduler]["reviews_to_target"]
            label = f"{scheduler}: " + ("not reached" if reached is None
                                         else f"{reached:,.0f} answers")
            ax.plot(xs, ys, label=label, linewidth=2.0 if scheduler == "app" else 1.0)
        ax.axhline(entry["params"]["target"], color="grey", linestyle=":", linewidth=1)
        ax.set_yscale("log")
        ax.set_title(name)
        ax.set_xlabel("answers given")
        ax.set_ylabel("leak (main bets per 100 rounds)")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize="small")
    fig.savefig(path, dpi=110)


def table_text(report: dict[str, Any]) -> str:
    """The report as a Markdown table of reviews to target."""
    lines = ["| learner | " + " | ".join(SCHEDULERS) + " |",
             "|---" * (len(SCHEDULERS) + 1) + "|"]
    for name, entry in report["learners"].items():
        cells = []
        for s in SCHEDULERS:
            got = entry["schedulers"].get(s)
            value = None if got is None else got["reviews_to_target"]
            cells.append("—" if got is None else "not reached" if value is None
                         else f"{value:,.0f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--learner", action="append", default=[], metavar="FILE.json",
                        help="one more learner: a JSON object of parameters")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="run only these learners (default: all)")
    parser.add_argument("--schedulers", default=",".join(SCHEDULERS),
                        help="comma-separated schedulers (default: all)")
    parser.add_argument("--seeds", type=int, default=None, help="override every learner's seeds")
    parser.add_argument("--plot", metavar="FILE.png", help="draw leak against answers")
    parser.add_argument("--workers", type=int, default=2, help="processes (default: 2)")
    args = parser.parse_args(argv)
    found = learners(args.learner)
    if args.only:
        found = {name: found[name] for name in args.only}
    if args.seeds is not None:
        found = {name: {**p, "seeds": args.seeds} for name, p in found.items()}
    schedulers = [s for s in args.schedulers.split(",") if s]
    unknown = set(schedulers) - set(TEACHERS)
    if unknown:
        parser.error(f"unknown schedulers {sorted(unknown)}")
    start = time.perf_counter()
    report, runs = bench(found, schedulers, args.workers)
    report["seconds"] = round(time.perf_counter() - start, 1)
    if args.plot:
        plot(runs, report, args.plot)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(table_text(report))
        print(f"\n{report['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
