"""Betting time in timed play (docs/rules/rulings.md#betting-time): the betting phase runs out
on the drill's clock; the round is dealt with the bets on the felt, or skipped without."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from trainer.drills.betting import MAIN, Betting, Spot, TableLimits
from trainer.drills.betting_time import BettingTime, Closing
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import Action, SideBet, preset
from trainer.rules.bet_behind import BehindOptions, BetBehind

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


def test_the_betting_time_stops_while_the_player_cannot_see_the_table() -> None:
    clock, _, _, timer = table(10)
    timer.open()
    clock.wait(4)
    timer.pause()
    clock.wait(60)                              # another page shown a minute
    assert timer.left_ms() == 6000 and not timer.ran_out
    timer.resume()
    clock.wait(5)
    assert timer.left_ms() == 1000
    timer.pause()
    timer.open()                                # the next betting time, still unseen
    clock.wait(3)
    assert timer.left_ms() == 10_000
    timer.resume()
    clock.wait(3)
    assert timer.left_ms() == 7000


def test_without_a_timer_betting_never_runs_out() -> None:
    clock, _, _, timer = table(None)
    timer.open()
    clock.wait(3600)
    assert timer.left_ms() is None and not timer.ran_out
    with pytest.raises(ValueError):
        BettingTime(timer.practice, 0)


def test_bets_behind_on_the_felt_are_dealt_with_the_options() -> None:
    """A chip on a seat's Bet Behind spot rides on that seat's hand when betting closes, with
    the player's Bet Behind Options; REPEAT puts it back."""
    clock = Clock()
    practice = ShoePractice(RULES, ShoeSettings(bankroll=Fraction(1000), computer_seats=1,
                                                seat=1), seed=2, clock=clock)
    felt = Betting(LIMITS, [], practice.balance, behind_seats=[0])
    behind = Spot(behind=0)
    assert behind.title == "Bet Behind seat 1" and behind.key == "behind_0"
    timer = BettingTime(practice, 15)
    timer.open()
    felt.place(MAIN)
    felt.select(1)
    felt.place(behind)
    clock.wait(15)
    options = BehindOptions(follows_doubles=True)
    assert timer.close(felt, options).closing is Closing.DEALT
    assert practice.settings.behind == (BetBehind(0, Fraction(25), True, False),)
    while practice.awaiting:
        practice.answer(Action.STAND if Action.STAND in practice.round.legal_actions()
                        else Action.NO_INSURANCE)
    assert practice.rounds[-1].behind[0].bet.amount == 25
    assert felt.repeat().done and felt.stake(behind) == 25 and felt.stake(MAIN) == 5


def test_a_bet_behind_below_the_table_minimum_is_not_dealt() -> None:
    clock = Clock()
    practice = ShoePractice(RULES, ShoeSettings(computer_seats=1, seat=1), seed=2, clock=clock)
    limits = TableLimits(chips=(Fraction(5), Fraction(25)), minimum=Fraction(10),
                         maximum=Fraction(500), side_maximum=Fraction(100))
    felt = Betting(limits, [], practice.balance, behind_seats=[0])
    felt.select(1)
    felt.place(MAIN)
    felt.select(0)
    felt.place(Spot(behind=0))
    assert "also behind a seat" in (felt.problem() or "")
    timer = BettingTime(practice, 5)
    timer.open()
    clock.wait(5)
    assert timer.close(felt).closing is Closing.SKIPPED and practice.round is None


def test_bets_behind_the_balance_cannot_follow_skip_the_round() -> None:
    """The balance covers the chips but not what following could add: the round is not
    dealt, and the felt is told why."""
    clock = Clock()
    practice = ShoePractice(RULES, ShoeSettings(bankroll=Fraction(60), computer_seats=1,
                                                seat=1), seed=2, clock=clock)
    felt = Betting(LIMITS, [], practice.balance, behind_seats=[0])
    felt.select(1)
    felt.place(MAIN)
    felt.place(Spot(behind=0))
    timer = BettingTime(practice, 5)
    timer.open()
    clock.wait(5)
    closed = timer.close(felt, BehindOptions(True, True))
    assert closed.closing is Closing.SKIPPED and "bets behind" in closed.words
    assert practice.round is None and not practice.steps and felt.total == 50
