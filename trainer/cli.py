"""Terminal commands of ``freebet-trainer``: ``drill`` (flashcards), ``stats``, ``export``.

This is where the drills meet the progress store: :mod:`trainer.drills` never touches a file,
so the wiring (load the fsrs cards, record each answer and card as it is given, end the session)
lives here. The progress file is found by :mod:`trainer.progress.location` (``--data-dir``, else
``$FREEBET_TRAINER_DATA``, else the user data folder).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TextIO

from trainer.drills.flashcards import FlashMode

if TYPE_CHECKING:
    from trainer.progress.review import Tally
    from trainer.progress.store import ProgressStore


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register the terminal subcommands on ``commands``."""
    from trainer.rules import PRESETS
    drill = commands.add_parser(
        "drill", help="flashcards in the terminal",
        description="Flashcards in the terminal. Keys: H hit, S stand, D double (free or paid "
                    "as offered), P split, Y/N insurance, Q quit.")
    drill.add_argument("--preset", default="evolution", choices=sorted(PRESETS),
                       help="rule set (default: evolution)")
    drill.add_argument("--mode", default=FlashMode.DUE.value,
                       choices=[m.value for m in FlashMode], help="which situations (default: due)")
    drill.add_argument("--count", type=int, default=20, help="flashcards to ask (default: 20)")
    drill.add_argument("--seed", type=int, default=None, help="replay a session's deals")
    drill.add_argument("--data-dir", default=None, help="folder of the progress file")
    drill.set_defaults(run=cmd_drill)
    stats = commands.add_parser("stats", help="accuracy, EV lost and leaks from your history")
    stats.add_argument("--preset", default=None, choices=sorted(PRESETS),
                       help="only this rule set (default: all)")
    stats.add_argument("--top", type=int, default=10, help="leaks to list (default: 10)")
    stats.add_argument("--data-dir", default=None, help="folder of the progress file")
    stats.set_defaults(run=cmd_stats)
    export = commands.add_parser("export", help="write every graded decision to a CSV file")
    export.add_argument("--csv", required=True, metavar="FILE", help="the CSV file to write")
    export.add_argument("--data-dir", default=None, help="folder of the progress file")
    export.set_defaults(run=cmd_export)


def _open_store(data_dir: str | None, out: TextIO) -> ProgressStore | None:
    """The progress store, or None after printing what is wrong with the file."""
    from trainer.progress.errors import ProgressStoreError
    from trainer.progress.location import database_path
    from trainer.progress.store import ProgressStore
    try:
        return ProgressStore.open(database_path(data_dir))
    except ProgressStoreError as exc:
        out.write(f"freebet-trainer: {exc}\n")
        return None


def cmd_drill(args: argparse.Namespace, stdin: TextIO | None = None,
              stdout: TextIO | None = None) -> int:
    """Run a flashcard session in the terminal, every answer and fsrs card saved as given."""
    import random

    from trainer.drills.catalog import catalog
    from trainer.drills.flashcards import FlashcardSession
    from trainer.drills.records import GradedDecision, Mode
    from trainer.drills.terminal import run_drill
    from trainer.rules import preset

    out = stdout or sys.stdout
    rules = preset(args.preset)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    table = catalog(rules)
    store = _open_store(args.data_dir, out)
    if store is None:
        return 1
    if args.mode == FlashMode.DIFFERENCES.value:
        out.write("Comparing with standard blackjack: its table is built on first use "
                  "(up to a minute), then cached.\n")
    with store:
        try:
            session = FlashcardSession(table, FlashMode(args.mode), seed=seed,
                                       cards=store.load_cards(table.preset))
        except ValueError as exc:
            out.write(f"freebet-trainer drill: {exc}\n")
            return 2
        session_id = store.start_session(table.preset, Mode.FLASHCARDS, {
            "flashcards": args.mode, "seed": seed, "count": args.count})

        def keep(decision: GradedDecision) -> None:
            store.record_decision(session_id, decision)
            key = decision.situation_key
            store.save_card(table.preset, key, session.spacing.changed[key])

        out.write(f"Free Bet flashcards: {rules.name}, mode {args.mode}, seed {seed}\n")
        try:
            run_drill(session, args.count, stdin or sys.stdin, out, on_decision=keep)
        finally:
            store.end_session(session_id)
    return 0


def cmd_stats(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    """Print totals, recent days, retention, response times and the costliest leaks."""
    from trainer.progress import review
    from trainer.progress.filters import Filter

    out = stdout or sys.stdout
    store = _open_store(args.data_dir, out)
    if store is None:
        return 1
    only = Filter(preset=args.preset)
    with store:
        seen = review.overview(store, only)      # days, retention and speed in one scan
        days = seen.days
        if not days:
            out.write(f"No decisions yet in {store.path}. Try: freebet-trainer drill\n")
            return 0
        total = sum(d.decisions for d in days)
        right = sum(d.right for d in days)
        lost = sum(d.ev_lost for d in days)
        out.write(f"{total} decisions, {right / total:.1%} right, EV lost {lost:.3f} bets "
                  f"({store.path})\n\nLast days:\n")
        for day in days[-7:]:
            out.write(f"  {day.day}  {day.decisions:5d} decisions  {day.accuracy:6.1%} right  "
                      f"EV lost {day.ev_lost:.3f}\n")
        kept = seen.retention
        out.write("\nRetention (first try after a day or more): "
                  f"{_tally(kept.after_gap)}; within a session: {_tally(kept.in_session)}\n")
        if seen.response:
            latest = seen.response[-1]
            out.write(f"Response time on {latest.day}: median {latest.median_ms / 1000:.1f} s\n")
        out.write("\nCostliest leaks (EV lost per 100 hands of natural play):\n")
        for leak in review.leaks(store, only, limit=args.top):
            out.write(f"  {leak.leak_per_100:8.4f}  {leak.situation_key:38s} "
                      f"{leak.decisions:4d} tries, {leak.accuracy:.0%} right\n")
    return 0


def cmd_export(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    """Write every stored decision to ``--csv`` (atomically: the file appears complete or not)."""
    from trainer.progress.export import export_csv

    out = stdout or sys.stdout
    store = _open_store(args.data_dir, out)
    if store is None:
        return 1
    with store:
        try:
            count = export_csv(store, args.csv)
        except OSError as exc:
            out.write(f"freebet-trainer: cannot write {args.csv}: {exc.strerror}\n")
            return 1
    out.write(f"wrote {count} decisions to {args.csv}\n")
    return 0


def _tally(tally: Tally) -> str:
    """'8/10 (80%)' or 'none yet'."""
    if not tally.tries:
        return "none yet"
    return f"{tally.right}/{tally.tries} ({tally.right / tally.tries:.0%})"
