"""The player's memory of each card: how likely it is recalled now, learned from their answers.

The model is a forgetting curve with a three-parameter stability update:

* a card last answered ``t`` days ago with stability ``S`` (days) is recalled with probability
  R = (1 + t / (9·S))^−1 on FSRS-4's power curve (``curve`` "power"), or R = 0.9^(t/S) on the
  exponential one (``curve`` "exponential": memory that falls away faster once past S); on
  either, R = 0.9 exactly when t = S;
* its first answer sets S = ``first``; an answer given from memory grows it,
  S ← S·(1 + ``growth``·(1 − R)) + ``first`` (more when the card was nearly forgotten: spacing
  pays); a miss cuts it, S ← max(``first``, ``lapse``·S);
* a right answer is not always recall: without it the player still plays right with some
  ``guess`` chance (a novice's lucky pick among the offered actions); and a wrong answer is not
  always forgetting: with the player's ``slip`` chance an answer comes out wrong whatever they
  hold (a misclick, a hurried key). The answer is right with chance
  (1 − slip)·(R + (1 − R)·guess); it is taken as recalled with the posterior chance
  p = R / (R + (1 − R)·guess) when right and p = slip·R / (1 − (1 − slip)·(R + (1 − R)·guess))
  when wrong (after k wrong answers in a row at the card, slip^(k+1) stands for slip: a run of
  misses is a run of slips only with that chance, so a card missed again and again is read
  as forgotten however firm it was), and the new stability is the two outcomes' weighted
  geometric mean, S_recalled^p · S_missed^(1−p) (stability spreads over orders of magnitude:
  the geometric mean tracks it better than the arithmetic one, which took 17% more answers to
  teach a novice on the learning bench).

People differ by tenfold in how fast they forget: the curve and the four parameters are the
player's own, fitted by maximum likelihood to every answer they have given
(:mod:`trainer.scheduler.memory_fit`),
so the trainer's picture of what is remembered follows the player's answers, not a population
average. Time is in days (float) throughout; :func:`day_of` converts.

The model's other form (``curve`` "fsrs6") is FSRS-6 fitted to the player's answers
(:mod:`trainer.scheduler.fsrs6_fit`), chosen instead where it predicted the held-out answers
better (:mod:`trainer.scheduler.fitting`): its 21 parameters ``w`` (the curve's decay w20
among them, fitted, not fixed), a card's stability and difficulty updated as FSRS-6 does
(Good when right, Again when wrong), its recall R = (1 + F·t/S)^−w20 over fractional days.
The methods of :class:`MemoryParams` read recall and due days on either form.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

from trainer.teaching.answers import Answer

from . import fsrs6

#: The model's identity: this forgetting curve with this update. Whatever is kept of a player's
#: memory (:mod:`trainer.scheduler.picture`) is kept under it, so another model (a curve family of
#: its own) never reads a picture this one made; change it whenever the update rules change.
MODEL = "fsrs4-power|exponential|fitted-fsrs6/geometric-guess/share-of-luck/slip/run-gain"

#: The forgetting curves a player's memory may follow (R = 0.9 at t = S on both), and FSRS-6
#: fitted to the player (its own update: :func:`fsrs6.review_with`).
POWER, EXPONENTIAL, FSRS6 = "power", "exponential", "fsrs6"
CURVES = (POWER, EXPONENTIAL)
_LN_09 = math.log(0.9)


@dataclass(frozen=True)
class MemoryParams:
    """How fast one player learns and forgets (see the module docstring)."""

    first: float = 0.1       # stability after a card's first answer (days)
    growth: float = 5.0      # how much an answer from memory grows stability
    lapse: float = 0.3       # the share of stability a miss keeps
    #: the share of a novice's luck the player has (:mod:`trainer.scheduler.start`): answers are
    #: read with it (:meth:`Curriculum.as_read`); kept here as part of the model's identity
    share: float = 1.0
    #: the chance an answer comes out wrong whatever the player holds (fitted, as the rest)
    slip: float = 0.0
    curve: str = POWER       # the forgetting curve (:data:`CURVES`, or :data:`FSRS6`)
    #: FSRS-6's 21 parameters, fitted to the player (only with ``curve`` :data:`FSRS6`)
    w: tuple[float, ...] = ()

    def retrievability(self, elapsed: float, stability: float) -> float:
        """R after ``elapsed`` days at ``stability`` on this model's curve."""
        if self.curve == FSRS6:
            return fsrs6.recall_after(elapsed, stability, self.w)
        return retrievability(elapsed, stability, self.curve)

    def recall(self, trace: Trace | None, day: float) -> float:
        """The chance the card is recalled at ``day`` (0 for a card never answered)."""
        if trace is None:
            return 0.0
        return self.retrievability(day - trace.last, trace.stability)

    def due_day(self, trace: Trace, retention: float) -> float:
        """The day recall falls to ``retention``."""
        if self.curve == FSRS6:
            return trace.last + fsrs6.days_to(retention, trace.stability, self.w)
        return due_day(trace, retention, self.curve)


@dataclass(frozen=True)
class Trace:
    """What the player holds of one card: stability (days), the day of the last answer, the
    wrong answers in a row up to it and (FSRS-6 only) its difficulty."""

    stability: float
    last: float
    misses: int = 0
    difficulty: float = 0.0


_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)


def day_of(when: datetime) -> float:
    """A moment as days since a fixed epoch (the model's clock)."""
    return (when - _EPOCH).total_seconds() / 86400.0


def retrievability(elapsed: float, stability: float, curve: str = POWER) -> float:
    """R after ``elapsed`` days at ``stability`` on ``curve``."""
    if curve == EXPONENTIAL:
        return math.exp(_LN_09 * max(0.0, elapsed) / stability)
    return 1.0 / (1.0 + max(0.0, elapsed) / (9.0 * stability))


def recall(trace: Trace | None, day: float, curve: str = POWER) -> float:
    """The chance the card is recalled at ``day`` (0 for a card never answered)."""
    if trace is None:
        return 0.0
    return retrievability(day - trace.last, trace.stability, curve)


def due_day(trace: Trace, retention: float, curve: str = POWER) -> float:
    """The day recall falls to ``retention``."""
    if curve == EXPONENTIAL:
        return trace.last + trace.stability * math.log(retention) / _LN_09
    return trace.last + 9.0 * trace.stability * (1.0 / retention - 1.0)


def recalled_stability(params: MemoryParams, trace: Trace, r: float) -> float:
    """Stability after an answer given from memory with recall chance ``r``."""
    return trace.stability * (1.0 + params.growth * (1.0 - r)) + params.first


def missed_stability(params: MemoryParams, trace: Trace) -> float:
    """Stability after a miss."""
    return max(params.first, params.lapse * trace.stability)


def learn(params: MemoryParams, trace: Trace | None, answer: Answer) -> Trace:
    """The card's trace after ``answer`` (the player then sees the right play)."""
    if params.curve == FSRS6:
        return fsrs6_learn(params, trace, answer.day, answer.right)
    if trace is None:
        return Trace(params.first, answer.day, 0 if answer.right else 1)
    return Trace(stability_after(params, trace.stability, trace.last, answer.day, answer.right,
                                 answer.guess, trace.misses), answer.day,
                 0 if answer.right else trace.misses + 1)


def fsrs6_learn(params: MemoryParams, trace: Trace | None, day: float, right: bool) -> Trace:
    """The card's trace after an answer at ``day`` on FSRS-6 fitted (``params.w``): rated
    Good when ``right``, else Again, whatever the guess (as the fit read the answers)."""
    misses = 0 if right else 1 + (trace.misses if trace is not None else 0)
    if trace is None:
        s, d = fsrs6.first(right, params.w)
    else:
        s, d = fsrs6.review_with(trace.stability, trace.difficulty, day - trace.last, right,
                                 params.w)
    return Trace(s, day, misses, d)


def stability_after(params: MemoryParams, stability: float, last: float, day: float,
                    right: bool, guess: float, misses: int = 0) -> float:
    """:func:`learn`'s new stability from plain numbers (the replay of a long history calls it
    once an answer, without building a trace each time; ``misses``: the wrong answers in a
    row before this one): the same arithmetic, the same result to the last bit."""
    r = retrievability(day - last, stability, params.curve)
    from_memory = recalled_chance(r, right, guess, slip_after(params.slip, misses))
    grown = stability * (1.0 + params.growth * (1.0 - r)) + params.first
    cut = max(params.first, params.lapse * stability)
    return grown ** from_memory * cut ** (1.0 - from_memory)


def slip_after(slip: float, misses: int) -> float:
    """The slip chance an answer is read with after ``misses`` wrong answers in a row: a run
    of k misses is k slips only with chance slip^k, so each miss in a row is read with one
    more power (a card missed again and again is forgotten, not slipped on)."""
    return slip ** (misses + 1)


def recalled_chance(r: float, right: bool, guess: float, slip: float) -> float:
    """The chance an answer ``right`` (or not) was given from memory, at recall ``r``."""
    chance = r + (1.0 - r) * guess
    if right:
        return r / chance if chance > 0 else 0.0
    wrong = 1.0 - (1.0 - slip) * chance
    return slip * r / wrong if wrong > 0 else 0.0


#: A card's worth is that of the best short run of answers now (:func:`gain`): up to
#: :data:`RUN` answers, :data:`RUN_GAP` days apart (three minutes: a card asked again after
#: some fifteen others).
RUN = 8
RUN_GAP = 3 / 1440


def answered(params: MemoryParams, trace: Trace | None, day: float, right: bool) -> Trace:
    """The card's trace after an answer at ``day`` given from memory (``right``) or missed,
    as the queue foresees it: a card never answered starts (on FSRS-6, as a miss: the queue
    asks what the player does not know yet)."""
    if params.curve == FSRS6:
        return fsrs6_learn(params, trace, day, right and trace is not None)
    if trace is None:
        return Trace(params.first, day)
    if right:
        return Trace(recalled_stability(params, trace, params.recall(trace, day)), day)
    return Trace(missed_stability(params, trace), day)


def runs(params: MemoryParams, trace: Trace | None,
         now: float) -> Iterator[tuple[int, list[tuple[float, Trace]]]]:
    """Each run of 1 to :data:`RUN` answers at the card from ``now``, :data:`RUN_GAP` apart:
    its length and the card's traces after it with their chances. A card never answered
    begins at its first answer; a known one is recalled at the first with its recall chance
    (stability grows) or missed (stability falls); each answer after the first is given from
    memory just refreshed."""
    if trace is None:
        branches = [(1.0, answered(params, None, now, False))]
    else:
        r = params.recall(trace, now)
        branches = [(r, answered(params, trace, now, True)),
                    (1.0 - r, answered(params, trace, now, False))]
    yield 1, branches
    for length in range(2, RUN + 1):
        at = now + (length - 1) * RUN_GAP
        branches = [(p, answered(params, t, at, True)) for p, t in branches]
        yield length, branches


def gain(params: MemoryParams, trace: Trace | None, now: float, horizon: float) -> float:
    """How much asking the card now raises its expected recall at ``horizon``, per answer.

    A card may need several answers before any of it lasts to the horizon (a new card on the
    exponential curve: one answer today leaves next to nothing tomorrow, eight spaced a few
    minutes apart leave most of it), so the gain is that of the best of :func:`runs`, divided
    by its length. On the power curve one answer is almost always the best run."""
    before = params.recall(trace, horizon)
    return max((sum(p * params.recall(t, horizon) for p, t in branches) - before) / length
               for length, branches in runs(params, trace, now))
