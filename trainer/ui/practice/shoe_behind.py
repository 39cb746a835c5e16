"""Bet Behind at the shoe table: a spot per computer seat on the felt, and its result there.

At a table with computer seats the player may bet behind a seat (docs/rules/bet-behind.md):
the core keeps the spots (:class:`trainer.drills.betting.Betting`'s ``behind_seats``) and
settles the bets on the seat's hands (:mod:`trainer.drills.computer_seats`). The felt shows
each spot as a circle beside the side bets while bets are placed; in play the circles of the
bets behind stay with their stakes (also while the dealer draws), and once the round is
settled each says its net, as the settlement box does on a line of its own. The round saved
keeps them with its bets.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from trainer.drills.betting import Spot
from trainer.drills.shoe_practice import RoundRecord, ShoePractice
from trainer.rules import SideBet

from ..table.model import SideBetView, TableView


def behind_views(practice: ShoePractice, settled: RoundRecord | None) -> tuple[SideBetView, ...]:
    """The circles of the round's bets behind: their stakes, and with ``settled`` (the round
    settled) each one's outcome and net."""
    if settled is not None:
        return tuple(SideBetView(Spot(behind=result.bet.seat).title, result.staked,
                                 settled=True, net=result.net) for result in settled.behind)
    return tuple(SideBetView(Spot(behind=bet.seat).title, bet.amount)
                 for bet in practice.settings.behind)


def with_behind(frames: list[TableView], practice: ShoePractice) -> list[TableView]:
    """The dealer's play card by card with the circles of the bets behind, their results in
    the last frame only (the settled round)."""
    staked = behind_views(practice, None)
    return [replace(frame, side_bets=frame.side_bets + staked) for frame in frames[:-1]] + (
        frames[-1:])


def saved_bets(record: RoundRecord, offered: tuple[SideBet, ...]) -> dict[str, float]:
    """A settled round's bets as the progress file keeps them: the main bet, each side bet
    staked, and each bet behind ('behind_0': on the first computer seat)."""
    bets = record.bets
    return {"main": float(bets.main),
            **{side.value: float(bets.side(side)) for side in offered if bets.side(side)},
            **{Spot(behind=b.bet.seat).key: float(b.bet.amount) for b in record.behind}}


def behind_words(practice: ShoePractice) -> list[tuple[str, Fraction]]:
    """The bets behind of the round in play, as the money line names them."""
    return [(Spot(behind=bet.seat).title, bet.amount) for bet in practice.settings.behind]


__all__ = ["behind_views", "behind_words", "saved_bets", "with_behind"]
