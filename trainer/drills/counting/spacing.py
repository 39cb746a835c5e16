"""Counting skills spaced across days: what the player holds of each skill and which are due.

A *skill* is what one stored key names (:mod:`.keys`): an index decision, a running count shown
``k`` cards at a time, a true count at some decks left. What the player holds of it is replayed
from their earlier answers of that key through the memory model (:mod:`trainer.scheduler.memory`),
and grows or falls with each answer of the session. A skill is *due* when its recall is under
the desired retention (:mod:`trainer.scheduler.retention`, the study queue's too) or, where a
drill asks so, when it was never answered. A missed one comes back a few questions later as in
every drill (:mod:`trainer.drills.comebacks`).

The index flashcards (:mod:`.index_cards`), the true-count drill (:mod:`.true_count`) and the
running-count drill's due mode (:mod:`.running`) deal from here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta
from typing import TypeVar

from trainer.scheduler.memory import MemoryParams, Trace, day_of, due_day, learn, recall
from trainer.scheduler.retention import RETENTION
from trainer.teaching.answers import Answer

from .keys import RUNNING, TRUE

T = TypeVar("T")

#: The memory model's defaults, for a player whose own fit is not given.
AVERAGE_MEMORY = MemoryParams()
#: The chance of typing a count right without the skill, by drill (the memory model's guess):
#: the share of the most common answer among the questions the drill asks. A 20-card run (the
#: default) ends on its likeliest running count 8–10% of the time (Hi-Lo 10.3%, the Free Bet
#: count 8.2%, every preset); a true-count question's likeliest answer over the depths before
#: the cut card is right 21–27% of the time (evolution Hi-Lo 27%). A typed count is an open
#: answer, not a pick among the two or three plays of an index card (guess 1/2 or 1/3), so a
#: right one is strong evidence of the skill. ``tests/drills/test_counting.py`` checks these
#: figures against the count lattice.
GUESS = {RUNNING: 0.10, TRUE: 0.25}


class Skills:
    """What the player holds of each skill (by its stored key): replayed from ``history``
    (oldest first or not), then learned answer by answer."""

    def __init__(self, history: Sequence[Answer] = (),
                 params: MemoryParams = AVERAGE_MEMORY, retention: float = RETENTION) -> None:
        self.params = params
        self.retention = retention      # the desired retention (:mod:`trainer.scheduler.retention`)
        self.traces: dict[str, Trace] = {}
        for answer in sorted(history, key=lambda a: a.day):
            self.learn(answer)

    def learn(self, answer: Answer) -> None:
        """Take one answer into the picture of the skill it is about."""
        self.traces[answer.situation] = learn(self.params, self.traces.get(answer.situation),
                                              answer)

    def recall(self, key: str, when: datetime) -> float:
        """The chance the skill is recalled at ``when`` (0 if never answered)."""
        return recall(self.traces.get(key), day_of(when))

    def ranked(self, items: Iterable[T], key_of: Callable[[T], str], when: datetime,
               rng: random.Random | None = None,
               worth: Callable[[T], float] = lambda _item: 0.0) -> list[tuple[T, float]]:
        """``items`` with their recall at ``when``, the strongest first, so :meth:`list.pop`
        takes the weakest and, among those alike, the most worth (ties in an order shuffled
        by ``rng``, else as given)."""
        day = day_of(when)
        held = [(item, recall(self.traces.get(key_of(item)), day)) for item in items]
        if rng is not None:
            rng.shuffle(held)
        return sorted(held, key=lambda pair: (pair[1], -worth(pair[0])), reverse=True)

    def due(self, items: Iterable[T], key_of: Callable[[T], str], when: datetime, *,
            new: bool, rng: random.Random | None = None,
            worth: Callable[[T], float] = lambda _item: 0.0) -> list[T]:
        """The items due at ``when`` (recall under the desired retention; never answered too when
        ``new``), the weakest last, as :meth:`ranked` orders them."""
        return [item for item, held in self.ranked(items, key_of, when, rng, worth)
                if held < self.retention and (new or key_of(item) in self.traces)]

    def next_due(self, keys: Iterable[str], when: datetime) -> datetime | None:
        """When the first of ``keys`` answered before falls due (None: none answered)."""
        days = [due_day(self.traces[key], self.retention) for key in keys if key in self.traces]
        if not days:
            return None
        return when + timedelta(days=min(days) - day_of(when))
