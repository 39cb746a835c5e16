"""Terminal commands of ``freebet-trainer``: ``drill`` (flashcards), ``stats``, ``export``.

This is where the drills meet the progress store: :mod:`trainer.drills` never touches a file,
so the wiring (load the answers and memory fit, record each answer as it is given, end the
session) lives here. The progress file is found by :mod:`trainer.progress.location`
(``--data-dir``, else ``$FREEBET_TRAINER_DATA``, else the user data folder).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, TextIO

from trainer.drills.flashcards import FlashMode

if TYPE_CHECKING:
    from trainer.progress.review import Overview, Tally
    from trainer.progress.saving import Row, SaveState, SessionSaver
    from trainer.progress.store import ProgressStore


def _positive(text: str) -> int:
    """A whole number of at least 1 (an argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not allowed: give 1 or more")
    return value


def add_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Register the terminal subcommands on ``commands``."""
    from trainer.rules import PRESETS
    drill = commands.add_parser(
        "drill", help="flashcards in the terminal",
        description="Flashcards in the terminal. Keys: H hit, S stand, D double (free or paid "
                    "as offered), P split, R surrender (where offered), Y/N insurance, U undo "
                    "the last answer, Q quit.")
    drill.add_argument("--preset", default="evolution", choices=sorted(PRESETS),
                       help="rule set (default: evolution)")
    drill.add_argument("--mode", default=FlashMode.DUE.value,
                       choices=[m.value for m in FlashMode], help="which situations (default: due)")
    drill.add_argument("--from", dest="practised", default=None, choices=sorted(PRESETS),
                       help="mode changes: the rules you have practised (default: the preset "
                            "practised last)")
    drill.add_argument("--count", type=_positive, default=20,
                       help="flashcards to ask (default: 20)")
    drill.add_argument("--seed", type=int, default=None, help="replay a session's deals")
    drill.add_argument("--assume", default="classic", choices=["classic", "novice"],
                       help="before any answers, assume you play classic basic strategy "
                            "(default) or are new to blackjack: what to teach first")
    drill.add_argument("--data-dir", default=None, help="folder of the progress file")
    drill.set_defaults(run=cmd_drill)
    stats = commands.add_parser("stats", help="your leak per 100 rounds, today's cards, leaks")
    stats.add_argument("--preset", default=None, choices=sorted(PRESETS),
                       help="rule set (default: the one practised last)")
    stats.add_argument("--top", type=_positive, default=10, help="leaks to list (default: 10)")
    stats.add_argument("--json", action="store_true", help="print the figures as JSON")
    stats.add_argument("--assume", default="classic", choices=["classic", "novice"],
                       help="how to count situations you have not answered (default: classic)")
    stats.add_argument("--data-dir", default=None, help="folder of the progress file")
    stats.set_defaults(run=cmd_stats)
    export = commands.add_parser("export", help="write every graded decision to a CSV file")
    export.add_argument("--csv", required=True, metavar="FILE", help="the CSV file to write")
    export.add_argument("--data-dir", default=None, help="folder of the progress file")
    export.set_defaults(run=cmd_export)
    from trainer.count_cli import add_count_commands
    add_count_commands(commands)


def _open_store(data_dir: str | None, err: TextIO, *,
                read_only: bool = False) -> ProgressStore | None:
    """The progress store, or None after printing (to ``err``) what is wrong with the file."""
    from trainer.progress.errors import ProgressStoreError
    from trainer.progress.location import database_path
    from trainer.progress.store import ProgressStore
    try:
        return ProgressStore.open(database_path(data_dir), read_only=read_only)
    except ProgressStoreError as exc:
        err.write(f"freebet-trainer: {exc}\n")
        return None


def cmd_drill(args: argparse.Namespace, stdin: TextIO | None = None,
              stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run a flashcard session in the terminal, every answer saved as it is given.

    An answer the progress file cannot take (locked past the busy timeout, a full disk) is
    kept and saved with the next one; the player is told, and at the end may retry until it
    is saved. Ctrl-C ends the drill like Q (exit code 130).
    """
    import random

    from strategy_charts.tables import TableError
    from trainer.drills.catalog import catalog
    from trainer.drills.curriculum import Prior, curriculum
    from trainer.drills.flashcards import FlashcardSession
    from trainer.drills.history import answers
    from trainer.drills.memory_fit import Fit
    from trainer.drills.records import GradedDecision, Mode
    from trainer.drills.terminal import run_drill
    from trainer.progress.saving import SessionSaver
    from trainer.rules import preset

    out, err, keys = stdout or sys.stdout, stderr or sys.stderr, stdin or sys.stdin
    rules = preset(args.preset)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    prior = Prior(args.assume)
    try:
        table = catalog(rules)
        course = curriculum(rules, prior)
    except TableError as exc:   # a damaged or missing table: says which file, and the remedy
        err.write(f"freebet-trainer: {exc}\n")
        return 1
    store = _open_store(args.data_dir, err)
    if store is None:
        return 1
    saver = SessionSaver.with_store(store)
    code = 0
    try:
        if args.mode == FlashMode.DIFFERENCES.value:
            out.write("Comparing with standard blackjack: its table is built on first use "
                      "(up to a minute), then cached.\n")
        stored_fit = saver.read(lambda s: s.load_fit(table.preset), None)
        fitted = Fit.from_plain(stored_fit) if stored_fit else None
        history = answers(course, saver.read(lambda s: s.answer_rows(table.preset), []))
        practised = None
        if args.mode == FlashMode.CHANGES.value:
            name = args.practised or saver.read(_last_practised, None)
            if name is None or name == args.preset:
                err.write("freebet-trainer drill: mode changes compares with the rules you "
                          "have practised: give --from NAME, a preset other than --preset\n")
                return 2
            practised = preset(name)
            out.write(f"What changes from {name}: its table is loaded, or built the first "
                      "time.\n")
        try:
            session = FlashcardSession(table, FlashMode(args.mode), seed=seed, history=history,
                                       fitted=fitted, prior=prior, practised=practised)
        except ValueError as exc:
            err.write(f"freebet-trainer drill: {exc}\n")
            return 2
        options = {"flashcards": args.mode, "seed": seed, "count": args.count,
                   "assume": args.assume}
        if practised is not None:
            options["from"] = practised.name
        saver.start(table.preset, Mode.FLASHCARDS, options)
        told = [_tell(saver.save(), "", err)]
        rows: list[Row] = []

        def keep(decision: GradedDecision) -> None:
            row = saver.decision(decision)
            if row is not None:
                rows.append(row)
            told[0] = _tell(saver.save(), told[0], err)

        def take_back(decision: GradedDecision) -> None:
            if rows:
                saver.undo(rows.pop())
            told[0] = _tell(saver.save(), told[0], err)

        out.write(f"Free Bet flashcards: {rules.name}, mode {args.mode}, seed {seed}\n")
        try:
            run_drill(session, args.count, keys, out, on_decision=keep, on_undo=take_back)
        except KeyboardInterrupt:
            out.write("\nStopped.\n")
            code = 130
        queue = session.queue
        if queue is not None and queue.refitted and queue.fit is not None:
            saver.fit(table.preset, queue.fit.to_plain())
    finally:
        lost = _finish(saver, keys, out, err)
    return code or (1 if lost else 0)


def _tell(state: SaveState, told: str, err: TextIO) -> str:
    """Say what is not saved, or that it now is, when that changed; returns what was said."""
    text = state.text()
    if text != told:
        err.write(f"   {text}\n" if text else "   Saved: the answers that waited are saved now.\n")
    return text


def _finish(saver: SessionSaver, keys: TextIO, out: TextIO, err: TextIO) -> int:
    """End the session and save what waits; while it cannot be saved, offer to retry. Returns
    the answers lost (the player was told)."""
    saver.end()
    state = saver.save()
    while not state.saved and not state.stopped:
        out.write(f"{state.text()}\n[R]etry (Enter), or [Q]uit and lose them > ")
        out.flush()
        line = keys.readline()
        if not line or line.strip().upper()[:1] == "Q":   # Q, or no one at the keyboard
            break
        state = saver.save()
    state = saver.close(try_again=False)
    if not state.saved:
        err.write(f"freebet-trainer: {state.answers} answers were not saved "
                  f"({state.problem.reason if state.problem else 'not saved'}).\n")
    elif state.problem is not None:   # all saved, but closing found the file damaged
        err.write(f"freebet-trainer: {state.problem}\n")
    return state.answers


def cmd_stats(args: argparse.Namespace, stdout: TextIO | None = None,
              stderr: TextIO | None = None) -> int:
    """Print the leak in main bets per 100 rounds, the day's cards, recent days, retention,
    response times and the costliest leaks with their fix (``--json``: the figures as JSON)."""
    from trainer.drills.catalog import catalog
    from trainer.drills.curriculum import Prior, curriculum
    from trainer.drills.grading import utc_now
    from trainer.drills.leak import estimate
    from trainer.drills.study import StudyQueue
    from trainer.progress import review
    from trainer.progress.filters import Filter
    from trainer.progress.study_store import load_history
    from trainer.rules import preset

    out = stdout or sys.stdout
    store = _open_store(args.data_dir, stderr or sys.stderr, read_only=True)
    if store is None:
        return 1
    with store:
        name = args.preset or _last_practised(store) or "evolution"
        rules = preset(name)
        course = curriculum(rules, Prior(args.assume))
        label = catalog(rules).preset
        seen = review.overview(store, Filter(preset=label))
        leak = estimate(course, review.recent_answers(store, label))
        history = load_history(store, course)
        now = utc_now()
        queue = StudyQueue(course, history.answers, now, fitted=history.fitted)
        counts, next_due = queue.counts(now), queue.next_due(now)
        decisions = sum(d.decisions for d in seen.days)
        if args.json:
            json.dump({
                "preset": name, "assume": args.assume, "decisions": decisions,
                "leak_per_100": round(leak.leak_per_100, 6),
                "classic_leak_per_100": round(leak.classic_leak_per_100, 6),
                "due": counts.due + counts.learning, "new_today": counts.new,
                "next_due": next_due.isoformat(timespec="seconds") if next_due else None,
                "leaks": [{"situation": s.situation, "best": s.best, "played": s.played,
                           "per_100": round(s.per_100, 6)} for s in leak.situations[:args.top]],
            }, out, indent=2, ensure_ascii=False)
            out.write("\n")
            return 0
        out.write(f"{name}: your play costs {leak.leak_per_100:.2f} main bets per 100 rounds "
                  f"(classic basic strategy: {leak.classic_leak_per_100:.2f}; perfect play: "
                  f"0)\nToday: {counts.due} due, {counts.learning} learning, {counts.new} new"
                  + (f"; next due {next_due.astimezone():%a %H:%M}" if next_due else "") + "\n")
        if not seen.days:
            out.write(f"\nNo decisions yet in {store.path}. Try: freebet-trainer drill\n")
            return 0
        _write_history(out, seen, decisions, store.path)
        out.write("\nCostliest leaks (main bets per 100 rounds):\n")
        for s in leak.situations[:args.top]:
            out.write(f"  {s.per_100:6.3f}  {course.situation(s.situation).describe():42s} "
                      f"{s.fix()}\n")
    return 0


def _last_practised(store: ProgressStore) -> str | None:
    """The preset of the latest session, if it is a preset (not a custom rule set)."""
    from trainer.rules import PRESETS
    rows = store.tuples("SELECT preset FROM sessions ORDER BY started DESC, id DESC")
    return next((row[0] for row in rows if row[0] in PRESETS), None)


def _write_history(out: TextIO, seen: Overview, decisions: int, path: object) -> None:
    """Totals, the last days, retention and response time."""
    days = seen.days
    right = sum(d.right for d in days)
    lost = sum(d.ev_lost for d in days)
    out.write(f"\n{decisions} decisions, {right / decisions:.1%} right, EV lost {lost:.3f} "
              f"main bets ({path})\n\nLast days:\n")
    for day in days[-7:]:
        out.write(f"  {day.day}  {day.decisions:5d} decisions  {day.accuracy:6.1%} right  "
                  f"EV lost {day.ev_lost:.3f}\n")
    kept = seen.retention
    out.write("\nRetention (first try after a day or more): "
              f"{_tally(kept.after_gap)}; within a session: {_tally(kept.in_session)}\n")
    if seen.response:
        latest = seen.response[-1]
        out.write(f"Response time on {latest.day}: median {latest.median_ms / 1000:.1f} s\n")


def cmd_export(args: argparse.Namespace, stdout: TextIO | None = None,
               stderr: TextIO | None = None) -> int:
    """Write every stored decision to ``--csv`` (atomically: the file appears complete or not;
    a folder, a device or a read-only file is refused before anything is read)."""
    from trainer.progress.export import export_csv
    from trainer.rules.atomic_file import check_target

    out, err = stdout or sys.stdout, stderr or sys.stderr
    try:
        check_target(args.csv)
    except OSError as exc:
        err.write(f"freebet-trainer: cannot write {args.csv!r}: {exc.strerror}\n")
        return 1
    store = _open_store(args.data_dir, err, read_only=True)
    if store is None:
        return 1
    with store:
        try:
            count = export_csv(store, args.csv)
        except OSError as exc:
            err.write(f"freebet-trainer: cannot write {args.csv}: {exc.strerror}\n")
            return 1
    out.write(f"wrote {count} decisions to {args.csv}\n")
    return 0


def _tally(tally: Tally) -> str:
    """'8/10 (80%)' or 'none yet'."""
    if not tally.tries:
        return "none yet"
    return f"{tally.right}/{tally.tries} ({tally.right / tally.tries:.0%})"
