"""Flashcards in a terminal: the keys of the app, read line by line from any text stream.

Keys: **H** hit, **S** stand, **D** double (free or paid, whichever is offered), **P** split
(free or paid), **Y** / **N** insurance, **Q** quit. End of input quits too, so a test (or a
pipe) can drive a whole session through stdin.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TextIO

from trainer.rules import Action

from .flashcards import FlashcardSession
from .grading import Grade
from .records import GradedDecision, Verdict

#: Key -> the actions it may stand for (the one offered is taken).
KEYS: dict[str, tuple[Action, ...]] = {
    "H": (Action.HIT,),
    "S": (Action.STAND,),
    "D": (Action.FREE_DOUBLE, Action.DOUBLE),
    "P": (Action.FREE_SPLIT, Action.SPLIT),
    "Y": (Action.INSURE,),
    "N": (Action.NO_INSURANCE,),
}
QUIT = "Q"

_LABELS = {
    Action.HIT: "[H]it", Action.STAND: "[S]tand", Action.DOUBLE: "[D]ouble",
    Action.FREE_DOUBLE: "[D]ouble free", Action.SPLIT: "S[P]lit",
    Action.FREE_SPLIT: "S[P]lit free", Action.INSURE: "[Y]es insure",
    Action.NO_INSURANCE: "[N]o insurance",
}


def action_for_key(key: str, offered: Collection[Action]) -> Action | None:
    """The offered action a key stands for, or None."""
    for action in KEYS.get(key.strip().upper()[:1], ()):
        if action in offered:
            return action
    return None


def prompt(offered: Collection[Action]) -> str:
    """The choice line, e.g. '[H]it [S]tand [D]ouble free  [Q]uit > '."""
    return " ".join(_LABELS[a] for a in offered) + "  [Q]uit > "


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
              on_decision: Callable[[GradedDecision], None] | None = None) -> Summary:
    """Ask up to ``count`` flashcards (None: until Q or end of input); returns the summary."""
    answered: list[GradedDecision] = []
    while count is None or len(answered) < count:
        card = session.next()
        stdout.write(f"\n{card.number + 1}. {card.question()}\n")
        action = _read_action(card.actions, stdin, stdout)
        if action is None:
            break
        decision = session.answer(action)
        answered.append(decision)
        if on_decision:
            on_decision(decision)
        why = Grade(decision.action, decision.best_action, decision.verdict, decision.ev_loss,
                    decision.evs).explanation()
        stdout.write(f"   {decision.verdict.value.upper()}: {why}\n")
    summary = Summary.of(answered)
    stdout.write(f"\n{summary.text()}\n")
    return summary


def _read_action(offered: tuple[Action, ...], stdin: TextIO, stdout: TextIO) -> Action | None:
    """Read keys until one names an offered action; None on Q or end of input."""
    while True:
        stdout.write(prompt(offered))
        stdout.flush()
        line = stdin.readline()
        if not line or line.strip().upper().startswith(QUIT):
            return None
        action = action_for_key(line, offered)
        if action is not None:
            return action
        stdout.write(f"   {line.strip()!r} is not a choice here\n")

