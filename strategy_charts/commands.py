"""The engine's commands of ``freebet-charts``: ev, hand, sidebets, build, verify, chart.

    ev        whole-game EV of the first hand from a full shoe (cd or td strategy)
    hand      exact EV of every legal action of one hand, at any shoe
    sidebets  return to player of each side bet (and where a lammer bet is offered, the
              chance of each lammer count)
    build     (re)build the tables in data/ (all presets, or one; each with its standard table;
              ``--counts``: the presets' count lab tables)
    verify    check the shipped tables: right rules, right engine, byte-identical on rebuild
    chart     render a strategy chart to PNG, SVG or PDF
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.commands import BAD_INPUT, JSON, CommandError, Option, command, rules_of
from trainer.commands.options import RulesOption
from trainer.commands.plain import escaped
from trainer.rules import PRESETS, RuleSet, preset, rules_file

from .command_line import hand_cards, print_result, shoe_counts, up_card
from .composition import Composition, add, full_shoe, of_values, subtract
from .counting.lab_options import LAB, WHERE

if TYPE_CHECKING:
    from .post_split import PostSplit
    from .pot_of_gold import LammerChances

#: The rules: a preset, else a rules file, evolution by default.
RULES = RulesOption()
#: Which tables build and verify write or check: every preset's without --preset or --rules.
TARGETS = RulesOption(default=None, unset="every preset")
TABLE_FOLDER = Option(("--out",), {"metavar": "DIR",
                                   "help": "table folder (default: the shipped data/)"})
COUNT_LABS = Option(("--counts",), {"action": "store_true",
                                    "help": "the presets' count lab tables instead (minutes "
                                            "each)"})


#: The post-split strategy of the exact play (strategy_charts/post_split.py).
POST_SPLIT = Option(("--post-split",), {
    "choices": ("cdz", "cdp1", "cdp", "cdpn"), "default": "cdz",
    "help": "split hands play as unsplit hands (cdz, CDZ-), as the first split hand (cdp1), "
            "by the pair cards the whole split removes, as the analyzers' CDP (cdp), or "
            "knowing the pair cards split when each begins its play (cdpn)"})


@command("ev", help="whole-game EV", options=(RULES, JSON, Option(
    ("--strategy",), {"choices": ("cd", "td"), "default": "cd",
                      "help": "composition-dependent (cd) or total-dependent (td) play"}),
    POST_SPLIT))
def cmd_ev(args: argparse.Namespace) -> int:
    """Print the EV and RTP of the first hand from a full shoe."""
    from .game import game_ev
    from .post_split import PostSplit
    from .tables import load_or_build
    rules = rules_of(args)
    post_split = PostSplit(args.post_split)
    if args.strategy == "td" and post_split is not PostSplit.CDZ:
        raise CommandError("--post-split is the exact play's (--strategy cd); the td strategy's "
                           "split hands play the chart", BAD_INPUT)
    ev = (game_ev(rules, post_split=post_split).ev if args.strategy == "cd"
          else load_or_build(rules)["game"]["td"]["ev"])
    data = {"rules": rules.name, "strategy": args.strategy, "post_split": post_split.value,
            "ev": ev, "rtp": 1 + ev}
    shown = args.strategy + ("" if post_split is PostSplit.CDZ else f", {post_split.value}")
    print_result(args, data, f"{rules.name} ({shown}): EV {ev * 100:+.4f}%, "
                             f"RTP {(1 + ev) * 100:.4f}%")
    return 0


@command("hand", help="EV of each action of one hand", options=(
    RULES, JSON,
    Option(("--player",), {"required": True, "type": hand_cards,
                           "help": "player cards, e.g. 7,5 or A,7,2"}),
    Option(("--dealer",), {"required": True, "type": up_card,
                           "help": "dealer up card, e.g. 4 or A"}),
    Option(("--shoe",), {"type": shoe_counts,
                         "help": "cards left before the deal: counts of A,2,...,9,ten"}),
    Option(("--stakes",), {"choices": ("real", "free"), "default": "real"}),
    Option(("--after-split",), {"action": "store_true", "help": "a real hand made by a split"}),
    POST_SPLIT))
def cmd_hand(args: argparse.Namespace) -> int:
    """Print the exact EV of each legal action of one hand and the best."""
    from trainer.rules.running_out import first_decision_can_run_out

    from .hand_values import FREE, REAL
    from .post_split import PostSplit
    from .up_card import live_hand
    rules = rules_of(args)
    player, up = args.player, args.dealer
    cards = ",".join("A" if value == 1 else str(value) for value in player)
    shoe = args.shoe if args.shoe is not None else full_shoe(rules.decks)
    hand = of_values(player)
    lacking = _lacking(add(hand, of_values([up])), shoe)
    if lacking:
        given = ",".join(map(str, shoe))
        dealer = "A" if up == 1 else up
        raise CommandError(f"the shoe cannot deal these cards: --shoe {given} lacks {lacking} "
                           f"for the player's {cards} and the dealer's {dealer}", BAD_INPUT)
    dealt = subtract(shoe, of_values([up]))    # the shoe the hand was dealt from
    rest = subtract(dealt, hand)               # the cards left after the deal
    after_split = args.stakes == "free" or args.after_split
    ended = _no_decision(rules, player, after_split)
    if ended:
        dealer = "A" if up == 1 else up
        raise CommandError(f"{cards} against {dealer}: {ended}; there is no decision to value",
                           BAD_INPUT)
    can_split = len(player) == 2 and player[0] == player[1]
    if first_decision_can_run_out(rules, up, rest, 2 if can_split else 1):
        raise CommandError(
            f"the shoe is too small: {sum(rest)} cards left after the deal cannot finish the "
            "round (the dealer could be left without a card, or with only a hole card that "
            "makes blackjack); give a larger --shoe", BAD_INPUT)
    stakes = FREE if args.stakes == "free" else REAL
    card = live_hand(rules, dealt, up, hand, can_split=len(player) == 2 and not after_split,
                     post_split=PostSplit(args.post_split))
    values = card.values
    numerators = card.actions(hand, stakes, after_split=after_split, can_split=len(player) == 2)
    mass = values.mass(hand)
    actions = {a.value: x / mass for a, x in numerators.items()}
    best = max(actions, key=lambda a: actions[a])
    data = {"rules": rules.name, "player": player, "dealer": up, "stakes": args.stakes,
            "post_split": args.post_split,
            "conditioned_on_no_dealer_blackjack": values.peek, "actions": actions, "best": best}
    lines = [f"{a:12s} {x:+.6f}" for a, x in sorted(actions.items(), key=lambda kv: -kv[1])]
    lines.append(f"best: {best}")
    if can_split and not after_split and args.post_split != "cdz":
        lines += _post_split_plays(rules, player[0], up, PostSplit(args.post_split), shoe, data)
    print_result(args, data, "\n".join(lines))
    return 0


def _post_split_plays(rules: RuleSet, pair: int, up: int, post_split: PostSplit,
                      shoe: Composition, data: dict[str, Any]) -> list[str]:
    """The split hands ``post_split`` plays otherwise than CDZ- (as lines; into ``data`` as
    ``post_split_plays``, empty where none does)."""
    from .split_play import describe, split_differences
    found = split_differences(rules, pair, up, post_split, shoe)
    plays = found.plays if found is not None else ()
    data["post_split_plays"] = [
        {"cards": list(play.cards), "stakes": "free" if play.free else "real",
         "other_pair_cards_gone": list(play.gone), "cdz": play.chart, "play": play.play}
        for play in plays]
    if found is None:
        return [f"split hands: {post_split.value} plays every one as cdz does"]
    return [f"split hands {post_split.value} plays otherwise than cdz (the split's EV "
            f"{found.gain * 100:+.6f}% of the bet):",
            *(f"  {describe(play)}" for play in plays)]


#: Each card value's name in a sentence (ace 1, ten-value 10).
_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten-value card")


def _lacking(needed: Composition, shoe: Composition) -> str:
    """The cards ``needed`` that ``shoe`` lacks, in words ("a five and one more seven"), or ""
    when it holds them all."""
    said = []
    for name, want, held in zip(_NAMES, needed, shoe, strict=True):
        short = want - held
        if short <= 0:
            continue
        plural = name + ("es" if name == "six" else "s")
        if held:
            said.append("one more " + name if short == 1 else f"{short} more {plural}")
        else:
            said.append(("an " if name[0] in "ae" else "a ") + name if short == 1
                        else f"{short} {plural}")
    return ", ".join(said[:-1]) + (" and " if len(said) > 1 else "") + said[-1] if said else ""


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


@command("sidebets", help="side-bet returns", options=(RULES, JSON))
def cmd_sidebets(args: argparse.Namespace) -> int:
    """Print each side bet's return to player (not offered: null)."""
    from .pot_of_gold import PLAY, LammerChances
    from .tables import load_or_build
    rules = rules_of(args)
    table = load_or_build(rules)
    data: dict[str, Any] = dict(table["side_bets"])
    text = "\n".join(f"{k:22s} " + ("not offered" if v is None else f"{v * 100:.4f}%")
                     for k, v in data.items())
    chances = LammerChances.in_table(table)
    if chances is not None:
        data["lammers"] = {"by_count": list(chances.by_count),
                           "dealer_blackjack": chances.dealer_blackjack, "play": PLAY}
        text += "\n\n" + lammer_lines(chances)
    print_result(args, data, text)
    return 0


def lammer_lines(chances: LammerChances) -> str:
    """The lammer counts' chances as a small table, the play they assume under it."""
    from .pot_of_gold import PLAY
    rows = [f"  {count:>7d}  {p * 100:10.6f}%" for count, p in enumerate(chances.by_count)]
    return "\n".join([
        "lammers the round ends with (the lammer bets' distribution):",
        f"  {'lammers':>7s}  {'chance':>11s}", *rows,
        f"  (0 includes the dealer's blackjacks, {chances.dealer_blackjack * 100:.6f}%: the "
        "bet loses to one)",
        f"  play: {PLAY}"])


def _targets(args: argparse.Namespace) -> list[RuleSet]:
    """The rules file's rule set, or the presets' (one or all), each with its standard
    counterpart, whose tables ship too."""
    from .tables import shipped_rules
    if args.rules is not None:
        return [rules_file.load(args.rules)]
    return shipped_rules([preset(args.preset)] if args.preset else None)


def _lab_targets(args: argparse.Namespace) -> list[RuleSet]:
    """The presets whose count lab tables ship (``--rules`` has none: it is cached)."""
    if args.rules is not None:
        raise CommandError("--counts: only the presets' count labs ship; a rules file's is "
                           "built and cached on first use (e.g. by 'indices')", BAD_INPUT)
    return [preset(args.preset)] if args.preset else list(PRESETS.values())


@command("build", help="(re)build tables", options=(TARGETS, TABLE_FOLDER, COUNT_LABS, LAB))
def cmd_build(args: argparse.Namespace) -> int:
    """Write the tables of the presets (one or all) or of a rules file (``--counts``: the
    presets' count labs, on ``--scheduler`` or ``--workers``, to ``--precision``)."""
    from .tables import data_dir, write_table
    folder = Path(args.out) if args.out else data_dir()
    if args.counts:
        from .counting.lab import write_lab
        from .counting.lab_options import built, lab_workers, precision_of
        targets = _lab_targets(args)
        with lab_workers(args) as workers:
            for rules in targets:
                path = built(f"{rules.name}'s count lab", partial(
                    write_lab, rules, folder, workers, precision=precision_of(args)), _shoes_in)
                print(f"wrote {escaped(path)}")
        return 0
    for rules in _targets(args):
        print(f"wrote {escaped(write_table(rules, folder))}")
    return 0


@command("verify", help="check tables", options=(TARGETS, TABLE_FOLDER, COUNT_LABS, WHERE))
def cmd_verify(args: argparse.Namespace) -> int:
    """Check each table matches its rules and engine and rebuilds to the same bytes."""
    from .table_build import build_table
    from .tables import data_dir, encode, file_name, load_table
    folder = Path(args.out) if args.out else data_dir()
    if args.counts:
        from .counting.lab import build_lab, load_lab
        from .counting.lab import file_name as lab_name
        from .counting.lab_options import lab_workers

        def same_lab(rules: RuleSet) -> bool:
            method = load_lab(rules, folder)["method"]
            return (folder / str(lab_name(rules))).read_bytes() == encode(build_lab(
                rules, method["samples_per_bin"], method["seed"], workers,
                replicates=method["replicates"], precision=method.get("precision")))
        with lab_workers(args) as workers:
            return _verify(_lab_targets(args), same_lab, " count lab", "build --counts")

    def same_table(rules: RuleSet) -> bool:
        load_table(rules, folder)
        return (folder / file_name(rules)).read_bytes() == encode(build_table(rules))
    return _verify(_targets(args), same_table, "", "build")


def _shoes_in(path: Path) -> int:
    """The shoes the count lab written at ``path`` valued."""
    from .counting.lab_options import lab_shoes
    from .tables import decode
    return lab_shoes(decode(path.read_bytes(), str(path)))


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


@command("chart", help="render a strategy chart", options=(
    RULES,
    Option(("--context",), {"default": "real",
                            "help": "real, split or free (two-card decisions), or a drawn-... "
                                    "chart"}),
    Option(("--out",), {"required": True, "metavar": "FILE",
                        "help": "FILE.png, .svg or .pdf"})))
def cmd_chart(args: argparse.Namespace) -> int:
    """Draw one strategy chart to a file."""
    from .chart_files import check_chart_target, write_chart
    from .render import draw_chart
    from .tables import load_or_build
    check_chart_target(args.out)   # before the drawing: a bad name, a folder, a device
    rules = rules_of(args)
    table = load_or_build(rules)
    chart = table["charts"].get(args.context)
    if chart is None:
        raise CommandError(f"{rules.name} has no {args.context!r} chart (it has: "
                           f"{', '.join(table['charts'])})", BAD_INPUT)
    write_chart(draw_chart(chart, rules, args.context), args.out)
    print(f"wrote {escaped(args.out)}")
    return 0
