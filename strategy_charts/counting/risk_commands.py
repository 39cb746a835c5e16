"""The count lab's money commands of ``freebet-charts``: ramp and risk.

    ramp      a Kelly bet ramp: win rate and standard deviation, predicted and simulated through
              the rules core, and its risk of ruin over a trip, simulated and by formula
    risk      the counter's risk figures of a ramp (CVCX's): win rate and SD per 100 rounds,
              SCORE, N0, DI, CE, the bankroll for a target risk of ruin, the risk over a trip
              and before a goal (:mod:`.risk`)
"""

from __future__ import annotations

import argparse
from typing import Any

from trainer.commands import BAD_INPUT, JSON, SEED, CommandError, Option, command, rules_of
from trainer.commands.numbers import Real, Whole
from trainer.rules import RuleSet

from ..command_line import COUNT, print_result
from .commands import RULES, count_of, lab_of
from .lab_options import LAB
from .ramp import Ramp, kelly_ramp, predicted
from .risk import Walk, risk_figures
from .systems import CountSystem

BANKROLL = Option(("--bankroll",), {"type": Real(0, 1e12, above=True), "default": 10_000.0,
                                    "help": "the bankroll (10000)"})
UNIT = Option(("--unit",), {"type": Real(0.01, 1e9), "default": 25.0,
                            "help": "the table minimum, one unit (25)"})
KELLY = Option(("--kelly",), {"type": Real(0, 1, above=True), "default": 0.5,
                              "help": "Kelly fraction (0.5)"})
SPREAD = Option(("--spread",), {"type": Whole(1, 1000), "default": 12,
                                "help": "largest bet in units (12)"})
SHOES = Option(("--shoes",), {"type": Whole(1, 1_000_000), "default": 1000,
                              "help": "shoes simulated (1000)"})
ROUNDS = Option(("--rounds",), {"type": Whole(1, 10_000_000), "default": 20_000,
                                "help": "rounds a trip lasts, for its risk of ruin (20000)"})
TRIPS = Option(("--trips",), {"type": Whole(1, 1_000_000), "default": 1000,
                              "help": "trips drawn (1000)"})
WONG = Option(("--wong",), {"type": Whole(-100, 100), "default": None, "metavar": "COUNT",
                            "help": "sit out rounds below this count (back-counting; the true "
                                    "count, or an unbalanced count's running count)"})
ROR = Option(("--ror",), {"type": Real(0, 1, above=True, below=True), "default": 0.05,
                          "help": "the target risk of ruin the bankroll is sized for (0.05)"})
GOAL = Option(("--goal",), {"type": Real(0, 1e12, above=True), "default": None,
                            "help": "a win goal, for the chance of reaching it before ruin "
                                    "(default: the bankroll, doubling it)"})


def _ramp(args: argparse.Namespace, rules: RuleSet, count: CountSystem
          ) -> tuple[dict[str, Any], Ramp, dict[int, float], dict[int, float]]:
    """The count's lab part, the ramp ``args`` ask for, its edges and shares of rounds."""
    if args.unit > args.bankroll:   # before any lab build or simulation
        raise CommandError(f"--unit {args.unit:g} is more than --bankroll {args.bankroll:g}: a "
                           "bankroll holds at least one unit", BAD_INPUT)
    part = lab_of(rules, count, args)["counts"][count.key]
    low, high = part["scale"]["bins"]
    if args.wong is not None and not low <= args.wong <= high:
        raise CommandError(f"--wong {args.wong}: give a {part['scale']['kind']} from {low} to "
                           f"{high}", BAD_INPUT)
    edges = {int(t): e["chart_indices"] for t, e in part["edges"].items() if "chart_indices" in e}
    shares = {int(t): s for t, s in part["shares"].items()}
    ramp = kelly_ramp(edges, part["round_variance"]["value"], args.bankroll, args.unit,
                      args.kelly, args.spread, args.wong, tuple(range(low, high + 1)))
    return part, ramp, edges, shares


def _steps(ramp: Ramp, letters: str) -> str:
    bins = ramp.bins
    return ", ".join(f"{letters} {t:+d}: {b or 'sit out'}" for t, b in ramp.bets.items()
                     if t == bins[0] or b != ramp.bets.get(t - 1))


@command("ramp", help="a Kelly bet ramp and its risk", options=(
    RULES, JSON, COUNT, LAB, BANKROLL, UNIT, KELLY, SPREAD, SHOES, ROUNDS, TRIPS, WONG,
    SEED.but(default=0, help="seed of the simulated shoes and trips (0)")))
def cmd_ramp(args: argparse.Namespace) -> int:
    """Print a Kelly bet ramp with its predicted and simulated results and risk of ruin."""
    import numpy as np

    from ..tables import load_or_build
    from .player import IndexBook, play_shoes
    from .ramp import measured, risk_of_ruin
    rules, count = rules_of(args), count_of(args)
    part, ramp, edges, shares = _ramp(args, rules, count)
    runs = play_shoes(rules, load_or_build(rules), count, IndexBook(part), args.shoes, args.seed)
    variance = float(np.concatenate([r.nets for r in runs]).var())
    ramp = kelly_ramp(edges, variance, args.bankroll, args.unit, args.kelly, args.spread,
                      args.wong, ramp.bins)
    if args.wong is not None and not any(ramp.bet(int(t)) for run in runs for t in run.counts):
        raise CommandError(f"no round of the {args.shoes} simulated shoes reached count "
                           f"{args.wong:+d}: simulate more shoes (--shoes) or sit out less "
                           "(a lower --wong)", BAD_INPUT)
    expect, seen = predicted(ramp, shares, edges), measured(ramp, runs)
    ruin = risk_of_ruin(ramp, runs, args.rounds, args.trips, args.seed)
    walk, apart = Walk(*seen.long_run), Walk(*seen.per_round)
    data = {"rules": rules.name, "count": count.key, "bankroll": args.bankroll,
            "unit": args.unit, "kelly": args.kelly, "spread": args.spread, "wong": args.wong,
            "variance": variance, "bets": {str(t): b for t, b in ramp.bets.items()},
            "predicted": {"win_per_100": expect.win_per_100, "sd_per_100": expect.sd_per_100,
                          "played": expect.played},
            "simulated": {"win_per_100": seen.win_per_100, "win_se": seen.win_se,
                          "sd_per_100": seen.sd_per_100,
                          "shoe_sd_per_100": seen.shoe_sd_per_100, "rounds": seen.rounds,
                          "played": seen.played, "shoes": args.shoes, "seed": args.seed},
            "risk_of_ruin": {"rounds": args.rounds, "trips": args.trips, "simulated": ruin,
                             "diffusion": walk.trip_ruin(args.bankroll, args.rounds),
                             "diffusion_infinite": walk.ruin(args.bankroll),
                             "diffusion_round_sd": apart.trip_ruin(args.bankroll, args.rounds)}}
    letters = "RC" if part["scale"]["kind"] == "running count" else "TC"
    per = "per 100 rounds" if args.wong is None else "per 100 rounds played"
    lines = [f"{rules.name}, {count.name}: {args.kelly:g} Kelly, bankroll {args.bankroll:g}, "
             f"unit {args.unit:g}, spread 1-{args.spread} (round variance {variance:.3f}, "
             f"simulated)",
             "bets (units) from: " + _steps(ramp, letters),
             f"predicted: win {expect.win_per_100:+.3f} {per}, SD {expect.sd_per_100:.2f}"
             + (f" (plays {expect.played:.1%} of rounds)" if args.wong is not None else ""),
             f"simulated ({seen.rounds} rounds played, {args.shoes} shoes through the rules "
             f"core): win {seen.win_per_100:+.3f} ± {seen.win_se:.3f} {per}, SD "
             f"{seen.sd_per_100:.2f} (whole shoes': {seen.shoe_sd_per_100:.2f})",
             f"risk of ruin within {args.rounds} rounds: {ruin:.1%} simulated ({args.trips} "
             f"trips of the simulated shoes), {data['risk_of_ruin']['diffusion']:.1%} by the "
             "trip formula at the simulated win rate and whole shoes' SD "
             f"({data['risk_of_ruin']['diffusion_round_sd']:.1%} at the rounds' SD); in "
             f"unlimited play {data['risk_of_ruin']['diffusion_infinite']:.1%}"]
    print_result(args, data, "\n".join(lines))
    return 0


@command("risk", help="risk figures of a ramp: SCORE, N0, DI, CE, ruin", options=(
    RULES, JSON, COUNT, LAB, BANKROLL, UNIT, KELLY, SPREAD, WONG, ROUNDS, ROR, GOAL))
def cmd_risk(args: argparse.Namespace) -> int:
    """Print a ramp's win rate and SD per 100 rounds (from the lab table) and its risk
    figures."""
    rules, count = rules_of(args), count_of(args)
    part, ramp, edges, shares = _ramp(args, rules, count)
    outcome = predicted(ramp, shares, edges)
    walk = Walk(*outcome.per_round)
    goal = args.goal if args.goal is not None else args.bankroll
    figures = risk_figures(outcome.win_per_100, outcome.sd_per_100, args.bankroll, args.kelly,
                           args.ror, args.rounds, goal)
    figures["played"] = outcome.played
    letters = "RC" if part["scale"]["kind"] == "running count" else "TC"
    data = {"rules": rules.name, "count": count.key,
            "ramp": {"bankroll": args.bankroll, "unit": args.unit, "kelly": args.kelly,
                     "spread": args.spread, "wong": args.wong,
                     "bets": {str(t): b for t, b in ramp.bets.items()},
                     "round_variance": part["round_variance"]["value"]}, **figures}
    need = figures["bankroll_for_ror"]["bankroll"]
    per = "per 100 rounds" if args.wong is None else "per 100 rounds played"
    lines = [f"{rules.name}, {count.name}: {args.kelly:g} Kelly, bankroll {args.bankroll:g}, "
             f"unit {args.unit:g}, spread 1-{args.spread}; bets (units) from: "
             + _steps(ramp, letters),
             f"win {outcome.win_per_100:+.2f} {per}, SD {outcome.sd_per_100:.2f} (the lab's "
             "edges and shares of rounds)",
             f"DI {walk.di:.2f}, SCORE {walk.score:.2f}, N0 "
             + (f"{walk.n0:,.0f} rounds" if walk.mu > 0 else "never (no edge)")
             + f", CE {figures['certainty_equivalent_per_100']:+.2f} {per}",
             f"bankroll for a {args.ror:.1%} risk of ruin: "
             + (f"{need:,.0f}" if walk.mu > 0 else "none suffices (no edge)"),
             f"risk of ruin of {args.bankroll:g}: {figures['ruin']['infinite']:.1%} in "
             f"unlimited play, {figures['ruin']['trip']['risk']:.1%} within {args.rounds} "
             "rounds",
             f"chance of winning {goal:g} before losing {args.bankroll:g}: "
             f"{figures['goal']['reached_first']:.1%} (ruin first: "
             f"{figures['goal']['ruined_first']:.1%})",
             "(formulas: Schlesinger, Blackjack Attack, 3rd ed., chs. 6 and 10; see the "
             "docs/count-lab.md)"]
    print_result(args, data, "\n".join(lines))
    return 0
