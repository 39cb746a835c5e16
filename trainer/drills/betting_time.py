"""Betting time: in timed play the betting phase runs out, as the live game's does.

The live game closes betting when its timer runs out and deals the round (000 § Place Bets;
docs/rules/rulings.md#betting-time). In timed play the shoe table's betting phase has a timer
of its own (a setting; off outside timed play): :meth:`BettingTime.open` starts it on the
drill's clock (injected, so tests and the page's clock drive it), and once it has run out
:meth:`BettingTime.close` deals the round with the bets on the felt, or skips it when the
table would take none (no main bet; a bet the table refuses is not dealt either, and stays on
the felt): nothing is dealt, and the next betting time opens.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

from trainer.rules import InsufficientBalanceError
from trainer.rules.bet_behind import BehindOptions

from .betting import Betting
from .shoe_practice import ShoePractice


class Closing(Enum):
    """What closing the betting did."""

    DEALT = "dealt"
    SKIPPED = "skipped"


@dataclass(frozen=True)
class Closed:
    """The betting closed: the round dealt, or skipped and why (the felt's words)."""

    closing: Closing
    words: str = ""


class BettingTime:
    """The betting phase's timer for one shoe: ``seconds`` long (None: no timer, betting waits
    for the player)."""

    def __init__(self, practice: ShoePractice, seconds: float | None) -> None:
        if seconds is not None and seconds <= 0:
            raise ValueError(f"betting time is more than 0 seconds, not {seconds}")
        self.practice = practice
        self.seconds = seconds
        self.deadline: datetime | None = None
        self._paused_at: datetime | None = None    # the betting time stopped then
        #: rounds skipped for want of bets this shoe
        self.skipped = 0

    def open(self) -> None:
        """Betting opens now (between rounds)."""
        if self.practice.awaiting:
            raise RuntimeError("the round in play awaits a decision")
        now = self.practice.clock()
        if self._paused_at is not None:           # it stays stopped until the player sees it
            self._paused_at = now
        self.deadline = None if self.seconds is None else now + timedelta(seconds=self.seconds)

    def pause(self) -> None:
        """The player cannot see the table (another page, another program in front): the
        betting time stops, as a decision's does."""
        if self._paused_at is None:
            self._paused_at = self.practice.clock()

    def resume(self) -> None:
        """The player sees the table again: the betting time goes on from where it stopped."""
        if self._paused_at is not None:
            if self.deadline is not None:
                self.deadline += self.practice.clock() - self._paused_at
            self._paused_at = None

    def left_ms(self) -> int | None:
        """Milliseconds of betting time left (0 once run out; None without a timer or while
        betting is closed)."""
        if self.deadline is None:
            return None
        now = self._paused_at or self.practice.clock()
        return max(0, (self.deadline - now) // timedelta(milliseconds=1))

    @property
    def ran_out(self) -> bool:
        """True once the betting time is over (never without a timer)."""
        return self.left_ms() == 0

    def close(self, felt: Betting, options: BehindOptions | None = None) -> Closed:
        """Close the betting: deal the round with the bets on ``felt`` (its bets behind with
        the player's Bet Behind ``options``), or skip it when the table takes none (the felt
        says why) and open the next betting time. RuntimeError while betting is not open."""
        if self.deadline is None and self.seconds is not None:
            raise RuntimeError("betting is not open")
        problem = felt.problem()
        practice = self.practice
        if problem is None:
            bets = felt.bets()
            practice.change_bets(bets.main, {s: bets.side(s) for s in felt.offered},
                                 felt.behind(options or BehindOptions()))
            try:
                practice.deal()
            except InsufficientBalanceError as short:
                problem = str(short)
        if problem is not None:
            self.skipped += 1
            self.open()
            return Closed(Closing.SKIPPED, problem)
        felt.dealt(practice.balance)
        self.deadline = None
        return Closed(Closing.DEALT)


__all__ = ["BettingTime", "Closed", "Closing"]
