"""``freebet-trainer count ...``: the counting drills in the terminal, every answer saved as it
is given (as ``drill`` saves; :mod:`.flashcards`), and ``count stats``.

    count running [--cards N] [--at-once K] [--seconds S] [--runs R] [--no-due]  running count
    count true [--questions N]                                            true count
    count index [--cards N] [--top N]                                     index flashcards
    count shoe [--bankroll B] [--unit U] [--spread S] [--checks P]        count a whole shoe
    count stats [--json]                       count accuracy and speed, index plays missed

Each takes ``--preset`` or ``--rules FILE``, ``--count hilo|freebet|ko`` or ``--tags TAGS`` (a
player's own, whole-number tags) and ``--data-dir``, the drills ``--seed``. The running and true
counts open with what of them is due today (:mod:`trainer.drills.counting.due`); the index cards
name the index plays they leave out, those the lab is unsure of.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from contextlib import suppress
from fractions import Fraction
from typing import Any, TextIO

from strategy_charts.command_line import COUNT
from trainer.commands import (
    BAD_INPUT,
    JSON,
    SEED,
    CommandError,
    Group,
    Option,
    Real,
    Whole,
    command,
    how_many,
    rules_of,
)
from trainer.commands.stopping import by_keyboard, exit_status
from trainer.drills.counting.running import AT_ONCE
from trainer.rules import RuleSet

from .defaults import DATA_DIR, RULES
from .saving import finish, open_store, streams, tell

COUNTING = Group("count", help="counting drills: running and true count, index plays, a "
                               "counted shoe")
#: What every counting drill takes.
DRILL = (RULES, COUNT, SEED, DATA_DIR)
#: Most cards a running-count run shows: six decks (RunSettings checks it again).
MOST_CARDS = 312
#: Said before a rules file's count lab is built (the presets' ship).
LAB_NOTE = ("(the count lab of these rules and this count is built once, in under a minute, "
            "then cached)\n")


Runner = Callable[[Callable[[Any], None], TextIO, TextIO], object]
#: The earlier answers of a preset's label and a counting context (the drills are spaced by).
History = Callable[[str, str], list[Any]]


def _drill(args: argparse.Namespace, rules: RuleSet, seed: int,
           keep: Callable[[Any], None], history: History = lambda preset, context: []
           ) -> tuple[str, dict[str, Any], Callable[[TextIO, TextIO], object], str | None]:
    """The drill ``args`` ask for: its mode, its settings as stored, how to run it, and what of
    the running and true counts is due (for those two; ``history(preset, context)``: the
    earlier answers the drills are spaced by)."""
    from strategy_charts.counting.systems import count_named
    from trainer.cli import counting_keys as terminal
    from trainer.drills.counting.due import DueToday
    from trainer.drills.counting.index_cards import IndexFlashcards
    from trainer.drills.counting.keys import INDEX, RUNNING, TRUE
    from trainer.drills.counting.running import RunningCountDrill, RunSettings
    from trainer.drills.counting.shoe import CountingSettings, CountingShoe
    from trainer.drills.counting.true_count import TrueCountDrill
    from trainer.drills.shoe_practice import ShoeSettings
    from trainer.teaching.situations import preset_label
    drill_name = args.run.name
    label = preset_label(rules)
    settings: dict[str, Any] = {"drill": drill_name, "count": args.count, "seed": seed}
    if drill_name in ("running", "true"):
        run = RunSettings(args.count, args.cards, args.at_once, args.seconds, args.due) \
            if drill_name == "running" else RunSettings(args.count)
        drill = RunningCountDrill(rules, run, seed=seed, history=history(label, RUNNING))
        if drill_name == "true" or count_named(args.count).balanced:
            true = TrueCountDrill(rules, args.count, seed=seed, history=history(label, TRUE))
        else:
            true = None              # an unbalanced count is never divided: no true count
        due = DueToday.of(drill, true).text()
        if drill_name == "running":
            settings.update(run.plain())
            return "count", settings, lambda keys, out: terminal.run_running(
                drill, args.runs, keys, out, on_decision=keep), due
        assert true is not None
        return "count", settings, lambda keys, out: terminal.run_true(
            true, args.questions, keys, out, on_decision=keep), due
    if drill_name == "index":
        cards = IndexFlashcards(rules, args.count, seed=seed, top=args.top,
                                history=history(label, INDEX))
        return "index", settings, lambda keys, out: terminal.run_index(
            cards, args.cards, keys, out, on_decision=keep), cards.unsure_text() or None
    counting = CountingSettings(args.count, args.bankroll, Fraction(args.unit),
                                spread=args.spread, check_chance=args.checks)
    settings.update({"bankroll": args.bankroll, "unit": args.unit, "spread": args.spread})
    shoe = CountingShoe(rules, ShoeSettings(bet=Fraction(args.unit), bankroll=None),
                        counting, seed=seed, on_decision=keep)
    return "shoe", settings, lambda keys, out: terminal.run_shoe(shoe, keys, out), None


@command("running", group=COUNTING, help="count runs of cards shown at a speed", options=(
    *DRILL,
    how_many("--cards", 20, "cards a run", most=MOST_CARDS),
    Option(("--at-once",), {"type": Whole(AT_ONCE[0], AT_ONCE[-1]), "default": 1, "metavar": "K",
                            "help": "cards shown together (default: 1)"}),
    Option(("--seconds",), {"type": Real(0.05, 60), "default": 1.0, "metavar": "S",
                            "help": "seconds each showing (default: 1)"}),
    how_many("--runs", 5, "runs to count", most=1000),
    Option(("--due",), {"action": argparse.BooleanOptionalAction, "default": True,
                        "help": "take the cards at once from what is due, the weakest first "
                                "(default; --at-once when nothing is)"})))
def cmd_running(args: argparse.Namespace) -> int:
    """The running count: runs of cards, the count typed after each."""
    if args.cards < args.at_once:
        raise CommandError(f"--cards {args.cards} is fewer than --at-once {args.at_once}: a "
                           "run shows at least one showing of cards", BAD_INPUT)
    return run_count_drill(args)


@command("true", group=COUNTING, help="running count and decks left: the true count",
         options=(*DRILL, how_many("--questions", 10, "questions to ask", most=1000)))
def cmd_true(args: argparse.Namespace) -> int:
    """The true count: a running count and the decks left, the true count typed."""
    return run_count_drill(args)


@command("index", group=COUNTING, help="index plays at a true count", options=(
    *DRILL, how_many("--cards", 20, "index cards to ask", most=1000),
    how_many("--top", None, "only the N most valuable index plays (default: all)", most=1000)))
def cmd_index(args: argparse.Namespace) -> int:
    """Index flashcards: a hand, the up card and a true count; the play typed."""
    return run_count_drill(args)


@command("shoe", group=COUNTING, help="a whole shoe: count, bet by the ramp, play", options=(
    *DRILL,
    Option(("--bankroll",), {"type": Real(0, 1e12, above=True), "default": 10_000.0,
                             "help": "the bankroll (default: 10000)"}),
    Option(("--unit",), {"type": Whole(1, 1_000_000), "default": 10,
                         "help": "the table minimum, one unit (default: 10)"}),
    Option(("--spread",), {"type": Whole(1, 100), "default": 12,
                           "help": "largest bet in units (default: 12)"}),
    Option(("--checks",), {"type": Real(0, 1), "default": 0.15, "metavar": "P",
                           "help": "chance of a count check after a round (default: 0.15)"})))
def cmd_shoe(args: argparse.Namespace) -> int:
    """A counted shoe: bets graded against the ramp, plays against the live shoe and the
    index plays, count checks."""
    if args.unit > args.bankroll:
        raise CommandError(f"--unit {args.unit} is more than --bankroll {args.bankroll:g}: a "
                           "bankroll holds at least one unit", BAD_INPUT)
    return run_count_drill(args)


def run_count_drill(args: argparse.Namespace) -> int:
    """Run one counting drill in the terminal, each answer saved as it is given."""
    import random

    from strategy_charts.counting.lab import lab_ready
    from strategy_charts.counting.systems import count_named
    from trainer.progress.saving import SessionSaver
    from trainer.session import counting_answers
    from trainer.teaching.records import Mode
    from trainer.teaching.situations import preset_label

    keys, out, err = streams("the drill reads your answers from it")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    rules = rules_of(args)      # a rules file is read before the progress file is opened
    store = open_store(args.data_dir)
    saver, path = SessionSaver.with_store(store), store.path
    told = [""]

    def keep(decision: Any) -> None:
        saver.decision(decision)
        told[0] = tell(saver.save(), told[0], err)

    code, ask = 0, True
    if args.run.name in ("index", "shoe") and not lab_ready(rules, count_named(args.count)):
        err.write(LAB_NOTE)
    try:
        try:
            mode, settings, run, due = _drill(
                args, rules, seed, keep,
                lambda _label, context: counting_answers(saver, rules, context, args.count))
        except ValueError as exc:   # settings the drill refuses
            raise CommandError(str(exc), BAD_INPUT) from exc
        saver.start(preset_label(rules), Mode(mode), settings)
        told[0] = tell(saver.save(), told[0], err)
        out.write(f"Counting drill: {args.run.name}, {args.count}, {rules.name}, seed {seed}"
                  + (f". {due}" if due else "") + "\n")
        try:
            run(keys, out)
        except KeyboardInterrupt as stop:
            with suppress(OSError, ValueError):    # a closed terminal
                out.write("\nStopped.\n")
            code, ask = exit_status(stop), by_keyboard(stop)
    finally:
        lost = finish(saver, keys, out, err, path, ask=ask)
    return code or (1 if lost else 0)


@command("stats", group=COUNTING, help="count accuracy and speed, index plays missed",
         options=(RULES, COUNT, JSON, DATA_DIR))
def cmd_count_stats(args: argparse.Namespace) -> int:
    """Print count accuracy and speed by day, and the index plays missed with what they cost
    per 100 rounds."""
    from strategy_charts.counting.lab import count_lab, lab_ready
    from strategy_charts.counting.systems import count_named
    from trainer.progress import counting
    from trainer.teaching.situations import preset_label

    out, err = streams()[1:]
    rules = rules_of(args)
    label = preset_label(rules)
    count = count_named(args.count)
    with open_store(args.data_dir, read_only=True) as store:
        days = counting.count_days(store, label, args.count)
        if not lab_ready(rules, count):
            err.write(LAB_NOTE)
        missed = counting.index_record(store, label, args.count, count_lab(rules, count))
    if args.json:
        json.dump({"preset": rules.name, "count": args.count,
                   "days": [vars(d) for d in days],
                   "deviation_leak_per_100": round(missed.leak_per_100, 6),
                   "indices": [vars(i) for i in missed.plays]}, out, indent=2,
                  ensure_ascii=False)
        out.write("\n")
        return 0
    out.write(f"{rules.name}, {args.count}: missed index plays cost "
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
