"""The card browser's rows: every card of the study queue with what the trainer believes of it.

A card is what the memory fit says the player learns (a fact, or a single situation: the
queue's mapping). Its row holds its situations, its best play, what not knowing it costs, its
state (new, learning, review or suspended), what the trainer believes now — recall, stability,
when it falls due — and the player's last answers in its situations. Nothing here reads the
progress file: :func:`trainer.session.browse_cards` gives the queue and the answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from trainer.rules import Action
from trainer.scheduler.memory import day_of
from trainer.scheduler.study import LEARNED_DAYS, StudyQueue
from trainer.teaching.records import play_words

from .leak import TIMED_OUT


@dataclass(frozen=True)
class Try:
    """One answer of a card's situation: when, right or not, what was played ("timeout": the
    timer ran out)."""

    time: str
    right: bool
    action: str

    def words(self) -> str:
        """"right (stand)", "wrong (hit)", "time out"."""
        if self.action == TIMED_OUT:
            return "time out"
        return f"{'right' if self.right else 'wrong'} ({play_words(self.action)})"


@dataclass(frozen=True)
class CardRow:
    """One card as the browser lists it."""

    card: str
    title: str                       # "hard 16 v 10, first decision: Hit" or a situation's
    faces: tuple[str, ...]           # its situation keys, costliest first
    best: str                        # the best play's name ("Free Double"), "mixed" if several
    worth: float                     # main bets per 100 rounds the assumed play loses there
    state: str                       # "new", "learning", "review" or "suspended"
    recall: float | None             # the recall predicted now (None: never answered)
    stability: float | None          # days
    due: datetime | None             # when its recall falls under the desired retention
    answers: int                     # answers of its situations in the queue's picture
    last: tuple[Try, ...]            # the latest answers of its situations, newest first
    own: bool = False                # a card only the player's own mistakes made (the
    #                                  assumed play is right there; a reset lets it go)

    def text(self) -> str:
        """Everything a search may match: the title, situations, best play and state."""
        return " ".join((self.title, *self.faces, self.best, self.state)).lower()


def card_rows(queue: StudyQueue, now: datetime,
              tries: Mapping[str, Sequence[Try]] | None = None, last: int = 5) -> list[CardRow]:
    """Every card of ``queue``'s deck, costliest first (``tries``: each situation's latest
    answers, newest first; ``last`` of them kept per card)."""
    tries = tries or {}
    course, deck = queue.course, queue.deck
    taught = course.decks[queue.mapping].faces
    day = day_of(now)
    rows = []
    for card, faces in deck.faces.items():
        trace = queue.traces.get(card)
        plays = {course.catalog.evs(spot)[1] for key in faces
                 for spot in course.catalog.spots[key]}
        best = Action(plays.pop()).title if len(plays) == 1 else "mixed"
        if not queue.open(card):
            state = "suspended"
        elif trace is None:
            state = "new"
        else:
            state = "learning" if trace.stability < LEARNED_DAYS else "review"
        at = queue.due_at(card)
        due = None if at is None else now + timedelta(days=at - day)
        found = sorted((t for key in faces for t in tries.get(key, ())),
                       key=lambda t: t.time, reverse=True)[:last]
        first = course.situation(faces[0]).describe()
        title = f"{first}: {best}" + (f" (+{len(faces) - 1} more)" if len(faces) > 1 else "")
        rows.append(CardRow(card, title, faces, best, 100 * deck.worth[card], state,
                            None if trace is None else queue.recall(card, day),
                            None if trace is None else trace.stability, due,
                            sum(queue.asked.get(key, 0) for key in faces), tuple(found),
                            card not in taught))
    return sorted(rows, key=lambda r: (-r.worth, r.card))
