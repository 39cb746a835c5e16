"""Side bets: Perfect Pairs, 21+3 and Hot 3 (on the first three cards), Pot of Gold (on lammers)."""

from __future__ import annotations

from enum import Enum


class SideBet(Enum):
    """The side bets a seat can place with its main bet."""

    PERFECT_PAIRS = "perfect_pairs"
    TWENTY_ONE_PLUS_THREE = "twenty_one_plus_three"
    HOT_3 = "hot_3"
    POT_OF_GOLD = "pot_of_gold"

    @property
    def title(self) -> str:
        """Name as printed on the table."""
        return {"perfect_pairs": "Perfect Pairs", "twenty_one_plus_three": "21+3",
                "hot_3": "Hot 3", "pot_of_gold": "Pot of Gold"}[self.value]


class PayCategory(Enum):
    """Base of each side bet's winning categories; the value is (label, pays N to 1)."""

    @property
    def label(self) -> str:
        """Category name as on the pay table."""
        return str(self.value[0])

    @property
    def pays(self) -> int:
        """Payout N of 'N to 1'."""
        return int(self.value[1])
