"""``freebet-trainer drill``, ``stats``, ``export`` and ``backup``: flashcards in the terminal,
every answer saved as it is given; your figures; every graded decision as CSV; the history in
one self-contained file."""

from __future__ import annotations

import argparse
import json
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from trainer import PROGRAM
from trainer.commands import (
    BAD_INPUT,
    FAILED,
    JSON,
    SEED,
    CommandError,
    Option,
    RulesOption,
    chosen_rules,
    command,
    how_many,
    rules_of,
)
from trainer.commands.plain import escaped
from trainer.commands.stopping import by_keyboard, exit_status
from trainer.drills.flashcards import FlashMode
from trainer.rules import DEFAULT_PRESET, PRESETS
from trainer.rules.plural import counted

from .defaults import DATA_DIR, RULES
from .saving import finish, open_store, streams, tell

if TYPE_CHECKING:
    from trainer.progress.review import Overview, Tally
    from trainer.progress.saving import Row, SessionSaver
    from trainer.progress.store import ProgressStore
    from trainer.progress.study_store import StudyHistory
    from trainer.rules import RuleSet
    from trainer.scheduler.start import Suggestion
    from trainer.teaching.curriculum import Prior

#: What to assume of a player with no answers yet.
ASSUME = Option(("--assume",), {
    "default": None, "choices": ["classic", "novice"],
    "help": "before any answers, assume you play classic basic strategy or are new to "
            "blackjack: what to teach first, and how to count what you have not answered "
            "(default: the starting point set in the settings, else classic)"})

#: The drill's: unset, classic is assumed and the drill asks when the first answers show the
#: other starting point; set, it overrides (nothing is asked).
DRILL_ASSUME = Option(("--assume",), {
    "default": None, "choices": ["classic", "novice"],
    "help": "assume you play classic basic strategy or are new to blackjack: what to teach "
            "first, and how to count what you have not answered (default: the starting point "
            "set in the settings, and the drill asks when your first answers show the other; "
            "set: nothing is asked)"})


#: Mode changes: the rules the player has practised (a preset).
PRACTISED = Option(("--from",), {
    "dest": "practised", "metavar": "NAME", "default": None, "choices": sorted(PRESETS),
    "help": "mode changes: the preset you have practised (default: the one practised last)"})


@command("drill", help="flashcards in the terminal", description=(
    "Flashcards in the terminal. Keys: H hit, S stand, D double (free or paid as offered), "
    "P split, R surrender (where offered), Y/N insurance, U undo the last answer, Q quit."),
    options=(
    RULES,
    Option(("--mode",), {"default": FlashMode.DUE.value, "choices": [m.value for m in FlashMode],
                         "help": "which situations (default: due)"}),
    PRACTISED, DRILL_ASSUME, how_many("--count", 20, "flashcards to ask", most=10_000), SEED,
    DATA_DIR))
def cmd_drill(args: argparse.Namespace) -> int:
    """Run a flashcard session in the terminal, every answer saved as it is given.

    An answer the progress file cannot take (locked past the busy timeout, a full disk) is
    kept and saved with the next one; the player is told, and at the end may retry until it
    is saved. Ctrl-C ends the drill like Q (exit status 130; a closed terminal 129, SIGTERM 143).
    """
    import random

    from trainer.cli.flashcard_keys import run_drill
    from trainer.progress.saving import SessionSaver
    from trainer.session import FlashcardPlan, begin_flashcards, prepare_flashcards
    from trainer.teaching.records import GradedDecision, Mode

    keys, out, err = streams("the drill reads your answers from it")
    rules = rules_of(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    plan = FlashcardPlan(rules, FlashMode(args.mode), _prior(args), seed, study=args.study)
    store = open_store(args.data_dir)
    saver, path = SessionSaver.with_store(store), store.path
    code, ask = 0, True
    try:
        if plan.mode is FlashMode.DIFFERENCES:
            out.write("Comparing with standard blackjack: its table is built on first use "
                      "(up to a minute), then cached.\n")
        if plan.mode is FlashMode.CHANGES:
            plan = replace(plan, practised=_practised(args, saver, rules))
            out.write(f"What changes from {plan.practised.name if plan.practised else ''}: "
                      "its table is loaded, or built the first time.\n")
        try:           # a damaged or missing table: its error names the remedy
            prepared = prepare_flashcards(plan, saver)
        except ValueError as exc:   # a mode these rules do not have (Charlie hands)
            raise CommandError(str(exc), BAD_INPUT) from exc
        for line in prepared.notes:
            err.write(f"{PROGRAM}: {line}\n")
        if args.assume is None and prepared.suggestion is not None:   # --assume: no question
            prior = _ask_start(prepared.suggestion, keys, out)
            if prior is not plan.prior:
                plan = replace(plan, prior=prior)
                prepared = prepare_flashcards(plan, saver)
        session = prepared.session
        begin_flashcards(prepared, saver, Mode.FLASHCARDS,
                         {"seed": seed, "count": args.count, "assume": plan.prior.value})
        told = [tell(saver.save(), "", err)]
        rows: list[Row] = []

        def keep(decision: GradedDecision) -> None:
            row = saver.decision(decision)
            if row is not None:
                rows.append(row)
            told[0] = tell(saver.save(), told[0], err)

        def take_back(decision: GradedDecision) -> None:
            if rows:
                saver.undo(rows.pop())
            told[0] = tell(saver.save(), told[0], err)

        out.write(f"Free Bet flashcards: {rules.name}, mode {args.mode}, seed {seed}\n")
        try:
            run_drill(session, args.count, keys, out, on_decision=keep, on_undo=take_back)
        except KeyboardInterrupt as stop:
            with suppress(OSError, ValueError):    # a closed terminal
                out.write("\nStopped.\n")
            code, ask = exit_status(stop), by_keyboard(stop)
    finally:
        lost = finish(saver, keys, out, err, path, ask=ask)
    return code or (1 if lost else 0)


def _prior(args: argparse.Namespace) -> Prior:
    """The starting point ``--assume`` names, else the one set in the settings."""
    from trainer.teaching.curriculum import Prior
    return Prior(args.assume) if args.assume else Prior(args.prior)


def _ask_start(suggestion: Suggestion, keys: TextIO, out: TextIO) -> Prior:
    """Ask ``suggestion``'s question; the starting point for this drill (the one suggested on
    a yes; end of input is a no)."""
    from trainer.teaching.curriculum import Prior

    out.write(f"{suggestion.question()}\nChange the starting point? [y/N] > ")
    out.flush()
    if not keys.readline().strip().lower().startswith("y"):
        return Prior.NOVICE if suggestion.prior is Prior.CLASSIC else Prior.CLASSIC
    out.write(f"Starting from it in this drill: pass --assume {suggestion.prior.value} to "
              "start from it next time.\n")
    return suggestion.prior


@command("stats", help="your leak per 100 rounds, today's cards, leaks", options=(
    RulesOption(default=None, unset="the rules set in the settings, else the one practised last"),
    how_many("--top", 10, "leaks to list", most=1000), JSON, ASSUME, DATA_DIR))
def cmd_stats(args: argparse.Namespace) -> int:
    """Print the leak in main bets per 100 rounds, the day's cards, recent days, retention,
    response times and the costliest leaks with their fix (``--json``: the figures as JSON)."""
    from trainer.progress.study_store import keep_read

    out = streams()[1]
    rules = chosen_rules(args)   # a rules file is read before the progress file is opened
    with open_store(args.data_dir, read_only=True) as store:
        path, study = store.path, _report(args, store, rules, out)
    keep_read(path, study)    # the picture it made, so the next read replays only newer answers
    return 0


def _report(args: argparse.Namespace, store: ProgressStore, rules: RuleSet | None,
            out: TextIO) -> StudyHistory:
    """Write ``stats``'s report of the store; the study queue's load it made."""
    from trainer.drills.leak import estimate
    from trainer.drills.when import due_text
    from trainer.progress import review
    from trainer.progress.apart import kept_apart
    from trainer.progress.dashboard import preset_title
    from trainer.progress.filters import Filter
    from trainer.progress.study_store import load_study
    from trainer.rules import preset
    from trainer.session import memory_report
    from trainer.teaching.catalog import catalog
    from trainer.teaching.curriculum import curriculum
    from trainer.teaching.grading import utc_now

    if rules is None:
        rules = preset(_last_practised(store) or DEFAULT_PRESET)
    course = curriculum(rules, _prior(args))
    label = catalog(rules).preset
    name = preset_title(label, [rules])   # as every page names it
    seen = review.overview(store, Filter(preset=label, plays_only=True))  # as Progress
    leak = estimate(course, review.recent_answers(store, label))
    apart = kept_apart(store, Filter(preset=label))
    now = utc_now()
    study = load_study(store, course, now, settings=args.study, priced=False)   # counted only
    queue = study.queue
    counts, next_due = queue.counts(now), queue.next_due(now)
    decisions = sum(d.decisions for d in seen.days)
    if args.json:
        json.dump({
            "preset": rules.name, "rule_set": name, "assume": _prior(args).value,
            "decisions": decisions, "right": sum(d.right for d in seen.days),
            "leak_per_100": round(leak.leak_per_100, 6),
            "classic_leak_per_100": round(leak.classic_leak_per_100, 6),
            "due": counts.due + counts.learning, "new_today": counts.new,
            "counts": {"due": counts.due, "learning": counts.learning, "new": counts.new},
            "next_due": next_due.isoformat(timespec="seconds") if next_due else None,
            "unreadable": study.unreadable, "future": study.future,
            "notes": study.notes(), "memory": memory_report(queue.fit),
            "leaks": [{"situation": s.situation, "best": s.best, "played": s.played,
                       "per_100": round(s.per_100, 6)} for s in leak.situations[:args.top]],
            "kept_apart": {"count": apart.count, "latest": apart.lines()},
        }, out, indent=2, ensure_ascii=False)
        out.write("\n")
        return study
    out.write(f"{name}: your play costs {leak.leak_per_100:.2f} main bets per 100 rounds "
              f"(classic basic strategy: {leak.classic_leak_per_100:.2f}; perfect play: "
              f"0)\nToday: {counts.due} due, {counts.learning} learning, {counts.new} new"
              + (f"; next due {due_text(next_due, now)}" if next_due else "") + "\n")
    for line in study.notes():
        out.write(f"{line}\n")
    out.write(f"{memory_report(queue.fit)['says']}\n")
    if not seen.days:
        out.write(f"\nNo decisions yet in {escaped(store.path)}. Try: freebet-trainer "
                  "drill\n")
        return study
    _write_history(out, seen, decisions, store.path)
    out.write("\nCostliest leaks (main bets per 100 rounds):\n")
    for s in leak.situations[:args.top]:
        out.write(f"  {s.per_100:6.3f}  {course.situation(s.situation).describe():42s} "
                  f"{s.fix()}\n")
    if apart.count:
        out.write(f"\nKept apart from the chart's play ({apart.count}: graded at a depleted "
                  "shoe whose best play differs), the latest:\n")
        for line in apart.lines():
            out.write(f"  {line}\n")
    return study


def _practised(args: argparse.Namespace, saver: SessionSaver, rules: RuleSet) -> RuleSet:
    """Mode changes: the preset ``--from`` names, else the one practised last; refused when
    it plays as ``rules`` do."""
    from trainer.rules import preset
    name = args.practised or saver.read(_last_practised, None)
    practised = preset(name) if name else None
    if practised is None or practised.fingerprint() == rules.fingerprint():
        raise CommandError("mode changes compares with the rules you have practised: give "
                           "--from NAME, a preset other than the rules drilled", BAD_INPUT)
    return practised


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
    out.write(f"\n{counted(decisions, 'decision')}, {right / decisions:.1%} right, "
              f"EV lost {lost:.3f} main bets ({escaped(path)})\n\nLast days:\n")
    for day in days[-7:]:
        many = counted(day.decisions, "decision")
        out.write(f"  {day.day}  {many:>15}  {day.accuracy:6.1%} right  "
                  f"EV lost {day.ev_lost:.3f}\n")
    kept = seen.retention
    out.write("\nRetention (first try after a day or more): "
              f"{_tally(kept.after_gap)}; within a session: {_tally(kept.in_session)}\n")
    if seen.response:
        latest = seen.response[-1]
        out.write(f"Response time on {latest.day}: median {latest.median_ms / 1000:.1f} s\n")


@command("export", help="write every graded decision to a CSV file", options=(
    Option(("--csv",), {"required": True, "metavar": "FILE", "help": "the CSV file to write"}),
    DATA_DIR))
def cmd_export(args: argparse.Namespace) -> int:
    """Write every stored decision to ``--csv`` (atomically: the file appears complete or not;
    a folder, a device or a read-only file is refused before anything is read)."""
    from trainer.progress.export import export_csv
    from trainer.rules.atomic_file import check_target

    out = streams()[1]
    try:
        check_target(args.csv)
    except OSError as exc:
        raise CommandError(f"cannot write {args.csv!r}: {exc.strerror}") from exc
    with open_store(args.data_dir, read_only=True) as store:
        try:
            count = export_csv(store, args.csv)
        except OSError as exc:
            raise CommandError(f"cannot write {args.csv}: {exc.strerror}") from exc
    out.write(f"wrote {counted(count, 'decision')} to {escaped(args.csv)}\n")
    return 0


@command("backup", help="copy the whole history into one file, to keep or move", options=(
    Option(("file",), {"metavar": "FILE",
                       "help": "the backup to write (one self-contained file; an existing "
                               "file of that name is replaced once the copy is complete)"}),
    DATA_DIR))
def cmd_backup(args: argparse.Namespace) -> int:
    """Copy every session, answer and card into FILE through SQLite (the newest answers, still
    in the write-ahead log, too): the way to back up, rather than copying the file by hand."""
    from trainer.progress.backup import back_up
    from trainer.progress.location import database_path

    out = streams()[1]
    if not database_path(args.data_dir).exists():
        raise CommandError(f"nothing to back up: there is no progress file at "
                           f"{database_path(args.data_dir)} yet", FAILED)
    with open_store(args.data_dir, read_only=True) as store:
        try:
            copy = back_up(store, args.file)
        except OSError as exc:
            raise CommandError(f"cannot write {args.file}: {exc.strerror or exc}") from exc
    out.write(f"backed up {counted(copy.decisions, 'decision')} "
              f"({counted(copy.sessions, 'session')}) to {copy.path}\n")
    return 0


def _tally(tally: Tally) -> str:
    """'8/10 (80%)' or 'none yet'."""
    if not tally.tries:
        return "none yet"
    return f"{tally.right}/{tally.tries} ({tally.right / tally.tries:.0%})"
