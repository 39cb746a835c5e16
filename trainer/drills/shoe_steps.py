"""What the player did in a shoe, step by step: the bets of each round dealt and each answer.

A shoe is seeded, and everything else in it follows from these steps, so a shoe in progress is
kept as its seed, its settings and its steps (:mod:`.shoe_keeping`) and played again to where
it was after a restart: its rounds, balance and cards seen exactly as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from trainer.rules import Action, SideBet


class StepKind(Enum):
    """A round dealt with its bets, or an answer to a decision."""

    DEAL = "deal"
    ANSWER = "answer"


@dataclass(frozen=True)
class Step:
    """One thing the player did: a deal (``bet``, ``side_bets``) or an answer (``action``,
    ``response_ms``, ``timed_out``)."""

    kind: StepKind
    bet: Fraction = Fraction(0)
    side_bets: Mapping[SideBet, Fraction] = field(default_factory=dict)
    action: Action | None = None
    response_ms: int | None = None
    timed_out: bool = False

    @classmethod
    def dealt(cls, bet: Fraction, side_bets: Mapping[SideBet, Fraction]) -> Step:
        """A round dealt with these bets."""
        return cls(StepKind.DEAL, Fraction(bet), {b: Fraction(v) for b, v in side_bets.items()})

    @classmethod
    def answered(cls, action: Action, response_ms: int | None, timed_out: bool) -> Step:
        """An answer (the action requested, before the rules' fallbacks)."""
        return cls(StepKind.ANSWER, action=Action(action), response_ms=response_ms,
                   timed_out=timed_out)

    def to_plain(self) -> dict[str, Any]:
        """As JSON values (money as exact fraction text)."""
        if self.kind is StepKind.DEAL:
            return {"deal": str(self.bet),
                    "side_bets": {b.value: str(v) for b, v in self.side_bets.items()}}
        assert self.action is not None
        return {"answer": self.action.value, "response_ms": self.response_ms,
                "timed_out": self.timed_out}

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> Step:
        """The step of :meth:`to_plain`'s values; ValueError (or KeyError, TypeError) for
        values no step has."""
        if "deal" in plain:
            return cls.dealt(Fraction(plain["deal"]),
                             {SideBet(b): Fraction(v) for b, v in plain["side_bets"].items()})
        response = plain["response_ms"]
        if response is not None and not isinstance(response, int):
            raise ValueError(f"a response time is whole milliseconds, not {response!r}")
        return cls.answered(Action(plain["answer"]), response, bool(plain["timed_out"]))


__all__ = ["Step", "StepKind"]
