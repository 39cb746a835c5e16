"""The progress page's words and series about what the player's play costs (no Qt, no drawing):
the headline, its trend, which rule sets the page shows and why, and the lines of the cost chart.

One unit throughout: main bets lost per 100 rounds of natural play (:mod:`trainer.drills.leak`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from enum import Enum

from trainer.rules import RuleSet
from trainer.rules.plural import counted

from ..progress_service import (
    DueLoad,
    LeakTrend,
    ProgressData,
    ProgressStoreError,
    SessionStats,
    preset_title,
)

#: How far back the headline's trend looks.
TREND_DAYS = 7
UNIT = "main bets per 100 rounds"
#: What the summary says while the flashcards due are being read.
CARDS_COMING = "flashcards due today: being worked out…"


def headline_lines(trends: Sequence[LeakTrend] | None, fault: ProgressStoreError | None,
                   shown: str | None, today: date,
                   known: Iterable[RuleSet] = ()) -> tuple[str, str]:
    """The headline and its trend line: what the play costs and how it moved, or that it is
    being worked out, or why it could not be read (never a figure that looks like data);
    ``known``: the rules beyond the presets, named as in their file."""
    if fault is not None:
        return f"What your play costs could not be read: {fault.reason}.", ""
    if trends is None:
        return "Working out what your play costs…", ""
    if trends:
        return headline(trends, today, known)
    rules = preset_title(shown, known) if shown else "these rules"
    return (f"What your play costs under {rules} needs their rules: choose their file in "
            "Settings to see it."), ""


def summary_line(data: ProgressData, cards: DueLoad | None,
                 fault: ProgressStoreError | None = None) -> str:
    """The line under the filters: decisions matched, share right, flashcards due today (or
    that they are being read, or could not be)."""
    decisions = data.decisions
    if not decisions:
        return (f"No decisions match these filters ({data.history:,} in your whole history).")
    right = sum(d.right for d in data.days)
    matched = "1 decision matches" if decisions == 1 else f"{decisions:,} decisions match"
    text = f"{matched} these filters · {100 * right / decisions:.1f}% right"
    if fault is not None:
        return f"{text} · the flashcards due could not be read"
    if cards is None:
        return f"{text} · {CARDS_COMING}"
    return f"{text} · {due_line(cards)}"


def due_line(cards: DueLoad) -> str:
    """The flashcards due today, and how well the trainer knows the player's memory on a line
    of its own (the summary's end; all of it while the rest is being read)."""
    due = cards.today          # as the Flashcards page counts them: due and learning today
    line = f"{due} flashcard{'s' if due != 1 else ''} due today"
    return f"{line}\n{cards.memory}" if cards.memory else line


def cost_sentence(trend: LeakTrend, named: bool = False, known: Iterable[RuleSet] = ()) -> str:
    """'Your play costs 1.23 main bets per 100 rounds (classic basic strategy: 2.69; perfect
    play: 0)', with the rule set named first when ``named``."""
    where = f"{preset_title(trend.preset, known)}: your" if named else "Your"
    return (f"{where} play costs {trend.now:.2f} {UNIT} (classic basic strategy: "
            f"{trend.classic:.2f}; perfect play: 0)")


class Direction(Enum):
    """Which way the cost moved: down is better (less lost), up is worse."""

    BETTER = "better"
    WORSE = "worse"
    SAME = "same"


#: A change of the cost smaller than this is said as no change (the figures show 2 decimals).
STEADY = 0.005


def trend_direction(trend: LeakTrend, today: date, days: int = TREND_DAYS) -> Direction:
    """The direction :func:`trend_sentence` says (SAME also when there is no recent answer)."""
    since = (today - timedelta(days=days - 1)).isoformat()
    if trend.days and trend.days[-1][0] < since:
        return Direction.SAME
    change = trend.now - trend.before(since)
    if abs(change) < STEADY:
        return Direction.SAME
    return Direction.BETTER if change < 0 else Direction.WORSE


def trend_sentence(trend: LeakTrend, today: date, days: int = TREND_DAYS) -> str:
    """How the cost moved over the last ``days`` days, in words that say whether that is good
    (a cost going up is play getting worse), and where it started."""
    since = (today - timedelta(days=days - 1)).isoformat()
    then = trend.before(since)
    change = trend.now - then
    started = f"{trend.start:.2f} before your first answer"
    if trend.days and trend.days[-1][0] < since:
        last = date.fromisoformat(trend.days[-1][0])
        return (f"No answers in the last {days} days (the last on {last:%b} {last.day}); "
                f"{started}.")
    if not any(day < since for day, _ in trend.days):
        window = "since your first answer"
        started = ""
    else:
        window = f"in the last {days} days"
    direction = trend_direction(trend, today, days)
    if direction is Direction.SAME:
        moved = f"No change {window}"
    else:
        went = "fell" if direction is Direction.BETTER else "rose"
        moved = (f"{direction.value.capitalize()} by {abs(change):.2f} {window}: the cost "
                 f"{went} from {then:.2f} to {trend.now:.2f}")
    return f"{moved}; {started}." if started else f"{moved}."


def headline_direction(trends: Sequence[LeakTrend] | None, today: date) -> Direction:
    """One direction for the trend line's colour: better or worse when every rule set shown
    moved that way (or stayed), else SAME."""
    moved = {trend_direction(t, today) for t in trends or ()} - {Direction.SAME}
    return moved.pop() if len(moved) == 1 else Direction.SAME


def headline(trends: Sequence[LeakTrend], today: date,
             known: Iterable[RuleSet] = ()) -> tuple[str, str]:
    """The headline and its trend line for the rule sets shown (one line each when several)."""
    known = tuple(known)
    if len(trends) == 1:
        return cost_sentence(trends[0]), trend_sentence(trends[0], today)
    return ("\n".join(cost_sentence(t, named=True, known=known) for t in trends),
            " ".join(f"{preset_title(t.preset, known)}: {trend_sentence(t, today)}"
                     for t in trends))


def scope_sentence(shown: str | None, practised: str, counts: Mapping[str, int],
                   chosen_here: bool, known: Iterable[RuleSet] = ()) -> str:
    """Which rule sets the page shows and why, and what else the history holds.

    ``shown``: the preset filter (None: all), ``practised``: the rule set the practice pages
    play, ``counts``: decisions kept per rule set, ``chosen_here``: the player picked the
    filter on this page (else the page follows the practice), ``known``: the rules beyond the
    presets, named as in their file.
    """
    known = tuple(known)
    practising = preset_title(practised, known)
    if shown is None:
        if chosen_here:
            return "Showing all presets, as chosen here."
        return (f"Showing all presets: you have no answers yet under {practising}, the rules "
                "you practise.")
    title = preset_title(shown, known)
    if chosen_here:
        why = ("the rules you practise" if shown == practised
               else f"chosen here; you practise {practising}")
    else:
        why = "the rules you practise"
    others = [f"{preset_title(name, known)} ({counted(n, 'decision')})"
              for name, n in counts.items()
              if name != shown]
    also = (f" Your history also holds {', '.join(others)}: choose All presets to see them."
            if others else "")
    return f"Showing {title} ({why}).{also}"


@dataclass(frozen=True)
class CostLine:
    """One rule set's cost over the chart's x axis: days (dates) or session numbers."""

    name: str
    x: tuple
    y: tuple[float, ...]
    classic: float


def cost_lines(trends: Sequence[LeakTrend], per: str, sessions: Sequence[SessionStats] = (),
               since: date | None = None, until: date | None = None,
               known: Iterable[RuleSet] = ()) -> tuple[CostLine, ...]:
    """The cost chart's lines: per day, each rule set's cost at the end of each day with answers
    between ``since`` and ``until``; per session, at the end of each of ``sessions`` (the
    sessions the accuracy line shows, numbered from 1) that is of that rule set."""
    lines = []
    known = tuple(known)
    for trend in trends:
        points: list[tuple[date | int, float]]
        if per == "day":
            points = [(date.fromisoformat(day), leak) for day, leak in trend.days
                      if (since is None or day >= since.isoformat())
                      and (until is None or day <= until.isoformat())]
        else:
            at_end = dict(trend.sessions)
            points = [(n, at_end[s.session_id]) for n, s in enumerate(sessions, start=1)
                      if s.session_id in at_end]
        if points:
            xs, ys = zip(*points, strict=True)
            lines.append(CostLine(preset_title(trend.preset, known), tuple(xs), tuple(ys),
                                  trend.classic))
    return tuple(lines)


__all__ = ["UNIT", "CostLine", "Direction", "cost_lines", "cost_sentence", "headline",
           "headline_direction", "scope_sentence", "trend_direction", "trend_sentence"]
