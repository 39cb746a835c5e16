"""The stable keys of counting answers in the progress store.

A counting answer is stored like every decision (:class:`~trainer.teaching.records.GradedDecision`)
under a key of four parts, ``preset|context|count|detail``, for example::

    evolution|count|hilo|c2              running count, cards shown two at a time
    evolution|count|hilo|shoe            running count asked during a shoe
    evolution|truecount|freebet|d3.5     true count with 3.5 decks left
    evolution|index|hilo|hard:16:v10     the play of hard 16 against a ten at a true count
    evolution|index|hilo|insurance:0:v1  insurance at a true count
    pot-of-gold|index|hilo|wager:pot_of_gold   the Pot of Gold wager at a true count
    evolution|bet|hilo|tc+3              the bet at true count +3 (shoe practice, the ramp)
    evolution|bet|ko|rc-12               KO's bet at running count -12 (an unbalanced count)
    evolution|index|tags(-1,1,1,1,1,1,0,0,0,-1.5)|hard:16:v10   a player's own tags

The contexts (count, truecount, index, bet) are none of the decision contexts, and a decision's
key has six parts (:class:`~trainer.teaching.situations.Situation`), so the two never collide:
each parser refuses the other's keys. **Keys never change meaning**: a version may add details,
never rename one. The preset part is as in situation keys (``custom-FINGERPRINT`` for a rule set
that is no preset); the count is a trained count's key (``hilo``, ``freebet``, ``ko``) or a
player's own tags (``tags(...)``, :func:`strategy_charts.counting.systems.custom_count`); an
index detail is the count lab's cell key (:class:`strategy_charts.counting.cells.Cell`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from strategy_charts.counting.cells import Cell
from strategy_charts.counting.systems import count_named
from trainer.rules.plural import counted
from trainer.teaching.records import COUNTING_KEY_PARTS

RUNNING, TRUE, INDEX, BET = "count", "truecount", "index", "bet"
CONTEXTS = (RUNNING, TRUE, INDEX, BET)
IN_SHOE = "shoe"

_DETAIL = {
    RUNNING: re.compile(r"c[1-9]|shoe"),
    TRUE: re.compile(r"d(0\.5|[1-9][0-9]?(\.5)?)"),
    BET: re.compile(r"tc[+-](10|[0-9])|rc[+-](0|[1-9][0-9]{0,2})"),
}


@dataclass(frozen=True)
class CountingKey:
    """One counting situation: rule set, context, count and detail (see the module docstring)."""

    preset: str
    context: str
    count: str
    detail: str

    @property
    def key(self) -> str:
        """The stable key, e.g. ``evolution|index|hilo|hard:16:v10``."""
        return "|".join((self.preset, self.context, self.count, self.detail))

    @classmethod
    def from_key(cls, key: str) -> CountingKey:
        """Read a key back; ValueError for anything :attr:`key` cannot produce."""
        parts = key.split("|")
        if len(parts) != COUNTING_KEY_PARTS:
            raise ValueError(f"not a counting key: {key!r}")
        found = cls(*parts)
        if found.context not in CONTEXTS or not found.preset or not _is_count(found.count):
            raise ValueError(f"not a counting key: {key!r}")
        if found.context == INDEX:
            try:
                Cell.from_key(found.detail)
            except ValueError:
                raise ValueError(f"not a counting key: {key!r}") from None
        elif not _DETAIL[found.context].fullmatch(found.detail):
            raise ValueError(f"not a counting key: {key!r}")
        return found

    @property
    def cell(self) -> Cell:
        """The decision of an index key."""
        if self.context != INDEX:
            raise ValueError(f"{self.key} is not an index play's key")
        return Cell.from_key(self.detail)

    def describe(self) -> str:
        """Text for screens: 'Hi-Lo running count, 2 cards at a time', 'Hi-Lo: hard 16 v 10'."""
        name = count_named(self.count).name
        if self.context == RUNNING:
            if self.detail == IN_SHOE:
                return f"{name} running count in a shoe"
            cards = int(self.detail[1:])
            return f"{name} running count, {cards} card{'s' if cards > 1 else ''} at a time"
        if self.context == TRUE:
            return f"{name} true count, {counted(float(self.detail[1:]), 'deck')} left"
        if self.context == BET:
            words = "running count" if self.detail.startswith("rc") else "true count"
            return f"{name} bet at {words} {self.detail[2:]}"
        return f"{name}: {self.cell.describe()}"


def running_key(preset: str, count: str, cards_at_once: int) -> CountingKey:
    """The key of a running-count drill showing ``cards_at_once`` cards at a time."""
    return CountingKey(preset, RUNNING, count, f"c{cards_at_once}")


def decks_detail(decks_left: float) -> str:
    """'d3.5' for 3.5 decks left (to the half deck)."""
    halves = round(decks_left * 2)
    return f"d{halves // 2}" + (".5" if halves % 2 else "") if halves >= 2 else "d0.5"


def bet_detail(tc: int, running: bool = False) -> str:
    """'tc+3' for true count +3 (clipped to -10..+10); 'rc-12' for an unbalanced count's
    running count -12."""
    if running:
        return f"rc{max(-999, min(999, tc)):+d}"
    return f"tc{max(-10, min(10, tc)):+d}"


def _is_count(key: str) -> bool:
    """True when ``key`` names a count (a trained one or a player's tags)."""
    try:
        count_named(key)
    except ValueError:
        return False
    return True
