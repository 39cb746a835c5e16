"""The engine's command line: ``python -m strategy_charts`` (also installed as ``freebet-charts``).

    ev        whole-game EV of the first hand from a full shoe (cd or td strategy)
    hand      exact EV of every legal action of one hand, at any shoe
    sidebets  return to player of each side bet
    build     (re)build the tables in data/ (all presets, or one; each with its standard table;
              ``--counts``: the presets' count lab tables)
    verify    check the shipped tables: right rules, right engine, byte-identical on rebuild
    chart     render a strategy chart to PNG, SVG or PDF
    eor, counts, edge, indices, ramp   the count lab (:mod:`strategy_charts.counting.commands`)

Every command that prints numbers prints JSON with ``--json``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from trainer.rules import PRESETS, RuleSet, RuleSetError, preset, rules_file

from .command_line import add_rules_options as _add_rules_options
from .command_line import print_result as _print
from .command_line import rules_of as _rules
from .composition import full_shoe, of_values, parse_counts, subtract


def cmd_ev(args: argparse.Namespace) -> int:
    from .game import game_ev
    from .tables import load_or_build
    rules = _rules(args)
    if args.strategy == "cd":
        result = game_ev(rules)
        ev = result.ev
    else:
        ev = load_or_build(rules)["game"]["td"]["ev"]
    data = {"rules": rules.name, "strategy": args.strategy, "ev": ev, "rtp": 1 + ev}
    _print(args, data, f"{rules.name} ({args.strategy}): EV {ev * 100:+.4f}%, "
                       f"RTP {(1 + ev) * 100:.4f}%")
    return 0


def _values(text: str, what: str) -> list[int]:
    from trainer.rules import Rank
    try:
        return [Rank.parse(part).points for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise SystemExit(f"--{what}: {exc}") from None


def cmd_hand(args: argparse.Namespace) -> int:
    from trainer.rules.running_out import first_decision_can_run_out

    from .hand_values import FREE, REAL
    from .up_card import live_hand
    rules = _rules(args)
    player = _values(args.player, "player")
    up = _values(args.dealer, "dealer")
    if len(up) != 1 or len(player) < 2:
        raise SystemExit("give two or more --player cards and one --dealer card")
    shoe = parse_counts(args.shoe) if args.shoe else full_shoe(rules.decks)
    hand = of_values(player)
    try:
        dealt = subtract(shoe, of_values(up))      # the shoe the hand was dealt from
        rest = subtract(dealt, hand)               # the cards left after the deal
    except ValueError as exc:
        raise SystemExit(f"the shoe cannot deal these cards: {exc}") from None
    ended = _no_decision(rules, player, after_split=args.stakes == "free" or args.after_split)
    if ended:
        raise SystemExit(f"{args.player} against {args.dealer}: {ended}; there is no decision "
                         "to value")
    can_split = len(player) == 2 and player[0] == player[1]
    if first_decision_can_run_out(rules, up[0], rest, 2 if can_split else 1):
        raise SystemExit(f"the shoe is too small: {sum(rest)} cards left after the deal cannot "
                         "finish the round (the dealer could be left without a card, or with "
                         "only a hole card that makes blackjack); give a larger --shoe")
    stakes = FREE if args.stakes == "free" else REAL
    after_split = args.stakes == "free" or args.after_split
    card = live_hand(rules, dealt, up[0], hand, can_split=len(player) == 2 and not after_split)
    values = card.values
    numerators = card.actions(hand, stakes, after_split=after_split, can_split=len(player) == 2)
    mass = values.mass(hand)
    actions = {a.value: x / mass for a, x in numerators.items()}
    best = max(actions, key=lambda a: actions[a])
    data = {"rules": rules.name, "player": player, "dealer": up[0], "stakes": args.stakes,
            "conditioned_on_no_dealer_blackjack": values.peek, "actions": actions, "best": best}
    lines = [f"{a:12s} {x:+.6f}" for a, x in sorted(actions.items(), key=lambda kv: -kv[1])]
    _print(args, data, "\n".join([*lines, f"best: {best}"]))
    return 0


def _no_decision(rules: RuleSet, player: list[int], after_split: bool) -> str | None:
    """Why a hand of these card values takes no decision (busted, a blackjack, a 21 that stands,
    a Six Card Charlie), or None when it takes one (:func:`trainer.rules.offers.decides`)."""
    from trainer.rules import hand_total, offers
    total, _ = hand_total(player)
    if offers.decides(rules, len(player), total, after_split):
        return None
    if total > 21:
        return f"the hand is busted ({total})"
    if offers.is_charlie(rules, len(player), total):
        return "a Six Card Charlie wins at once"
    if len(player) == 2 and not after_split:
        return "a blackjack is paid at once"
    return "a 21 stands"


def cmd_sidebets(args: argparse.Namespace) -> int:
    from .tables import load_or_build
    rules = _rules(args)
    data: dict[str, Any] = load_or_build(rules)["side_bets"]
    text = "\n".join(f"{k:22s} " + ("not offered" if v is None else f"{v * 100:.4f}%")
                     for k, v in data.items())
    _print(args, data, text)
    return 0


def _targets(args: argparse.Namespace) -> list[RuleSet]:
    """The rules file's rule set, or the presets' (one or all), each with its standard
    counterpart, whose tables ship too."""
    from .tables import shipped_rules
    if args.rules:
        return [rules_file.load(args.rules)]
    return shipped_rules([preset(args.preset)] if args.preset else None)


def _lab_targets(args: argparse.Namespace) -> list[RuleSet]:
    """The presets whose count lab tables ship (``--rules`` has none: it is cached)."""
    if args.rules:
        raise SystemExit("--counts: only the presets' count labs ship; a rules file's is "
                         "built and cached on first use (e.g. by 'indices')")
    return [preset(args.preset)] if args.preset else list(PRESETS.values())


def cmd_build(args: argparse.Namespace) -> int:
    from .tables import data_dir, write_table
    folder = Path(args.out) if args.out else data_dir()
    if args.counts:
        from .counting.lab import default_workers, write_lab
        for rules in _lab_targets(args):
            print(f"wrote {write_lab(rules, folder, default_workers())}")
        return 0
    for rules in _targets(args):
        path = write_table(rules, folder)
        print(f"wrote {path}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from .table_build import build_table
    from .tables import data_dir, encode, file_name, load_table
    folder = Path(args.out) if args.out else data_dir()
    if args.counts:
        from .counting.lab import build_lab, default_workers, load_lab
        from .counting.lab import file_name as lab_name

        def same_lab(rules: RuleSet) -> bool:
            method = load_lab(rules, folder)["method"]
            return (folder / str(lab_name(rules))).read_bytes() == encode(build_lab(
                rules, method["samples_per_bin"], method["seed"], default_workers(),
                replicates=method["replicates"]))
        return _verify(_lab_targets(args), same_lab, " count lab", "build --counts")

    def same_table(rules: RuleSet) -> bool:
        load_table(rules, folder)
        return (folder / file_name(rules)).read_bytes() == encode(build_table(rules))
    return _verify(_targets(args), same_table, "", "build")


def _verify(targets: list[RuleSet], same: Callable[[RuleSet], bool], what: str,
            remedy: str) -> int:
    """Print ok or FAIL for each rule set's file (``same``: it is right and rebuilds to the same
    bytes; minutes for a count lab); 1 if any failed."""
    from .tables import TableError
    failures = 0
    for rules in targets:
        try:
            ok = same(rules)
        except TableError as exc:
            print(f"FAIL {rules.name}{what}: {exc}")
            failures += 1
            continue
        print(("ok   " if ok else "FAIL ") + f"{rules.name}{what}" +
              ("" if ok else f": rebuilding gives different bytes; run '{remedy}'"))
        failures += not ok
    return 1 if failures else 0


def cmd_chart(args: argparse.Namespace) -> int:
    from trainer.rules.atomic_file import atomic_write, check_target

    from .render import draw_chart
    from .tables import load_or_build
    out = Path(args.out)
    kind = out.suffix.lower().lstrip(".")
    if kind not in CHART_FORMATS:
        raise SystemExit(f"--out {args.out}: name the file with one of the extensions "
                         f"{', '.join('.' + k for k in CHART_FORMATS)}")
    check_target(out)   # before the drawing: a folder, device or read-only file is refused
    rules = _rules(args)
    table = load_or_build(rules)
    chart = table["charts"].get(args.context)
    if chart is None:
        raise SystemExit(f"{rules.name} has no {args.context!r} chart "
                         f"(it has: {', '.join(table['charts'])})")
    figure = draw_chart(chart, rules, args.context)
    with atomic_write(out, "wb") as handle:
        figure.savefig(handle, format=kind)
    print(f"wrote {args.out}")
    return 0


#: The formats ``chart --out`` writes, by file name extension.
CHART_FORMATS = ("png", "svg", "pdf")


def parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    root = argparse.ArgumentParser(prog="python -m strategy_charts", description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = root.add_subparsers(dest="command", required=True)
    ev = sub.add_parser("ev", help="whole-game EV")
    _add_rules_options(ev)
    ev.add_argument("--strategy", choices=("cd", "td"), default="cd")
    ev.set_defaults(run=cmd_ev)
    hand = sub.add_parser("hand", help="EV of each action of one hand")
    _add_rules_options(hand)
    hand.add_argument("--player", required=True, help="player cards, e.g. 7,5 or A,7,2")
    hand.add_argument("--dealer", required=True, help="dealer up card, e.g. 4 or A")
    hand.add_argument("--shoe", help="cards left before the deal: counts of A,2,...,9,ten")
    hand.add_argument("--stakes", choices=("real", "free"), default="real")
    hand.add_argument("--after-split", action="store_true", help="a real hand made by a split")
    hand.set_defaults(run=cmd_hand)
    side = sub.add_parser("sidebets", help="side-bet returns")
    _add_rules_options(side)
    side.set_defaults(run=cmd_sidebets)
    for name, func, text in (("build", cmd_build, "(re)build tables"),
                             ("verify", cmd_verify, "check tables")):
        p = sub.add_parser(name, help=text)
        p.add_argument("--preset", choices=sorted(PRESETS))
        p.add_argument("--rules", metavar="FILE")
        p.add_argument("--out", metavar="DIR", help="table folder (default: the shipped data/)")
        p.add_argument("--counts", action="store_true",
                       help="the presets' count lab tables instead (minutes each)")
        p.set_defaults(run=func)
    chart = sub.add_parser("chart", help="render a strategy chart")
    _add_rules_options(chart)
    chart.add_argument("--context", default="real",
                       help="real, split or free (two-card decisions), or a drawn-... chart")
    chart.add_argument("--out", required=True, help="FILE.png, .svg or .pdf")
    chart.set_defaults(run=cmd_chart)
    from .counting.commands import add_commands
    add_commands(sub)
    return root


def main(argv: list[str] | None = None) -> int:
    """Run one command; errors in rules, input, tables or files print a message (never a
    traceback) and exit 2 (bad input) or 1 (a file that cannot be used)."""
    from .tables import TableError
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (RuleSetError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except TableError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        where = f" {exc.filename}" if exc.filename else ""
        print(f"error: cannot use{where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
