"""A long history: what reading 300,000 stored decisions costs the commands and the pages.

Builds a progress file in a temporary folder: two years of days (a day in seven skipped), one
to three sessions a day of mixed modes (due-mode flashcards, timed flashcards, shoe practice,
counting drills) and presets (mostly ``evolution``, some ``pot-of-gold`` and
``pot-of-gold-8d``), real situation keys and cards from each preset's table, graded by the
table (a player whose misses fall from one in four to one in twenty), one answer in two hundred
undone, and the memory fit a drill would have stored. The rows are those the store's own
``record_decision`` writes (each linked to its situation's previous kept try), bulk inserted.

Then it times, each in a fresh process on a copy of that file (cold: the process's first call,
tables and curriculum loaded from disk; warm: the same call again in that process):

- ``freebet-trainer stats`` (the whole command);
- ``freebet-trainer drill --count 1``: the first card shown;
- the study queue's load (the stored answers and fit read, the queue built, the picture of
  the player's memory it made kept, as a session's start keeps it);
- the Progress page's reads: its totals (``load_progress`` without the flashcards due) and the
  flashcards due (``load_cards``);

on the file as built (no picture of the player's memory kept yet: the first read after an
upgrade, or what a read-only reader meets until a drill has run) and again after one due-mode
drill session has run on it (its start keeps the picture). Every figure in seconds and in
yardstick units (seconds over the seconds bench/yardstick.py's loop takes here, run in a
subprocess). ``--profile NAME`` prints a cProfile of that probe's cold runs to stderr.

Run: .venv/bin/python bench/history.py [--decisions N] [--json] [--profile NAME]
     [--probes stats,drill,...] [--file FILE]
"""

from __future__ import annotations

import argparse
import io
import json
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from yardstick import yardstick

PRESET_SHARES = (("evolution", 0.7), ("pot-of-gold", 0.2), ("pot-of-gold-8d", 0.1))
DAYS = 730
PROBES = ("stats", "drill", "queue", "page-totals", "page-due")


def _weighted(rng: random.Random, pairs: list[tuple[Any, float]]) -> Any:
    return rng.choices([p for p, _ in pairs], weights=[w for _, w in pairs])[0]


class Player:
    """Draws one preset's decisions as a player meets them: due-mode cards from what is taught,
    shoe hands by natural frequency, and counting answers."""

    def __init__(self, name: str) -> None:
        from trainer.rules import preset
        from trainer.teaching.curriculum import Prior, curriculum

        self.course = curriculum(preset(name), Prior.CLASSIC)
        table = self.course.catalog
        self.table = table
        taught = sorted(self.course.decks["situations"].card_of)
        self.taught = [(spot, 1.0) for key in taught for spot in table.spots[key]]
        self.natural = [(spot, table.entry_weight.get(spot.table_key, 0.0))
                        for spots in table.spots.values() for spot in spots]
        self.natural = [(s, w) for s, w in self.natural if w > 0]
        self.counting = [f"{table.preset}|count|hilo|c{n}" for n in range(1, 5)] + [
            f"{table.preset}|truecount|hilo|d{d}" for d in ("1", "2.5", "4", "5.5")]

    def decision(self, rng: random.Random, mode: Any, when: datetime, miss: float) -> Any:
        """One graded decision of ``mode`` at ``when``, wrong with chance ``miss``."""
        from trainer.rules import Card, Rank, Suit
        from trainer.teaching.grading import grade
        from trainer.teaching.records import GradedDecision, Mode, Verdict

        stamp = when.strftime("%Y-%m-%dT%H:%M:%SZ")
        if mode.counts:
            right = rng.random() > miss
            return GradedDecision(
                time=stamp, preset=self.table.preset, mode=mode,
                situation_key=rng.choice(self.counting), cards="", dealer_up="",
                action="7" if right else "5", best_action="7",
                verdict=Verdict.CORRECT if right else Verdict.WRONG,
                ev_loss=0.0, response_ms=int(rng.lognormvariate(8.5, 0.4)), evs={}, weight=0.0)
        pool = self.taught if mode in (Mode.FLASHCARDS, Mode.TIMED) else self.natural
        spot = _weighted(rng, pool)
        evs, best = self.table.evs(spot)
        ranked = sorted(evs, key=lambda a: (-evs[a], a))
        action = ranked[1] if rng.random() < miss and len(ranked) > 1 else best
        result = grade(action, evs, best)

        def card(value: int) -> Card:
            rank = rng.choice((Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)) if value == 10 \
                else Rank(value)
            return Card(rank, rng.choice(list(Suit)))

        up = card(spot.situation.up)
        return GradedDecision(
            time=stamp, preset=self.table.preset, mode=mode,
            situation_key=spot.situation.key, cards=" ".join(str(card(v)) for v in spot.values),
            dealer_up=up.rank.symbol, action=result.action, best_action=result.best,
            verdict=result.verdict, ev_loss=result.ev_loss,
            response_ms=int(rng.lognormvariate(7.8, 0.5)), evs=dict(result.evs),
            weight=self.table.weight.get(spot.situation.key, 0.0),
            timed_out=mode is Mode.TIMED and rng.random() < 0.01)


def _sessions(rng: random.Random, total: int, end: datetime) -> list[tuple[datetime, str, Any,
                                                                           int]]:
    """(start, preset, mode, answers) of every session, oldest first, ``total`` answers."""
    from trainer.teaching.records import Mode

    modes = [(Mode.FLASHCARDS, 0.55), (Mode.TIMED, 0.1), (Mode.SHOE, 0.3), (Mode.COUNT, 0.05)]
    plan = []
    first = end - timedelta(days=DAYS)
    for day in range(DAYS):
        if rng.random() < 1 / 7:
            continue
        for _ in range(rng.choice((1, 1, 2, 3))):
            start = first + timedelta(days=day, hours=rng.uniform(7, 22))
            plan.append((start, _weighted(rng, list(PRESET_SHARES)), _weighted(rng, modes)))
    plan.sort(key=lambda p: p[0])
    each = [total // len(plan)] * len(plan)
    for i in range(total - sum(each)):
        each[i] += 1
    return [(*p, n) for p, n in zip(plan, each, strict=True)]


def build(path: Path, total: int, seed: int = 22, end: datetime | None = None) -> dict[str, Any]:
    """Write the history (see the module docstring) to a new progress file at ``path``."""
    from trainer.drills.history import answers
    from trainer.progress.store import _INSERT, ProgressStore, _decision_row
    from trainer.scheduler.memory_fit import fit

    rng = random.Random(seed)
    end = end or datetime.now(UTC).replace(microsecond=0) - timedelta(hours=2)
    began = time.perf_counter()
    players = {name: Player(name) for name, _ in PRESET_SHARES}
    plan = _sessions(rng, total, end)
    ProgressStore.open(path).close()            # the schema, through the store
    conn = sqlite3.connect(path)
    last: dict[tuple[str, str], tuple[str, int]] = {}
    undone = 0

    def rows() -> Iterator[tuple[Any, ...]]:
        nonlocal undone
        for number, (start, name, mode, count) in enumerate(plan, start=1):
            miss = 0.25 - 0.2 * (start - plan[0][0]) / (end - plan[0][0])
            at = start
            for _ in range(count):
                at += timedelta(seconds=rng.uniform(4, 12))
                d = players[name].decision(rng, mode, at, miss)
                row = _decision_row(number, d)
                situation = (row[2], row[4])
                if rng.random() < 0.005:       # taken back: kept, marked, linked past
                    undone += 1
                    yield (*row, *last.get(situation, (None, None)), 1)
                    continue
                yield (*row, *last.get(situation, (None, None)), 0)
                last[situation] = (row[1], number)

    insert = _INSERT.replace("previous_session)", "previous_session, undone)").replace(
        "?)", "?, ?)")
    with conn:
        conn.executemany("INSERT INTO sessions (id, started, ended, preset, mode, settings) "
                         "VALUES (?, ?, ?, ?, ?, ?)",
                         [(i, _utc(s), _utc(s + timedelta(minutes=20)), p, m.value, "{}")
                          for i, (s, p, m, _) in enumerate(plan, start=1)])
        conn.executemany(insert, rows())
    conn.close()
    fits = {}
    with ProgressStore.open(path) as store:
        for name, player in players.items():   # the fit a drill stored at its last refit
            history = answers(player.course, store.answer_rows(name))
            kept = history[:int(len(history) / 1.15)]
            found = fit(kept, player.course.mappings())
            store.save_fit(name, found.to_plain())
            fits[name] = {"answers": found.answers, "of": len(history), "cards": found.cards}
    return {"decisions": total, "sessions": len(plan), "undone": undone, "fits": fits,
            "seconds": time.perf_counter() - began}


def _utc(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


# ----- probes: each runs in a fresh process -----------------------------------------------------


class _FirstCard(io.StringIO):
    """stdout that notes when the first card's question is written."""

    def __init__(self) -> None:
        super().__init__()
        self.at: float | None = None

    def write(self, text: str) -> int:
        if self.at is None and text.startswith("\n1. "):
            self.at = time.perf_counter()
        return super().write(text)


def _command(argv: list[str], keys: str = "", out: io.StringIO | None = None) -> str:
    """Run one command of the program in this process (its keyboard ``keys``); its output."""
    from contextlib import redirect_stderr, redirect_stdout

    from trainer.__main__ import main as program

    out = out if out is not None else io.StringIO()
    err = io.StringIO()
    stdin, sys.stdin = sys.stdin, io.StringIO(keys)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = program(argv)
    finally:
        sys.stdin = stdin
    if code:
        raise RuntimeError(f"{argv[0]} failed ({code}): {err.getvalue()[-400:]}")
    return out.getvalue()


def _run_stats(folder: Path) -> None:
    _command(["stats", "--data-dir", str(folder), "--top", "10", "--assume", "classic"])


def _first_card(folder: Path) -> float:
    """Seconds from the drill's start to its first card on screen (then Q)."""
    out = _FirstCard()
    started = time.perf_counter()
    _command(["drill", "--data-dir", str(folder), "--preset", "evolution", "--mode", "due",
              "--count", "1", "--seed", "1", "--assume", "classic"], "q\n", out)
    if out.at is None:
        raise RuntimeError(f"the drill dealt no card: {out.getvalue()[-400:]}")
    return out.at - started


def _queue(folder: Path) -> None:
    """The study queue's load as a session's start makes it: read, built, and the picture it
    made kept (through the one writer)."""
    from trainer.progress.store import ProgressStore
    from trainer.progress.study_store import keep_read, load_study
    from trainer.rules import preset
    from trainer.teaching.curriculum import Prior, curriculum

    path = folder / "progress.sqlite3"
    with ProgressStore.open(path, read_only=True) as store:
        course = curriculum(preset("evolution"), Prior.CLASSIC)
        now = datetime.now(UTC)
        study = load_study(store, course, now)
        queue = study.queue
        queue.counts(now)
        queue.choose(now)
    keep_read(path, study)


def _page_totals(folder: Path) -> None:
    from trainer.progress.dashboard import ProgressQuery, load_progress

    load_progress(folder / "progress.sqlite3", ProgressQuery(), cards=False)


def _page_due(folder: Path) -> None:
    from trainer.progress.dashboard import ProgressQuery, load_cards

    load_cards(folder / "progress.sqlite3", ProgressQuery())


def probe(name: str, folder: Path, profile: bool) -> dict[str, float]:
    """Time probe ``name`` twice in this process: cold, then warm (seconds)."""
    work: dict[str, Callable[[Path], object]] = {
        "stats": _run_stats, "drill": _first_card, "queue": _queue,
        "page-totals": _page_totals, "page-due": _page_due}
    times = []
    for _ in range(2):
        started = time.perf_counter()
        if profile and not times:
            import cProfile
            import pstats
            profiler = cProfile.Profile()
            result = profiler.runcall(work[name], folder)
            took = time.perf_counter() - started
            stats = pstats.Stats(profiler, stream=sys.stderr)
            stats.sort_stats("cumulative").print_stats(28)
        else:
            result = work[name](folder)
            took = time.perf_counter() - started
        times.append(result if name == "drill" else took)   # type: ignore[arg-type]
    return {"cold": times[0], "warm": times[1]}


def _probe_in_process(name: str, source: Path, scratch: Path, after_drill: bool,
                      profile: bool) -> dict[str, float]:
    folder = scratch / f"{name}-{'after' if after_drill else 'built'}"
    folder.mkdir()
    shutil.copy(source, folder / "progress.sqlite3")
    command = [sys.executable, __file__, "--probe", name, str(folder)]
    if after_drill:                            # one drill session on the file first (untimed)
        subprocess.run([*command[:3], "drill", str(folder)], capture_output=True, check=True)
    if profile:
        command.append("--profile")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"probe {name} failed:\n{done.stderr[-3000:]}")
    if profile:
        sys.stderr.write(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=300_000)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--profile", choices=PROBES, default=None,
                        help="print a cProfile of this probe's cold run (to stderr)")
    parser.add_argument("--probes", default=",".join(PROBES), help="which probes to run")
    parser.add_argument("--file", type=Path, default=None,
                        help="keep the built history at FILE, or reuse FILE if it is there")
    args = parser.parse_args()
    unit = statistics.median(yardstick() for _ in range(3))
    figures: dict[str, Any] = {"yardstick_s": unit}
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
            (scratch / variable).mkdir()
        source = args.file or scratch / "built.sqlite3"
        if source.exists():
            with sqlite3.connect(source) as conn:
                count = conn.execute("SELECT COUNT(*) FROM decisions").fetchone()[0]
            figures["history"] = {"decisions": count, "reused": str(source)}
        else:
            figures["history"] = build(source, args.decisions)
        if not args.json:
            h = figures["history"]
            print(f"yardstick {unit:.3f} s; " + (
                f"reused {source} ({h['decisions']:,} decisions)" if "reused" in h else
                f"built {h['decisions']:,} decisions in {h['sessions']:,} sessions over "
                f"{DAYS} days ({h['undone']} undone) in {h['seconds']:.0f} s = "
                f"{h['seconds'] / unit:.0f} units"))
        for after in (False, True):
            state = "after one drill" if after else "as built"
            for name in args.probes.split(","):
                if args.profile == name:
                    sys.stderr.write(f"\n===== profile: {name}, {state}, cold =====\n")
                found = _probe_in_process(name, source, scratch, after, args.profile == name)
                figures[f"{name} ({state})"] = found
                if not args.json:
                    print(f"  {name:12s} {state:16s} cold {found['cold']:7.2f} s = "
                          f"{found['cold'] / unit:6.2f} units   warm {found['warm']:7.2f} s = "
                          f"{found['warm'] / unit:6.2f} units")
    if args.json:
        json.dump(figures, sys.stdout, indent=2)
        sys.stdout.write("\n")


def _probe_main(name: str, argv: list[str]) -> None:
    """One probe in this fresh process, its folders pointed into the bench's temporary one."""
    import os

    folder = Path(argv[0])
    base = folder.parent
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        os.environ[variable] = str(base / variable)
    os.environ["FREEBET_TRAINER_DATA"] = str(folder)
    found = probe(name, folder, "--profile" in argv)
    print(json.dumps(found))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--probe"]:
        _probe_main(sys.argv[2], sys.argv[3:])
    else:
        main()
