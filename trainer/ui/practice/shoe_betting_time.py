"""Betting time in timed shoe play: the betting phase runs out, as the live game's does.

In timed play the betting before each round has its own timer (the BETTING_SECONDS setting; 0
or untimed play: betting waits for the player), counted on the page's clock (injected, so
tests move it by hand) by the core's :class:`~trainer.drills.betting_time.BettingTime` and
shown on the countdown of the page's top row; it stops while the player cannot see the table,
as a decision's time does. When it runs out the round is dealt with the bets on the felt, or
skipped when the table takes none: nothing is dealt, the felt says why, and the next betting
time opens. A counted shoe's bet is dealt by the page's own deal, so the
count box grades it.
"""

from __future__ import annotations

from trainer import settings as cfg
from trainer.drills.betting_time import BettingTime, Closing

from .shoe_betting import behind_options
from .shoe_play import OPEN, ShoePlay


class TimedBetting(ShoePlay):
    """Shoe practice with its betting time (see the module docstring)."""

    betting_time: BettingTime | None = None

    def _time_the_betting(self) -> None:
        """A new shoe: its betting is timed in timed play with a betting time set."""
        seconds, practice = self.settings.get(cfg.BETTING_SECONDS), self.practice
        self.betting_time = BettingTime(practice, seconds) if (
            self.timed is not None and practice is not None and seconds > 0) else None
        self._attention()

    def _attention(self) -> None:
        """The betting time stops while the player cannot see the table, as a decision's."""
        super()._attention()
        if self.betting_time is not None:
            if self.seen():
                self.betting_time.resume()
            else:
                self.betting_time.pause()

    def _open_betting(self, keep_result: bool) -> None:
        super()._open_betting(keep_result)
        if self.betting_time is not None:
            self.betting_time.open()
            self._tick()

    def _tick(self) -> None:
        """While bets are placed, the betting time; else the decision timer."""
        time = self.betting_time
        if time is None or time.deadline is None or self.phase not in OPEN:
            super()._tick()
            return
        left = time.left_ms()
        assert left is not None and time.seconds is not None
        self.countdown.show_left(left / 1000, time.seconds, " to bet")
        self.countdown.show()
        if time.ran_out:
            self._betting_ran_out(time)

    def _betting_ran_out(self, time: BettingTime) -> None:
        """Deal the round with the bets on the felt, or skip it and say why."""
        felt = self.bets.betting
        assert felt is not None
        if self.counter is not None:
            self.deal()
            if self.phase in OPEN:               # refused: the felt says why; skipped
                time.skipped += 1
                time.open()
                self._tick()
            return
        closed = time.close(felt, behind_options(self.settings))
        if closed.closing is Closing.DEALT:
            self.round_decisions, self._bet_line = [], ""
            self._round_dealt()
        else:
            self.bets.refuse(f"Time up: no round dealt. {closed.words}")
            self._tick()                         # the next betting time, from the full

    def _round_dealt(self) -> None:
        """The betting time stops with the deal."""
        if self.betting_time is not None:
            self.betting_time.deadline = None
        self.countdown.hide()
        super()._round_dealt()


__all__ = ["TimedBetting"]
