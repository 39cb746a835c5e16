"""True count: a running count and the decks left (as a discard tray shows them, to the half
deck); the player gives the true count, floored as the count lab's indices are.

Questions are drawn as shoes meet them: a depth before the cut card, then a running count with
its exact chance at that depth (:class:`strategy_charts.counting.shoes.CountLattice`), seeded.

Each decks-left detail the shoe meets before its cut card is a skill (``d2``, ``d4.5``, ...),
spaced by the memory model over the player's earlier answers (``history``; :mod:`.spacing`):
the details due come first, in cycles, the weakest first (recall under 90%, or never answered;
among those alike, the one shoes meet most), each at a depth drawn among those that show it and
its running count drawn as there; a missed detail comes back 3 to 5 questions later. When
nothing is due, the depth is drawn among all of them, as shoes meet them. The question just asked
is never drawn again next (unless the shoe offers nothing else).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

import numpy as np

from strategy_charts.counting.shoes import CountLattice
from strategy_charts.counting.systems import count_named
from trainer.rules import RuleSet
from trainer.rules.plural import counted
from trainer.scheduler.memory import MemoryParams, day_of
from trainer.teaching.answers import Answer
from trainer.teaching.grading import Clock, utc_now
from trainer.teaching.records import GradedDecision, Mode, Verdict
from trainer.teaching.situations import preset_label

from ..comebacks import Comebacks
from .answers import count_record, elapsed_ms, read_count, signed
from .keys import TRUE, CountingKey, decks_detail
from .spacing import AVERAGE_MEMORY, GUESS, Skills

#: Answers further from 0 than this are refused as out of range.
LIMIT = 20
#: Questions whose true count lies beyond this are drawn again.
ASKED = 15
#: Draws made for a question other than the one just asked before it is asked again (a shoe
#: whose every draw is that one).
REDRAWS = 200


def floored(running: int, decks: float) -> int:
    """The true count of a running count over ``decks`` decks, floored."""
    return math.floor(running / decks + 1e-9)


def decks_left(cards: int) -> float:
    """The decks a discard tray shows for ``cards`` left, to the half deck (at least half)."""
    return max(0.5, round(cards / 52 * 2) / 2)


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
        return f"Running count {signed(self.running)}, {counted(self.decks, 'deck')} left"


class TrueCountDrill:
    """True-count questions, one after another (see the module docstring)."""

    def __init__(self, rules: RuleSet, count: str = "hilo", *, seed: int = 0,
                 clock: Clock = utc_now, history: Sequence[Answer] = (),
                 params: MemoryParams = AVERAGE_MEMORY) -> None:
        self.rules = rules
        self.count = count_named(count)
        if not self.count.balanced:
            raise ValueError(f"{self.count.name} is unbalanced: it is kept from its initial "
                             "running count and never divided, so it has no true count to drill")
        if self.count.whole != 1:
            raise ValueError("the drills count whole-number tags: double a count of halves")
        self.preset = preset_label(rules)
        self.lattice = CountLattice(rules.decks, tuple(int(t) for t in self.count.tags),
                                    rules.penetration)
        self.rng = np.random.default_rng(seed)
        self._pick = random.Random(seed)
        self.clock = clock
        self.current: TrueCountQuestion | None = None
        self.asked = 0
        self.decisions: list[GradedDecision] = []
        #: the depths (cards gone) before the cut card, by the decks left they show
        self.depths: dict[float, list[int]] = {}
        for gone in range(self.lattice.cut):
            self.depths.setdefault(decks_left(self.lattice.cards - gone), []).append(gone)
        #: what the player holds of each decks-left detail (its key), from ``history`` on
        self.skills = Skills(history, params)
        self._cycle: list[float] = []
        self._again: Comebacks[float] = Comebacks(self._pick)
        self._last: tuple[int, float] | None = None      # the question just asked

    @property
    def details(self) -> list[float]:
        """The decks left the shoe meets before its cut card, fewest first."""
        return sorted(self.depths)

    def key_of(self, decks: float) -> str:
        """The stored key of the true count at ``decks`` decks left."""
        return CountingKey(self.preset, TRUE, self.count.key, decks_detail(decks)).key

    def due(self) -> list[float]:
        """The decks left due now (recall under 90%, or never answered), fewest first."""
        return sorted(self.skills.due(self.depths, self.key_of, self.clock(), new=True))

    def next_due(self) -> datetime | None:
        """When the first decks-left detail answered before falls due (None: none answered)."""
        return self.skills.next_due(map(self.key_of, self.depths), self.clock())

    def _scheduled(self) -> float | None:
        """The decks left of the next question: a missed one coming back, else the weakest due
        (among those alike, the one shoes meet most); None when nothing is due."""
        again = self._again.take(self.asked)
        if again is not None:
            return again
        if not self._cycle:
            self._cycle = self.skills.due(self.depths, self.key_of, self.clock(), new=True,
                                          rng=self._pick,
                                          worth=lambda decks: len(self.depths[decks]))
        return self._cycle.pop() if self._cycle else None

    def next(self) -> TrueCountQuestion:
        """The next question (it stays :attr:`current` until answered)."""
        lattice, due = self.lattice, self._scheduled()
        draws = 0
        while True:
            gone = (self._pick.randrange(lattice.cut) if due is None
                    else self._pick.choice(self.depths[due]))
            chance = lattice.chance[gone]
            running = int(lattice.running[self.rng.choice(len(chance), p=chance / chance.sum())])
            decks = decks_left(lattice.cards - gone)
            answer = floored(running, decks)
            draws += 1
            again = (running, decks) == self._last and draws < REDRAWS
            if abs(answer) <= ASKED and not again:
                break
        self._last = (running, decks)
        self.current = TrueCountQuestion(self.asked, running, decks, answer, self.clock())
        self.asked += 1
        return self.current

    def shown(self) -> TrueCountQuestion | None:
        """The current question is shown (again) now: its answer is timed from here, not from
        when it was drawn (a question drawn while its tab was hidden, or left and come back
        to, would count that time as thinking)."""
        if self.current is not None:
            self.current = replace(self.current, asked_at=self.clock())
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
        right = decision.verdict is not Verdict.WRONG
        self.skills.learn(Answer(key.key, day_of(now), right, GUESS[TRUE]))
        if not right:
            self._again.missed(question.number, question.decks)
        self.current = None
        self.decisions.append(decision)
        return decision
