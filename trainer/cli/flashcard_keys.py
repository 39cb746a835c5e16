"""Flashcards in a terminal: the keys of the app, read line by line from any text stream
(the drill itself is :mod:`trainer.drills.flashcards`; only its input and output are here).

Keys: **H** hit, **S** stand, **D** double (free or paid, whichever is offered), **P** split
(free or paid), **R** surrender (where offered), **Y** / **N** insurance, **U** undo the last
answer (that card comes again), **Q** quit. End of input quits too, so a test (or a pipe) can
drive a whole session through stdin. In due mode the day's counts show at the start, and "done
for today" with the time the next card falls due when they run out; the drill then keeps going
on the weakest cards.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime
from typing import TextIO

from trainer.drills.flashcards import FlashcardSession
from trainer.drills.when import done_words
from trainer.rules import Action
from trainer.scheduler.study import Counts
from trainer.teaching.grading import Grade
from trainer.teaching.records import GradedDecision, Verdict

#: Key -> the actions it may stand for (the one offered is taken): each action's own key.
KEYS: dict[str, tuple[Action, ...]] = {}
for _action in Action:
    KEYS.setdefault(_action.key, ())
    KEYS[_action.key] += (_action,)
QUIT = "Q"
UNDO = "U"



def action_for_key(key: str, offered: Collection[Action]) -> Action | None:
    """The offered action a key stands for, or None."""
    for action in KEYS.get(key.strip().upper()[:1], ()):
        if action in offered:
            return action
    return None


def prompt(offered: Collection[Action], can_undo: bool = False) -> str:
    """The choice line, e.g. '[H]it [S]tand [D]ouble free  [U]ndo [Q]uit > '."""
    extra = "[U]ndo [Q]uit" if can_undo else "[Q]uit"
    return " ".join(a.marked() for a in offered) + f"  {extra} > "


def day_line(counts: Counts) -> str:
    """E.g. 'Today: 12 due, 3 learning, 20 new'."""
    return f"Today: {counts.due} due, {counts.learning} learning, {counts.new} new"


def done_line(counts: Counts | None, next_due: datetime | None, now: datetime) -> str:
    """What the drill says when no card is left to ask now."""
    return (f"{done_words(counts, next_due, now)}. Keeping going with your weakest cards "
            "(Q to stop).")


@dataclass(frozen=True)
class Summary:
    """What a terminal session did."""

    answered: int
    correct: int
    acceptable: int
    wrong: int
    ev_lost: float

    @classmethod
    def of(cls, decisions: list[GradedDecision]) -> Summary:
        """Count verdicts and add up EV lost."""
        def count(verdict: Verdict) -> int:
            return sum(d.verdict is verdict for d in decisions)
        return cls(len(decisions), count(Verdict.CORRECT), count(Verdict.ACCEPTABLE),
                   count(Verdict.WRONG), sum(d.ev_loss for d in decisions))

    def text(self) -> str:
        """One line for the end of a session."""
        return (f"{self.answered} answered: {self.correct} correct, {self.acceptable} "
                f"acceptable, {self.wrong} wrong; EV lost {self.ev_lost * 100:.1f}% of a bet")


def run_drill(session: FlashcardSession, count: int | None, stdin: TextIO, stdout: TextIO,
              on_decision: Callable[[GradedDecision], None] | None = None,
              on_undo: Callable[[GradedDecision], None] | None = None) -> Summary:
    """Ask up to ``count`` flashcards (None: until Q or end of input); returns the summary.

    ``on_decision`` gets each answer as it is given, ``on_undo`` each answer taken back."""
    answered: list[GradedDecision] = []
    counts = session.counts()
    announced = counts is not None and counts.done
    if counts is not None:
        stdout.write(f"{day_line(counts)}\n")
    card = None
    while count is None or len(answered) < count:
        counts = session.counts()
        if counts is not None and counts.done and not announced:
            stdout.write(f"\n{done_line(counts, session.next_due(), session.clock())}\n")
            announced = True
        if card is None:
            card = session.next()
        stdout.write(f"\n{len(answered) + 1}. {card.question()}\n")   # answers kept, +1
        action = _read_action(card.actions, stdin, stdout, can_undo=bool(answered))
        if action is None:
            break
        if not isinstance(action, Action):    # U: undo
            undone = session.undo()
            answered.pop()
            if on_undo:
                on_undo(undone)
            card = session.current
            stdout.write("   Taken back: answer it again.\n")
            continue
        because = session.why(card)
        before = session.before(card)
        decision = session.answer(action)
        card = None
        answered.append(decision)
        if on_decision:
            on_decision(decision)
        numbers = Grade(decision.action, decision.best_action, decision.verdict,
                        decision.ev_loss, decision.evs).explanation()
        stdout.write(f"   {decision.severity.value.upper()}: {numbers}\n"
                     f"   Why: {because.text}\n")
        if before is not None and session.practised is not None:
            stdout.write(f"   At {session.practised.name}: {before.title}\n")
    summary = Summary.of(answered)
    stdout.write(f"\n{summary.text()}\n")
    return summary


def _read_action(offered: tuple[Action, ...], stdin: TextIO, stdout: TextIO,
                 can_undo: bool = False) -> Action | str | None:
    """Read keys until one names an offered action (or U, when ``can_undo``); None on Q or
    end of input."""
    while True:
        stdout.write(prompt(offered, can_undo))
        stdout.flush()
        line = stdin.readline()
        if not line or line.strip().upper().startswith(QUIT):
            return None
        if can_undo and line.strip().upper().startswith(UNDO):
            return UNDO
        action = action_for_key(line, offered)
        if action is not None:
            return action
        stdout.write(f"   {line.strip()!r} is not a choice here\n")
