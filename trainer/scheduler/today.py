"""The study queue's day as a player reads it, and the settings it follows.

Anki's counts: **due** cards (answered before, falling under the desired retention before the
day ends), **learning** cards (those whose memory cannot yet last a day, :data:`LEARNED_DAYS`)
and the day's **new** cards; how many of the due and learning ones can be asked now.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .retention import RETENTION

#: Stability (days) from which a card is "due", not "learning".
LEARNED_DAYS = 1.0


@dataclass(frozen=True)
class StudySettings:
    """The player's choices for due mode."""

    new_per_day: int = 20
    retention: float = RETENTION


@dataclass(frozen=True)
class Counts:
    """What is left today: due reviews and learning cards (now or later today), new cards,
    and how many of the due and learning ones can be asked now."""

    due: int
    learning: int
    new: int
    ready: int = -1          # due now (-1: all of due and learning)

    def __add__(self, other: Counts) -> Counts:
        """Two presets' counts together."""
        return Counts(self.due + other.due, self.learning + other.learning,
                      self.new + other.new, self.now + other.now)

    @property
    def now(self) -> int:
        """Due and learning cards that can be asked now."""
        return self.due + self.learning if self.ready < 0 else self.ready

    @property
    def today(self) -> int:
        """The flashcards due today, now or later: what every page calls "due"."""
        return self.due + self.learning

    @property
    def done(self) -> bool:
        """Nothing to ask now: no card due now and no new card left today."""
        return not (self.now or self.new)

    @property
    def finished(self) -> bool:
        """Nothing left today at all (done, and no learning card coming back later)."""
        return not (self.today or self.new)


#: The defaults: 20 new cards a day, 90% retention.
DEFAULT_STUDY = StudySettings()


def midnight(now: datetime) -> datetime:
    """The start of ``now``'s day in the local time zone (where the day's counts start)."""
    local = now.astimezone()
    return local.replace(hour=0, minute=0, second=0, microsecond=0)
