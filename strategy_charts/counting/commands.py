"""The count lab's commands of ``freebet-charts``: eor, counts, edge, indices (the bet ramp and
the risk figures are :mod:`.risk_commands`').

    eor       effects of removal of the main game and each side bet offered
    counts    every known count's betting correlation and playing efficiency, and the best tags
    edge      the EV by count (perfect play, the charts, the charts with index plays)
    indices   the index plays of a count, the most valuable first (``--out`` draws the chart)

Each count command takes ``--count NAME`` or ``--tags TAGS`` (a player's own tags). ``eor`` and
``counts`` take seconds for any rules; the others read the lab table (shipped for the presets'
trained counts, else built on first use in under a minute and cached).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from trainer.commands import JSON, Option, command, rules_of
from trainer.commands.numbers import Whole
from trainer.commands.options import RulesOption
from trainer.commands.plain import escaped
from trainer.rules import RuleSet
from trainer.rules.side_bets import title_of

from ..command_line import COUNT, print_result
from .lab_options import LAB, WHERE, built, lab_shoes, lab_workers, precision_of
from .systems import TRAINED, CountSystem, count_named

#: The rules: a preset, else a rules file, evolution by default.
RULES = RulesOption()

_VALUES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "ten"]
LAB_NOTE = ("(the count lab of these rules and this count is built once, in under a minute, "
            "then cached)")


def count_of(args: argparse.Namespace) -> CountSystem:
    """The count ``--count`` or ``--tags`` names."""
    return count_named(args.count)


def lab_of(rules: RuleSet, count: CountSystem, args: argparse.Namespace) -> dict[str, Any]:
    """The lab table holding ``count``, to ``--precision``; built first on ``--scheduler`` or
    ``--workers`` if need be (said on stderr, then how many shoes and how long)."""
    from .lab import lab_ready, load_or_build_lab
    precision = precision_of(args)
    if lab_ready(rules, count, precision):
        return load_or_build_lab(rules, count=count, precision=precision)
    print(LAB_NOTE, file=sys.stderr)
    with lab_workers(args) as workers:
        return built("the count lab", lambda: load_or_build_lab(
            rules, workers, count=count, precision=precision), lab_shoes)


def _figures(rules: RuleSet, args: argparse.Namespace,
             extra: tuple[CountSystem, ...] = ()) -> dict[str, Any]:
    """The effects and count ratings: from the lab table when it is at hand, else quickly
    (a player's own tags are always rated afresh, in seconds)."""
    from ..tables import TableError
    from .lab import file_name, load_lab, quick_figures
    if file_name(rules) is not None and not extra:
        try:
            return load_lab(rules)
        except TableError:
            pass
    with lab_workers(args) as workers:
        return quick_figures(rules, workers, extra)


def _row(values: list[float]) -> str:
    return " ".join(f"{x:+7.3f}" for x in values)


@command("eor", help="effects of removal", options=(RULES, JSON, WHERE))
def cmd_eor(args: argparse.Namespace) -> int:
    """Print the effects of removal."""
    rules = rules_of(args)
    effects = _figures(rules, args)["effects"]
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


@command("counts", help="counts rated for these rules (--tags: yours too)",
         options=(RULES, JSON, COUNT, WHERE))
def cmd_counts(args: argparse.Namespace) -> int:
    """Print each known count's correlations (and those of ``--tags``), and the best tags for
    these rules."""
    from .systems import KNOWN
    rules = rules_of(args)
    own = count_of(args) if args.count not in TRAINED else None
    figures = _figures(rules, args, (own,) if own is not None and own.key not in KNOWN else ())
    data = {"rules": rules.name, "counts": figures["compare"], "search": figures["search"],
            "trained": list(TRAINED)}
    lines = [f"{rules.name}: counts rated by the exact effects of removal",
             f"{'count':30s}{'betting corr.':>14s}{'playing eff.':>13s}{'% per TC':>10s}  tags"]
    for key, c in figures["compare"].items():
        mark = "*" if key in TRAINED else ">" if own is not None and key == own.key else " "
        name = c["name"] if len(c["name"]) <= 29 else "your tags"
        lines.append(f"{mark}{name:29s}{c['betting_correlation']:14.3f}"
                     f"{c['playing_efficiency']:13.3f}{c['slope']:10.3f}  {_tags(c['tags'])}")
    lines.append("* trained: index tables and drills" + (
        "; > your tags (indices --tags ... indexes them)" if own is not None else ""))
    for level, found in figures["search"].items():
        best = found[0]
        lines.append(f"best {level.replace('level', 'level-')} tags for these rules: "
                     f"{_tags(best['tags'])} (betting correlation {best['correlation']:.3f})")
    print_result(args, data, "\n".join(lines))
    return 0


@command("edge", help="EV by count", options=(RULES, JSON, COUNT, LAB))
def cmd_edge(args: argparse.Namespace) -> int:
    """Print the EV by count, each with its standard error."""
    rules, count = rules_of(args), count_of(args)
    lab = lab_of(rules, count, args)
    part = lab["counts"][count.key]
    edges = part["edges"]
    words = part["scale"]["kind"]
    data = {"rules": rules.name, "count": count.key, "method": lab["method"],
            "scale": part["scale"], "edges": edges, **(
                {"unbalanced": part["unbalanced"]} if "unbalanced" in part else {})}
    letters = "RC" if words == "running count" else "TC"
    lines = [f"{rules.name}, {count.name}: EV by {words} before the deal"
             + (" (floored)" if letters == "TC" else "") + ", percent of the main bet (± its "
             "standard error)",
             f"{letters:>4s} {'share':>8s} {'perfect':>15s} {'charts':>15s} {'+indices':>15s} "
             f"{'linear':>8s} {'shoes':>6s}"]
    for t, e in sorted(edges.items(), key=lambda kv: int(kv[0])):
        if "perfect" not in e:
            continue
        lines.append(f"{int(t):+4d} {e['share'] * 100:7.3f}% "
                     + " ".join(f"{e[n] * 100:+8.3f}±{e[n + '_se'] * 100:5.3f}"
                                for n in ("perfect", "chart", "chart_indices"))
                     + f" {e['linear'] * 100:+8.3f} {e['shoes']:6d}")
    bins = part["scale"]["bins"]
    lines.append(f"({letters} {bins[0]:+d} and {bins[1]:+d} hold every count beyond; "
                 f"{lab['method']['shoes']} shoes valued exactly, with the linear estimate from "
                 "the effects of removal as control variate, its means exact; a count no shoe "
                 "met is left out)")
    if "unbalanced" in part:
        u = part["unbalanced"]
        key = "never" if u["key"] is None else f"{u['key']:+d}"
        lines.append(f"initial running count {u['initial']:+g}, pivot {u['pivot']:+g}, key "
                     f"count (the edge positive from there up) {key}")
    print_result(args, data, "\n".join(lines))
    return 0


@command("indices", help="index plays of a count", options=(
    RULES, JSON, COUNT, LAB,
    Option(("--top",), {"type": Whole(1, 10_000), "default": None, "metavar": "N",
                        "help": "list only the best N (default: all)"}),
    Option(("--out",), {"metavar": "FILE",
                        "help": "also draw the index chart: FILE.png, .svg or .pdf"})))
def cmd_indices(args: argparse.Namespace) -> int:
    """Print a count's index plays, the most valuable first, each with its spread; ``--out``
    draws them."""
    from ..chart_files import check_chart_target
    from .indices import IndexPlay
    from .precision import target_of
    from .spread import TRUSTED_SD, trusted
    if args.out is not None:
        check_chart_target(args.out)   # before a lab build
    rules, count = rules_of(args), count_of(args)
    lab = lab_of(rules, count, args)
    found = lab["counts"][count.key]["indices"]
    shown = found[:args.top] if args.top is not None else found
    if args.out is not None:
        _draw(args, rules, count, lab)
    data = {"rules": rules.name, "count": count.key, "indices": shown,
            "total_gain_per_100": sum(p["gain_per_100"] for p in found),
            "trusted_below_sd": TRUSTED_SD}
    words = lab["counts"][count.key]["scale"]["kind"]
    lines = [f"{rules.name}, {count.name}: index plays ({words}"
             + (" floored, decks unseen to the card" if words == "true count" else "")
             + "), main bets per 100 rounds added ± their standard error, the index's spread "
             "over the lab's resamples"]
    for rank, plain in enumerate(shown, start=1):
        play = IndexPlay.from_plain(plain)
        spread = play.spread_text() or "?"
        flag = "" if trusted(plain) else "  (not taught: unsure)"
        lines.append(f"{rank:3d}. {play.text():62s} {spread:>7s} {play.gain:8.4f} ± "
                     f"{plain.get('gain_se') or 0:.4f}{flag}")
    sure = sum(trusted(p) for p in found)
    target = target_of(lab)
    lines.append(f"all {len(found)} together: {data['total_gain_per_100']:.4f} main bets per 100 "
                 "rounds (side bets: per 100 rounds of a stake equal to the main bet); "
                 f"{sure} sure enough to teach (index spread under {TRUSTED_SD:g})"
                 + (f"; {sum(trusted(p, target) for p in found)} within the lab's precision, "
                    f"{target:g} TC" if target != TRUSTED_SD else ""))
    print_result(args, data, "\n".join(lines))
    return 0


def _draw(args: argparse.Namespace, rules: RuleSet, count: CountSystem,
          lab: dict[str, Any]) -> None:
    from ..chart_files import write_chart
    from ..tables import load_or_build
    from .chart import draw_index_chart
    from .precision import target_of
    figure = draw_index_chart(lab["counts"][count.key], load_or_build(rules)["charts"]["real"],
                              rules, count, precision=target_of(lab))
    write_chart(figure, args.out)
    print(f"wrote {escaped(args.out)}", file=sys.stderr if args.json else sys.stdout)
