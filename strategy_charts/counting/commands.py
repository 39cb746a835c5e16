"""The count lab's commands of ``freebet-charts``: eor, counts, edge, indices, ramp.

    eor       effects of removal of the main game and each side bet offered
    counts    every known count's betting correlation and playing efficiency, and the best tags
    edge      the EV by true count (perfect play, the charts, the charts with index plays)
    indices   the index plays of a count, the most valuable first (``--out`` draws the chart)
    ramp      a Kelly bet ramp: win rate, standard deviation and risk of ruin

``eor`` and ``counts`` take seconds for any rules; the others read the lab table (shipped for
the presets, else built on first use in a few minutes and cached).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from trainer.commands import BAD_INPUT, JSON, SEED, CommandError, Option, command, rules_of
from trainer.commands.numbers import Real, Whole
from trainer.commands.options import RulesOption
from trainer.rules import RuleSet
from trainer.rules.side_bets import title_of

from ..command_line import COUNT, print_result
from .shoes import BINS
from .systems import TRAINED, CountSystem

#: The rules: a preset, else a rules file, evolution by default.
RULES = RulesOption()

_VALUES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "ten"]


def _lab(rules: RuleSet) -> dict[str, Any]:
    from .lab import lab_ready, load_or_build_lab
    if not lab_ready(rules):
        print("(the count lab of these rules is built once, in a few minutes, then cached)",
              file=sys.stderr)
    return load_or_build_lab(rules)


def _figures(rules: RuleSet) -> dict[str, Any]:
    """The effects and count ratings: from the lab table when it is at hand, else quickly."""
    from ..tables import TableError
    from .lab import file_name, load_lab, quick_figures
    if file_name(rules) is not None:
        try:
            return load_lab(rules)
        except TableError:
            pass
    return quick_figures(rules)


def _row(values: list[float]) -> str:
    return " ".join(f"{x:+7.3f}" for x in values)


@command("eor", help="effects of removal", options=(RULES, JSON))
def cmd_eor(args: argparse.Namespace) -> int:
    """Print the effects of removal."""
    rules = rules_of(args)
    effects = _figures(rules)["effects"]
    data = {"rules": rules.name, **effects}
    lines = [f"{rules.name}: effects of removal ({effects['convention']})",
             f"{'':16s}" + " ".join(f"{v:>7s}" for v in _VALUES) + "   weighted sum",
             f"{'main game':16s}{_row(effects['main'])}   {effects['balance']:+.4f}"]
    for name, bet in effects["wagers"].items():
        lines.append(f"{title_of(name):16s}{_row(bet['effects'])}   {bet['balance']:+.4f}")
    lines.append(f"EV at the full shoe: main game {effects['ev'] * 100:+.4f}%" + "".join(
        f", {title_of(n)} {b['ev'] * 100:+.4f}%" for n, b in effects["wagers"].items()))
    print_result(args, data, "\n".join(lines))
    return 0


def _tags(tags: list[float]) -> str:
    return CountSystem("", "", tuple(tags)).describe()


@command("counts", help="counts rated for these rules", options=(RULES, JSON))
def cmd_counts(args: argparse.Namespace) -> int:
    """Print each known count's correlations and the best tags for these rules."""
    rules = rules_of(args)
    figures = _figures(rules)
    data = {"rules": rules.name, "counts": figures["compare"], "search": figures["search"],
            "trained": list(TRAINED)}
    lines = [f"{rules.name}: counts rated by the exact effects of removal",
             f"{'count':16s}{'betting corr.':>14s}{'playing eff.':>13s}{'% per TC':>10s}  tags"]
    for key, c in figures["compare"].items():
        mark = "*" if key in TRAINED else " "
        lines.append(f"{mark}{c['name']:15s}{c['betting_correlation']:14.3f}"
                     f"{c['playing_efficiency']:13.3f}{c['slope']:10.3f}  {_tags(c['tags'])}")
    lines.append("* trained: index tables and drills")
    for level, found in figures["search"].items():
        best = found[0]
        lines.append(f"best {level.replace('level', 'level-')} tags for these rules: "
                     f"{_tags(best['tags'])} (betting correlation {best['correlation']:.3f})")
    print_result(args, data, "\n".join(lines))
    return 0


def _count(args: argparse.Namespace) -> CountSystem:
    from .systems import count_named
    return count_named(args.count)


@command("edge", help="EV by true count", options=(RULES, JSON, COUNT))
def cmd_edge(args: argparse.Namespace) -> int:
    """Print the EV by true count."""
    rules, count = rules_of(args), _count(args)
    lab = _lab(rules)
    edges = lab["counts"][count.key]["edges"]
    data = {"rules": rules.name, "count": count.key, "method": lab["method"], "edges": edges}
    lines = [f"{rules.name}, {count.name}: EV by true count before the deal (floored), "
             "percent of the main bet",
             f"{'TC':>4s} {'share':>8s} {'perfect':>8s} {'charts':>8s} {'+indices':>8s} "
             f"{'± se':>6s} {'linear':>8s} {'shoes':>6s}"]
    for t, e in sorted(edges.items(), key=lambda kv: int(kv[0])):
        if "perfect" not in e:
            continue
        lines.append(f"{int(t):+4d} {e['share'] * 100:7.3f}% {e['perfect'] * 100:+8.3f} "
                     f"{e['chart'] * 100:+8.3f} {e['chart_indices'] * 100:+8.3f} "
                     f"{e['chart_indices_se'] * 100:6.3f} {e['linear'] * 100:+8.3f} "
                     f"{e['shoes']:6d}")
    lines.append(f"(TC -10 and +10 hold every count beyond; {lab['method']['shoes']} shoes "
                 "valued exactly, drawn at every true count)")
    print_result(args, data, "\n".join(lines))
    return 0


@command("indices", help="index plays of a count", options=(
    RULES, JSON, COUNT,
    Option(("--top",), {"type": Whole(1, 10_000), "default": None, "metavar": "N",
                        "help": "list only the best N (default: all)"}),
    Option(("--out",), {"metavar": "FILE",
                        "help": "also draw the index chart: FILE.png, .svg or .pdf"})))
def cmd_indices(args: argparse.Namespace) -> int:
    """Print a count's index plays, the most valuable first; ``--out`` draws them."""
    from ..chart_files import check_chart_target
    from .indices import IndexPlay
    if args.out is not None:
        check_chart_target(args.out)   # before minutes of a lab build
    rules, count = rules_of(args), _count(args)
    lab = _lab(rules)
    found = lab["counts"][count.key]["indices"]
    shown = found[:args.top] if args.top is not None else found
    if args.out is not None:
        _draw(args, rules, count, lab)
    data = {"rules": rules.name, "count": count.key, "indices": shown,
            "total_gain_per_100": sum(p["gain_per_100"] for p in found)}
    lines = [f"{rules.name}, {count.name}: index plays (true count floored), main bets per 100 "
             "rounds added"]
    for rank, plain in enumerate(shown, start=1):
        play = IndexPlay.from_plain(plain)
        lines.append(f"{rank:3d}. {play.text():60s} {play.gain:8.4f}")
    lines.append(f"all {len(found)} together: {data['total_gain_per_100']:.4f} main bets per 100 "
                 "rounds (side bets: per 100 rounds of a stake equal to the main bet)")
    print_result(args, data, "\n".join(lines))
    return 0


def _draw(args: argparse.Namespace, rules: RuleSet, count: CountSystem,
          lab: dict[str, Any]) -> None:
    from ..chart_files import write_chart
    from ..tables import load_or_build
    from .chart import draw_index_chart
    figure = draw_index_chart(lab["counts"][count.key], load_or_build(rules)["charts"]["real"],
                              rules, count)
    write_chart(figure, args.out)
    print(f"wrote {args.out}", file=sys.stderr if args.json else sys.stdout)


#: What a ramp takes: money in the currency of the table, counts of shoes, rounds and trips.
RAMP = (
    Option(("--bankroll",), {"type": Real(0, 1e12, above=True), "default": 10_000.0,
                             "help": "the bankroll (10000)"}),
    Option(("--unit",), {"type": Real(0.01, 1e9), "default": 25.0,
                         "help": "the table minimum, one unit (25)"}),
    Option(("--kelly",), {"type": Real(0, 1, above=True), "default": 0.5,
                          "help": "Kelly fraction (0.5)"}),
    Option(("--spread",), {"type": Whole(1, 1000), "default": 12,
                           "help": "largest bet in units (12)"}),
    Option(("--shoes",), {"type": Whole(1, 1_000_000), "default": 1000,
                          "help": "shoes simulated (1000)"}),
    Option(("--rounds",), {"type": Whole(1, 10_000_000), "default": 20_000,
                           "help": "rounds a trip lasts for the risk of ruin (20000)"}),
    Option(("--trips",), {"type": Whole(1, 1_000_000), "default": 1000,
                          "help": "trips drawn (1000)"}),
    Option(("--wong",), {"type": Whole(BINS[0], BINS[-1]), "default": None, "metavar": "TC",
                         "help": "sit out rounds below this true count (back-counting)"}),
    SEED.but(default=0, help="seed of the simulated shoes and trips (0)"),
)


@command("ramp", help="a Kelly bet ramp and its risk", options=(RULES, JSON, COUNT, *RAMP))
def cmd_ramp(args: argparse.Namespace) -> int:
    """Print a Kelly bet ramp with its predicted and simulated results."""
    from ..tables import load_or_build
    from .player import IndexBook, play_shoes
    from .ramp import diffusion_ruin, kelly_ramp, measured, predicted, risk_of_ruin
    if args.unit > args.bankroll:   # before minutes of simulation
        raise CommandError(f"--unit {args.unit:g} is more than --bankroll {args.bankroll:g}: a "
                           "bankroll holds at least one unit", BAD_INPUT)
    rules, count = rules_of(args), _count(args)
    lab = _lab(rules)["counts"][count.key]
    runs = play_shoes(rules, load_or_build(rules), count, IndexBook(lab), args.shoes, args.seed)
    import numpy as np
    variance = float(np.concatenate([r.nets for r in runs]).var())
    edges = {int(t): e["chart_indices"] for t, e in lab["edges"].items() if "chart_indices" in e}
    shares = {int(t): s for t, s in lab["shares"].items()}
    ramp = kelly_ramp(edges, variance, args.bankroll, args.unit, args.kelly, args.spread,
                      args.wong)
    if args.wong is not None and not any(ramp.bet(int(t)) for run in runs for t in run.counts):
        raise CommandError(f"no round of the {args.shoes} simulated shoes reached true count "
                           f"{args.wong:+d}: simulate more shoes (--shoes) or sit out less "
                           "(a lower --wong)", BAD_INPUT)
    expect, seen = predicted(ramp, shares, edges), measured(ramp, runs)
    ruin = risk_of_ruin(ramp, runs, args.rounds, args.trips, args.seed)
    data = {"rules": rules.name, "count": count.key, "bankroll": args.bankroll,
            "unit": args.unit, "kelly": args.kelly, "spread": args.spread, "wong": args.wong,
            "variance": variance, "bets": {str(t): b for t, b in ramp.bets.items()},
            "predicted": {"win_per_100": expect.win_per_100, "sd_per_100": expect.sd_per_100,
                          "played": expect.played},
            "simulated": {"win_per_100": seen.win_per_100, "win_se": seen.win_se,
                          "sd_per_100": seen.sd_per_100, "rounds": seen.rounds,
                          "played": seen.played, "shoes": args.shoes, "seed": args.seed},
            "risk_of_ruin": {"rounds": args.rounds, "trips": args.trips, "simulated": ruin,
                             "diffusion_infinite": diffusion_ruin(seen, args.bankroll)}}
    steps = [f"TC {t:+d}: {b or 'sit out'}" for t, b in ramp.bets.items()
             if t == -10 or b != ramp.bets.get(t - 1)]
    per = "per 100 rounds" if args.wong is None else "per 100 rounds played"
    lines = [f"{rules.name}, {count.name}: {args.kelly:g} Kelly, bankroll {args.bankroll:g}, "
             f"unit {args.unit:g}, spread 1-{args.spread} (round variance {variance:.3f}, "
             f"simulated)",
             "bets (units) from: " + ", ".join(steps),
             f"predicted: win {expect.win_per_100:+.3f} {per}, SD {expect.sd_per_100:.2f}"
             + (f" (plays {expect.played:.1%} of rounds)" if args.wong is not None else ""),
             f"simulated ({seen.rounds} rounds played, {args.shoes} shoes through the rules "
             f"core): win {seen.win_per_100:+.3f} ± {seen.win_se:.3f} {per}, SD "
             f"{seen.sd_per_100:.2f}",
             f"risk of ruin within {args.rounds} rounds: {ruin:.1%} ({args.trips} trips of the "
             f"simulated shoes); infinite play by the diffusion formula: "
             f"{data['risk_of_ruin']['diffusion_infinite']:.1%}"]
    print_result(args, data, "\n".join(lines))
    return 0
