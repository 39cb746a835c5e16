"""Progress page speed over a large history: 100,000 decisions (target: drawing < 300 ms).

Writes a synthetic year of practice with the store API (``record_decision``, one committed
transaction each, as the drills do) into a temporary database, then times separately:

- the queries (``load_progress``: every review query of the page, in its worker thread), and
  the flashcards due read beside them (``load_cards``: the first read, then again once the
  first has kept the pictures of the player's memory and the fits it made);
- opening the page: built, store read in the worker while the UI thread builds the charts'
  frames, every chart drawn (what a user waits for); when the headline and the flashcards due
  (target: within 1 s of the page's making) arrive;
- the drawing: the page showing that data, every chart drawn onto its Qt canvas (Agg render
  included), laid out at 1280x800 offscreen: into new frames, and into kept frames;
- what the play costs (``load_trends``: the headline and cost line, in a second worker);
- switching pages in the window (first visit and later ones; target at most 100 ms).

Every figure is printed in ms and in yardstick units (seconds over the seconds the fixed loop of
bench/yardstick.py takes on this machine).

Run: .venv/bin/python bench/progress_page.py [decisions]
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from yardstick import yardstick

from trainer.progress.store import ProgressStore
from trainer.rules import PRESETS
from trainer.teaching.records import GradedDecision, Mode, Verdict

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


def _ms(label: str, times: list[float], unit: float, target: float | None = None) -> None:
    """Print a median in ms and in yardstick units (its seconds over the yardstick's)."""
    mid = statistics.median(times)
    goal = f" (target <= {target:.0f} ms)" if target else ""
    print(f"{label}: median {mid:.0f} ms = {mid / 1000 / unit:.3f} yardstick units "
          f"(min {min(times):.0f}, max {max(times):.0f}, {len(times)} runs){goal}")


def _pump(app, until, seconds: float = 120) -> None:
    """Process Qt events until ``until()``."""
    deadline = time.perf_counter() + seconds
    while not until():
        if time.perf_counter() > deadline:
            raise TimeoutError("the page did not finish")
        app.processEvents()
        time.sleep(0.001)


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    from PyQt6.QtWidgets import QApplication

    from trainer import settings as cfg
    from trainer.progress.dashboard import ProgressQuery, load_cards, load_progress, load_trends
    from trainer.rules import preset
    from trainer.teaching.curriculum import Prior
    from trainer.ui.plotting.frames import forget
    from trainer.ui.progress.page import ProgressPage

    unit = statistics.median(yardstick() for _ in range(3))
    print(f"yardstick: {unit:.4f} s (median of 3 runs of bench/yardstick.py's loop)")
    app = QApplication.instance() or QApplication(["bench"])
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "progress.sqlite3"
        seconds = write_history(path, total, rng)
        print(f"wrote {total:,} decisions with record_decision in {seconds:.1f} s = "
              f"{seconds / unit:.1f} yardstick units")

        for label, query in (("all presets, all time", ProgressQuery()),
                             ("evolution, all time", ProgressQuery("evolution")),
                             ("evolution, flashcards, last 90 days",
                              ProgressQuery("evolution", Mode.FLASHCARDS,
                                            date.today() - timedelta(days=89)))):
            runs = [load_progress(path, query, cards=False) for _ in range(3)]
            data = runs[-1]
            parts = ", ".join(f"{k} {v:.0f}" for k, v in data.timings.items() if k != "cards")
            _ms(f"queries ({label}; {data.decisions:,} decisions; off the UI thread) [{parts}]",
                [sum(r.timings.values()) for r in runs], unit)
            cards = []
            for _ in range(3):
                started = time.perf_counter()
                load_cards(path, query)
                cards.append((time.perf_counter() - started) * 1000)
            _ms("  the flashcards due, read beside them (load_cards, off the UI thread), first",
                cards[:1], unit)
            _ms("  ... then again (what the first read kept: the pictures, the fits)", cards[1:],
                unit)

        rules = [preset(name) for name in PRESETS]
        costs = []
        for _ in range(3):
            started = time.perf_counter()
            load_trends(path, rules, Prior.CLASSIC)
            costs.append((time.perf_counter() - started) * 1000)
        print(f"what the play costs, every preset (load_trends, off the UI thread): first "
              f"{costs[0]:.0f} ms (builds each rule set's curriculum), then")
        _ms("  with the curricula kept", costs[1:], unit)

        store = cfg.Settings(Path(folder) / "settings.toml")
        store.set(cfg.DATA_DIR, folder)

        def draw_all(page: ProgressPage) -> None:
            for canvas in page.canvases.values():
                canvas.draw()                     # the full Agg render, not just scheduled

        opened, costed, carded = [], [], []
        for _ in range(3):
            started = time.perf_counter()
            moments: dict[str, float] = {}
            page = ProgressPage(store)
            for name, signal in (("costs", page.costs_loaded), ("cards", page.cards_loaded)):
                signal.connect(lambda n=name, m=moments: m.setdefault(n, time.perf_counter()))
            page.resize(1090, 800)    # the page's share of a 1280x800 window (navigation: 190)
            page.show()
            _pump(app, lambda p=page: p.data is not None and p.data.decisions > 0)
            draw_all(page)
            opened.append((time.perf_counter() - started) * 1000)
            _pump(app, lambda p=page: p.trends is not None and p.cards is not None)
            page.canvases["over_time"].draw()
            page.canvases["due"].draw()
            costed.append((moments["costs"] - started) * 1000)
            carded.append((moments["cards"] - started) * 1000)
            page.close()
        _ms("opening the page (built, queries in the worker while the chart frames are built, "
            "all five charts drawn; the UI thread free meanwhile)", opened, unit)
        _ms("  ... the headline and cost line in (curricula kept; from the page's making)",
            costed, unit)
        _ms("  ... the flashcards due in (the summary's due count; from the page's making; "
            "target <= 1000 ms)", carded, unit)

        data = load_progress(path, ProgressQuery(), cards=False)
        page = ProgressPage(store)                # shown: Qt paints only what is on screen
        page.resize(1090, 800)
        page.show()
        _pump(app, lambda: page.cards is not None)

        def timed_draws(fresh: bool, every: bool) -> list[float]:
            times = []
            for _ in range(5):
                page.board._inputs.clear()        # force every chart to be drawn again
                if fresh:
                    for figure in page.figures.values():
                        forget(figure)
                started = time.perf_counter()
                page.show_data(data)
                if every:
                    draw_all(page)
                else:
                    page.repaint()                # what Qt paints: the charts in view
                times.append((time.perf_counter() - started) * 1000)
            return times

        _ms(f"first paint: the data of {data.decisions:,} decisions shown and the page painted "
            "(the charts in view rendered; frames built while the store was read; UI thread)",
            timed_draws(fresh=False, every=False), unit, 300)
        _ms(f"all five charts from {data.decisions:,} decisions rendered, frames kept "
            "(UI thread)", timed_draws(fresh=False, every=True), unit)
        _ms(f"all five charts from {data.decisions:,} decisions rendered into new frames "
            "(no frame built ahead; UI thread)", timed_draws(fresh=True, every=True), unit)
        per_chart = {}
        for name, canvas in page.canvases.items():
            page.board._inputs.pop(name)
            started = time.perf_counter()
            page._redraw()
            canvas.draw()
            per_chart[name] = (time.perf_counter() - started) * 1000
        print("  per chart, frames kept: " + ", ".join(
            f"{k} {v:.0f} ms = {v / 1000 / unit:.3f} units" for k, v in per_chart.items()))
        page.close()
        for mode in ("warm", "cold"):   # each in a fresh process: nothing imported before
            subprocess.run([sys.executable, __file__, "--switches", mode, str(unit), str(path)],
                           check=True)


def _page_switches(app, store, unit: float, warm: bool) -> None:
    """Time switching pages in the window at 1280x800 (UI thread: from the click to the page
    painted): each page's first visit and later visits, in a window as the app opens it
    (``warm``: the warm-up after the first paint done) or without the warm-up (each page made
    at its first visit)."""
    from trainer.ui.main_window import MainWindow

    if warm:
        print("page switches in a 1280x800 window (UI thread, click to painted; target <= 100 "
              "ms; a fresh process each):")
    window = MainWindow(store)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    if warm:
        _warm_up(app, window, unit)
    keys = list(window.pages)
    first: dict[str, float] = {}
    later: dict[str, list[float]] = {key: [] for key in keys}
    for round_ in range(4):
        for key in keys:
            started = time.perf_counter()
            window.show_page(key)
            app.processEvents()
            window.repaint()                      # painted, not just scheduled
            took = (time.perf_counter() - started) * 1000
            if round_ == 0:
                first[key] = took
            else:
                later[key].append(took)
            time.sleep(0.05)                      # let a page's background work run
            app.processEvents()
    print("  as the app opens (after the warm-up):" if warm else
          "  without the warm-up (each page made at its first visit):")
    for key in keys:
        mid = statistics.median(later[key])
        print(f"    {key:12s} first visit {first[key]:4.0f} ms = "
              f"{first[key] / 1000 / unit:.3f} units; later median {mid:4.0f} ms = "
              f"{mid / 1000 / unit:.3f} units (max {max(later[key]):.0f})")
    for key in ("flashcards", "shoe"):
        page = window.pages[key].page
        if page is not None:
            page.shutdown()  # type: ignore[attr-defined]
    window.close()


def _warm_up(app, window, unit: float) -> None:
    """Run the app's warm-up on ``window`` to its end (no pause between its steps)."""
    from trainer.ui.warm_up import WarmUp

    warm_up = WarmUp(window, pause_ms=0)
    ended: list[bool] = []
    warm_up.done.connect(lambda: ended.append(True))
    started = time.perf_counter()
    warm_up.start()
    _pump(app, lambda: bool(ended))
    took = time.perf_counter() - started
    print(f"  the warm-up after the first paint took {took:.2f} s = {took / unit:.2f} units "
          "(the UI thread free between its steps)")


def switches(mode: str, unit: float, data: Path) -> None:
    """Page switches alone, in this fresh process, ``warm`` (as the app opens) or ``cold``."""
    from PyQt6.QtWidgets import QApplication

    from trainer import settings as cfg

    app = QApplication.instance() or QApplication(["bench"])
    store = cfg.Settings(data.parent / f"switches-{mode}.toml")
    store.set(cfg.DATA_DIR, str(data.parent))
    _page_switches(app, store, unit, warm=mode == "warm")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--switches"]:
        switches(sys.argv[2], float(sys.argv[3]), Path(sys.argv[4]))
    else:
        main()
