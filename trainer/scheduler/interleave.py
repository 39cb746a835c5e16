"""The order of a study session: cards interleaved by chart row, and contrast between them.

A queue left to worth alone fixates: one costly mistake made every hand of its chart row worth
asking, and the next dozen cards were pairs of tens against each up card in turn; two learning
cards alternated for a whole drill. Interleaved practice teaches better and reads as a session,
so the queue keeps its choices apart (:class:`Spread`): no two cards of one chart row (the
stakes and hand class, whatever the up card: :meth:`Curriculum.chart_row`) or of one fact back
to back, and no row over :data:`SHARE` of any :data:`WINDOW` cards asked (of a session's first
cards, a quarter of those so far, rounded up), unless nothing else is on offer (then the rules
give way one by one, the fact's last).

Near ties go to contrast (:func:`neighbours`): the same hand and up card with the other stakes
comes next when worth nearly as much as the best.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from trainer.teaching.curriculum import Curriculum, Deck
from trainer.teaching.situations import card_label

#: The run of cards the share of one chart row is counted over.
WINDOW = 20
#: The most of any :data:`WINDOW` cards one chart row may have.
SHARE = 0.25

#: Whether a situation may be asked next.
Allowed = Callable[[str], bool]


@dataclass
class Spread:
    """The chart rows and facts of the latest answers, and which situations may come next."""

    course: Curriculum
    recent: list[tuple[str, str]] = field(default_factory=list)   # (chart row, fact)

    def add(self, situation: str) -> None:
        """Count an answer at ``situation``."""
        course = self.course
        self.recent.append((course.chart_row(situation), course.facts.of_situation[situation]))

    def take_back(self) -> None:
        """Forget the latest answer (undone)."""
        if self.recent:
            self.recent.pop()

    def tiers(self) -> list[Allowed]:
        """What may come next, strictest first: a row other than the last one's and under its
        share of the window; a row other than the last one's; a fact other than the last one's;
        anything."""
        if not self.recent:
            return [_anything]
        row, fact = self.recent[-1]
        course = self.course
        window = [r for r, _ in self.recent[-(WINDOW - 1):]]
        most = math.ceil(SHARE * (len(window) + 1))     # a session's first cards: as spread

        def spread(key: str) -> bool:
            other = course.chart_row(key)
            return other != row and window.count(other) < most

        def apart(key: str) -> bool:
            return course.chart_row(key) != row

        def other_fact(key: str) -> bool:
            return course.facts.of_situation[key] != fact

        return [spread, apart, other_fact, _anything]


def _anything(key: str) -> bool:
    return True


#: A card in the running for contrast is worth at least this share of the best.
CONTRAST = 0.8


def neighbours(course: Curriculum, deck: Deck, a: str, b: str) -> bool:
    """Cards that contrast: the same hand and up card with the other stakes, or the same hand
    class and stakes against neighbouring up cards (one chart row: when only it is on offer)."""
    x = course.situation(deck.faces[a][0])
    y = course.situation(deck.faces[b][0])
    if x.hand_class != y.hand_class or x.context != y.context:
        return False
    if x.stakes == y.stakes:
        return _chart_distance(x.up, y.up) == 1
    return x.up == y.up


_COLUMNS = [str(v) for v in range(2, 11)] + ["A"]


def _chart_distance(up_a: int, up_b: int) -> int:
    """How many chart columns apart two up cards are (2..10, A)."""
    return abs(_COLUMNS.index(card_label(up_a)) - _COLUMNS.index(card_label(up_b)))


__all__ = ["CONTRAST", "SHARE", "WINDOW", "Allowed", "Spread", "neighbours"]
