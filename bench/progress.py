"""Progress store speed: recording one decision (target < 5 ms) and each review query over
100,000 stored decisions (target < 200 ms), on a temporary database. Every figure in ms and in
yardstick units (seconds over the seconds bench/yardstick.py's loop takes on this machine).

Run: .venv/bin/python bench/progress.py [decisions]
"""

from __future__ import annotations

import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from yardstick import yardstick

from trainer.progress import export, review
from trainer.progress.filters import Filter
from trainer.progress.saving import SessionSaver
from trainer.progress.store import _INSERT, ProgressStore, _decision_row
from trainer.teaching.records import GradedDecision, Mode, Verdict

PRESETS = ["evolution", "pot-of-gold", "pot-of-gold-8d"]
START = datetime(2026, 1, 1, tzinfo=UTC)
QUERIES: dict[str, Callable[[ProgressStore, Filter], object]] = {
    "by_day": review.by_day, "by_session": review.by_session,
    "by_situation": review.by_situation, "leaks": review.leaks,
    "retention": review.retention, "response_times": review.response_times,
    "overview (the four by time, one scan)": review.overview,
}
FILTERS = {
    "all": Filter(),
    "one preset": Filter(preset="evolution"),
    "preset + mode + since": Filter(preset="evolution", mode=Mode.FLASHCARDS,
                                    since=START + timedelta(days=180)),
}


def synthetic(rng: random.Random, moment: datetime) -> GradedDecision:
    """A plausible graded decision: 600 situations per preset, one in five answers wrong."""
    preset = rng.choice(PRESETS)
    wrong = rng.random() < 0.2
    loss = rng.uniform(0.005, 0.4) if wrong else 0.0
    return GradedDecision(
        time=moment.isoformat().replace("+00:00", "Z"), preset=preset,
        mode=rng.choice(list(Mode)), situation_key=f"{preset}|{rng.randrange(600)}",
        cards="10♠ 6♦", dealer_up=str(rng.randrange(2, 11)), action="hit", best_action="hit",
        verdict=Verdict.WRONG if wrong else Verdict.CORRECT, ev_loss=loss,
        response_ms=int(rng.lognormvariate(7.3, 0.5)),
        evs={"stand": -0.54, "hit": -0.51, "double": -1.02}, weight=rng.uniform(1e-4, 0.01),
        timed_out=rng.random() < 0.02)


def history(rng: random.Random, sessions: list[int], count: int) -> Iterator[tuple]:
    """Rows for a bulk insert of ``count`` more decisions, in time order, each linked to its
    situation's previous try as record_decision would link it (the first 2,000 are recorded
    one by one, so their links are left out here: those situations just start afresh)."""
    last: dict[tuple[str, str], tuple[str, int]] = {}
    for i in range(count):
        session = sessions[i * len(sessions) // count]
        row = _decision_row(session, synthetic(rng, START + timedelta(seconds=300 * (2000 + i))))
        situation = (row[2], row[4])
        yield (*row, *last.get(situation, (None, None)))
        last[situation] = (row[1], session)


def units(ms: float, unit: float) -> str:
    """``ms`` milliseconds in milli-units of the yardstick (``unit`` seconds)."""
    return f"{ms / unit:.3f} milli-units"


def timed(label: str, run: Callable[[], object], unit: float, repeat: int = 5) -> float:
    """Run ``run`` several times; print and return the median in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    median = statistics.median(times)
    print(f"  {label:<34} median {median:7.1f} ms = {units(median, unit)}   (min "
          f"{min(times):.1f}, max {max(times):.1f})")
    return median


def saved_answers(store: ProgressStore, rng: random.Random, unit: float) -> None:
    """An answer as the drills save it: queued, then saved (SessionSaver)."""
    saver = SessionSaver(lambda: store)
    saver.start("evolution", Mode.FLASHCARDS, {})
    saver.save()
    times = []
    for i in range(2000):
        d = synthetic(rng, START + timedelta(days=400, seconds=300 * i))
        start = time.perf_counter()
        saver.decision(d)
        saver.save()
        times.append(time.perf_counter() - start)
    times.sort()
    median = statistics.median(times)
    print(f"an answer saved through SessionSaver, {len(times)} calls: "
          f"median {median * 1000:.3f} ms = {units(median * 1000, unit)}, p99 "
          f"{times[int(len(times) * .99)] * 1000:.3f} ms")


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(1)
    unit = yardstick()
    print(f"yardstick {unit:.3f} s")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "progress.sqlite3"
        with ProgressStore.open(path) as store:
            sessions = [store.start_session(rng.choice(PRESETS), rng.choice(list(Mode)), {})
                        for _ in range(400)]
            one = []
            for i in range(2000):
                d = synthetic(rng, START + timedelta(seconds=300 * i))
                start = time.perf_counter()
                store.record_decision(sessions[0], d)
                one.append((time.perf_counter() - start) * 1000)
            one.sort()
            mid = statistics.median(one)
            print(f"record_decision (own committed transaction, WAL), {len(one)} calls: "
                  f"median {mid:.3f} ms = {units(mid, unit)}, p99 "
                  f"{one[int(len(one) * .99)]:.3f} ms, max {one[-1]:.3f} ms = "
                  f"{units(one[-1], unit)}  (target < 5 ms)")
            saved_answers(store, rng, unit)
        bulk = sqlite3.connect(path)
        with bulk:
            bulk.executemany(_INSERT, history(rng, sessions, total - 2000))
        bulk.close()
        start = time.perf_counter()
        store = ProgressStore.open(path)
        took = (time.perf_counter() - start) * 1000
        print(f"open with quick_check over {total:,} decisions: {took:.1f} ms = "
              f"{units(took, unit)}")
        start = time.perf_counter()
        ProgressStore.open(path, read_only=True).close()
        took = (time.perf_counter() - start) * 1000
        print(f"open read-only (stats, export, progress page) over {total:,} decisions: "
              f"{took:.1f} ms = {units(took, unit)}")
        with store:
            count = store.rows("SELECT COUNT(*) AS n FROM decisions")[0]["n"]
            print(f"review queries over {count:,} decisions (target < 200 ms each):")
            worst = 0.0
            for name, only in FILTERS.items():
                print(f" filter: {name}")
                for label, query in QUERIES.items():
                    worst = max(worst, timed(label, lambda q=query, f=only: q(store, f), unit))
            print(f"slowest review query: {worst:.1f} ms = {units(worst, unit)}")
            target = Path(folder) / "export.csv"
            timed("export_csv (all decisions)", lambda: export.export_csv(store, target), unit,
                  1)
            start = time.perf_counter()
        took = (time.perf_counter() - start) * 1000
        print(f"close with quick_check: {took:.1f} ms = {units(took, unit)}")


if __name__ == "__main__":
    main()
