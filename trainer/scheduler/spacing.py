"""How far apart the player's sessions are, read from their answers, and what the queue makes of it.

The study queue values an answer by the recall it leaves at the next session, a day on
(:mod:`trainer.scheduler.study`). A player who comes back every day is served by that alone.
One whose sessions are two or three days apart is not: a card held just well enough for the
next session is forgotten by the one after. So for such a player the queue plans each card
over the sessions to come, that many days apart (:mod:`trainer.scheduler.plan`).

The gap is read from the answers: those less than :data:`BREAK` apart belong to one session,
and the typical gap is the mean of the latest :data:`RECENT` gaps between session starts, now
counted as one (:class:`Sessions`, kept with the picture of the player's memory).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: answers closer than this (days: six hours) belong to one session
BREAK = 0.25
#: how many of the latest gaps between sessions the typical gap is the mean of
RECENT = 8


@dataclass(frozen=True)
class Sessions:
    """When the player's latest sessions began (days, oldest first: at most
    :data:`RECENT` + 1 of them) and the day of their last answer, folded answer by answer
    (:meth:`after`) as the picture of their memory is (:mod:`trainer.scheduler.picture`)."""

    starts: tuple[float, ...] = ()
    latest: float | None = None

    def after(self, days: Iterable[float]) -> Sessions:
        """These sessions with answers on ``days`` too (given in order, after those taken in):
        an answer more than :data:`BREAK` after the one before begins a session."""
        starts, latest = list(self.starts), self.latest
        for day in days:
            if latest is None or day - latest > BREAK:
                starts.append(day)
            latest = day if latest is None else max(latest, day)
        return Sessions(tuple(starts[-(RECENT + 1):]), latest)

    def gap(self, now: float) -> float:
        """The mean of the latest :data:`RECENT` gaps between session starts, a session begun
        at ``now`` counted (days; 1 before there are two sessions: a new player is taken to
        come back daily)."""
        starts = self.after([now]).starts
        if len(starts) < 2:
            return 1.0
        return (starts[-1] - starts[0]) / (len(starts) - 1)


def apart(gap: float) -> float | None:
    """The gap the queue plans over for a player whose sessions are ``gap`` days apart on
    average, to the quarter day (so that a plan serves the sessions after): None for one who
    comes back within a day and :data:`BREAK` (a daily player's sessions begin a little
    earlier or later each day)."""
    if gap <= 1.0 + BREAK:
        return None
    return round(gap * 4) / 4
