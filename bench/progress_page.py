"""Progress page speed over a large history: 100,000 decisions (target: drawing < 300 ms).

Writes a synthetic year of practice with the store API (``record_decision``, one committed
transaction each, as the drills do) into a temporary database, then times separately:

- the queries (``load_progress``: every review query of the page, in its worker thread);
- opening the page: built, store read in the worker while the UI thread builds the charts'
  frames, every chart drawn (what a user waits for);
- the drawing: the page showing that data, every chart drawn onto its Qt canvas (Agg render
  included), laid out at 1280x800 offscreen: into new frames, and into kept frames.

Run: .venv/bin/python bench/progress_page.py [decisions]
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from trainer.drills.records import GradedDecision, Mode, Verdict
from trainer.progress.store import ProgressStore
from trainer.rules import PRESETS

UPS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
CLASSES = ([f"hard{n}" for n in range(5, 20)] + [f"soft{n}" for n in range(13, 21)]
           + [f"pair{p}" for p in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")])


def situation_keys(preset: str) -> list[str]:
    """Real keys: every chart class against every up card, first decision and after a split."""
    keys = [f"{preset}|first|real|{c}|2|v{u}" for c in CLASSES for u in UPS]
    keys += [f"{preset}|split|free|{c}|2|v{u}" for c in CLASSES[:23] for u in UPS]
    keys += [f"{preset}|drawn|real|hard{n}|3|v{u}" for n in range(12, 17) for u in UPS]
    return [*keys, f"{preset}|insurance|real|any|2|vA"]


def cards_for(key: str) -> str:
    """Cards as dealt for a key of :func:`situation_keys` (what the study queue reads back)."""
    _, context, _, hand, count, _ = key.split("|")
    if hand == "any":
        return "10♠ 7♦"
    if hand.startswith("pair"):
        value = hand[4:]
        return f"{value}♠ {value}♦"
    total = int(hand[4:])
    if hand.startswith("soft"):
        return f"A♠ {total - 11}♦"
    if count == "3":
        return f"2♠ 3♦ {total - 5}♣"
    first = 10 if total > 11 else total - 2 if total > 4 else 2
    second = total - first
    if second == first:
        first, second = first + 1, second - 1
    return f"{first}♠ {second}♦" if context != "split" else f"{second}♠ {first}♦"


def write_history(path: Path, total: int, rng: random.Random) -> float:
    """A year of practice, two sessions a day, with the store API; returns seconds taken."""
    presets = list(PRESETS)
    keys = {p: situation_keys(p) for p in presets}
    sessions = 730
    per_session = total // sessions
    start = datetime(2025, 12, 1, 8, tzinfo=UTC)
    began = time.perf_counter()
    with ProgressStore.open(path) as store:
        written = 0
        for s in range(sessions):
            preset = presets[s % len(presets)] if s % 5 == 0 else "evolution"
            mode = (Mode.FLASHCARDS, Mode.SHOE, Mode.TIMED)[s % 3]
            at = start + timedelta(hours=12 * s)
            session = store.start_session(preset, mode, {}, at=at)
            count = per_session if s < sessions - 1 else total - written
            skill = 0.3 * (1 - s / sessions) + 0.05
            for i in range(count):
                key = rng.choice(keys[preset])
                wrong = rng.random() < skill
                store.record_decision(session, GradedDecision(
                    time=(at + timedelta(seconds=15 * i)).isoformat().replace("+00:00", "Z"),
                    preset=preset, mode=mode, situation_key=key, cards=cards_for(key),
                    dealer_up=key.rsplit("|v", 1)[1],
                    action="stand" if wrong else "hit", best_action="hit",
                    verdict=Verdict.WRONG if wrong else Verdict.CORRECT,
                    ev_loss=rng.uniform(0.005, 0.4) if wrong else 0.0,
                    response_ms=int(rng.lognormvariate(7.8 - s / 400, 0.5)),
                    weight=rng.uniform(1e-4, 0.01), timed_out=rng.random() < 0.01))
            written += count
    return time.perf_counter() - began


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    from PyQt6.QtCore import QSettings
    from PyQt6.QtWidgets import QApplication

    from trainer.progress.dashboard import ProgressQuery, load_progress
    from trainer.ui.plotting.frames import forget
    from trainer.ui.progress.page import ProgressPage
    from trainer.ui.settings import declarations as cfg

    app = QApplication.instance() or QApplication(["bench"])
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "progress.sqlite3"
        seconds = write_history(path, total, rng)
        print(f"wrote {total:,} decisions with record_decision in {seconds:.1f} s")

        for label, query in (("all presets, all time", ProgressQuery()),
                             ("evolution, all time", ProgressQuery("evolution")),
                             ("evolution, flashcards, last 90 days",
                              ProgressQuery("evolution", Mode.FLASHCARDS,
                                            date.today() - timedelta(days=89)))):
            runs = [load_progress(path, query) for _ in range(3)]
            data = runs[-1]
            wall = statistics.median(sum(r.timings.values()) for r in runs)
            parts = ", ".join(f"{k} {v:.0f}" for k, v in data.timings.items())
            print(f"queries ({label}; {data.decisions:,} decisions): {wall:.0f} ms "
                  f"[{parts}] (off the UI thread)")

        store = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        cfg.write(store, cfg.DATA_DIR, folder)
        cfg.write(store, cfg.PRESET, "")           # all presets: the largest query

        def draw_all(page: ProgressPage) -> None:
            for canvas in page.canvases.values():
                canvas.draw()                     # the full Agg render, not just scheduled

        opened = []
        for _ in range(3):
            started = time.perf_counter()
            page = ProgressPage(store)
            page.resize(1090, 800)    # the page's share of a 1280x800 window (navigation: 190)
            page.show()
            while page.data is None and time.perf_counter() - started < 60:
                app.processEvents()
                time.sleep(0.002)
            draw_all(page)
            opened.append((time.perf_counter() - started) * 1000)
            page.close()
        print(f"opening the page (page built, queries in the worker while the chart frames are "
              f"built, all five charts drawn): median {statistics.median(opened):.0f} ms")

        data = load_progress(path, ProgressQuery())

        def timed_draws(fresh: bool) -> list[float]:
            times = []
            for _ in range(5):
                page._inputs.clear()              # force every chart to be drawn again
                if fresh:
                    for figure in page.figures.values():
                        forget(figure)
                started = time.perf_counter()
                page.show_data(data)
                draw_all(page)
                times.append((time.perf_counter() - started) * 1000)
            return times

        def report(label: str, times: list[float]) -> None:
            print(f"{label} from {data.decisions:,} decisions: median "
                  f"{statistics.median(times):.0f} ms (min {min(times):.0f}, max "
                  f"{max(times):.0f}) (target < 300 ms)")

        report("drawing all five charts into new frames (no frame built ahead)",
               timed_draws(fresh=True))
        report("drawing all five charts, frames kept (a filter change)",
               timed_draws(fresh=False))
        per_chart = {}
        for name, canvas in page.canvases.items():
            page._inputs.pop(name)
            started = time.perf_counter()
            page._redraw()
            canvas.draw()
            per_chart[name] = (time.perf_counter() - started) * 1000
        print("  per chart, frames kept: "
              + ", ".join(f"{k} {v:.0f} ms" for k, v in per_chart.items()))
        page.close()


if __name__ == "__main__":
    main()
