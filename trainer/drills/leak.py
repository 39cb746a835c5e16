"""The player's leak: main bets lost per 100 rounds of natural play, from their recent answers.

The one unit the trainer shows a player. For each situation, what the player's play there
costs per decision is the EV lost averaged over their last :data:`RECENT` answers in it (what
they actually played); a situation they have not answered yet counts at what the assumed play
loses there (classic basic strategy, or a novice's pick: :mod:`trainer.teaching.curriculum`).
Times its natural frequency (decisions of that situation per round dealt) and 100, summed over
the situations: the money the player's habits cost over 100 rounds, in main bets. Classic basic
strategy's leak is the same sum with the classic play everywhere; perfect play's is 0.

The answers read are the chart's: each graded against the preset's table, so a situation's fix
is the chart's play. A play graded at a depleted shoe whose best play differs from the chart's
is kept apart by the store and never reaches here (:attr:`~trainer.teaching.records.
GradedDecision.apart`). A time-out is a miss said as such ("you timed out 1 of 3"), its cost
what the table's auto-decision lost.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trainer.rules import Action
from trainer.teaching.curriculum import Curriculum
from trainer.teaching.records import BLUNDER_FROM

#: Answers per situation that the estimate reads (the most recent).
RECENT = 5


#: What a time-out counts as among the plays a player made (:attr:`SituationLeak.played`).
TIMED_OUT = "timeout"


@dataclass(frozen=True)
class Recent:
    """One recent answer: the action played, the chart's best action, the EV lost (main bets),
    and whether the timer ran out (the action is then the table's auto-decision)."""

    action: str
    best: str
    ev_loss: float
    timed_out: bool = False

    @property
    def played(self) -> str:
        """What the player did: the action, or :data:`TIMED_OUT`."""
        return TIMED_OUT if self.timed_out else self.action


#: What the player did, in words: "you stood", "you free-doubled", "you timed out".
PAST = {"hit": "hit", "stand": "stood", "double": "doubled", "free_double": "free-doubled",
        "split": "split", "free_split": "free-split", "insure": "insured",
        "no_insurance": "declined insurance", "surrender": "surrendered",
        TIMED_OUT: "timed out"}


@dataclass(frozen=True)
class SituationLeak:
    """What one situation costs the player now."""

    situation: str
    best: str                       # the chart's best play of the latest answer
    played: dict[str, int]          # what the player did in the recent answers, and how often
    #                                 (a time-out counts as TIMED_OUT, not as the table's play)
    answers: int
    per_100: float                  # main bets per 100 rounds
    worst_loss: float = 0.0         # the most one of those answers lost (main bets)

    @property
    def blunder(self) -> bool:
        """True when one of the recent answers was a blunder (10% of the bet or more)."""
        return self.worst_loss >= BLUNDER_FROM

    @property
    def worth_listing(self) -> bool:
        """A leak to show a player: more than one answer, or a single one that was a blunder
        (one slip at a cheap spot is noise, not a habit)."""
        return self.answers > 1 or self.blunder

    def fix(self) -> str:
        """The play to make and what the player did instead, e.g. 'Hit — you stood 3 of 5'."""
        wrong = {a: n for a, n in self.played.items() if a != self.best}
        if not wrong:
            return Action(self.best).title
        action, times = max(wrong.items(), key=lambda kv: kv[1])
        return (f"{Action(self.best).title} — you {PAST.get(action, action)} {times} of "
                f"{self.answers}")


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
        tries = recent.get(key, ())
        if not tries:
            assumed += course.leak[key]
            continue
        leak = situation_leak(key, tries, table.weight[key])
        if leak.per_100 > 0:
            answered.append(leak)
    answered = costliest(answered)
    classic = course.classic.leak_per_100()
    total = sum(s.per_100 for s in answered) + 100 * assumed
    return LeakEstimate(total, classic, 100 * assumed, answered)


def situation_leak(key: str, recent: Sequence[Recent], weight: float) -> SituationLeak:
    """What situation ``key`` costs a player whose latest answers there are ``recent`` (newest
    first; the first :data:`RECENT` are read), met ``weight`` times per round dealt."""
    tries = list(recent)[:RECENT]
    per_100 = 100 * weight * sum(t.ev_loss for t in tries) / len(tries)
    played = Counter(t.played for t in tries)
    return SituationLeak(key, tries[0].best, dict(played.most_common()), len(tries), per_100,
                         max(t.ev_loss for t in tries))


def costliest(leaks: Sequence[SituationLeak]) -> list[SituationLeak]:
    """``leaks`` costliest first (ties by key)."""
    return sorted(leaks, key=lambda s: (-s.per_100, s.situation))
