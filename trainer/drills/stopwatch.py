"""A decision's time: counted from when it is shown, and only while the player can see it.

A response time is what the player took to answer. Time during which the window was not the
active one (a dialog over it, another program in front) or the page was not shown is not the
player's: the front end pauses the stopwatch then and resumes it after. A pause outlives the
decision: a card dealt while the window is not active starts paused, so its time starts when the
player can first see it. The stopwatch reads an injected clock, so tests move time by hand.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Protocol

from trainer.teaching.grading import Clock

_NONE = timedelta(0)


class Stopwatch:
    """Time counted from :meth:`restart`, leaving out the spans between :meth:`pause` and
    :meth:`resume`."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._counted = _NONE
        self._since: datetime | None = clock()
        self.paused = False

    def restart(self) -> None:
        """A new decision is shown: count from zero (from now, unless paused)."""
        self._counted = _NONE
        self._since = None if self.paused else self.clock()

    def pause(self) -> None:
        """The player cannot see the decision (window not active, page hidden): stop counting."""
        if not self.paused:
            self._counted = self.elapsed()
            self._since = None
            self.paused = True

    def resume(self) -> None:
        """The player can see the decision again: count on from now."""
        if self.paused:
            self.paused = False
            self._since = self.clock()

    def elapsed(self) -> timedelta:
        """The time counted so far (never negative: a clock set back counts as no time)."""
        running = self.clock() - self._since if self._since is not None else _NONE
        return self._counted + max(running, _NONE)

    def elapsed_ms(self) -> int:
        """:meth:`elapsed` in whole milliseconds."""
        return round(self.elapsed().total_seconds() * 1000)


class Pausable(Protocol):
    """A drill (or timer) the front end pauses while the player cannot see it."""

    def pause(self) -> None:
        """The player cannot see it now."""
        ...

    def resume(self) -> None:
        """The player can see it again."""
        ...


class Attended:
    """A drill whose decisions are timed by a :class:`Stopwatch` (:attr:`watch`): the front end
    pauses and resumes it as the player can see the drill or not."""

    watch: Stopwatch

    def pause(self) -> None:
        """The player cannot see the drill now."""
        self.watch.pause()

    def resume(self) -> None:
        """The player can see the drill again."""
        self.watch.resume()
