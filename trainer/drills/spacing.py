"""Spaced repetition with ``fsrs``: one card per situation key, ratings from verdict and speed.

A wrong answer rates **Again**. A right one (correct or acceptable) rates by response time:
**Easy** under :attr:`ResponseThresholds.easy_ms` (3 s: the play is automatic), **Good** under
:attr:`ResponseThresholds.good_ms` (8 s), **Hard** when slower (right, but worked out).

The cards live as fsrs JSON strings in a dict key -> JSON, passed in and read back out, so the
caller (the progress store) persists them; this module never touches a file.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler

from .records import Verdict


@dataclass(frozen=True)
class ResponseThresholds:
    """Response times (ms) that split right answers into Easy, Good and Hard."""

    easy_ms: int = 3000
    good_ms: int = 8000


DEFAULT_THRESHOLDS = ResponseThresholds()


def rating_for(verdict: Verdict, response_ms: int,
               thresholds: ResponseThresholds = DEFAULT_THRESHOLDS) -> Rating:
    """The fsrs rating of one answer."""
    if verdict is Verdict.WRONG:
        return Rating.Again
    if response_ms < thresholds.easy_ms:
        return Rating.Easy
    if response_ms < thresholds.good_ms:
        return Rating.Good
    return Rating.Hard


class Spacing:
    """The fsrs cards of one preset's situations (deterministic: no interval fuzz)."""

    def __init__(self, states: Mapping[str, str] | None = None,
                 scheduler: Scheduler | None = None) -> None:
        self.scheduler = scheduler or Scheduler(enable_fuzzing=False)
        self._json: dict[str, str] = dict(states or {})
        self._cards: dict[str, Card] = {}
        self.due_at: dict[str, datetime] = {}
        for key, text in self._json.items():
            card = Card.from_json(text)
            self._cards[key] = card
            self.due_at[key] = card.due
        self.changed: dict[str, str] = {}

    def is_new(self, key: str) -> bool:
        """True for a situation never reviewed."""
        return key not in self._cards

    def is_due(self, key: str, now: datetime) -> bool:
        """True when a reviewed situation's card is due at ``now``."""
        due = self.due_at.get(key)
        return due is not None and due <= now

    def review(self, key: str, rating: Rating, now: datetime) -> str:
        """Review the situation's card (a new one for a first answer); returns its JSON."""
        now = now.astimezone(UTC)
        card = self._cards.get(key)
        if card is None:
            card = Card(card_id=zlib.crc32(key.encode()), due=now)
        card, _ = self.scheduler.review_card(card, rating, now)
        text = card.to_json()
        self._cards[key] = card
        self._json[key] = self.changed[key] = text
        self.due_at[key] = card.due
        return text

    def card(self, key: str) -> Card | None:
        """The fsrs card of a situation, if reviewed."""
        return self._cards.get(key)

    def states(self) -> dict[str, str]:
        """Every card as JSON, keyed by situation key (to persist)."""
        return dict(self._json)
