"""A live hand's exact values before and after a speed change: the same bits, or how far apart.

Speed work on the live grade (:func:`strategy_charts.up_card.live_hand`) either keeps every
value bit for bit or moves last bits, which must then be said and the pinned values
(``tests/engine/live_hand_values.json``) re-pinned. ``--write FILE`` values seeded live hands
on every preset as hex floats: random two-card hands on shoes with up to 300 cards gone (every
legal action; a quarter also as a split hand of either stakes, pairs each hand limit of their
split, the last twenty pairs under the other post-split strategies), then every pair against
every up card at one seeded shoe (without ``--write``, only the counts are printed).
``--compare BEFORE AFTER`` counts the values, those bit for bit the same, and the largest
difference; its exit status is 1 when one is over ``--within`` (0: any difference).

Run: .venv/bin/python bench/live_values.py --write before.json [--hands 160] [--presets ...]
     .venv/bin/python bench/live_values.py --compare before.json after.json [--within 1e-12]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from strategy_charts.composition import Composition, full_shoe, of_values, subtract
from strategy_charts.hand_values import FREE, REAL
from strategy_charts.post_split import PostSplit
from strategy_charts.up_card import live_hand
from trainer.rules import RuleSet, offers
from trainer.rules.presets import PRESETS


def hexes(values: dict[Any, float]) -> dict[str, str]:
    """Values by action name, as hex floats (every bit kept)."""
    return {str(getattr(action, "value", action)): float(value).hex()
            for action, value in values.items()}


def seeded_hand(rules: RuleSet, rng: random.Random, number: int, hands: int
                ) -> dict[str, Any] | None:
    """The values of seeded hand ``number`` (the last eighth of ``hands`` pairs), None where
    the shoe drawn cannot deal it."""
    shoe = list(full_shoe(rules.decks))
    for _ in range(rng.randrange(0, min(300, int(52 * rules.decks * 0.8)))):
        shoe[rng.choices(range(10), weights=shoe)[0]] -= 1
    up = rng.choices(range(1, 11), weights=shoe)[0]
    shoe[up - 1] -= 1
    pairs_from = hands - hands // 8
    a, b = ((number % 10 + 1,) * 2 if number >= pairs_from else
            tuple(rng.choices(range(1, 11), weights=shoe)[0] for _ in range(2)))
    hand = of_values([a, b])
    if any(count > left for count, left in zip(hand, shoe, strict=True)):
        return None
    others = (PostSplit.CDP1, PostSplit.CDP, PostSplit.CDPN)
    post_split = others[number % 3] if number >= hands - 20 else PostSplit.CDZ
    card = live_hand(rules, tuple(shoe), up, hand, post_split=post_split)
    found: dict[str, Any] = {"key": [rules.name, number, shoe, up, [a, b], post_split.value],
                             "actions": hexes(card.actions(hand))}
    if number % 4 == 0:
        found["split hand, real"] = hexes(card.actions(hand, REAL, after_split=True))
        found["split hand, free"] = hexes(card.actions(hand, FREE, after_split=True))
    if a == b and offers.split_kind(rules, a) is not None:
        for limit in range(2, rules.max_hands + 1):
            for free in (False, True):
                for first, stakes in ((REAL, "real"), (FREE, "free")):
                    found[f"split to {limit}, free {free}, first {stakes}"] = float(
                        card.split_value(a, free, first, limit)).hex()
    return found


def every_pair(rules: RuleSet, rng: random.Random) -> list[dict[str, Any]]:
    """The values of every pair against every up card at one seeded shoe."""
    shoe = list(full_shoe(rules.decks))
    for _ in range(rng.randrange(0, min(150, 15 * rules.decks))):
        shoe[rng.choices(range(10), weights=shoe)[0]] -= 1
    found = []
    for pair in range(1, 11):
        for up in range(1, 11):
            if shoe[pair - 1] < 2 + (pair == up) or shoe[up - 1] < 1:
                continue
            dealt: Composition = subtract(tuple(shoe), of_values([up]))
            hand = of_values([pair, pair])
            found.append({"key": [rules.name, "pair", pair, up],
                          "actions": hexes(live_hand(rules, dealt, up, hand).actions(hand))})
    return found


def write(path: Path | None, hands: int, presets: list[str]) -> None:
    """The seeded values of ``presets`` into ``path`` (None: only counted)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for name in presets:
        rules = PRESETS[name]
        rng = random.Random(f"live-values-{name}")
        seeded = [seeded_hand(rules, rng, number, hands) for number in range(hands)]
        out[name] = [*(hand for hand in seeded if hand is not None), *every_pair(rules, rng)]
        print(f"{name}: {len(out[name])} hands")
    if path is not None:
        path.write_text(json.dumps(out))
    print(f"{sum(map(len, out.values()))} hands on {len(out)} presets valued"
          f"{f', written to {path}' if path else ''}")


def _read(path: Path) -> dict[str, list[dict[str, Any]]]:
    """The values ``--write`` put in ``path`` (a plain message, and exit status 1, if it cannot)."""
    try:
        found: dict[str, list[dict[str, Any]]] = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        sys.exit(f"cannot read {path} ({error}): give a file written by "
                 "bench/live_values.py --write")
    return found


def compare(before: Path, after: Path, within: float) -> int:
    """Print how far ``after``'s values are from ``before``'s; 1 if one is over ``within``."""
    old, new = (_read(path) for path in (before, after))
    count = same = over = 0
    worst, where = 0.0, ""
    for name in old:
        for then, now in zip(old[name], new[name], strict=True):
            if then.keys() != now.keys() or then["key"] != now["key"]:
                print(f"{before} and {after} hold other hands: {then['key']} / {now['key']}")
                return 1
            for part in (key for key in then if key != "key"):
                a, b = then[part], now[part]
                for x, y in ([(a[k], b.get(k, "nan")) for k in a] if isinstance(a, dict)
                             else [(a, b)]):
                    count += 1
                    same += x == y
                    gap = 0.0 if x == y else abs(float.fromhex(x) - float.fromhex(y))
                    over += not gap <= within         # (a NaN is over any bound)
                    if gap > worst or gap != gap:
                        worst, where = gap, f"{then['key']} {part}"
    print(f"{count} values of {sum(map(len, old.values()))} hands: {same} bit for bit the "
          f"same, largest difference {worst:.3g}{f' ({where})' if where else ''}, "
          f"{over} over {within:g}")
    return int(over > 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", type=Path, metavar="FILE")
    parser.add_argument("--hands", type=int, default=160, help="seeded hands per preset")
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--within", type=float, default=0.0,
                        help="the largest difference allowed (0: bit for bit)")
    options = parser.parse_args()
    unknown = set(options.presets.split(",")) - set(PRESETS)
    if unknown:
        parser.error(f"no preset {', '.join(sorted(unknown))}: one of {', '.join(PRESETS)}")
    if options.compare is not None:
        before, after = options.compare
        sys.exit(compare(before, after, options.within))
    write(options.write, options.hands, options.presets.split(","))


if __name__ == "__main__":
    main()
