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

Once the other starting point is likelier than the one set by :data:`MARGIN` (a likelihood
ratio of e³, about 20) over at least :data:`AT_LEAST` first answers, it is a **suggestion**
(:class:`Suggestion`): the player is asked, with the evidence ("you missed 5 of the 12 classic
plays asked"), and the answer is the setting. The queue teaches from the setting alone: the
starting point never changes behind the player's back. A suggestion declined is asked again only
once :data:`ASK_AGAIN` more first answers came (:meth:`Start.suggestion_after`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from trainer.teaching.answers import Answer
from trainer.teaching.curriculum import Curriculum, Prior

from . import memory_fit

#: The chance a first answer goes against the habit (a slip, or a play already known).
SLIP = 0.05
#: The shares of a novice's luck tried (those a stored fit may hold).
SHARES = memory_fit.SHARES
#: How much likelier (log-likelihood, nats) another start must be than the one assumed.
MARGIN = 3.0
#: First answers needed before another start is suggested.
AT_LEAST = 6
#: More first answers needed before a suggestion declined is made again.
ASK_AGAIN = 2 * AT_LEAST
#: A first answer is a classic play asked where the classic play is right for this share of
#: its hands (by natural frequency).
CLASSIC_PLAY = 0.5


@dataclass(frozen=True)
class Opening:
    """A fact's first answer: right or not, the luck of a pick there, the classic habit."""

    right: bool
    luck: float
    habit: float


@dataclass(frozen=True)
class Suggestion:
    """Another starting point the first answers show, with the evidence for it."""

    prior: Prior             # the starting point the answers show (not the one set)
    asked: int               # first answers where the classic play is right
    missed: int              # ... answered wrong
    openings: int            # first answers in all

    def evidence(self) -> str:
        """The evidence in plain words: 'you missed 5 of the 12 classic plays asked'."""
        plays = "play" if self.asked == 1 else "plays"
        if self.prior is Prior.NOVICE:
            return f"you missed {self.missed} of the {self.asked} classic {plays} asked"
        return (f"you played {self.asked - self.missed} of the {self.asked} classic {plays} "
                "asked as classic basic strategy does")

    def to_ask(self, declined: int | None) -> bool:
        """True unless the player declined it at ``declined`` first answers and fewer than
        :data:`ASK_AGAIN` more came since."""
        return declined is None or self.openings >= declined + ASK_AGAIN

    def question(self) -> str:
        """One plain question: change the starting point?"""
        if self.prior is Prior.NOVICE:
            return (f"Your first answers differ from classic basic strategy: "
                    f"{self.evidence()}. Teach every chart cell, as for a player new to "
                    "blackjack, instead of only where Free Bet differs from classic strategy?")
        return (f"Your first answers are those of classic basic strategy: {self.evidence()}. "
                "Teach only where Free Bet differs from classic strategy, instead of every "
                "chart cell?")


@dataclass(frozen=True)
class Start:
    """The starting point taught (the one set), how likely each is, and what the answers show."""

    prior: Prior
    share: float             # the share of a novice's luck (1.0 when nothing says otherwise)
    classic: float           # log-likelihood of the first answers knowing classic strategy
    novice: float            # ... new to blackjack, at the likeliest share
    openings: int
    shown: Prior | None = None   # the starting point the answers show (None: the one set)
    asked: int = 0           # first answers where the classic play is right
    missed: int = 0          # ... answered wrong

    @property
    def suggestion(self) -> Suggestion | None:
        """The other starting point, when the answers show it (asked, never taken alone)."""
        if self.shown is None or self.shown is self.prior:
            return None
        return Suggestion(self.shown, self.asked, self.missed, self.openings)

    def suggestion_after(self, declined: int | None) -> Suggestion | None:
        """:attr:`suggestion`, unless the player declined it at ``declined`` first answers and
        fewer than :data:`ASK_AGAIN` more came since."""
        found = self.suggestion
        return found if found is not None and found.to_ask(declined) else None


def openings(course: Curriculum, answers: Iterable[Answer | tuple[str, bool]],
             known: Mapping[str, Opening] | None = None) -> dict[str, Opening]:
    """``known`` with the first answer of each chart row not in it yet: ``answers`` are
    (situation, right) or :class:`~trainer.scheduler.memory.Answer`, oldest first."""
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
    """The start taught (``assumed``, the one set) and the one ``found`` first answers show:
    the other when likelier by :data:`MARGIN` over at least :data:`AT_LEAST` of them."""
    first = list(found.values())
    classic = _score(first, [o.habit for o in first])
    share, novice = max(((s, _score(first, [s * o.luck for o in first])) for s in SHARES),
                        key=lambda pair: (pair[1], pair[0]))
    shown = assumed
    if len(first) >= AT_LEAST:
        if assumed is Prior.CLASSIC and novice - classic > MARGIN:
            shown = Prior.NOVICE
        elif assumed is Prior.NOVICE and classic - novice > MARGIN:
            shown = Prior.CLASSIC
    if len(first) < AT_LEAST or assumed is Prior.CLASSIC:
        share = 1.0            # unused under classic play; a novice's full luck until told
    plays = [o for o in first if o.habit >= CLASSIC_PLAY]
    missed = sum(not o.right for o in plays)
    return Start(assumed, share, classic, novice, len(first), shown, len(plays), missed)
