"""What the player did in a shoe, step by step: the bets of each round dealt and each answer.

A shoe is seeded, and everything else in it follows from these steps, so a shoe in progress is
kept as its seed, its settings and its steps (:mod:`.shoe_keeping`) and played again to where
it was after a restart: its rounds, balance and cards seen exactly as they were.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from trainer.rules import Action, SideBet
from trainer.rules.bet_behind import BetBehind


class StepKind(Enum):
    """A round dealt with its bets, or an answer to a decision."""

    DEAL = "deal"
    ANSWER = "answer"


@dataclass(frozen=True)
class Step:
    """One thing the player did: a deal (``bet``, ``side_bets``, ``behind``) or an answer
    (``action``, ``response_ms``, ``timed_out``)."""

    kind: StepKind
    bet: Fraction = Fraction(0)
    side_bets: Mapping[SideBet, Fraction] = field(default_factory=dict)
    action: Action | None = None
    response_ms: int | None = None
    timed_out: bool = False
    behind: tuple[BetBehind, ...] = ()

    @classmethod
    def dealt(cls, bet: Fraction, side_bets: Mapping[SideBet, Fraction],
              behind: Sequence[BetBehind] = ()) -> Step:
        """A round dealt with these bets (``behind``: bets behind computer seats)."""
        return cls(StepKind.DEAL, Fraction(bet), {b: Fraction(v) for b, v in side_bets.items()},
                   behind=tuple(behind))

    @classmethod
    def answered(cls, action: Action, response_ms: int | None, timed_out: bool) -> Step:
        """An answer (the action requested, before the rules' fallbacks)."""
        return cls(StepKind.ANSWER, action=Action(action), response_ms=response_ms,
                   timed_out=timed_out)

    def to_plain(self) -> dict[str, Any]:
        """As JSON values (money as exact fraction text)."""
        if self.kind is StepKind.DEAL:
            plain: dict[str, Any] = {
                "deal": str(self.bet),
                "side_bets": {b.value: str(v) for b, v in self.side_bets.items()}}
            if self.behind:       # a step of a shoe without bets behind reads as before
                plain["behind"] = [behind_plain(b) for b in self.behind]
            return plain
        assert self.action is not None
        return {"answer": self.action.value, "response_ms": self.response_ms,
                "timed_out": self.timed_out}

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> Step:
        """The step of :meth:`to_plain`'s values; ValueError (or KeyError, TypeError) for
        values no step has."""
        if "deal" in plain:
            return cls.dealt(Fraction(plain["deal"]),
                             {SideBet(b): Fraction(v) for b, v in plain["side_bets"].items()},
                             [behind_from(b) for b in plain.get("behind", [])])
        response = plain["response_ms"]
        if response is not None and not isinstance(response, int):
            raise ValueError(f"a response time is whole milliseconds, not {response!r}")
        return cls.answered(Action(plain["answer"]), response, bool(plain["timed_out"]))


def behind_plain(bet: BetBehind) -> dict[str, Any]:
    """A bet behind as JSON values (its amount as exact fraction text)."""
    return {"seat": bet.seat, "amount": str(bet.amount), "doubles": bet.follows_doubles,
            "splits": bet.follows_splits}


def behind_from(plain: Mapping[str, Any]) -> BetBehind:
    """The bet behind of :func:`behind_plain`'s values; ValueError (or KeyError, TypeError)
    for values none has."""
    if not isinstance(plain["seat"], int):
        raise ValueError(f"a seat is a whole number, not {plain['seat']!r}")
    return BetBehind(plain["seat"], Fraction(plain["amount"]), bool(plain["doubles"]),
                     bool(plain["splits"]))


__all__ = ["Step", "StepKind", "behind_from", "behind_plain"]
