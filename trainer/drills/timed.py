"""Timed play: a timer on every decision; when it runs out, the game's auto-decision
(docs/rules/evolution.md#time-and-balance) is taken, as the live game takes it, and the decision
is graded a time-out (``timed_out=True``): a miss, whatever the auto-decision's grade.

The auto-decision is :func:`trainer.rules.timer_decision` (hit on 11 or less, else stand; no
insurance), the same as :meth:`trainer.rules.Round.time_out`. The timer counts like the
decision's :class:`~trainer.drills.stopwatch.Stopwatch`: only while the player can see the
decision (the front end pauses it otherwise). It reads an injected clock, so tests move time by
hand. :class:`TimedDrill` wraps a flashcard session or a shoe practice.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import timedelta
from typing import Protocol

from trainer.rules import Action, Hand, timer_decision
from trainer.teaching.grading import Clock
from trainer.teaching.records import GradedDecision, Mode

from .stopwatch import Stopwatch


def timeout_action(hand: Hand | None, offered: Collection[Action]) -> Action:
    """The time-out decision: no insurance (``hand`` None), else hit 11 or less / stand, and
    stand where the rules offer no hit (split aces)."""
    if hand is None:
        return Action.NO_INSURANCE
    action = timer_decision(hand)
    return action if action in offered else Action.STAND


class Answerable(Protocol):
    """A drill that takes one decision at a time (flashcards, shoe practice)."""

    record_mode: Mode

    def answer(self, action: Action, response_ms: int | None = None,
               timed_out: bool = False) -> GradedDecision:
        """Take and grade the player's action."""
        ...

    def time_out(self, response_ms: int | None = None) -> GradedDecision:
        """Take the auto-decision; grade the decision a time-out."""
        ...

    def pause(self) -> None:
        """The player cannot see the drill now: its decision's time stops."""
        ...

    def resume(self) -> None:
        """The player can see the drill again."""
        ...


class DecisionTimer:
    """A countdown of ``limit_seconds`` from :meth:`start`, read from ``clock``, counting only
    while not paused (:class:`~trainer.drills.stopwatch.Stopwatch`)."""

    def __init__(self, limit_seconds: float, clock: Clock) -> None:
        if limit_seconds <= 0:
            raise ValueError(f"a decision timer needs a positive limit, not {limit_seconds}")
        self.limit = timedelta(seconds=limit_seconds)
        self.clock = clock
        self.watch = Stopwatch(clock)

    def start(self) -> None:
        """Start timing a new decision."""
        self.watch.restart()

    def elapsed_ms(self) -> int:
        """Milliseconds counted since :meth:`start`."""
        return self.watch.elapsed_ms()

    def remaining(self) -> float:
        """Seconds left (0 once expired)."""
        return max(0.0, (self.limit - self.watch.elapsed()).total_seconds())

    def expired(self) -> bool:
        """True once the limit has passed."""
        return self.watch.elapsed() >= self.limit


class TimedDrill:
    """Puts a timer on every decision of ``drill``; records are marked :attr:`Mode.TIMED`."""

    def __init__(self, drill: Answerable, limit_seconds: float, clock: Clock) -> None:
        self.drill = drill
        drill.record_mode = Mode.TIMED
        self.timer = DecisionTimer(limit_seconds, clock)
        self.pending = False

    def start(self) -> None:
        """Call when a decision is shown (a flashcard dealt, a round's next decision)."""
        self.timer.start()
        self.pending = True

    def answer(self, action: Action) -> GradedDecision:
        """The player's action, or the auto-decision if the time ran out before it came."""
        if self.timer.expired():
            return self._expire()
        self.pending = False
        return self.drill.answer(action, self.timer.elapsed_ms())

    def pause(self) -> None:
        """The player cannot see the decision: the countdown and its time stop."""
        self.timer.watch.pause()
        self.drill.pause()

    def resume(self) -> None:
        """The player can see the decision again: the countdown goes on."""
        self.timer.watch.resume()
        self.drill.resume()

    def poll(self) -> GradedDecision | None:
        """On a timer tick: once the time is up, apply and return the auto-decision."""
        if self.pending and self.timer.expired():
            return self._expire()
        return None

    def _expire(self) -> GradedDecision:
        self.pending = False
        return self.drill.time_out(round(self.timer.limit.total_seconds() * 1000))
