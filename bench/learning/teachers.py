"""The schedulers the learner meets: the app's own, the first release's, and three baselines.

A scheduler sees what the app sees (the question it asked, the answer and its times, and the
starting-point setting: ``assumed``; asked to change it, as the app asks, the learner says
yes), never the learner's memory.
"""

from __future__ import annotations

import abc
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Protocol

from fsrs import Card, Rating, Scheduler

from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.rules import Action
from trainer.scheduler.fitting import FIT_AFTER, as_read, fit_against_fsrs6, start_of
from trainer.scheduler.health import Health
from trainer.scheduler.interleave import Allowed, Spread
from trainer.scheduler.memory import EXPONENTIAL, POWER, MemoryParams
from trainer.scheduler.memory_fit import Fit
from trainer.scheduler.start import openings
from trainer.teaching.answers import Answer
from trainer.teaching.curriculum import FACTS, ROWS, SITUATIONS, Prior, curriculum
from trainer.teaching.situations import Spot

from .memory import when
from .world import World


class Teacher(Protocol):
    """A scheduler as the bench drives it: a session at a time, one question at a time."""

    def start_day(self, now: float) -> None:
        """A new session begins at ``now`` (days)."""

    def ask(self, now: float) -> tuple[Spot, Sequence[str]]:
        """The next question: a spot and the actions offered."""
        ...

    def tell(self, spot: Spot, action: str, now: float) -> None:
        """The player answered ``action`` at ``now``."""


class AppTeacher:
    """The shipped scheduler: a due-mode :class:`FlashcardSession` a session, fed the answers
    and memory fit of the sessions before, as the app feeds it from the progress store."""

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        self.catalog = w.catalog
        self.seed = seed
        self.prior = Prior(params["assumed"] or params["prior"])
        self.now = 0.0
        self.answers: list[Answer] = []
        self.fit: Fit | None = None
        self.session: FlashcardSession | None = None

    def _clock(self) -> datetime:
        return when(self.now)

    def start_day(self, now: float) -> None:
        if self.session is not None:
            self.answers.extend(self.session.answers)
        self.fit = self._fit()
        self.now = now
        self.session = self._session(now)
        assert self.session.queue is not None
        found = self.session.queue.origin.suggestion
        if found is not None:     # asked to change the starting point, the learner says yes
            self.prior = found.prior
            self.session = self._session(now)

    def _session(self, now: float) -> FlashcardSession:
        return FlashcardSession(
            self.catalog, FlashMode.DUE, seed=self.seed * 7919 + int(now), history=self.answers,
            fitted=self.fit, prior=self.prior, clock=self._clock, day_start=when(now))

    def _fit(self) -> Fit | None:
        """The fit the next session starts from: the one the last session used or made."""
        if self.session is None:
            return None
        assert self.session.queue is not None
        return self.session.queue.fit

    def health_check(self) -> Health | None:
        """The memory model's health check on every answer so far, as the app makes it from
        a whole history (the latest 20% held out), FSRS-6 fitted among the models; None
        before there are enough answers to fit."""
        answers = self.answers + (list(self.session.answers) if self.session else [])
        course = curriculum(self.catalog.rules, self.prior)
        taught, start = start_of(course, openings(course, answers))
        read = as_read(taught, answers, start)
        if len(read) < FIT_AFTER:
            return None
        return fit_against_fsrs6(taught, read, start).health

    def ask(self, now: float) -> tuple[Spot, Sequence[str]]:
        assert self.session is not None
        self.now = now
        card = self.session.next()
        return card.spot, [a.value for a in card.actions]

    def tell(self, spot: Spot, action: str, now: float) -> None:
        assert self.session is not None
        self.now = now
        self.session.answer(Action(action), response_ms=5000)


class Massed(Spread):
    """The queue's choices left to worth alone: no chart row or fact kept apart."""

    def tiers(self) -> list[Allowed]:
        return [lambda key: True]


class MassedTeacher(AppTeacher):
    """The shipped scheduler with its interleaving switched off (every card chosen by worth
    alone, as before :mod:`trainer.scheduler.interleave`): a diagnostic of what keeping chart
    rows and facts apart costs or gains a learner, not a baseline."""

    def _session(self, now: float) -> FlashcardSession:
        session = super()._session(now)
        assert session.queue is not None
        session.queue.spread = Massed(session.queue.course)
        return session


#: The app's card mapping of each item granularity of the learner.
_CARDS = {"rule": FACTS, "situation": SITUATIONS, "row": ROWS}


class ToldTeacher(AppTeacher):
    """The shipped scheduler told the learner's own memory instead of fitting it: a diagnostic,
    not a baseline (what the queue does with a perfect fit). Each session starts from a fit
    holding the learner's s0, growth, lapse and slip, its curve and its items as the app's
    cards, at the share of luck the answers show; it is never refitted. Only for learners the
    app's model can state: the formula model on FSRS-4's curve (the app's power curve) or
    the exponential one at base 0.9, with no spread of difficulty (interference and confusion
    are not told)."""

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        super().__init__(w, params, seed)
        curves = {"fsrs4": POWER, "exponential": EXPONENTIAL}
        if (params["model"] != "formula" or params["curve"] not in curves
                or (params["curve"] == "exponential" and float(params["base"]) != 0.9)
                or float(params["difficulty_sigma"]) > 0):
            raise SystemExit("app-told: the app's memory model cannot state this learner "
                             "(it needs the formula model on the fsrs4 curve or the "
                             "exponential one at base 0.9, and no difficulty_sigma)")
        self.told = MemoryParams(float(params["s0_days"]), float(params["growth"]),
                                 float(params["lapse"]), slip=float(params["slip"]),
                                 curve=curves[params["curve"]])
        self.cards = _CARDS[params["granularity"]]

    def _fit(self) -> Fit:
        course = curriculum(self.catalog.rules, self.prior)
        taught, start = start_of(course, openings(course, self.answers))
        return Fit(replace(self.told, share=start.share), self.cards, 0.0, len(self.answers),
                   taught.prior.value)


class Picking(abc.ABC):
    """A baseline that picks situations itself and deals a hand of one by natural frequency."""

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        self.world = w
        self.rng = random.Random(f"teacher-{seed}")

    def start_day(self, now: float) -> None:  # noqa: B027 (an optional hook)
        """Most baselines keep no sessions."""

    @abc.abstractmethod
    def choose(self, now: float) -> str:
        """The situation key to ask next."""

    def ask(self, now: float) -> tuple[Spot, Sequence[str]]:
        key = self.choose(now)
        table = self.world.catalog
        spots = table.spots[key]
        weights = [table.entry_weight.get(s.table_key, 0.0) for s in spots]
        spot = self.rng.choices(spots, weights=weights if sum(weights) > 0 else None)[0]
        return spot, list(table.evs(spot)[0])

    def tell(self, spot: Spot, action: str, now: float) -> None:  # noqa: B027 (optional hook)
        """Most baselines do not look at the answers."""


class RandomTeacher(Picking):
    """Situations uniformly at random."""

    def choose(self, now: float) -> str:
        return self.rng.choice(self.world.keys)


class NaturalTeacher(Picking):
    """Situations at their natural frequency, as shoe play deals them."""

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        super().__init__(w, params, seed)
        total, self.cumulative = 0.0, []
        for x in w.weight:
            total += x
            self.cumulative.append(total)

    def choose(self, now: float) -> str:
        return self.rng.choices(self.world.keys, cum_weights=self.cumulative)[0]


class LeitnerTeacher(Picking):
    """Five boxes per situation, reviewed 1, 2, 4, 8 and 16 days after the last answer; a wrong
    answer sends a situation back to box 1. Due situations first (lowest box first), then new
    ones in a shuffled order; with none of either, the situation due soonest."""

    INTERVALS = (1, 2, 4, 8, 16)

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        super().__init__(w, params, seed)
        self.new = list(w.keys)
        self.rng.shuffle(self.new)
        self.box: dict[str, int] = {}
        self.due: dict[str, float] = {}
        self.last: str | None = None

    def choose(self, now: float) -> str:
        due = [k for k, at in self.due.items() if at <= now + 1e-9 and k != self.last]
        if due:
            key = min(due, key=lambda k: (self.box[k], self.due[k], k))
        elif self.new:
            key = self.new.pop()
        else:
            key = min((k for k in self.due if k != self.last), key=lambda k: (self.due[k], k))
        self.last = key
        return key

    def tell(self, spot: Spot, action: str, now: float) -> None:
        key = spot.situation.key
        box = min(self.box.get(key, -1) + 1, 4) if self.world.right(spot, action) else 0
        self.box[key] = box
        # a session is a few minutes long: "in n days" means at that day's session
        self.due[key] = math.floor(now + 1e-9) + self.INTERVALS[box]


class V01Teacher(Picking):
    """The first release's due mode, kept as the baseline: due fsrs reviews first, then new
    situations, each by natural frequency x the EV cost of a mistake (best minus second-best);
    with neither, the review due soonest. A missed situation comes back 3 to 5 cards later in
    the same session. One fsrs card per situation, rated Again when wrong, else by response
    time (5 s: Good)."""

    GAPS = (3, 4, 5)

    def __init__(self, w: World, params: dict[str, Any], seed: int) -> None:
        super().__init__(w, params, seed)
        table = w.catalog
        self.scheduler = Scheduler(enable_fuzzing=False)
        self.order = sorted(w.keys, key=lambda k: (-table.weight[k] * table.cost[k], k))
        self.cards: dict[str, Card] = {}
        self.slots: dict[int, tuple[str, Spot]] = {}
        self.dealt = 0
        self.last: str | None = None

    def start_day(self, now: float) -> None:
        self.slots = {}
        self.dealt = 0

    def ask(self, now: float) -> tuple[Spot, Sequence[str]]:
        requeued = self.slots.pop(self.dealt, None)
        self.dealt += 1
        if requeued is not None:
            key, spot = requeued
            self.last = key
            return spot, list(self.world.catalog.evs(spot)[0])
        spot, offered = super().ask(now)
        self.last = spot.situation.key
        return spot, offered

    def choose(self, now: float) -> str:
        at = when(now)
        cards = self.cards
        for key in self.order:
            if key != self.last and key in cards and cards[key].due <= at:
                return key
        for key in self.order:
            if key != self.last and key not in cards:
                return key
        return min((k for k in cards if k != self.last), key=lambda k: (cards[k].due, k))

    def tell(self, spot: Spot, action: str, now: float) -> None:
        key = spot.situation.key
        right = self.world.right(spot, action)
        at = when(now)
        card = self.cards.get(key) or Card(card_id=len(self.cards) + 1, due=at)
        self.cards[key], _ = self.scheduler.review_card(
            card, Rating.Good if right else Rating.Again, at)
        if not right:
            for gap in self.rng.sample(self.GAPS, len(self.GAPS)):
                if self.dealt - 1 + gap not in self.slots:
                    self.slots[self.dealt - 1 + gap] = (key, spot)
                    break


Make = Callable[[World, dict[str, Any], int], Teacher]
TEACHERS: dict[str, Make] = {
    "app": AppTeacher, "v0.1": V01Teacher, "random": RandomTeacher,
    "natural": NaturalTeacher, "leitner": LeitnerTeacher, "app-told": ToldTeacher,
    "app-massed": MassedTeacher,
}
#: The schedulers a run compares by default (``app-told`` and ``app-massed`` are asked for by
#: name).
SCHEDULERS = ("app", "v0.1", "random", "natural", "leitner")
BASELINES = ("random", "natural", "leitner")
