"""One answer as the memory model reads it: what was asked, when, right or not, and its guess.

The drills and the progress store make answers of graded decisions; the curriculum reads an
answer's guess under its assumed play (:meth:`~trainer.teaching.curriculum.Curriculum.as_read`)
and the scheduler (:mod:`trainer.scheduler.memory`) learns from them. It lives with what is
taught, below both, so neither imports the other for it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Answer:
    """One answer as the memory model reads it."""

    situation: str           # the situation key asked
    day: float               # when (days, see :func:`~trainer.scheduler.memory.day_of`)
    right: bool              # correct or acceptable
    guess: float             # chance of playing right without recalling (0..1)
    loss: float = 0.0        # the EV the answer lost (main bets)
    #: what the guess is made of, whatever play is assumed (None: not known): the chance a
    #: pick among the offered actions is right here, and whether the classic play is (1 or 0)
    luck: float | None = None
    habit: float | None = None
