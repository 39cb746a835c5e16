"""A live hand's grade in CPU time beside wall time: the figure to believe on a shared machine.

:mod:`engine` times the hands a player meets (the first run of each, wall clock); on a machine
other work shares, that clock also counts the time the process waited. Here each of the same
seeded hands (:func:`engine.live_situations`) is graded ``--runs`` times in a row and timed by
both clocks: the wall time (``time.perf_counter``) and the process's CPU time
(``time.process_time``), each the best of the hand's runs. With ``--pairs``, every pair
against every up card at one seeded shoe too: the pairs of small cards split into the most
hands, so the slowest hand of a rule set is among them; ``--over MS`` lists every pair whose
best CPU time is over MS milliseconds (the live grade's budget is 5 ms).

Run: .venv/bin/python bench/live_hand.py [--presets evolution,pot-of-gold] [--hands 60]
     [--runs 5] [--pairs [--over MS]]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import TYPE_CHECKING

from engine import live_situations
from yardstick import yardstick

if TYPE_CHECKING:
    from strategy_charts.composition import Composition
    from trainer.rules import RuleSet


def timed(rules: RuleSet, shoe: Composition, up: int, hand: Composition,
          runs: int) -> tuple[float, float]:
    """(wall, CPU) seconds of grading ``hand`` (every legal action's exact value, the dealer's
    probabilities computed afresh), each the best of ``runs`` runs in a row."""
    from strategy_charts.up_card import live_hand

    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        live_hand(rules, shoe, up, hand).actions(hand)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    return min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="evolution,pot-of-gold")
    parser.add_argument("--hands", type=int, default=60, help="seeded hands per preset")
    parser.add_argument("--runs", type=int, default=5, help="runs of each hand (best kept)")
    parser.add_argument("--pairs", action="store_true",
                        help="also every pair against every up card at one seeded shoe")
    parser.add_argument("--over", type=float, default=None, metavar="MS",
                        help="with --pairs, list every pair over MS milliseconds of CPU")
    options = parser.parse_args()
    from strategy_charts.composition import add, of_values, subtract
    from strategy_charts.up_card import live_hand, ready_live_hands
    from trainer.rules import preset

    unit = yardstick()

    def show(label: str, seconds: float, extra: str = "") -> None:
        print(f"{label:44s} {seconds * 1000:7.2f} ms {seconds / unit * 1000:6.2f} "
              f"milli-units{extra}")

    print(f"a live hand's grade, best of {options.runs} runs each: wall and CPU time")
    for name in options.presets.split(","):
        rules = preset(name)
        ready_live_hands(rules)
        situations = live_situations(name, options.hands)
        for shoe, up, hand in situations[:10]:       # warm-up: the process's first hands
            live_hand(rules, shoe, up, hand).actions(hand)
        found = []
        for shoe, up, hand in situations:
            wall, cpu = timed(rules, shoe, up, hand, options.runs)
            found.append((cpu, wall, up, hand))
        cpu, wall, up, hand = max(found)
        cards = ",".join(str(c) for c in range(1, 11) for _ in range(hand[c - 1]))
        show(f"  {name}: median CPU", statistics.median(f[0] for f in found))
        show(f"  {name}: worst CPU", cpu, f"  (hand {cards} against {up})")
        show(f"  {name}: that hand's wall", wall)
        if options.pairs:
            first_shoe, first_up, _ = situations[0]
            shoe = add(first_shoe, of_values([first_up]))      # that shoe before the deal
            pairs = []
            for pair in range(1, 11):
                for up in range(1, 11):
                    at = subtract(shoe, of_values([up]))
                    hand = of_values([pair, pair])
                    wall, cpu = timed(rules, at, up, hand, options.runs)
                    pairs.append((cpu, wall, pair, up))
            cpu, wall, pair, up = max(pairs)
            show(f"  {name}: every pair, worst CPU", cpu, f"  (pair of {pair}s against {up})")
            show(f"  {name}: every pair, median CPU", statistics.median(p[0] for p in pairs))
            if options.over is not None:
                over = sorted((p for p in pairs if p[0] * 1000 > options.over), reverse=True)
                print(f"  {name}: {len(over)} of {len(pairs)} pairs over {options.over:g} ms")
                for cpu, _, pair, up in over:
                    show(f"    pair of {pair}s against {up}", cpu)
    print(f"yardstick {unit:.4f} s")


if __name__ == "__main__":
    main()
