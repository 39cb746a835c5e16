"""The player's past answers, from stored decisions to what the memory model reads.

The progress store keeps every graded decision with its situation key and the cards as dealt;
the study queue needs each as an :class:`~trainer.drills.memory.Answer`: when, right or not,
and the chance the assumed play would have been right there anyway (which depends on the exact
hand, so the cards are read back into the table entry they were graded against).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from trainer.rules import cards as parse_cards

from .curriculum import Curriculum
from .memory import Answer, day_of
from .situations import Context

#: One stored decision as the history needs it: time (ISO 8601 UTC), situation key, cards as
#: dealt, verdict ("correct", "acceptable" or "wrong"), EV lost.
Row = tuple[str, str, str, str, float]


def answers(course: Curriculum, rows: Iterable[Row]) -> list[Answer]:
    """The answers of ``rows`` (oldest first) that the curriculum can place; others are left
    out (another rule set's, or a hand outside the tables)."""
    found = []
    table = course.catalog
    for time, key, cards, verdict, loss in rows:
        situation = table.situations.get(key)
        if situation is None:
            continue
        if situation.context is Context.INSURANCE:
            spot = table.spots[key][0]
        else:
            try:
                values = tuple(card.points for card in parse_cards(cards))
            except ValueError:
                continue
            spot = table.spot_for(situation, values)
            if spot.table_key not in table.entries:
                continue
        when = datetime.fromisoformat(time.replace("Z", "+00:00"))
        found.append(Answer(key, day_of(when), verdict != "wrong", course.guess(spot), loss))
    return found
