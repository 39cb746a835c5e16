"""True count: a running count and the decks left (as a discard tray shows them, to the half
deck); the player gives the true count, floored as the count lab's indices are.

Questions are drawn as shoes meet them: a depth before the cut card, then a running count with
its exact chance at that depth (:class:`strategy_charts.counting.shoes.CountLattice`), seeded.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from strategy_charts.counting.shoes import CountLattice
from strategy_charts.counting.systems import count_named
from trainer.rules import RuleSet

from ..grading import Clock, utc_now
from ..records import GradedDecision, Mode
from ..situations import preset_label
from .answers import count_record, elapsed_ms, read_count, signed
from .keys import TRUE, CountingKey, decks_detail

#: Answers further from 0 than this are refused as out of range.
LIMIT = 20
#: Questions whose true count lies beyond this are drawn again.
ASKED = 15


def floored(running: int, decks: float) -> int:
    """The true count of a running count over ``decks`` decks, floored."""
    return math.floor(running / decks + 1e-9)


@dataclass(frozen=True)
class TrueCountQuestion:
    """One question: the running count, the decks left (to the half deck) and the answer."""

    number: int
    running: int
    decks: float
    true_count: int
    asked_at: datetime

    def text(self) -> str:
        """E.g. 'Running count +7, 3.5 decks left'."""
        return f"Running count {signed(self.running)}, {self.decks:g} decks left"


class TrueCountDrill:
    """True-count questions, one after another."""

    def __init__(self, rules: RuleSet, count: str = "hilo", *, seed: int = 0,
                 clock: Clock = utc_now) -> None:
        self.rules = rules
        self.count = count_named(count)
        self.preset = preset_label(rules)
        self.lattice = CountLattice(rules.decks, tuple(int(t) for t in self.count.tags),
                                    rules.penetration)
        self.rng = np.random.default_rng(seed)
        self._pick = random.Random(seed)
        self.clock = clock
        self.current: TrueCountQuestion | None = None
        self.asked = 0
        self.decisions: list[GradedDecision] = []

    def next(self) -> TrueCountQuestion:
        """The next question (it stays :attr:`current` until answered)."""
        lattice = self.lattice
        while True:
            gone = self._pick.randrange(lattice.cut)
            chance = lattice.chance[gone]
            running = int(lattice.running[self.rng.choice(len(chance), p=chance / chance.sum())])
            decks = max(0.5, round((lattice.cards - gone) / 52 * 2) / 2)
            answer = floored(running, decks)
            if abs(answer) <= ASKED:
                break
        self.current = TrueCountQuestion(self.asked, running, decks, answer, self.clock())
        self.asked += 1
        return self.current

    def answer(self, text: str) -> GradedDecision:
        """Grade the typed true count; CountInputError (nothing graded) if it is not a whole
        number from -20 to +20."""
        question = self.current
        if question is None:
            raise RuntimeError("no question is asked: call next() first")
        typed = read_count(text, "true count", limit=LIMIT)
        now = self.clock()
        key = CountingKey(self.preset, TRUE, self.count.key, decks_detail(question.decks))
        decision = count_record(key, typed, question.true_count, now,
                                elapsed_ms(question.asked_at, now), Mode.COUNT, question.text())
        self.current = None
        self.decisions.append(decision)
        return decision
