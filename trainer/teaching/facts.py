"""Facts: what a player memorises, shared by many situations.

"Hard 16 against a 10 with a real stake: hit" holds for 10-6 as the first decision, for 9-7 after
a split and for 7-5-4 after a hit alike. A **fact** is the stakes, the hand class (hard N, soft
N, pair X), the dealer's up card and the best play; every situation whose hands all share that
best play is one face of it, whatever its context and card count. A situation whose hands
disagree on the best play (A-5-2 hits where A-7 stands) is a fact of its own: no single rule
covers it. Facts group the 2021 situations of the live game into about 740 things to learn.

Fact keys read ``preset|stakes|class|vUP|play`` (``evolution|real|hard16|v10|hit``), or the
situation key itself for a situation of its own. Like situation keys they never change meaning.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from .catalog import Catalog
from .situations import Situation, card_label


def fact_key(situation: Situation, play: str | None) -> str:
    """The key of the fact ``situation`` is a face of; ``play`` None: hands that disagree."""
    if play is None:
        return situation.key
    return "|".join((situation.preset, situation.stakes.value, situation.hand_class,
                     f"v{card_label(situation.up)}", play))


@dataclass(frozen=True)
class Facts:
    """The facts of one catalog: each situation's fact and each fact's situations."""

    of_situation: dict[str, str]
    faces: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, table: Catalog) -> Facts:
        """Group the catalog's situations by what a player memorises."""
        of_situation: dict[str, str] = {}
        faces: dict[str, list[str]] = defaultdict(list)
        for key, situation in sorted(table.situations.items()):
            plays = {table.evs(spot)[1] for spot in table.spots[key]}
            fact = fact_key(situation, plays.pop() if len(plays) == 1 else None)
            of_situation[key] = fact
            faces[fact].append(key)
        return cls(of_situation, {fact: tuple(keys) for fact, keys in faces.items()})
