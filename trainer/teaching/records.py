"""What a graded decision is: the record the drills produce and the progress store keeps.

A decision's grade is the chart's: the preset's exact table for the cards dealt. A play graded
against the cards not yet seen (a counted shoe's depleted shoe) keeps that grade apart
(:class:`ShoeGrade`); where the shoe's best play differs from the chart's, the decision says
nothing of the chart's play and is kept apart from it (:attr:`GradedDecision.apart`). A decision
the timer ran out on is a miss of its own kind, whatever the auto-decision the table took.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum


class Verdict(Enum):
    """How a decision compares with the best play."""

    CORRECT = "correct"          # the best action
    ACCEPTABLE = "acceptable"    # within 0.0001 of the best EV
    WRONG = "wrong"


class Severity(Enum):
    """How much a decision costs, in words a player reads at a glance."""

    NONE = "right"              # the best play
    TIMEOUT = "time out"        # the timer ran out before an answer: a miss of its own kind
    CLOSE_CALL = "close call"   # acceptable, or wrong by less than 2% of the bet
    MISTAKE = "mistake"         # wrong by 2% to 10% of the bet
    BLUNDER = "blunder"         # wrong by 10% of the bet or more

    @classmethod
    def of(cls, verdict: Verdict, ev_loss: float) -> Severity:
        """The severity of a graded decision (see :data:`CLOSE_CALL_BELOW`,
        :data:`BLUNDER_FROM`)."""
        if verdict is Verdict.CORRECT:
            return cls.NONE
        if verdict is Verdict.ACCEPTABLE or ev_loss < CLOSE_CALL_BELOW:
            return cls.CLOSE_CALL
        return cls.MISTAKE if ev_loss < BLUNDER_FROM else cls.BLUNDER


#: A wrong decision losing less than this (main bets) is a close call.
CLOSE_CALL_BELOW = 0.02
#: A wrong decision losing this much or more (main bets) is a blunder.
BLUNDER_FROM = 0.10


#: No graded decision costs this many main bets: a play's EV lost is at most 18 (each action's EV
#: lies within 9 main bets either way: four hands doubled, and insurance's half bet paid 2 to 1),
#: a counted shoe's bet at most its spread (100 units at most) times the edge at the count (a
#: few hundredths). A stored EV lost outside 0 to this is damage, never read as a cost.
MOST_LOST = 100.0


def readable_loss(loss: object) -> bool:
    """True for an EV lost a graded decision can have: a number from 0 to below
    :data:`MOST_LOST` (not a bool, not infinite, not a NaN)."""
    return (isinstance(loss, int | float) and not isinstance(loss, bool)
            and 0.0 <= loss < MOST_LOST)


#: The parts of a counting answer's key (:mod:`trainer.drills.counting.keys`); a decision's key
#: has six (:class:`~trainer.teaching.situations.Situation`): the reviews tell the two apart by it.
COUNTING_KEY_PARTS = 4


class Mode(Enum):
    """The drill that produced a decision."""

    FLASHCARDS = "flashcards"
    SHOE = "shoe"
    TIMED = "timed"
    COUNT = "count"              # running count and true count drills
    INDEX = "index"              # index flashcards: a play at a true count

    @property
    def counts(self) -> bool:
        """A counting drill's answer: reviewed on its own (the Counting page), not among the
        plays of the strategy."""
        return self in (Mode.COUNT, Mode.INDEX)


@dataclass(frozen=True)
class ShoeGrade:
    """A play's grade against the cards not yet seen (a depleted shoe), apart from the chart's
    grade of the same play: what the table told the player at that shoe."""

    best: str
    verdict: Verdict
    ev_loss: float
    evs: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class GradedDecision:
    """One decision, graded against the strategy tables (or the live shoe's exact EVs).

    ``situation_key`` is the stable key the user's history is stored under (see
    :mod:`trainer.teaching.situations`); ``evs`` holds the EV of every legal action in units of
    the main bet; ``ev_loss`` is best EV minus the chosen action's EV (0 for the best action).
    ``weight`` is the situation's natural frequency (how often real play meets it), so that
    statistics can be weighted the way money is.

    ``timed_out``: the timer ran out and the table took its auto-decision (``action``); the
    verdict is then WRONG (a miss, whatever the auto-decision's grade) and ``ev_loss`` what the
    auto-decision lost. ``shoe``: the grade against a depleted shoe, when the play was graded
    against one; ``apart``: that shoe's best play differs from the chart's (or the decision was
    stored, graded at a shoe, before the chart was asked), so the decision is kept apart from
    the chart's play: never one of its answers, never a leak of it.
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
    shoe: ShoeGrade | None = None
    apart: bool = False

    @property
    def severity(self) -> Severity:
        """Time out; else close call, mistake or blunder (or right), from the verdict and the
        EV lost."""
        if self.timed_out:
            return Severity.TIMEOUT
        return Severity.of(self.verdict, self.ev_loss)

    @property
    def right(self) -> bool:
        """True for the best play or one within the acceptable band (never a time-out)."""
        return self.verdict is not Verdict.WRONG and not self.timed_out

    def at_table(self) -> GradedDecision:
        """The decision as the table graded it: at a depleted shoe, the shoe's grade in place
        of the chart's; else itself."""
        shoe = self.shoe
        if shoe is None:
            return self
        return replace(self, best_action=shoe.best, verdict=shoe.verdict, ev_loss=shoe.ev_loss,
                       evs=dict(shoe.evs), shoe=None, apart=False)

    def apart_words(self, chart: str | None = None) -> str:
        """A grade kept apart, said as such: "at that shoe: stand; the chart: hit" ("" for a
        decision that is not kept apart). ``chart`` names the chart's play where the decision
        does not hold it (one stored, graded at a shoe, before the chart was asked)."""
        if not self.apart:
            return ""
        at_shoe = self.shoe.best if self.shoe is not None else self.best_action
        said = f"at that shoe: {play_words(at_shoe)}"
        chart = chart or (self.best_action if self.shoe is not None else None)
        return f"{said}; the chart: {play_words(chart)}" if chart else said


def play_words(action: str) -> str:
    """An action as a sentence names it: "stand", "free double"."""
    return action.replace("_", " ")
