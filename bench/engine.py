"""Engine speed: whole-game EV, one table build, one hand at a live shoe, peak memory.

Run: .venv/bin/python bench/engine.py [preset]
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import time

from strategy_charts.composition import full_shoe, of_values, subtract
from strategy_charts.game import game_ev
from strategy_charts.hand_values import UpCardValues
from strategy_charts.initial_hand import action_values, prepare_hand
from strategy_charts.tables import build_table
from trainer.rules import preset


def live_hand_times(name: str, count: int = 60) -> list[float]:
    """Seconds for the exact EVs of random hands at random live shoes (cold caches)."""
    rules = preset(name)
    rng = random.Random(7)
    times = []
    for _ in range(count):
        shoe = list(full_shoe(rules.decks))
        for _ in range(rng.randrange(0, 200)):
            i = rng.choices(range(10), weights=shoe)[0]
            shoe[i] -= 1
        up, a, b = (rng.choices(range(1, 11), weights=shoe)[0] for _ in range(3))
        hand = of_values([a, b])
        start = time.perf_counter()
        values = UpCardValues(rules, subtract(tuple(shoe), of_values([up])), up)
        prepare_hand(values, hand)
        action_values(values, hand)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "evolution"
    start = time.perf_counter()
    result = game_ev(preset(name))
    print(f"{name}: whole-game EV {result.ev * 100:+.6f}% in {time.perf_counter() - start:.2f} s")
    start = time.perf_counter()
    build_table(preset(name))
    print(f"{name}: table build {time.perf_counter() - start:.2f} s")
    times = live_hand_times(name)
    print(f"{name}: one hand at a live shoe: median {statistics.median(times) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms over {len(times)} hands")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main()
