"""Where the player starts: classic basic strategy or new to blackjack, told by their first answers.

The starting-point setting says what to assume before any answer; the answers then say what is
so, as the memory fit says whether the player learns facts or single cells. The first answer
the player gives in each chart row (stakes and hand class against up cards 2–6, 7–9 or
ten–ace, any context: :meth:`Curriculum.row`) comes before anything of that row was learned
(a player who learns one cell may learn its neighbours with it), so it shows the habit:

* knowing **classic** basic strategy, it is right where the classic play is right and wrong
  where it is not, but for a slip (:data:`SLIP` either way);
* **new** to blackjack, it is right with the luck of a pick among the offered actions — or
  with a share of that luck: a player who never picks right by chance has a share of 0. The
  share is fitted (the likeliest of :data:`SHARES`).

The likelier starting point wins once it is likelier than the one assumed by :data:`MARGIN`
(a likelihood ratio of e³, about 20) over at least :data:`AT_LEAST` first answers; the study
queue then teaches from it (:func:`trainer.drills.study.choose_fit`), and says so.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from . import memory_fit
from .curriculum import Curriculum, Prior
from .memory import Answer

#: The chance a first answer goes against the habit (a slip, or a play already known).
SLIP = 0.05
#: The shares of a novice's luck tried (those a stored fit may hold).
SHARES = memory_fit.SHARES
#: How much likelier (log-likelihood, nats) another start must be than the one assumed.
MARGIN = 3.0
#: First answers needed before the start assumed may give way.
AT_LEAST = 6


@dataclass(frozen=True)
class Opening:
    """A fact's first answer: right or not, the luck of a pick there, the classic habit."""

    right: bool
    luck: float
    habit: float


@dataclass(frozen=True)
class Start:
    """The starting point the answers show, and how likely each is."""

    prior: Prior
    share: float             # the share of a novice's luck (1.0 when nothing says otherwise)
    classic: float           # log-likelihood of the first answers knowing classic strategy
    novice: float            # ... new to blackjack, at the likeliest share
    openings: int

    def told(self, assumed: Prior) -> str:
        """A plain line when the answers overrule the starting point assumed ('' if not)."""
        if self.prior is assumed:
            return ""
        if self.prior is Prior.NOVICE:
            return ("Your first answers show plays classic basic strategy would not make: "
                    "the trainer teaches every chart cell, as for a player new to "
                    "blackjack.")
        return ("Your first answers are those of classic basic strategy: the trainer teaches "
                "only where Free Bet play differs from it.")


def openings(course: Curriculum, answers: Iterable[Answer | tuple[str, bool]],
             known: Mapping[str, Opening] | None = None) -> dict[str, Opening]:
    """``known`` with the first answer of each chart row not in it yet: ``answers`` are
    (situation, right) or :class:`~trainer.drills.memory.Answer`, oldest first."""
    found = dict(known or {})
    situations = course.catalog.situations
    for answer in answers:
        key, right = ((answer.situation, answer.right) if isinstance(answer, Answer)
                      else answer)
        if key not in situations:
            continue
        row = course.row(key)
        if row not in found:
            luck, habit = course.opening_odds(key)
            found[row] = Opening(right, luck, habit)
    return found


def _score(first: list[Opening], right_chance: list[float]) -> float:
    total = 0.0
    for opening, p in zip(first, right_chance, strict=True):
        p = SLIP + (1.0 - 2.0 * SLIP) * p
        total += math.log(p if opening.right else 1.0 - p)
    return total


def infer(found: Mapping[str, Opening], assumed: Prior) -> Start:
    """The starting point ``found`` first answers show (``assumed`` unless another is likelier
    by :data:`MARGIN` over at least :data:`AT_LEAST` of them)."""
    first = list(found.values())
    classic = _score(first, [o.habit for o in first])
    share, novice = max(((s, _score(first, [s * o.luck for o in first])) for s in SHARES),
                        key=lambda pair: (pair[1], pair[0]))
    prior = assumed
    if len(first) >= AT_LEAST:
        if assumed is Prior.CLASSIC and novice - classic > MARGIN:
            prior = Prior.NOVICE
        elif assumed is Prior.NOVICE and classic - novice > MARGIN:
            prior = Prior.CLASSIC
    if len(first) < AT_LEAST or prior is Prior.CLASSIC:
        share = 1.0            # unused under classic play; a novice's full luck until told
    return Start(prior, share, classic, novice, len(first))
