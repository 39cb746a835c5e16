"""Count lab speed: the lab table of each preset and of rules files, part by part, and a
counting drill card.

Targets: a rules file's lab table at the lab's precision in at most 60 s on two cores (issue
27; about 100 yardstick units on the machine of docs/speed.md's figures), a drill card at most
5 ms (issue 16). Each build prints its parts (the shoes valued exactly, the figures read off
them, each count's exact means, fits and resamples, the round's variance through the rules
core: ``build_lab(phases=...)``). The running and true count cards are timed afresh and spaced
by a long record (100 earlier answers of each skill over 60 days, some due: the schedule's work
at each card, and the record replayed once when the drill starts). Every figure is in seconds
and in yardstick units (``bench/yardstick.py``: the time a fixed loop takes on this machine,
measured before and after; the mean is used). Each build's CPU time, this process's and its
workers', is printed beside its wall time: on a machine shared with other work the wall time
grows with the others' load, the CPU time hardly does; this process's own CPU time plus the
workers' shared among them estimates the wall time on that many idle cores (the workers value
the shoes; the rest of the build runs here).

Run: .venv/bin/python bench/counts.py [--presets evolution,pot-of-gold,...]
     [--rules bench/rules/standard-6d-h17.toml,...] [--cards N] [--shoes N] [--no-build]
     [--no-drills] [--workers N]
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any, TypeVar

from folders import keep_to_temporary_folders
from yardstick import yardstick

from strategy_charts.counting.lab import build_lab, default_workers, load_lab
from trainer.drills.counting.index_cards import IndexFlashcards
from trainer.drills.counting.keys import RUNNING, TRUE
from trainer.drills.counting.running import AT_ONCE, RunningCountDrill, RunSettings
from trainer.drills.counting.shoe import CountingSettings, CountingShoe
from trainer.drills.counting.spacing import GUESS
from trainer.drills.counting.true_count import TrueCountDrill
from trainer.drills.shoe_practice import ShoeSettings
from trainer.rules import PRESETS, Action, RuleSet, preset, rules_file
from trainer.scheduler.memory import day_of
from trainer.teaching.answers import Answer

#: What a drill shows for a card (a question, a run of cards, an index card).
Shown = TypeVar("Shown")


class Clock:
    """A clock moved by hand (the drills' time, not the bench's)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def _ms(samples: list[float], unit: float) -> str:
    ordered = sorted(samples)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (f"median {statistics.median(samples) * 1000:.3f} ms "
            f"({statistics.median(samples) / unit:.5f} u), p95 {p95 * 1000:.3f} ms, "
            f"max {max(samples) * 1000:.3f} ms ({max(samples) / unit:.5f} u)")


def card_times(deal: Callable[[], Shown], answer: Callable[[Shown], object],
               cards: int) -> list[float]:
    """Seconds per card: dealing it and grading an answer."""
    out = []
    for _ in range(cards):
        start = time.perf_counter()
        shown = deal()
        answer(shown)
        out.append(time.perf_counter() - start)
    return out


def record(keys: list[str], guess: float, now: datetime, answers: int = 100) -> list[Answer]:
    """``answers`` earlier answers of each key on days drawn over the 60 before ``now``, 90%
    right: a long record to space a drill by."""
    rng = random.Random(3)
    today = day_of(now)
    return [Answer(key, today - rng.uniform(0.5, 60), rng.random() < 0.9, guess)
            for key in keys for _ in range(answers)]


def spaced(name: str, rules: RuleSet, cards: int, unit: float, clock: Clock) -> None:
    """The running (due mode) and true count cards of a drill spaced by a long record."""
    blank = TrueCountDrill(rules, "hilo", clock=clock)
    history = record([blank.key_of(d) for d in blank.details], GUESS[TRUE], clock.now)
    start = time.perf_counter()
    true = TrueCountDrill(rules, "hilo", seed=1, clock=clock, history=history)
    made = time.perf_counter() - start
    print(f"{name} true count card, spaced by {len(history)} answers ({len(true.due())} "
          f"due; started in {made * 1000:.1f} ms): " + _ms(card_times(
              true.next, lambda q: true.answer(str(q.true_count)), cards), unit))
    due_mode = RunSettings(cards=20, at_once=2)
    history = record([RunningCountDrill(rules, due_mode).key_of(k) for k in AT_ONCE],
                     GUESS[RUNNING], clock.now)
    start = time.perf_counter()
    running = RunningCountDrill(rules, due_mode, seed=1, clock=clock, history=history)
    made = time.perf_counter() - start
    print(f"{name} running count card (20 cards, due mode), spaced by {len(history)} answers "
          f"({len(running.due())} due; started in {made * 1000:.1f} ms): " + _ms(card_times(
              running.next, lambda run: running.answer(str(run.running)), cards), unit))


def drills(name: str, cards: int, shoes: int, unit: float) -> None:
    """Time a card of each counting drill (the lab table loaded first, once)."""
    rules = preset(name)
    start = time.perf_counter()
    lab = load_lab(rules)
    print(f"{name}: lab table load {time.perf_counter() - start:.3f} s, once per process")
    clock = Clock()
    running = RunningCountDrill(rules, RunSettings(cards=20, at_once=2), seed=1, clock=clock)
    print(f"{name} running count card (20 cards): " + _ms(card_times(
        running.next, lambda run: running.answer(str(run.running)), cards), unit))
    true = TrueCountDrill(rules, "hilo", seed=1, clock=clock)
    print(f"{name} true count card: " + _ms(card_times(
        true.next, lambda q: true.answer(str(q.true_count)), cards), unit))
    spaced(name, rules, cards, unit, clock)
    for count in ("hilo", "freebet"):
        index = IndexFlashcards(rules, count, lab=lab, seed=1, clock=clock)
        print(f"{name} index card ({count}): " + _ms(card_times(
            index.next, lambda card: index.answer(card.best), cards), unit))  # noqa: B023
    steps, decisions = counted_shoe_steps(rules, lab, clock, cards, shoes)
    print(f"{name} counted shoe step ({shoes} shoes, {len(steps)} steps: bet; decision graded "
          "at the live shoe and against the index; or count check): " + _ms(steps, unit))
    print(f"{name} counted shoe decision ({len(decisions)} of those steps): "
          + _ms(decisions, unit))


def counted_shoe_steps(rules: RuleSet, lab: dict[str, Any], clock: Clock, cards: int,
                       shoes: int) -> tuple[list[float], list[float]]:
    """Seconds per step of ``shoes`` counted shoes (seeds 2, 3, ...; at most ``cards`` steps a
    shoe), and of the steps that were decisions. The player bets the ramp, answers the count
    right and stands (declines insurance, hits what cannot stand); the grader, made with the
    shoe, readies the engine then, as in the app."""
    steps: list[float] = []
    decisions: list[float] = []
    for seed in range(2, 2 + shoes):
        shoe = CountingShoe(rules, ShoeSettings(bet=Fraction(10), bankroll=None,
                                                perfect_play=True),
                            CountingSettings(check_chance=0.2), seed=seed, lab=lab, clock=clock)
        for _ in range(cards):
            if shoe.finished:
                break
            start = time.perf_counter()
            deciding = not shoe.check_due and not shoe.bet_due
            if shoe.check_due:
                shoe.check(str(int(shoe.seen()[0])))
            elif shoe.bet_due:
                shoe.bet(shoe.ramp.bet(shoe.true_count()))
            else:
                round_ = shoe.practice.round
                assert round_ is not None     # a decision is due: a round is being played
                legal = round_.legal_actions()
                shoe.answer(Action.STAND if Action.STAND in legal else
                            Action.NO_INSURANCE if Action.NO_INSURANCE in legal else Action.HIT)
            steps.append(time.perf_counter() - start)
            if deciding:
                decisions.append(steps[-1])
    return steps, decisions


def cpu_seconds() -> tuple[float, float]:
    """CPU time so far of this process and of its children that have ended (the build's
    workers end with its pool)."""
    own, children = (resource.getrusage(w) for w in (resource.RUSAGE_SELF,
                                                      resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime, children.ru_utime + children.ru_stime


def main() -> None:
    keep_to_temporary_folders()      # tables built here never go to the user's cache
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--cards", type=int, default=300,
                        help="cards of each drill timed; steps of each counted shoe at most")
    parser.add_argument("--shoes", type=int, default=1, help="counted shoes timed")
    parser.add_argument("--rules", default="bench/rules/standard-6d-h17.toml",
                        help="rules files whose lab tables are built too (comma-separated; "
                             "'' for none)")
    parser.add_argument("--no-build", action="store_true", help="time the drills only")
    parser.add_argument("--no-drills", action="store_true", help="time the builds only")
    parser.add_argument("--workers", type=int, default=default_workers())
    args = parser.parse_args()
    before = yardstick()
    names = [n for n in args.presets.split(",") if n]
    targets = [preset(n) for n in names] + [rules_file.load(path)
                                             for path in args.rules.split(",") if path]
    builds: dict[str, tuple[float, float, float, dict[str, float]]] = {}
    if not args.no_build:
        for rules in targets:
            phases: dict[str, float] = {}
            start, (own, workers) = time.perf_counter(), cpu_seconds()
            build_lab(rules, workers=args.workers, phases=phases)
            after_own, after_workers = cpu_seconds()
            builds[rules.name] = (time.perf_counter() - start, after_own - own,
                                  after_workers - workers, phases)
    after = yardstick()
    unit = (before + after) / 2
    print(f"yardstick {before:.3f} s before, {after:.3f} s after")
    for name, (seconds, own, workers, phases) in builds.items():
        idle = own + workers / max(1, args.workers)
        print(f"{name}: lab table build ({args.workers} processes) {seconds:.1f} s, "
              f"{seconds / unit:.0f} u; CPU {own:.1f} s here and {workers:.1f} s in the "
              f"workers: on {args.workers} idle cores about {idle:.0f} s ({idle / unit:.0f} u)")
        for part, took in phases.items():
            print(f"    {part}: {took:.1f} s ({took / unit:.1f} u, {took / seconds:.0%})")
    if not args.no_drills:
        for name in names:
            drills(name, args.cards, args.shoes, unit)


if __name__ == "__main__":
    main()
