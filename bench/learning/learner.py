"""The simulated learner: how it answers a question, what an answer teaches it, its leak."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from trainer.teaching.situations import Spot

from .memory import FormulaMemory, Memory, memory
from .world import World


class Learner:
    """The learner of the package docstring (one seed's draws)."""

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        self.world = w
        self.rng = random.Random(f"learner-{seed}")
        self.prior = params["prior"]
        self.lucky = bool(params["lucky"])
        self.slip = float(params["slip"])
        self.confusion = float(params["confusion"])
        self.interference = float(params["interference"])
        self.stakes = bool(params["interfere_stakes"])
        self.memory: Memory = memory(w.items, params, seed)
        self.confused: dict[int, str] = {}     # situation -> the play it is confused with

    # the issue 11 learner's state, by name (its tests read them)
    @property
    def stability(self) -> list[float]:
        """Each item's stability (the formula model)."""
        assert isinstance(self.memory, FormulaMemory)
        return self.memory.stability

    @property
    def last(self) -> list[float | None]:
        """Each item's last review (the formula model)."""
        assert isinstance(self.memory, FormulaMemory)
        return self.memory.last

    def recall(self, item: int, now: float) -> float:
        """R of ``item`` at ``now`` (days)."""
        return self.memory.recall(item, now)

    def _neighbours(self, situation: int) -> tuple[int, ...]:
        w = self.world
        return w.near[situation] + (w.near_stakes[situation] if self.stakes else ())

    def answer(self, spot: Spot, offered: Sequence[str], now: float) -> str:
        """The learner's play at ``spot``; it then sees the right play and updates its memory."""
        w = self.world
        situation = w.index[spot.situation.key]
        item = w.item[situation]
        r = self.recall(item, now)
        recalled = self.rng.random() < r
        confused = self.confused.pop(situation, None)
        if confused is not None and confused in offered and self.rng.random() < self.confusion:
            action, recalled = confused, False
        elif self.slip > 0 and self.rng.random() < self.slip:
            action = self.rng.choice(list(offered))
        elif recalled:
            action = w.best[spot.table_key]
        elif self.prior == "classic":
            action = w.classic[spot.table_key]
        elif self.lucky:
            action = self.rng.choice(list(offered))
        else:
            action = self.rng.choice(w.wrong_actions(spot, list(offered)))
        self.memory.review(item, now, recalled)
        neighbours = self._neighbours(situation)
        if self.interference > 0:
            factor = 1.0 - self.interference * (1.0 - r)
            for other in {w.item[j] for j in neighbours} - {item}:
                self.memory.weaken(other, factor)
        if self.confusion > 0:
            for j in neighbours:
                self.confused[j] = w.play[situation]
        return action

    def leak(self, now: float) -> float:
        """Main bets per 100 rounds the learner's play loses at ``now``."""
        w = self.world
        recall = self.memory.recalls(w.items, now)
        total = sum(loss * (1 - recall[item])
                    for loss, item in zip(w.prior_leak, w.item, strict=True))
        for situation, play in self.confused.items():
            # where the confused play is offered: played with chance c, else as usual
            played, habit = w.confused_loss(situation, play, self.prior, self.lucky)
            total += self.confusion * (played - (1 - recall[w.item[situation]]) * habit)
        return 100 * total
