"""A live hand's grade in CPU time beside wall time: the figure to believe on a shared machine.

:mod:`engine` times the hands a player meets (the first run of each, wall clock); on a machine
other work shares, that clock also counts the time the process waited. Here each of the same
seeded hands (:func:`engine.live_situations`) is graded ``--runs`` times in a row and timed by
both clocks: the wall time (``time.perf_counter``) and the process's CPU time
(``time.process_time``), each the best of the hand's runs. With ``--pairs``, every pair
against every up card at one seeded shoe too: the pairs of small cards split into the most
hands, so the slowest hand of a rule set is among them; ``--over MS`` lists every pair whose
best CPU time is over MS milliseconds (the live grade's budget is 5 ms). ``--parts PAIR:UP``
(with ``--pairs``' shoe) says where that pair's grade spends its CPU time, in its quickest of
``--runs`` runs: the dealer's passes, the dealer cache's look-ups, the stand values, building
the hand sets, their best-play and fixed-play passes, the split's reach, and the rest.

Run: .venv/bin/python bench/live_hand.py [--presets evolution,pot-of-gold] [--hands 60]
     [--runs 5] [--pairs [--over MS]] [--parts 2:1,3:1]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

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


#: The parts of a grade timed by ``--parts``: (label, module, owner, function name)
PARTS = (("the dealer's passes", "strategy_charts.dealer_probabilities", None, "dealer_columns"),
         ("the dealer cache", "strategy_charts.dealer_probabilities", "DealerCache", "columns"),
         ("stand values", "strategy_charts.all_hands", "HandSet", "prepare"),
         ("hand sets built", "strategy_charts.all_hands", "HandSet", "__init__"),
         ("best-play passes", "strategy_charts.all_hands", "HandSet", "optimal"),
         ("fixed-play passes", "strategy_charts.all_hands", "HandSet", "fixed"),
         ("the split's reach", "strategy_charts.up_card", None, "reachable"))


@contextmanager
def timing_parts(spent: dict[str, float]) -> Iterator[None]:
    """While inside, each part of :data:`PARTS` adds its CPU seconds to ``spent`` (a part that
    calls another counts it too: :func:`parts` takes the inner one out)."""
    import importlib

    kept: list[tuple[Any, str, Callable[..., Any]]] = []
    for label, module, owner, name in PARTS:
        holder: Any = importlib.import_module(module)
        if owner is not None:
            holder = getattr(holder, owner)
        original = getattr(holder, name)

        def timed_part(*args: Any, _original: Callable[..., Any] = original,
                       _label: str = label, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return _original(*args, **kwargs)
            finally:
                spent[_label] = spent.get(_label, 0.0) + time.process_time() - start

        kept.append((holder, name, original))
        setattr(holder, name, timed_part)
    try:
        yield
    finally:
        for holder, name, original in kept:
            setattr(holder, name, original)


def parts(rules: RuleSet, shoe: Composition, up: int, hand: Composition,
          runs: int) -> tuple[float, dict[str, float]]:
    """The CPU seconds of grading ``hand``, the quickest of ``runs`` runs, and that run's
    parts (each without the parts it calls; "the rest" is what none of them covers)."""
    from strategy_charts.up_card import live_hand

    best: tuple[float, dict[str, float]] = (float("inf"), {})
    for _ in range(runs):
        spent: dict[str, float] = {}
        with timing_parts(spent):
            start = time.process_time()
            live_hand(rules, shoe, up, hand).actions(hand)
            total = time.process_time() - start
        if total < best[0]:
            best = (total, spent)
    total, spent = best
    dealer = spent.get("the dealer's passes", 0.0)
    own = dict(spent)
    own["stand values"] = spent.get("stand values", 0.0) - spent.get("the dealer cache", 0.0)
    own["the dealer cache"] = spent.get("the dealer cache", 0.0) - dealer
    own["the rest"] = total - sum(own.values())
    return total, own


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="evolution,pot-of-gold")
    parser.add_argument("--hands", type=int, default=60, help="seeded hands per preset")
    parser.add_argument("--runs", type=int, default=5, help="runs of each hand (best kept)")
    parser.add_argument("--pairs", action="store_true",
                        help="also every pair against every up card at one seeded shoe")
    parser.add_argument("--over", type=float, default=None, metavar="MS",
                        help="with --pairs, list every pair over MS milliseconds of CPU")
    parser.add_argument("--parts", default="", metavar="PAIR:UP,...",
                        help="where these pairs' grades spend their CPU time (--pairs' shoe)")
    options = parser.parse_args()
    try:
        wanted_parts = [tuple(int(number) for number in wanted.split(":"))
                        for wanted in filter(None, options.parts.split(","))]
    except ValueError:
        wanted_parts = [()]
    if any(len(wanted) != 2 or not all(1 <= number <= 10 for number in wanted)
           for wanted in wanted_parts):
        parser.error(f"--parts {options.parts}: give pairs as PAIR:UP, card values 1 to 10 "
                     "(2:1 is a pair of 2s against an ace)")
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
        for pair, up in wanted_parts:
            first_shoe, first_up, _ = situations[0]
            at = subtract(add(first_shoe, of_values([first_up])), of_values([up]))
            total, shares = parts(rules, at, up, of_values([pair, pair]), options.runs)
            show(f"  {name}: pair of {pair}s against {up}, CPU", total, "  (quickest run)")
            for label, seconds in sorted(shares.items(), key=lambda item: -item[1]):
                show(f"    {label}", seconds)
    print(f"yardstick {unit:.4f} s")


if __name__ == "__main__":
    main()
