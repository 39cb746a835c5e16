"""A missed question comes back a few questions later, before it is forgotten again: the
in-session repetition every drill shares (flashcards outside due mode, the counting drills).

Questions are numbered from 0 in the order asked. A miss of question ``n`` books its item at
``n + 3``, ``n + 4`` or ``n + 5`` (:data:`REQUEUE_GAPS`, tried in an order drawn from the
drill's seeded :class:`random.Random`, the first one free), so a seed replays the session.
"""

from __future__ import annotations

import random
from typing import Generic, TypeVar

T = TypeVar("T")

#: A missed question's item comes back this many questions later (the first free of them).
REQUEUE_GAPS = (3, 4, 5)


class Comebacks(Generic[T]):
    """Missed questions' items, each booked to come back a few questions later."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._at: dict[int, T] = {}
        self._booked_by: dict[int, int] = {}   # missed question -> where its item comes back

    def missed(self, number: int, item: T) -> None:
        """Question ``number`` was missed: ask ``item`` again a few questions on (nothing is
        booked when all of those are taken)."""
        for gap in self.rng.sample(REQUEUE_GAPS, len(REQUEUE_GAPS)):
            if number + gap not in self._at:
                self._at[number + gap] = item
                self._booked_by[number] = number + gap
                return

    def take(self, number: int) -> T | None:
        """What comes back as question ``number`` (None: nothing); it is asked once."""
        return self._at.pop(number, None)

    def forget(self, number: int) -> None:
        """Question ``number``'s answer was taken back: what its miss booked no longer comes
        back (nothing else changes)."""
        slot = self._booked_by.pop(number, None)
        if slot is not None:
            self._at.pop(slot, None)
