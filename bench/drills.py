"""Drill speed: time to the next flashcard and to grade one decision (target < 5 ms each).

Also the one-off cost of loading a preset's catalog and the perfect-play grade of a live hand.
Run: .venv/bin/python bench/drills.py [preset]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from trainer.drills.catalog import catalog
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings, table_policy
from trainer.rules import Action, preset


def _ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (f"median {statistics.median(samples) * 1000:.3f} ms, p95 {p95 * 1000:.3f} ms, "
            f"max {max(samples) * 1000:.3f} ms")


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
    name = sys.argv[1] if len(sys.argv) > 1 else "evolution"
    start = time.perf_counter()
    catalog(preset(name))
    print(f"{name}: catalog (table load, situations, natural frequencies) "
          f"{time.perf_counter() - start:.2f} s, once per process")
    for mode in (FlashMode.DUE, FlashMode.ALL, FlashMode.HARD):
        nexts, grades = flashcards(name, mode)
        print(f"{name} {mode.value:>4}: next flashcard {_ms(nexts)}")
        print(f"{name} {mode.value:>4}: grade + queue {_ms(grades)}")
    for perfect in (False, True):
        practice = ShoePractice(preset(name), ShoeSettings(bankroll=None, perfect_play=perfect),
                                seed=3)
        policy = table_policy(practice.table_grader)
        samples = []
        while not practice.finished and len(samples) < 60:
            practice.deal()
            while practice.awaiting:
                assert practice.round is not None
                action: Action = policy(practice.round)
                start = time.perf_counter()
                practice.answer(action)
                samples.append(time.perf_counter() - start)
        label = "perfect-play" if perfect else "table"
        print(f"{name} shoe: grade a decision ({label}) {_ms(samples)}")


if __name__ == "__main__":
    main()
