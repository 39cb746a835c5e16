"""Running count: cards shown one or several at a time at a chosen speed; the player types the
count at the end; graded, timed and stored.

Cards come from a seeded shuffled shoe of the rule set's decks, run after run until it runs
short, then a fresh shuffle (so a seed replays a session). A run's answer is timed from the
moment its last cards are shown (the clock is injected: tests move it by hand).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from strategy_charts.counting.systems import count_named
from trainer.rules import Card, RuleSet, Shoe

from ..grading import Clock, utc_now
from ..records import GradedDecision, Mode
from ..situations import preset_label
from .answers import count_record, elapsed_ms, read_count
from .keys import running_key


@dataclass(frozen=True)
class RunSettings:
    """A running-count drill: the count, cards in a run, cards shown at once, seconds each
    showing lasts."""

    count: str = "hilo"
    cards: int = 20
    at_once: int = 1
    seconds: float = 1.0

    def __post_init__(self) -> None:
        count_named(self.count)
        if not 1 <= self.at_once <= 9:
            raise ValueError(f"show 1 to 9 cards at a time, not {self.at_once}")
        if not self.at_once <= self.cards <= 312:
            raise ValueError(f"a run shows {self.at_once} to 312 cards, not {self.cards}")
        if not 0.05 <= self.seconds <= 60:
            raise ValueError(f"each showing lasts 0.05 to 60 seconds, not {self.seconds}")

    def plain(self) -> dict[str, object]:
        """As stored with the session (the speed reviews read)."""
        return {"drill": "running", "count": self.count, "cards": self.cards,
                "at_once": self.at_once, "seconds": self.seconds}


@dataclass(frozen=True)
class CountRun:
    """One run: the cards in the order shown, grouped by showing, and its right count."""

    number: int
    flashes: tuple[tuple[Card, ...], ...]
    running: int
    shown_at: datetime
    seconds: float

    @property
    def ends_at(self) -> datetime:
        """When the last showing ends: the answer is timed from here."""
        return self.shown_at + timedelta(seconds=self.seconds * len(self.flashes))

    @property
    def shown(self) -> str:
        """The cards as text, showings apart: '5♠ K♦ | 2♥ 9♣'."""
        return " | ".join(" ".join(map(str, flash)) for flash in self.flashes)


class RunningCountDrill:
    """Runs of cards to count, one after another (see the module docstring)."""

    def __init__(self, rules: RuleSet, settings: RunSettings | None = None, *, seed: int = 0,
                 clock: Clock = utc_now) -> None:
        self.rules = rules
        self.settings = settings or RunSettings()
        self.count = count_named(self.settings.count)
        self.key = running_key(preset_label(rules), self.count.key, self.settings.at_once)
        self.rng = random.Random(seed)
        self.clock = clock
        self.shoe = self._shuffle()
        self.current: CountRun | None = None
        self.runs = 0
        self.decisions: list[GradedDecision] = []

    def _shuffle(self) -> Shoe:
        return Shoe.shuffled(self.rules.decks, 1.0, self.rng.randrange(2 ** 63))

    def next(self) -> CountRun:
        """Deal the next run (it stays :attr:`current` until answered)."""
        wanted = self.settings.cards
        if self.shoe.remaining < wanted:
            self.shoe = self._shuffle()
        cards = [self.shoe.draw() for _ in range(wanted)]
        step = self.settings.at_once
        flashes = tuple(tuple(cards[i:i + step]) for i in range(0, wanted, step))
        running = int(self.count.running(card.points for card in cards))
        self.current = CountRun(self.runs, flashes, running, self.clock(),
                                self.settings.seconds)
        self.runs += 1
        return self.current

    def answer(self, text: str) -> GradedDecision:
        """Grade the typed count of the current run; CountInputError (nothing graded) if it
        is not a whole number."""
        run = self.current
        if run is None:
            raise RuntimeError("no run is shown: call next() first")
        typed = read_count(text, "running count", limit=4 * self.rules.decks * 52)
        now = self.clock()
        decision = count_record(self.key, typed, run.running, now,
                                elapsed_ms(max(run.ends_at, run.shown_at), now), Mode.COUNT,
                                run.shown)
        self.current = None
        self.decisions.append(decision)
        return decision
