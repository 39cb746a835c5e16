"""The simulated learner's memory of its items: forgetting curves and stability updates.

Two kinds (the package docstring states them exactly): ``"formula"``, issue 11's stability
update under a chosen forgetting curve, and ``"fsrs6"``, FSRS-6 itself as py-fsrs computes it.
Neither reads anything of the app's memory model (:mod:`trainer.scheduler.memory`).
"""

from __future__ import annotations

import abc
import math
import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from fsrs import Card, Rating, Scheduler

CURVES = ("fsrs4", "power", "exponential")
START = datetime(2026, 1, 5, 6, 0, tzinfo=UTC)


def when(days: float) -> datetime:
    """The bench's clock: ``days`` after its start."""
    return START + timedelta(days=days)


def curve(params: dict[str, Any]) -> Callable[[float, float], float]:
    """R(t, S) of the learner's ``curve`` (t, S in days; R = 0.9 at t = S for each)."""
    name = params["curve"]
    if name == "fsrs4":
        return lambda t, s: 1.0 / (1.0 + t / (9.0 * s))
    if name == "power":
        decay = float(params["decay"])
        factor = 0.9 ** (-1.0 / decay) - 1.0
        return lambda t, s: (1.0 + factor * t / s) ** -decay
    if name == "exponential":
        base = float(params["base"])
        return lambda t, s: base ** (t / s)
    raise ValueError(f"curve must be one of {CURVES}, not {name!r}")


class Memory(abc.ABC):
    """One learner's items: their recall now, and what an answer does to them."""

    @abc.abstractmethod
    def recall(self, item: int, now: float) -> float:
        """R of ``item`` at ``now`` (days); 0 for an item never reviewed."""

    @abc.abstractmethod
    def review(self, item: int, now: float, recalled: bool) -> None:
        """The item after an answer at ``now`` (the learner then sees the right play)."""

    @abc.abstractmethod
    def weaken(self, item: int, factor: float) -> None:
        """Multiply the item's stability by ``factor`` (interference); nothing if unseen."""

    def recalls(self, items: int, now: float) -> list[float]:
        """R of every item at ``now``."""
        return [self.recall(i, now) for i in range(items)]


class FormulaMemory(Memory):
    """Issue 11's learner under a chosen curve: a first review sets S = s0; recalled,
    S <- S(1 + growth(1 - R)) + s0; missed, S <- max(s0, lapse S); each item's s0 and growth
    scaled by its own lognormal factor when ``difficulty_sigma`` is above 0."""

    def __init__(self, items: int, params: dict[str, Any], seed: int) -> None:
        self.r = curve(params)
        s0, growth = float(params["s0_days"]), float(params["growth"])
        sigma = float(params["difficulty_sigma"])
        if sigma > 0:
            rng = random.Random(f"difficulty-{seed}")
            factors = [math.exp(sigma * rng.gauss(0.0, 1.0)) for _ in range(items)]
        else:
            factors = [1.0] * items
        self.s0 = [s0 * f for f in factors]
        self.growth = [growth * f for f in factors]
        self.lapse = float(params["lapse"])
        self.stability = [0.0] * items
        self.last: list[float | None] = [None] * items

    def recall(self, item: int, now: float) -> float:
        last = self.last[item]
        if last is None:
            return 0.0
        return self.r(max(0.0, now - last), self.stability[item])

    def review(self, item: int, now: float, recalled: bool) -> None:
        s, s0 = self.stability[item], self.s0[item]
        if self.last[item] is None:
            s = s0
        elif recalled:
            s = s * (1 + self.growth[item] * (1 - self.recall(item, now))) + s0
        else:
            s = max(s0, self.lapse * s)
        self.stability[item] = s
        self.last[item] = now

    def weaken(self, item: int, factor: float) -> None:
        if self.last[item] is not None:
            self.stability[item] *= factor


class FsrsMemory(Memory):
    """FSRS-6 as py-fsrs computes it (its default 21 parameters, or ``w``): one card per item,
    reviewed Good when recalled and Again when not, no learning steps (every answer updates
    stability and difficulty; an answer the same day as the last uses FSRS-6's same-day
    update), recall R = py-fsrs's retrievability (whole days elapsed)."""

    def __init__(self, items: int, params: dict[str, Any], seed: int) -> None:
        w: Sequence[float] | None = params.get("w")
        extra = {} if w is None else {"parameters": tuple(w)}
        self.scheduler = Scheduler(learning_steps=(), relearning_steps=(),
                                   enable_fuzzing=False, maximum_interval=36500, **extra)
        self.cards: list[Card | None] = [None] * items

    def recall(self, item: int, now: float) -> float:
        card = self.cards[item]
        if card is None:
            return 0.0
        return float(self.scheduler.get_card_retrievability(card, when(now)))

    def review(self, item: int, now: float, recalled: bool) -> None:
        card = self.cards[item] or Card(card_id=item + 1)
        self.cards[item], _ = self.scheduler.review_card(
            card, Rating.Good if recalled else Rating.Again, when(now))

    def weaken(self, item: int, factor: float) -> None:
        card = self.cards[item]
        if card is not None and card.stability is not None:
            card.stability = max(0.001, card.stability * factor)


def memory(items: int, params: dict[str, Any], seed: int) -> Memory:
    """The learner's memory ``params`` ask for."""
    kind = params["model"]
    if kind == "formula":
        return FormulaMemory(items, params, seed)
    if kind == "fsrs6":
        return FsrsMemory(items, params, seed)
    raise ValueError(f"model must be 'formula' or 'fsrs6', not {kind!r}")
