"""What of the running and true counts is due today, in one line for the Counting page and the
terminal: "Due today: true count with 1.5–3, 4.5 decks left; running count 2 cards at a time",
or "Nothing due: next today 14:05" (worded as a card's due time: :mod:`trainer.drills.when`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..when import due_text
from .running import RunningCountDrill
from .true_count import TrueCountDrill


def spans(values: Sequence[float], step: float) -> str:
    """Values in order, three or more in a row (``step`` apart) as a span: '1.5–3, 4.5'."""
    groups: list[list[float]] = []
    for value in sorted(values):
        if groups and abs(value - groups[-1][-1] - step) < 1e-9:
            groups[-1].append(value)
        else:
            groups.append([value])
    return ", ".join(f"{g[0]:g}–{g[-1]:g}" if len(g) >= 3 else ", ".join(f"{v:g}" for v in g)
                     for g in groups)


@dataclass(frozen=True)
class DueToday:
    """The cards at a time and the decks left due ``now``, and when the next skill falls
    due."""

    running: tuple[int, ...]
    true: tuple[float, ...]
    next_on: datetime | None
    now: datetime | None = None      # the drills' clock when read (None: no drill yet)

    @classmethod
    def of(cls, running: RunningCountDrill | None, true: TrueCountDrill | None) -> DueToday:
        """What the drills' schedules hold now (a drill not there yet counts as nothing due)."""
        times = [t for t in (running.next_due() if running else None,
                             true.next_due() if true else None) if t is not None]
        return cls(tuple(running.due()) if running else (), tuple(true.due()) if true else (),
                   min(times) if times else None,
                   running.clock() if running else true.clock() if true else None)

    @property
    def anything(self) -> bool:
        """Whether some skill is due."""
        return bool(self.running or self.true)

    def text(self) -> str:
        """The line the page and the terminal show."""
        parts = []
        if self.true:
            decks = "deck" if tuple(self.true) == (1,) else "decks"
            parts.append(f"true count with {spans(self.true, 0.5)} {decks} left")
        if self.running:
            plural = "s" if self.running != (1,) else ""
            parts.append(f"running count {spans(self.running, 1)} card{plural} at a time")
        if parts:
            return "Due today: " + "; ".join(parts)
        if self.next_on is None or self.now is None:
            return "Nothing due"
        return f"Nothing due: next {due_text(self.next_on, self.now)}"
