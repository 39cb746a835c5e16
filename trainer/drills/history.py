"""The player's past answers, from stored decisions to what the memory model reads.

The progress store keeps every graded decision with its situation key and the cards as dealt;
the study queue needs each as an :class:`~trainer.scheduler.memory.Answer`: when, right or not,
and the chance the assumed play would have been right there anyway (which depends on the exact
hand, so the cards are read back into the table entry they were graded against).

What is stored is checked as it is read, never trusted: a row whose time, verdict, EV lost or
cards cannot be read (a damaged row, or one written by hand) is left out and counted, and an
answer timed after now (a clock that was wrong when it was given) is counted as given now, so
it cannot push its card's next review out by as long as the clock was off. :meth:`Reading.notes`
says both in plain words. The cards are read once per distinct hand (a long history holds a
few thousand distinct hands in hundreds of thousands of rows).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache

from trainer.rules import Card
from trainer.scheduler.memory import day_of
from trainer.teaching.answers import Answer
from trainer.teaching.curriculum import Curriculum
from trainer.teaching.records import readable_loss
from trainer.teaching.situations import Context

#: One stored decision as the history needs it: time (ISO 8601 UTC), situation key, cards as
#: dealt, verdict ("correct", "acceptable" or "wrong"), EV lost.
Row = tuple[str, str, str, str, float]

#: The stored verdicts and whether each counts as right.
RIGHT = {"correct": True, "acceptable": True, "wrong": False}


@dataclass(frozen=True)
class Reading:
    """Stored answers as the memory model reads them, oldest first, and what was not as
    stored: rows left out (unreadable) and answers moved to now (timed in the future)."""

    answers: list[Answer] = field(default_factory=list)
    unreadable: int = 0
    future: int = 0

    def notes(self) -> list[str]:
        """What the player is told about the rows read (nothing when all were as stored)."""
        return notes(self.unreadable, self.future)


def notes(unreadable: int, future: int) -> list[str]:
    """The plain lines for ``unreadable`` rows left out and ``future`` answers moved to now."""
    said = []
    if unreadable:
        one = unreadable == 1
        said.append(f"{unreadable} stored answer{'' if one else 's'} could not be read (a "
                    f"damaged row) and {'is' if one else 'are'} left out.")
    if future:
        one = future == 1
        said.append(f"{future} answer{'' if one else 's'} {'was' if one else 'were'} timed in "
                    f"the future (a wrong clock?) and {'is' if one else 'are'} counted as "
                    "given now.")
    return said


def read_answers(course: Curriculum, rows: Iterable[Row], now: datetime | None) -> Reading:
    """The answers of ``rows`` (oldest first) that the curriculum can place; another rule
    set's keys and hands outside the tables are left out, rows that cannot be read are left
    out and counted, and answers after ``now`` are counted as given now (None: as stored)."""
    found = []
    unreadable = future = 0
    place = _placer(course)
    situations, guesses, insurance = course.catalog.situations, place.guesses, place.insurance
    until = day_of(now) if now is not None else math.inf
    for time, key, cards, verdict, loss in rows:
        if key not in situations:
            continue
        values = () if key in insurance else _values(cards)   # insurance: any hand alike
        placed: object = None
        if isinstance(values, tuple):
            placed = guesses.get((key, values), _UNSEEN)
            if placed is _UNSEEN:
                placed = place.guess(key, values)
        if placed is _OUTSIDE:
            continue
        right = RIGHT.get(verdict) if isinstance(verdict, str) else None
        day = _day(time)
        if (right is None or not isinstance(placed, tuple) or day is None
                or not readable_loss(loss)):
            unreadable += 1
            continue
        if day > until:
            future += 1
            day = until
        guess, luck, habit = placed
        found.append(Answer(key, day, right, guess, float(loss), luck, habit))
    return Reading(found, unreadable, future)


def answers(course: Curriculum, rows: Iterable[Row]) -> list[Answer]:
    """The answers of ``rows`` as stored (see :func:`read_answers`, with no clock)."""
    return read_answers(course, rows, None).answers


#: A hand that is read but outside the tables (six cards without Charlie): left out, not damaged.
_OUTSIDE = object()
_UNSEEN = object()
#: A placed hand: the assumed play's guess, the luck of a pick, the classic habit.
Placed = tuple[float, float, float]


def _day(text: object) -> float | None:
    """A stored time as the model's day, or None when it is not an ISO 8601 time with a zone."""
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return day_of(when) if when.tzinfo is not None else None


def _values(cards: object) -> tuple[int, ...] | None:
    """The card values of a cards text ("10♠ 6♦"), or None when it is not a list of cards."""
    if not isinstance(cards, str):
        return None
    try:
        values = tuple(_POINTS[token] for token in cards.split())
    except KeyError:
        values = tuple(map(_points, cards.split()))
    return values if values and None not in values else None   # type: ignore[return-value]


#: Each card's text seen so far, and its value (ace 1, faces 10; None: not a card).
_POINTS: dict[str, int | None] = {}


def _points(token: str) -> int | None:
    """A card's value from its text (kept in :data:`_POINTS`), or None if it is not a card."""
    try:
        found: int | None = Card.parse(token).points
    except ValueError:
        found = None
    _POINTS[token] = found
    return found


class _Placer:
    """A curriculum's answers placed by hand: each (key, card values) placed once."""

    def __init__(self, course: Curriculum) -> None:
        self.course = course
        self.guesses: dict[tuple[str, tuple[int, ...]], Placed | object | None] = {}
        self.insurance = frozenset(key for key, s in course.catalog.situations.items()
                                   if s.context is Context.INSURANCE)

    def guess(self, key: str, values: tuple[int, ...]) -> Placed | object | None:
        """The guess, luck and habit of an answer in situation ``key`` with these card values;
        :data:`_OUTSIDE` for a hand outside the tables, None for cards the key cannot have."""
        table = self.course.catalog
        situation = table.situations[key]
        spot = None
        if situation.context is Context.INSURANCE:
            spot = table.spots[key][0]
        else:
            try:
                spot = table.spot_for(situation, values)
            except ValueError:
                spot = None
            if spot is not None and spot.table_key not in table.entries:
                spot = None
        course = self.course
        found: Placed | object | None = _OUTSIDE
        if spot is not None:
            try:
                found = (course.guess(spot), course.luck(spot), course.habit(spot))
            except ValueError:        # cards of another hand than the key's (edited): unread
                found = None
        self.guesses[(key, values)] = found
        return found


@cache
def _placer(course: Curriculum) -> _Placer:
    """One placer per curriculum, kept with it."""
    return _Placer(course)
