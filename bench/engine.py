"""Engine speed: whole-process EV commands, table builds, one hand at a live shoe, peak memory.

Every figure is printed in seconds and in yardstick units (the seconds a fixed pure-Python loop
takes on this machine, :mod:`yardstick`), so machines can be compared. Whole-process figures
run the command in a fresh process (imports and one-time setup included) and give the median
of ``--repeat`` runs; table builds also run in a fresh process each and time the build only.

Run: .venv/bin/python bench/engine.py [--repeat N] [--post-split]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from folders import keep_to_temporary_folders
from yardstick import yardstick

if TYPE_CHECKING:
    from strategy_charts.composition import Composition

HERE = Path(__file__).resolve().parent
STANDARD = HERE / "rules" / "standard-6d-h17.toml"
PRESETS = ("evolution", "pot-of-gold", "pot-of-gold-8d")
EV_COMMANDS = (("standard 6D H17 DAS split to 4", ["--rules", str(STANDARD)]),
               ("evolution", ["--preset", "evolution"]),
               ("pot-of-gold", ["--preset", "pot-of-gold"]))
#: The games whose whole-process ev is timed with each post-split strategy
POST_SPLIT_GAMES = (EV_COMMANDS[0], EV_COMMANDS[2])

_BUILD = """
import sys, time
from strategy_charts.tables import build_table
from trainer.rules import preset, rules_file
name = sys.argv[1]
rules = rules_file.load(name) if name.endswith(".toml") else preset(name)
start = time.perf_counter()
build_table(rules)
print(time.perf_counter() - start)
"""


def run(args: list[str]) -> tuple[float, float, float, str]:
    """Wall seconds, CPU seconds, peak memory (MiB) and output of one fresh process."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout.read() if proc.stdout else ""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status:
        raise SystemExit(f"{' '.join(args)} failed")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out


def live_situations(name: str, count: int = 60) -> list[tuple[Composition, int, Composition]]:
    """``count`` seeded random hands at random live shoes of preset ``name``: (the shoe without
    the up card, the up card, the hand of two cards), the hand's cards still in the shoe."""
    from strategy_charts.composition import full_shoe, of_values, subtract
    from trainer.rules import preset

    rng = random.Random(7)
    found = []
    for _ in range(count):
        shoe = list(full_shoe(preset(name).decks))
        for _ in range(rng.randrange(0, 200)):
            i = rng.choices(range(10), weights=shoe)[0]
            shoe[i] -= 1
        up, a, b = (rng.choices(range(1, 11), weights=shoe)[0] for _ in range(3))
        found.append((subtract(tuple(shoe), of_values([up])), up, of_values([a, b])))
    return found


def live_hand_times(name: str, count: int = 60, runs: int = 3) -> list[list[float]]:
    """Seconds for the exact EVs of random hands at random live shoes (the drills' perfect-play
    grade, :func:`live_situations`): every hand's values and the dealer's probabilities
    computed afresh each time, each hand ``runs`` times in a row (the first run of each is the
    figure a player meets; the best of its runs is the hand's own cost, without what other
    work on the machine added)."""
    from strategy_charts.up_card import live_hand
    from trainer.rules import preset

    rules = preset(name)
    times = []
    for shoe, up, hand in live_situations(name, count):
        hand_times = []
        for _ in range(runs):
            start = time.perf_counter()
            live_hand(rules, shoe, up, hand).actions(hand)
            hand_times.append(time.perf_counter() - start)
        times.append(hand_times)
    return times


def main() -> None:
    keep_to_temporary_folders()      # tables built here never go to the user's cache
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per whole-process figure")
    parser.add_argument("--hands", type=int, default=60, help="live hands timed per preset")
    parser.add_argument("--post-split", action="store_true",
                        help="only the ev figures of each post-split strategy")
    options = parser.parse_args()
    repeat, hands = options.repeat, options.hands
    units: list[float] = [yardstick()]

    def show(label: str, seconds: float, extra: str = "") -> None:
        unit = statistics.median(units)
        if seconds < 0.1:
            print(f"{label:50s} {seconds * 1000:7.2f} ms {seconds / unit * 1000:6.2f} "
                  f"milli-units{extra}")
        else:
            print(f"{label:50s} {seconds:7.3f} s  {seconds / unit:6.2f} units{extra}")

    print("whole process, each post-split strategy: python -m strategy_charts ev ... "
          f"--post-split cdz|cdp1|cdp|cdpn (median of {repeat}, runs taken in turn; wall, "
          "and the process's CPU time, user and system)")
    for label, args in POST_SPLIT_GAMES:
        timed: dict[str, list[tuple[float, float]]] = {"cdz": [], "cdp1": [], "cdp": [],
                                                       "cdpn": []}
        for _ in range(repeat):       # in turn, so that load on the machine falls on all
            for name, kept in timed.items():
                wall, cpu, _, _ = run(["-m", "strategy_charts", "ev", *args, "--post-split", name])
                kept.append((wall, cpu))
        units.append(yardstick())
        cdz_wall, cdz_cpu = (statistics.median(t[i] for t in timed["cdz"]) for i in (0, 1))
        for name, kept in timed.items():
            wall, cpu = (statistics.median(t[i] for t in kept) for i in (0, 1))
            show(f"  ev {label} --post-split {name}", wall,
                 f"  CPU {cpu:.3f} s" if name == "cdz" else
                 f"  ({wall / cdz_wall:.2f} x cdz; CPU {cpu:.3f} s, {cpu / cdz_cpu:.2f} x cdz)")
    if options.post_split:
        print_yardstick(units)
        return
    print("whole process: python -m strategy_charts ev ... (median of "
          f"{repeat}; CPU seconds and peak memory of that run)")
    for label, args in EV_COMMANDS:
        runs = sorted(run(["-m", "strategy_charts", "ev", *args]) for _ in range(repeat))
        wall, cpu, peak, _ = runs[len(runs) // 2]
        units.append(yardstick())
        show(f"  ev {label}", wall, f"  (CPU {cpu:.2f} s, peak {peak:.0f} MiB)")
    print("table build in a fresh process (the build only)")
    for name in (*PRESETS, str(STANDARD)):
        seconds = statistics.median(
            float(run(["-c", _BUILD, name])[3]) for _ in range(max(1, repeat // 2)))
        units.append(yardstick())
        show(f"  {Path(name).stem}", seconds)
    from strategy_charts.composition import of_values
    from strategy_charts.up_card import live_hand
    from trainer.rules import preset
    print(f"one hand at a live shoe ({hands} random hands and shoes, after one warm-up "
          "hand per up card; each hand 3 times in a row)")
    for name in ("evolution", "pot-of-gold"):
        rules = preset(name)
        for up in range(1, 11):      # the process's one-time setup (per up card)
            live_hand(rules, rules_shoe(rules.decks, up), up, of_values([8, 8])).actions(
                of_values([8, 8]))
        times = live_hand_times(name, hands)
        firsts = [runs[0] for runs in times]
        show(f"  {name}: median", statistics.median(firsts))
        show(f"  {name}: worst", max(firsts))
        show(f"  {name}: worst hand, best of its 3 runs", max(min(runs) for runs in times))
    units.append(yardstick())
    print_yardstick(units)


def print_yardstick(units: list[float]) -> None:
    """The yardstick's runs, as every figure's units were taken from."""
    print(f"yardstick: median {statistics.median(units):.4f} s over {len(units)} runs "
          f"(min {min(units):.4f}, max {max(units):.4f})")


def rules_shoe(decks: int, up: int) -> tuple[int, ...]:
    """A full shoe of ``decks`` without one up card."""
    from strategy_charts.composition import full_shoe, of_values, subtract
    return subtract(full_shoe(decks), of_values([up]))


if __name__ == "__main__":
    main()
