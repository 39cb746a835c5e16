"""What a graded decision is: the record the drills produce and the progress store keeps."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Verdict(Enum):
    """How a decision compares with the best play."""

    CORRECT = "correct"          # the best action
    ACCEPTABLE = "acceptable"    # within 0.0001 of the best EV
    WRONG = "wrong"


class Mode(Enum):
    """The drill that produced a decision."""

    FLASHCARDS = "flashcards"
    SHOE = "shoe"
    TIMED = "timed"


@dataclass(frozen=True)
class GradedDecision:
    """One decision, graded against the strategy tables (or the live shoe's exact EVs).

    ``situation_key`` is the stable key the user's history is stored under (see
    :mod:`trainer.drills.situations`); ``evs`` holds the EV of every legal action in units of
    the main bet; ``ev_loss`` is best EV minus the chosen action's EV (0 for the best action).
    ``weight`` is the situation's natural frequency (how often real play meets it), so that
    statistics can be weighted the way money is.
    """

    time: str                    # ISO 8601, UTC, e.g. "2026-11-29T13:50:26Z"
    preset: str
    mode: Mode
    situation_key: str
    cards: str                   # the player's cards as dealt, e.g. "8♠ 8♦" or "A 7"
    dealer_up: str               # e.g. "10" or "A"
    action: str                  # an Action value, e.g. "free_double"
    best_action: str
    verdict: Verdict
    ev_loss: float
    response_ms: int
    evs: dict[str, float] = field(default_factory=dict)
    weight: float = 0.0
    timed_out: bool = False
