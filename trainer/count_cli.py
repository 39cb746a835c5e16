"""``freebet-trainer count ...``: the counting drills in the terminal, every answer saved as it
is given (as ``drill`` saves; :mod:`trainer.cli`), and ``count stats``.

    count running [--cards N] [--at-once K] [--seconds S] [--runs R] [--no-due]  running count
    count true [--questions N]                                            true count
    count index [--cards N] [--top N]                                     index flashcards
    count shoe [--bankroll B] [--unit U] [--spread S] [--checks P]        count a whole shoe
    count stats [--json]                       count accuracy and speed, index plays missed

Each takes ``--preset``, ``--count hilo|freebet``, ``--seed`` and ``--data-dir``. The running
and true counts open with what of them is due today (:mod:`trainer.drills.counting.due`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TextIO

from trainer.cli import _finish, _open_store, _positive, _tell


def add_count_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register ``count`` and its drills on ``commands``."""
    from strategy_charts.counting.systems import TRAINED
    from trainer.rules import PRESETS
    count = commands.add_parser("count", help="counting drills: running and true count, "
                                "index plays, a counted shoe")
    drills = count.add_subparsers(dest="drill", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--preset", default="evolution", choices=sorted(PRESETS))
        p.add_argument("--count", default="hilo", choices=sorted(TRAINED),
                       help="the count (default: hilo)")
        p.add_argument("--seed", type=int, default=None, help="replay a session")
        p.add_argument("--data-dir", default=None, help="folder of the progress file")

    running = drills.add_parser("running", help="count runs of cards shown at a speed")
    common(running)
    running.add_argument("--cards", type=_positive, default=20, help="cards a run (20)")
    running.add_argument("--at-once", type=_positive, default=1, help="cards shown together")
    running.add_argument("--seconds", type=float, default=1.0, help="seconds each showing")
    running.add_argument("--runs", type=_positive, default=5, help="runs to count (5)")
    running.add_argument("--due", action=argparse.BooleanOptionalAction, default=True,
                         help="take the cards at once from what is due, the weakest first "
                              "(default; --at-once when nothing is)")
    running.set_defaults(run=cmd_count)
    true = drills.add_parser("true", help="running count and decks left: the true count")
    common(true)
    true.add_argument("--questions", type=_positive, default=10)
    true.set_defaults(run=cmd_count)
    index = drills.add_parser("index", help="index plays at a true count")
    common(index)
    index.add_argument("--cards", type=_positive, default=20)
    index.add_argument("--top", type=_positive, default=None,
                       help="only the N most valuable index plays")
    index.set_defaults(run=cmd_count)
    shoe = drills.add_parser("shoe", help="a whole shoe: count, bet by the ramp, play")
    common(shoe)
    shoe.add_argument("--bankroll", type=float, default=10_000.0)
    shoe.add_argument("--unit", type=_positive, default=10, help="table minimum (10)")
    shoe.add_argument("--spread", type=_positive, default=12, help="largest bet in units")
    shoe.add_argument("--checks", type=float, default=0.15,
                      help="chance of a count check after a round (0.15)")
    shoe.set_defaults(run=cmd_count)
    stats = drills.add_parser("stats", help="count accuracy and speed, index plays missed")
    stats.add_argument("--preset", default="evolution", choices=sorted(PRESETS))
    stats.add_argument("--count", default="hilo", choices=sorted(TRAINED))
    stats.add_argument("--json", action="store_true")
    stats.add_argument("--data-dir", default=None)
    stats.set_defaults(run=cmd_count_stats)


Runner = Callable[[Callable[[Any], None], TextIO, TextIO], object]
#: The earlier answers of a preset's label and a counting context (the drills are spaced by).
History = Callable[[str, str], list[Any]]


def _drill(args: argparse.Namespace, seed: int, keep: Callable[[Any], None],
           history: History = lambda preset, context: []
           ) -> tuple[str, dict[str, Any], Callable[[TextIO, TextIO], object], str | None]:
    """The drill ``args`` ask for: its mode, its settings as stored, how to run it, and what of
    the running and true counts is due (for those two; ``history(preset, context)``: the
    earlier answers the drills are spaced by)."""
    from trainer.drills.counting import terminal
    from trainer.drills.counting.due import DueToday
    from trainer.drills.counting.index_cards import IndexFlashcards
    from trainer.drills.counting.keys import INDEX, RUNNING, TRUE
    from trainer.drills.counting.running import RunningCountDrill, RunSettings
    from trainer.drills.counting.shoe import CountingSettings, CountingShoe
    from trainer.drills.counting.true_count import TrueCountDrill
    from trainer.drills.shoe_practice import ShoeSettings
    from trainer.drills.situations import preset_label
    from trainer.rules import preset
    rules = preset(args.preset)
    label = preset_label(rules)
    settings: dict[str, Any] = {"drill": args.drill, "count": args.count, "seed": seed}
    if args.drill in ("running", "true"):
        run = RunSettings(args.count, args.cards, args.at_once, args.seconds, args.due) \
            if args.drill == "running" else RunSettings(args.count)
        drill = RunningCountDrill(rules, run, seed=seed, history=history(label, RUNNING))
        true = TrueCountDrill(rules, args.count, seed=seed, history=history(label, TRUE))
        due = DueToday.of(drill, true).text()
        if args.drill == "running":
            settings.update(run.plain())
            return "count", settings, lambda keys, out: terminal.run_running(
                drill, args.runs, keys, out, on_decision=keep), due
        return "count", settings, lambda keys, out: terminal.run_true(
            true, args.questions, keys, out, on_decision=keep), due
    if args.drill == "index":
        cards = IndexFlashcards(rules, args.count, seed=seed, top=args.top,
                                history=history(label, INDEX))
        return "index", settings, lambda keys, out: terminal.run_index(
            cards, args.cards, keys, out, on_decision=keep), None
    counting = CountingSettings(args.count, args.bankroll, Fraction(args.unit),
                                spread=args.spread, check_chance=args.checks)
    settings.update({"bankroll": args.bankroll, "unit": args.unit, "spread": args.spread})
    shoe = CountingShoe(rules, ShoeSettings(bet=Fraction(args.unit), bankroll=None),
                        counting, seed=seed, on_decision=keep)
    return "shoe", settings, lambda keys, out: terminal.run_shoe(shoe, keys, out), None


def cmd_count(args: argparse.Namespace, stdin: TextIO | None = None,
              stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run one counting drill in the terminal, each answer saved as it is given."""
    import random

    from strategy_charts.tables import TableError
    from trainer.drills.records import Mode
    from trainer.drills.situations import preset_label
    from trainer.progress.counting import skill_answers
    from trainer.progress.saving import SessionSaver
    from trainer.rules import preset

    out, err, keys = stdout or sys.stdout, stderr or sys.stderr, stdin or sys.stdin
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    store = _open_store(args.data_dir, err)
    if store is None:
        return 1
    saver = SessionSaver.with_store(store)
    told = [_tell(saver.save(), "", err)]

    def keep(decision: Any) -> None:
        saver.decision(decision)
        told[0] = _tell(saver.save(), told[0], err)

    code = 0
    try:
        try:
            mode, settings, run, due = _drill(
                args, seed, keep,
                lambda label, context: skill_answers(store, label, context, args.count))
        except (ValueError, TableError) as exc:
            err.write(f"freebet-trainer count: {exc}\n")
            return 2
        saver.start(preset_label(preset(args.preset)), Mode(mode), settings)
        told[0] = _tell(saver.save(), told[0], err)
        out.write(f"Counting drill: {args.drill}, {args.count}, {args.preset}, seed {seed}"
                  + (f". {due}" if due else "") + "\n")
        try:
            run(keys, out)
        except KeyboardInterrupt:
            out.write("\nStopped.\n")
            code = 130
    finally:
        lost = _finish(saver, keys, out, err)
    return code or (1 if lost else 0)


def cmd_count_stats(args: argparse.Namespace, stdout: TextIO | None = None,
                    stderr: TextIO | None = None) -> int:
    """Print count accuracy and speed by day, and the index plays missed with what they cost
    per 100 rounds."""
    from strategy_charts.counting.lab import load_or_build_lab
    from trainer.drills.situations import preset_label
    from trainer.progress import counting
    from trainer.rules import preset

    out = stdout or sys.stdout
    store = _open_store(args.data_dir, stderr or sys.stderr, read_only=True)
    if store is None:
        return 1
    rules = preset(args.preset)
    label = preset_label(rules)
    with store:
        days = counting.count_days(store, label, args.count)
        missed = counting.index_record(store, label, args.count,
                                       load_or_build_lab(rules)["counts"][args.count])
    if args.json:
        json.dump({"preset": args.preset, "count": args.count,
                   "days": [vars(d) for d in days],
                   "deviation_leak_per_100": round(missed.leak_per_100, 6),
                   "indices": [vars(i) for i in missed.plays]}, out, indent=2,
                  ensure_ascii=False)
        out.write("\n")
        return 0
    out.write(f"{args.preset}, {args.count}: missed index plays cost "
              f"{missed.leak_per_100:.4f} main bets per 100 rounds\n")
    if not days:
        out.write("No counting answers yet. Try: freebet-trainer count running\n")
    for d in days:
        out.write(f"  {d.day}  {d.drill:9s} {d.answers:4d} answers  {d.accuracy:6.1%} right  "
                  f"mean miss {d.mean_error:.2f}  median {d.median_ms / 1000:.1f} s"
                  + (f"  {d.cards_per_second:.1f} cards/s" if d.cards_per_second else "")
                  + "\n")
    if missed.plays:
        out.write("Index plays (answers, missed, EV lost per 100 rounds):\n")
        for play in missed.plays:
            out.write(f"  {play.describe:44s} {play.answers:4d} {play.missed:4d} "
                      f"{play.leak_per_100:8.4f}\n")
    return 0
