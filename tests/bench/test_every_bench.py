"""Every script in bench/ runs as an engineer runs it (a fresh process from the project's root,
a tiny size, data, settings and caches in the test's temporary folders) and prints its figures,
times in seconds (or ms) and in yardstick units: a bench nobody runs breaks unseen, as
bench/progress_page.py did when the page's board took its charts' inputs.

bench/history.py has its own test (test_history.py); bench/folders.py and bench/yardstick.py's
function are the others' helpers (the yardstick also runs alone here)."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from dataclasses import dataclass

import pytest

from tests.bench.conftest import BENCH

ROOT = BENCH.parent
#: A time beside its yardstick units on one line: "12.3 ms = 0.045 yardstick units",
#: "0.75 ms (0.00123 u)", "1.2 s = 3.4 units", "0.50 ms   1.15 milli-units".
TIMED = re.compile(r"\d[\d,]*(\.\d+)? (ms|s)\b[^\n]*?\d+(\.\d+)? ?(yardstick units|units|"
                   r"milli-units|u)\b")


@dataclass(frozen=True)
class Bench:
    """A bench script, the arguments of a tiny run, and what its output must show: each
    pattern on a line that also gives a time in yardstick units (``timed``), or anywhere."""

    argv: tuple[str, ...]
    timed: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()


BENCHES = {
    "yardstick": Bench(("bench/yardstick.py",), shown=(r"^\d+\.\d{4}$",)),
    "sharing": Bench(("bench/sharing.py", "--processes", "2", "--answers", "5"),
                     timed=(r"2 processes x 5 answers .* 10 of 10 answers stored, "
                            r"integrity ok",)),
    "progress": Bench(("bench/progress.py", "2500"),
                      timed=(r"^record_decision", r"^an answer saved through SessionSaver",
                             r"^open with quick_check", r"^open read-only",
                             r"^  overview \(the four by time, one scan\)",
                             r"^slowest review query", r"^  export_csv",
                             r"^close with quick_check")),
    "drills": Bench(("bench/drills.py", "evolution", "--cards", "30", "--decisions", "5"),
                    timed=(r"^evolution: catalog", r"^evolution  due: next flashcard",
                           r"^evolution hard: grade \+ queue",
                           r"^evolution shoe: grade a decision \(perfect-play\)")),
    "counts": Bench(("bench/counts.py", "--presets", "evolution", "--rules", "", "--no-build",
                     "--cards", "5"),
                    timed=(r"^evolution true count card, spaced by \d+ answers",
                           r"^evolution index card \(freebet\)",
                           r"^evolution counted shoe decision"),
                    shown=(r"^yardstick [\d.]+ s before, [\d.]+ s after",)),
    "memory_probe": Bench(("bench/memory_probe.py", "novice-irregular", "--answers", "150"),
                          timed=(r"^  picture [\d.]+ MB .* fit state replayed in",),
                          shown=(r"^  power +log-likelihood",)),
    "answer_wait": Bench(("bench/answer_wait.py", "--rounds", "3", "--think", "1"),
                         timed=(r"^  grade started when dealt: \d+ answers, median ",
                                r"^  grade worked out at the answer: \d+ answers, median "),
                         shown=(r"^pot-of-gold, 3 rounds of seed 7",)),
    "charts": Bench(("bench/charts.py", "--presets", "evolution", "--runs", "1"),
                    timed=(r"^evolution: \d+ charts, median .* slowest",)),
    "live_hand": Bench(("bench/live_hand.py", "--presets", "evolution", "--hands", "3",
                        "--runs", "1", "--pairs", "--over", "0", "--parts", "2:1"),
                       timed=(r"^  evolution: median CPU", r"^  evolution: worst CPU .*\(hand ",
                              r"^  evolution: that hand's wall",
                              r"^  evolution: every pair, worst CPU .*\(pair of ",
                              r"^    pair of \d+s against \d+ ",
                              r"^  evolution: pair of 2s against 1, CPU .*\(quickest run\)",
                              r"^    the dealer's passes ", r"^    hand sets built ",
                              r"^    the rest "),
                       shown=(r"^  evolution: 100 of 100 pairs over 0 ms",)),
    "live_values": Bench(("bench/live_values.py", "--presets", "evolution", "--hands", "4"),
                         shown=(r"^evolution: \d+ hands$", r"^\d+ hands on 1 presets valued$")),
    "shares": Bench(("bench/shares.py", "--decisions", "1000", "--repeat", "3"),
                    timed=(r"^  most answered", r"^  never answered"),
                    shown=(r"^plan: SEARCH decisions USING INDEX idx_decisions_preset_situation",)),
}
SLOW_BENCHES = {
    "cluster": Bench(
        ("bench/cluster.py", "--preset", "evolution", "--decks", "1", "--samples", "1,0,0",
         "--replicates", "2", "--workers", "1,2", "--precision", ""),
        timed=(r"^evolution, 1 decks lab on 1 local Dask workers: .* speed-up 1\.00",
               r"^evolution, 1 decks lab on 2 local Dask workers"),
        shown=(r"^the labs built on every cluster are the same bytes: yes$",)),
    "counts (a lab table built)": Bench(
        ("bench/counts.py", "--presets", "evolution", "--rules", "", "--no-drills",
         "--workers", "1"),
        timed=(r"^evolution: lab table build \(1 processes\)", r"shoes valued exactly")),
    "engine": Bench(("bench/engine.py", "--repeat", "1", "--hands", "3"),
                    timed=(r"^  ev pot-of-gold", r"^  standard-6d-h17",
                           r"^  ev standard 6D H17 DAS split to 4 --post-split cdp ",
                           r"^  pot-of-gold: worst ", r"^  pot-of-gold: worst hand, best of",
                           r"^  evolution: median")),
    "progress_page": Bench(
        ("bench/progress_page.py", "1500"),
        timed=(r"^wrote 1,500 decisions", r"^  the flashcards due, read beside them",
               r"^  \.\.\. then again \(what the first read kept",
               r"^opening the page", r"^  \.\.\. the flashcards due in",
               r"^first paint:", r"^all five charts .* rendered into new frames",
               r"^  per chart, frames kept: over_time", r"^  the warm-up after the first paint",
               r"^    progress +first visit")),
    "variants": Bench(("bench/variants.py",),
                      shown=(r"^golden-nugget-2012 +published +0\.625% .* engine \d\.\d{4}%",
                             r"^  uk-6d, S17 +\d\.\d{4}%")),
    "learning": Bench(("bench/learning", "--learners", "novice-irregular", "--max-reviews",
                       "100", "--schedulers", "app,v0.1", "--workers", "1"),
                      timed=(r"^[\d.]+ s = [\d.]+ yardstick units$",),
                      shown=(r"^\| novice-irregular \|",)),
}


def run(argv: tuple[str, ...], timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """Run a bench as ``python ARGV`` from the project's root, in this test's folders (the
    suite points them at temporary ones: they pass to the bench's process) and off screen."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)


def check(bench: Bench) -> None:
    done = run(bench.argv)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    for pattern in bench.timed:
        found = [line for line in lines if re.search(pattern, line)]
        assert found, f"{pattern!r} not printed:\n{done.stdout[-3000:]}"
        assert all(TIMED.search(line) for line in found), f"no yardstick units: {found}"
    for pattern in bench.shown:
        assert any(re.search(pattern, line) for line in lines), (
            f"{pattern!r} not printed:\n{done.stdout[-3000:]}")


@pytest.mark.parametrize("name", sorted(BENCHES))
def test_each_bench_runs_small_and_prints_its_figures(name: str) -> None:
    check(BENCHES[name])


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW_BENCHES))
def test_each_longer_bench_runs_small_and_prints_its_figures(name: str) -> None:
    check(SLOW_BENCHES[name])


@pytest.mark.slow
def test_the_startup_bench_times_each_start() -> None:
    """Its exit status says whether the targets were met (a loaded machine may miss them):
    here only that it ran and timed every start."""
    done = run(("bench/startup.py", "--runs", "1", "--json"))
    assert done.returncode in (0, 1), done.stderr[-3000:]
    figures = json.loads(done.stdout)
    for name in ("first_paint", "first_card_fresh", "first_card_warm"):
        seconds, units = figures[f"{name}_s"], figures[f"{name}_units"]
        assert math.isfinite(seconds) and seconds > 0 and units > 0, figures
    assert figures["yardstick_s"] > 0


def test_every_script_in_bench_has_its_run_here() -> None:
    """A new bench script gets a run here (or its own test)."""
    scripts = {path.stem for path in BENCH.glob("*.py")} | {
        path.parent.name for path in BENCH.glob("*/__main__.py")}
    covered = {name.split(" ")[0] for name in [*BENCHES, *SLOW_BENCHES]} | {
        "startup", "history"}              # test_the_startup_bench_..., test_history.py
    helpers = {"folders"}                  # imported by the others, never run alone
    assert scripts - helpers == covered
