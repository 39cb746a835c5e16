"""Drill speed: time to the next flashcard and to grade one decision (target < 5 ms each).

Also the one-off cost of loading a preset's catalog and the perfect-play grade of a live hand.
Every figure in ms and in yardstick units (seconds over the seconds bench/yardstick.py's loop
takes on this machine).

Run: .venv/bin/python bench/drills.py [preset] [--cards N] [--decisions N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from folders import keep_to_temporary_folders
from yardstick import yardstick

from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings, table_policy
from trainer.rules import Action, preset
from trainer.teaching.catalog import catalog


def _ms(samples: list[float], unit: float) -> str:
    """Median, 95th percentile and slowest, in ms and in milli-units of the yardstick."""
    ordered = sorted(samples)
    return ", ".join(f"{label} {value * 1000:.3f} ms = {value / unit * 1000:.3f} milli-units"
                     for label, value in (("median", statistics.median(samples)),
                                          ("p95", ordered[int(0.95 * (len(ordered) - 1))]),
                                          ("max", ordered[-1])))


def flashcards(name: str, mode: FlashMode, count: int = 2000) -> tuple[list[float], list[float]]:
    """Seconds per next() and per answer() over ``count`` cards, half of them wrong."""
    now = [datetime(2026, 11, 29, tzinfo=UTC)]

    def clock() -> datetime:
        return now[0]
    session = FlashcardSession(catalog(preset(name)), mode, seed=1, clock=clock)
    nexts, grades = [], []
    for i in range(count):
        start = time.perf_counter()
        card = session.next()
        nexts.append(time.perf_counter() - start)
        now[0] += timedelta(seconds=2)
        action = card.actions[i % len(card.actions)]
        start = time.perf_counter()
        session.answer(action)
        grades.append(time.perf_counter() - start)
    return nexts, grades


def timed(call: Callable[[], object], repeat: int) -> list[float]:
    """Seconds per call."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    keep_to_temporary_folders()      # a table built here never goes to the user's cache
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("preset", nargs="?", default="evolution")
    parser.add_argument("--cards", type=int, default=2000, help="flashcards of each mode")
    parser.add_argument("--decisions", type=int, default=60,
                        help="shoe decisions graded, each way")
    args = parser.parse_args()
    name = args.preset
    unit = yardstick()
    print(f"yardstick {unit:.3f} s")
    start = time.perf_counter()
    catalog(preset(name))
    took = time.perf_counter() - start
    print(f"{name}: catalog (table load, situations, natural frequencies) {took:.2f} s = "
          f"{took / unit:.2f} units, once per process")
    for mode in (FlashMode.DUE, FlashMode.ALL, FlashMode.HARD):
        nexts, grades = flashcards(name, mode, args.cards)
        print(f"{name} {mode.value:>4}: next flashcard {_ms(nexts, unit)}")
        print(f"{name} {mode.value:>4}: grade + queue {_ms(grades, unit)}")
    for perfect in (False, True):
        practice = ShoePractice(preset(name), ShoeSettings(bankroll=None, perfect_play=perfect),
                                seed=3)
        policy = table_policy(practice.table_grader)
        samples = []
        while not practice.finished and len(samples) < args.decisions:
            practice.deal()
            while practice.awaiting:
                assert practice.round is not None
                action: Action = policy(practice.round)
                start = time.perf_counter()
                practice.answer(action)
                samples.append(time.perf_counter() - start)
        label = "perfect-play" if perfect else "table"
        print(f"{name} shoe: grade a decision ({label}) {_ms(samples, unit)}")


if __name__ == "__main__":
    main()
