"""The player's leak: main bets lost per 100 rounds of natural play, from their recent answers.

The one unit the trainer shows a player. For each situation, what the player's play there
costs per decision is the EV lost averaged over their last :data:`RECENT` answers in it (what
they actually played); a situation they have not answered yet counts at what the assumed play
loses there (classic basic strategy, or a novice's pick: :mod:`trainer.drills.curriculum`).
Times its natural frequency (decisions of that situation per round dealt) and 100, summed over
the situations: the money the player's habits cost over 100 rounds, in main bets. Classic basic
strategy's leak is the same sum with the classic play everywhere; perfect play's is 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .curriculum import Curriculum

#: Answers per situation that the estimate reads (the most recent).
RECENT = 5


@dataclass(frozen=True)
class Recent:
    """One recent answer: the action played, the best action, the EV lost (main bets)."""

    action: str
    best: str
    ev_loss: float


@dataclass(frozen=True)
class SituationLeak:
    """What one situation costs the player now."""

    situation: str
    best: str                       # the best play of the latest answer
    played: dict[str, int]          # what the player chose in the recent answers, and how often
    answers: int
    per_100: float                  # main bets per 100 rounds


@dataclass(frozen=True)
class LeakEstimate:
    """The player's leak beside classic basic strategy's (perfect play: 0)."""

    leak_per_100: float
    classic_leak_per_100: float
    assumed_per_100: float          # the part from situations not answered yet
    situations: list[SituationLeak]  # every answered situation that costs, costliest first


def estimate(course: Curriculum, recent: Mapping[str, Sequence[Recent]]) -> LeakEstimate:
    """The leak of a player whose latest answers per situation are ``recent`` (newest first)."""
    table = course.catalog
    answered: list[SituationLeak] = []
    assumed = 0.0
    for key in table.situations:
        tries = list(recent.get(key, ()))[:RECENT]
        if not tries:
            assumed += course.leak[key]
            continue
        per_decision = sum(t.ev_loss for t in tries) / len(tries)
        per_100 = 100 * per_decision * table.weight[key]
        if per_100 > 0:
            played = Counter(t.action for t in tries)
            answered.append(SituationLeak(key, tries[0].best, dict(played.most_common()),
                                          len(tries), per_100))
    answered.sort(key=lambda s: (-s.per_100, s.situation))
    classic = course.classic.leak_per_100()
    total = sum(s.per_100 for s in answered) + 100 * assumed
    return LeakEstimate(total, classic, 100 * assumed, answered)
