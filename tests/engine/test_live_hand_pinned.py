"""A live hand's exact EVs stay bit for bit what they were when this test was written.

The live grade (:func:`strategy_charts.up_card.live_hand`) is sped up without changing a bit:
every legal action's value on seeded depleted shoes, for each preset, is compared with values
pinned (as hex floats) from the engine before any speed work (``live_hand_values.json``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from strategy_charts.composition import Composition, full_shoe, of_values, subtract
from strategy_charts.up_card import live_hand
from trainer.rules import preset

PINNED = Path(__file__).with_name("live_hand_values.json")
PRESETS = ("evolution", "pot-of-gold", "pot-of-gold-8d")


def situations(name: str) -> list[tuple[Composition, int, tuple[int, int]]]:
    """Seeded (shoe before the up card, up card, two cards): random hands on shoes with up to
    250 cards gone, then every pair against a random up card (the split paths)."""
    decks = preset(name).decks
    rng = random.Random(f"live-{name}")
    found = []
    for number in range(40):
        shoe = list(full_shoe(decks))
        for _ in range(rng.randrange(0, 250)):
            shoe[rng.choices(range(10), weights=shoe)[0]] -= 1
        up, a = (rng.choices(range(1, 11), weights=shoe)[0] for _ in range(2))
        b = a if number >= 30 else rng.choices(range(1, 11), weights=shoe)[0]
        if number >= 30:
            a = b = number - 29          # each pair once
        found.append((tuple(shoe), up, (a, b)))
    return found


def live_values(name: str, shoe: Composition, up: int, cards: tuple[int, int]) -> dict[str, str]:
    """Every legal action's EV numerator of the hand, as hex floats by action name."""
    hand = of_values(cards)
    values = live_hand(preset(name), subtract(shoe, of_values([up])), up, hand).actions(hand)
    return {action.value: value.hex() for action, value in values.items()}


@pytest.mark.parametrize("name", PRESETS)
def test_live_hand_values_are_unchanged(name: str) -> None:
    pinned = json.loads(PINNED.read_text())[name]
    found = [live_values(name, shoe, up, cards) for shoe, up, cards in situations(name)]
    assert len(found) == len(pinned) == 40
    for number, (now, then) in enumerate(zip(found, pinned, strict=True)):
        assert now == then, f"{name} situation {number}: {situations(name)[number]}"
