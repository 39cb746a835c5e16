"""The counting part of a counted shoe's report: the count checks, the bets against the ramp and
the index plays, from the shoe's counting records (:mod:`trainer.drills.counting.shoe`).

Units: a bet's EV is in betting units (the table minimum the ramp counts in: ``units x edge``);
an index play's EV lost is in main bets of its round, as every decision's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.teaching.records import GradedDecision, Verdict

from .keys import BET, INDEX, RUNNING, CountingKey


def counting_context(key: str) -> str | None:
    """The counting context of a stored key (bet, index, count, truecount), or None for a
    decision's key."""
    try:
        return CountingKey.from_key(key).context
    except ValueError:
        return None


@dataclass(frozen=True)
class CountSummary:
    """How a counted shoe's count, bets and index plays went."""

    checks: int = 0
    checks_right: int = 0
    largest_miss: int = 0          # how far the worst count check was off
    bets: int = 0
    bets_on_ramp: int = 0
    bet_ev_lost: float = 0.0       # betting units
    index_plays: int = 0
    index_right: int = 0
    index_ev_lost: float = 0.0     # main bets
    missed_cells: tuple[str, ...] = ()   # the decisions of the index plays missed, as met

    @classmethod
    def of(cls, records: Iterable[GradedDecision]) -> CountSummary:
        """The summary of a shoe's counting records (decisions' records are passed over)."""
        by: dict[str, list[GradedDecision]] = {BET: [], INDEX: [], RUNNING: []}
        for record in records:
            context = counting_context(record.situation_key)
            if context in by:
                by[context].append(record)
        checks, bets, index = by[RUNNING], by[BET], by[INDEX]
        return cls(
            checks=len(checks), checks_right=_right(checks),
            largest_miss=max((abs(int(d.action) - int(d.best_action)) for d in checks),
                             default=0),
            bets=len(bets), bets_on_ramp=_right(bets),
            bet_ev_lost=sum(d.ev_loss for d in bets),
            index_plays=len(index), index_right=_right(index),
            index_ev_lost=sum(d.ev_loss for d in index),
            missed_cells=tuple(dict.fromkeys(CountingKey.from_key(d.situation_key).detail
                                             for d in index if d.verdict is Verdict.WRONG)))

    def lines(self) -> list[str]:
        """The summary in a player's words, a line per part met."""
        out = []
        if self.checks:
            miss = (f"; the worst was off by {self.largest_miss}"
                    if self.checks_right < self.checks else "")
            out.append(f"Count checks: {self.checks_right} of {self.checks} right{miss}.")
        if self.bets:
            out.append(f"Bets: {self.bets_on_ramp} of {self.bets} on the ramp"
                       + _cost(self.bet_ev_lost, "betting units") + ".")
        if self.index_plays:
            out.append(f"Index plays: {self.index_right} of {self.index_plays} as the count "
                       "says" + _cost(self.index_ev_lost, "main bets") + ".")
        return out


def _cost(lost: float, unit: str) -> str:
    """'; the others cost 0.015 main bets of EV', or nothing when nothing was lost."""
    return f"; the others cost {lost:.3f} {unit} of EV" if lost > 0 else ""


def _right(records: list[GradedDecision]) -> int:
    return sum(d.verdict is not Verdict.WRONG for d in records)
