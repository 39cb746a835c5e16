"""Grading one decision: verdict, EV lost, a plain-words explanation, and the stored record.

Two graders give the EVs a decision is judged by: :class:`TableGrader` (the preset's precomputed
table, the default everywhere) and :class:`PerfectPlayGrader` (the engine at the composition of
the cards the player has not seen, for full-shoe practice with "perfect play" on). A stored
record's grade is always the table's (the chart's play); the perfect-play grade is kept beside
it (:func:`record`'s ``shoe``), so a depleted shoe never stands in for the chart.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Protocol

from strategy_charts.composition import Composition
from strategy_charts.up_card import ready_live_hands
from trainer.rules import Action, Card, RuleSet

from .ahead import Ahead
from .exact import Evs, best_of, exact_evs
from .records import GradedDecision, Mode, ShoeGrade, Verdict
from .situations import Spot

if TYPE_CHECKING:     # the catalog asks grade() what a mistake is: no import back
    from .catalog import Catalog

#: A decision within this much EV of the best (in main bets) is acceptable.
ACCEPTABLE_BAND = 0.0001

_GERUNDS = {
    "hit": "hitting", "stand": "standing", "double": "doubling",
    "free_double": "taking the free double", "split": "splitting",
    "free_split": "taking the free split", "surrender": "surrendering", "insure": "insuring",
    "no_insurance": "declining insurance",
}


def _ev_text(ev: float) -> str:
    return f"{ev:+.3f}".replace("-", "−")


def _percent(loss: float) -> str:
    pct = loss * 100
    return f"{pct:.1f}%" if pct >= 0.1 else f"{pct:.2f}%"


@dataclass(frozen=True)
class Grade:
    """How one action compares with the best: verdict, EV lost (main bets), every action's EV."""

    action: str
    best: str
    verdict: Verdict
    ev_loss: float
    evs: dict[str, float] = field(default_factory=dict)

    def explanation(self) -> str:
        """E.g. 'Hit: −0.280, Stand: −0.301 — standing costs 2.1% of your bet'."""
        ranked = sorted(self.evs.items(), key=lambda kv: -kv[1])
        values = ", ".join(f"{Action(a).title}: {_ev_text(ev)}" for a, ev in ranked)
        if self.verdict is Verdict.CORRECT:
            if len(ranked) < 2:
                return f"{values} — {_GERUNDS[self.best]} is the only play"
            second, second_ev = ranked[1] if ranked[0][0] == self.best else ranked[0]
            margin = _percent(self.evs[self.best] - second_ev)
            return (f"{values} — {_GERUNDS[self.best]} is best, {margin} of your bet better "
                    f"than {_GERUNDS[second]}")
        note = " (within the acceptable band)" if self.verdict is Verdict.ACCEPTABLE else ""
        return (f"{values} — {_GERUNDS[self.action]} costs {_percent(self.ev_loss)} of your "
                f"bet{note}")


def grade(action: str | Action, evs: Mapping[str, float], best: str | None = None,
          legal: Collection[str | Action] | None = None) -> Grade:
    """Grade ``action`` against ``evs``: CORRECT for the best action, ACCEPTABLE within
    :data:`ACCEPTABLE_BAND` of its EV, else WRONG.

    ``best`` names the table's best action (it wins ties); ``legal`` limits the choice to the
    actions actually on offer (a paid double the balance cannot cover is not).
    """
    chosen = action.value if isinstance(action, Action) else action
    offered = dict(evs)
    if legal is not None:
        names = {a.value if isinstance(a, Action) else a for a in legal}
        offered = {a: ev for a, ev in evs.items() if a in names}
    if chosen not in offered:
        raise ValueError(f"{chosen!r} is not among the graded actions {sorted(offered)}")
    top = best_of(offered, best)
    loss = max(0.0, offered[top] - offered[chosen])
    if chosen == top:
        verdict = Verdict.CORRECT
    elif loss <= ACCEPTABLE_BAND + 1e-12:
        verdict = Verdict.ACCEPTABLE
    else:
        verdict = Verdict.WRONG
    return Grade(chosen, top, verdict, loss, offered)


class Grader(Protocol):
    """Gives the EVs a spot is graded by; ``unseen`` is the live shoe, if known."""

    def evs(self, spot: Spot, unseen: Composition | None = None) -> tuple[Evs, str]:
        """EV of every action and the best one."""
        ...


@dataclass(frozen=True)
class TableGrader:
    """Grades against the preset's table (the shoe is ignored)."""

    catalog: Catalog

    def evs(self, spot: Spot, unseen: Composition | None = None) -> tuple[Evs, str]:
        """EVs of the table entry."""
        return self.catalog.evs(spot)


@dataclass(frozen=True)
class PerfectPlayGrader:
    """Grades against the exact composition-dependent EVs of the cards not yet seen; a grade
    may be started ahead, as soon as the decision is dealt (:meth:`prepare`)."""

    rules: RuleSet
    fallback: Grader
    ahead: Ahead[tuple[Evs, str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the engine's one-time set-up (tens of ms) now, not in the first decision per up card
        ready_live_hands(self.rules)
        object.__setattr__(self, "ahead", Ahead(self._exact))

    def _exact(self, spot: Spot, unseen: Composition) -> tuple[Evs, str]:
        evs = exact_evs(self.rules, spot, unseen)
        return evs, best_of(evs)

    def prepare(self, spot: Spot, unseen: Composition) -> None:
        """Start grading ``spot`` at ``unseen`` while the player thinks (:mod:`.ahead`)."""
        self.ahead.start(spot, unseen)

    def evs(self, spot: Spot, unseen: Composition | None = None) -> tuple[Evs, str]:
        """Exact EVs at ``unseen`` (the fallback grader's without a live shoe)."""
        if unseen is None:
            return self.fallback.evs(spot)
        return self.ahead.result(spot, unseen)


def utc_now() -> datetime:
    """The current time, timezone-aware UTC (the default clock of every drill)."""
    return datetime.now(UTC)


Clock = Callable[[], datetime]


@dataclass(frozen=True)
class Asked:
    """What the player was shown: the spot, the cards and up card as dealt, and its weight."""

    spot: Spot
    cards: tuple[Card, ...]
    up: Card
    weight: float


def record(result: Grade, asked: Asked, mode: Mode, when: datetime, response_ms: int,
           timed_out: bool = False, shoe: Grade | None = None) -> GradedDecision:
    """The stored record of one graded decision: ``result`` is the chart's grade, ``shoe`` the
    grade against a depleted shoe when the play was graded against one (kept apart where its
    best play differs from the chart's). A time-out is a miss (WRONG), whatever the grade of the
    auto-decision the table took; its EV lost is what that auto-decision lost."""
    miss = Verdict.WRONG if timed_out else None
    at_shoe = None if shoe is None else ShoeGrade(shoe.best, miss or shoe.verdict, shoe.ev_loss,
                                                  dict(shoe.evs))
    return GradedDecision(
        time=when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        preset=asked.spot.situation.preset,
        mode=mode,
        situation_key=asked.spot.situation.key,
        cards=" ".join(map(str, asked.cards)),
        dealer_up=asked.up.rank.symbol,
        action=result.action,
        best_action=result.best,
        verdict=miss or result.verdict,
        ev_loss=result.ev_loss,
        response_ms=response_ms,
        evs=dict(result.evs),
        weight=asked.weight,
        timed_out=timed_out,
        shoe=at_shoe,
        apart=shoe is not None and shoe.best != result.best,
    )
