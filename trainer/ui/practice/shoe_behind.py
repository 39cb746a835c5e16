"""Bet Behind at the shoe table: a spot per computer seat on the felt, and its result there.

At a table with computer seats the player may bet behind a seat (docs/rules/bet-behind.md):
the core keeps the spots (:class:`trainer.drills.betting.Betting`'s ``behind_seats``) and
settles the bets on the seat's hands (:mod:`trainer.drills.computer_seats`). The felt shows
each spot at its seat's place (:mod:`.shoe_betting` while bets are placed); once the round is
dealt the bet is a chip on that spot beside the seat's cards, its size as it stands (a double or a
split it follows adds to it, also while the dealer draws), and once the round is settled its
result (won, lost or push, and the net) beside that seat's cards, as the settlement box says
on a line of its own. The round saved keeps them with its bets.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from trainer.drills.betting import Spot
from trainer.drills.shoe_practice import RoundRecord, ShoePractice
from trainer.rules import SideBet

from ..table.model import BehindView, TableView


def behind_seats(view: TableView, practice: ShoePractice,
                 settled: RoundRecord | None) -> TableView:
    """``view`` with the round's bets behind on their seats' spots: each one's stake as it
    stands (with the seat's doubles and splits it followed), and with ``settled`` (the round
    settled) its net."""
    rnd = practice.round
    if rnd is None:
        return view
    results = {r.bet.seat: r for r in settled.behind} if settled is not None else {}
    bets = {bet.seat: bet for bet in practice.settings.behind}
    seats = []
    for seat in view.seats:
        index = seat.number - 1
        bet, result = bets.get(index), results.get(index)
        if result is not None:
            seat = replace(seat, behind=BehindView(result.staked, settled=True, net=result.net))
        elif bet is not None:
            hands, main = rnd.seats[index].hands, rnd.seats[index].bets.main
            stake = sum((bet.stake_on(h, i, main) for i, h in enumerate(hands)), Fraction(0))
            seat = replace(seat, behind=BehindView(stake))
        seats.append(seat)
    return replace(view, seats=tuple(seats))


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


__all__ = ["behind_seats", "behind_words", "saved_bets"]
