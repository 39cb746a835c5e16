"""Betting time in timed play (docs/rules/rulings.md#betting-time): the betting phase runs out
on the drill's clock; the round is dealt with the bets on the felt, or skipped without."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from trainer.drills.betting import MAIN, Betting, Spot, TableLimits
from trainer.drills.betting_time import BettingTime, Closing
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import SideBet, preset

RULES = preset("evolution")
LIMITS = TableLimits(chips=(Fraction(5), Fraction(25)), minimum=Fraction(5),
                     maximum=Fraction(500), side_maximum=Fraction(100))


class Clock:
    """The page's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def table(seconds: float | None) -> tuple[Clock, ShoePractice, Betting, BettingTime]:
    clock = Clock()
    practice = ShoePractice(RULES, ShoeSettings(bankroll=Fraction(1000)), seed=2, clock=clock)
    felt = Betting(LIMITS, [SideBet.PERFECT_PAIRS], practice.balance)
    return clock, practice, felt, BettingTime(practice, seconds)


def test_when_betting_time_runs_out_the_round_is_dealt_with_the_bets_on_the_felt() -> None:
    clock, practice, felt, timer = table(15)
    timer.open()
    felt.select(1)
    felt.place(MAIN)
    clock.wait(14.5)
    assert timer.left_ms() == 500 and not timer.ran_out
    clock.wait(0.5)
    assert timer.ran_out
    closed = timer.close(felt)
    assert closed.closing is Closing.DEALT
    assert practice.round is not None and practice.round_bets.main == 25
    assert felt.total == 0 and timer.left_ms() is None     # the chips are in the round now


def test_with_no_bets_on_the_felt_the_round_is_skipped_and_betting_opens_again() -> None:
    clock, practice, felt, timer = table(10)
    timer.open()
    felt.place(Spot(SideBet.PERFECT_PAIRS))     # a side bet alone is not dealt
    clock.wait(10)
    closed = timer.close(felt)
    assert closed.closing is Closing.SKIPPED and "main bet" in closed.words
    assert practice.round is None and practice.shoe.position == 0 and not practice.rounds
    assert timer.skipped == 1 and timer.left_ms() == 10_000
    assert felt.total == 5                      # left on the felt for the next betting time


def test_without_a_timer_betting_never_runs_out() -> None:
    clock, _, _, timer = table(None)
    timer.open()
    clock.wait(3600)
    assert timer.left_ms() is None and not timer.ran_out
    with pytest.raises(ValueError):
        BettingTime(timer.practice, 0)
