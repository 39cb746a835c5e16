"""How the computer plays its seats at the shoe table, and the bets behind placed on them.

A computer seat plays the table's best action (the chart), or the chart with a chosen error
rate: at each decision, with that chance, one of the other legal actions, picked at random.
The picks come from a generator seeded by the shoe's seed, so a kept shoe played again
(:mod:`.shoe_keeping`) sees every seat play as before. A bet behind rides on a computer seat's
hand (docs/rules/bet-behind.md): the balance holds the most it can come to while the round is
in play, and it is settled with that seat's hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from trainer.rules import Action, Policy, Round, RuleSet
from trainer.rules.bet_behind import BehindResult, BetBehind, settle_behind
from trainer.teaching.grading import Grader
from trainer.teaching.situations import round_spot


def _best(grader: Grader, rnd: Round) -> tuple[Action, list[Action]]:
    """The table's best legal action now, and every legal action."""
    evs, best = grader.evs(round_spot(rnd))
    legal = sorted(rnd.legal_actions(), key=lambda a: a.value)
    offered = {a: ev for a, ev in evs.items() if a in {x.value for x in legal}}
    chosen = best if best in offered else max(offered, key=lambda a: offered[a])
    return Action(chosen), legal


def table_policy(grader: Grader) -> Policy:
    """A computer seat's play: the best legal action by ``grader`` (the table)."""
    return lambda rnd: _best(grader, rnd)[0]


def erring_policy(grader: Grader, rate: float, rng: random.Random) -> Policy:
    """The table's play, but with chance ``rate`` (0 to 1) another legal action, drawn from
    ``rng``; a decision with one legal action draws nothing."""
    if not 0 <= rate <= 1:
        raise ValueError(f"an error rate is between 0 and 1, not {rate}")

    def choose(rnd: Round) -> Action:
        best, legal = _best(grader, rnd)
        others = [a for a in legal if a is not best]
        if not others or rng.random() >= rate:
            return best
        return rng.choice(others)
    return choose


def seats_random(seed: int | None) -> random.Random:
    """The computer seats' errors' generator for the shoe of ``seed`` (None: unseeded)."""
    return random.Random(f"computer seats {seed}") if seed is not None else random.Random()


def check_behind(behind: Sequence[BetBehind], computer_seats: int, player: int,
                 minimum: Fraction | None = None) -> None:
    """ValueError, in a player's words, unless each bet behind is on a different computer
    seat (seats numbered from 0 in dealing order, the player's ``player``) and, with a table
    ``minimum``, at least that."""
    seats = [b.seat for b in behind]
    if len(set(seats)) != len(seats):
        raise ValueError("one bet behind a seat: put more on it instead of a second")
    for bet in behind:
        if bet.seat == player or not 0 <= bet.seat <= computer_seats:
            raise ValueError(f"seat {bet.seat} is not a computer seat at this table: a bet "
                             "behind goes on another seat's hand")
        if minimum is not None and bet.amount < minimum:
            raise ValueError(f"a bet behind is at least the table minimum ({minimum})")


def held(behind: Sequence[BetBehind], rules: RuleSet) -> Fraction:
    """What the balance holds for ``behind`` while a round is in play: the most each can
    come to with its options."""
    return sum((b.most(rules) for b in behind), Fraction(0))


def settle(rnd: Round, behind: Sequence[BetBehind]) -> tuple[BehindResult, ...]:
    """Every bet behind of the settled ``rnd``, settled with its seat's hands."""
    results = rnd.results
    return tuple(settle_behind(b, rnd.seats[b.seat].bets.main, results[b.seat].hands)
                 for b in behind)


__all__ = ["check_behind", "erring_policy", "held", "seats_random", "settle", "table_policy"]
