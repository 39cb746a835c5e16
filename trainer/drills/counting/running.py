"""Running count: cards shown one or several at a time at a chosen speed; the player types the
count at the end; graded, timed and stored.

Cards come from a seeded shuffled shoe of the rule set's decks, run after run until it runs
short, then a fresh shuffle (so a seed replays a session). A run's answer is timed from the
moment its last cards are shown (the clock is injected: tests move it by hand).

Each number of cards shown at a time is a skill (``c1``..``c9``), spaced by the memory model
over the player's earlier answers (``history``; :mod:`.spacing`). In *due* mode a run takes its
cards at a time from the skills due, the weakest first: those answered before whose recall is
now under 90% (one never answered is not due: a new skill is the player's choice, through the
setting); a missed due run's skill comes back 3 to 5 runs later. The run's length and the seconds
each showing lasts stay the player's; when nothing is due, runs are shown as set.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from strategy_charts.counting.systems import count_named
from trainer.rules import Card, RuleSet, Shoe
from trainer.scheduler.memory import MemoryParams, day_of
from trainer.teaching.answers import Answer
from trainer.teaching.grading import Clock, utc_now
from trainer.teaching.records import GradedDecision, Mode, Verdict
from trainer.teaching.situations import preset_label

from ..comebacks import Comebacks
from .answers import count_record, elapsed_ms, read_count
from .keys import RUNNING, running_key
from .spacing import AVERAGE_MEMORY, GUESS, Skills

#: The numbers of cards shown at a time: each a skill.
AT_ONCE = tuple(range(1, 10))


@dataclass(frozen=True)
class RunSettings:
    """A running-count drill: the count, cards in a run, cards shown at once, seconds each
    showing lasts, and whether the cards at once due come first (see the module docstring)."""

    count: str = "hilo"
    cards: int = 20
    at_once: int = 1
    seconds: float = 1.0
    due: bool = True

    def __post_init__(self) -> None:
        if count_named(self.count).whole != 1:
            raise ValueError("the drills count whole-number tags: double a count of halves")
        if not 1 <= self.at_once <= 9:
            raise ValueError(f"show 1 to 9 cards at a time, not {self.at_once}")
        if not self.at_once <= self.cards <= 312:
            raise ValueError(f"a run shows {self.at_once} to 312 cards, not {self.cards}")
        if not 0.05 <= self.seconds <= 60:
            raise ValueError(f"each showing lasts 0.05 to 60 seconds, not {self.seconds}")

    def plain(self) -> dict[str, object]:
        """As stored with the session (the speed reviews read)."""
        return {"drill": "running", "count": self.count, "cards": self.cards,
                "at_once": self.at_once, "seconds": self.seconds, "due": self.due}


@dataclass(frozen=True)
class CountRun:
    """One run: the cards in the order shown, grouped by showing, its right count, and its
    settings (the player's, with the cards at once due in due mode: ``scheduled``)."""

    number: int
    flashes: tuple[tuple[Card, ...], ...]
    running: int
    shown_at: datetime
    settings: RunSettings
    scheduled: bool = False

    @property
    def seconds(self) -> float:
        """How long each showing lasts."""
        return self.settings.seconds

    @property
    def at_once(self) -> int:
        """Cards shown at a time (the last showing may hold fewer)."""
        return self.settings.at_once

    @property
    def ends_at(self) -> datetime:
        """When the last showing ends: the answer is timed from here."""
        return self.shown_at + timedelta(seconds=self.seconds * len(self.flashes))

    @property
    def shown(self) -> str:
        """The cards as text, showings apart: '5♠ K♦ | 2♥ 9♣'."""
        return " | ".join(" ".join(map(str, flash)) for flash in self.flashes)


class RunningCountDrill:
    """Runs of cards to count, one after another (see the module docstring). ``settings``
    may be changed between runs (the count stays the drill's)."""

    def __init__(self, rules: RuleSet, settings: RunSettings | None = None, *, seed: int = 0,
                 clock: Clock = utc_now, history: Sequence[Answer] = (),
                 params: MemoryParams = AVERAGE_MEMORY) -> None:
        self.rules = rules
        self.settings = settings or RunSettings()
        self.count = count_named(self.settings.count)
        self.preset = preset_label(rules)
        self.rng = random.Random(seed)
        self._pick = random.Random(seed)        # the schedule's draws, apart from the shoe's
        self.clock = clock
        self.shoe = self._shuffle()
        self.current: CountRun | None = None
        self.runs = 0
        self.decisions: list[GradedDecision] = []
        #: what the player holds of each cards-at-a-time (its running key), from ``history`` on
        self.skills = Skills(history, params)
        self._cycle: list[int] = []
        self._again: Comebacks[int] = Comebacks(self._pick)

    def key_of(self, at_once: int) -> str:
        """The stored key of the running count shown ``at_once`` cards at a time."""
        return running_key(self.preset, self.count.key, at_once).key

    def due(self) -> list[int]:
        """The cards at a time due now (answered before, recall under 90%), fewest first."""
        return sorted(self.skills.due(AT_ONCE, self.key_of, self.clock(), new=False))

    def next_due(self) -> datetime | None:
        """When the first cards-at-a-time answered before falls due (None: none answered)."""
        return self.skills.next_due(map(self.key_of, AT_ONCE), self.clock())

    def _scheduled(self) -> int | None:
        """In due mode, the cards at a time of the next run: a missed one coming back, else the
        weakest due (the fewest cards first among those alike); None when nothing is due."""
        if not self.settings.due:
            return None
        again = self._again.take(self.runs)
        if again is not None:
            return again
        if not self._cycle:
            self._cycle = self.skills.due(AT_ONCE, self.key_of, self.clock(), new=False,
                                          rng=self._pick, worth=lambda k: -k)
        return self._cycle.pop() if self._cycle else None

    def _shuffle(self) -> Shoe:
        return Shoe.shuffled(self.rules.decks, 1.0, self.rng.randrange(2 ** 63))

    def next(self) -> CountRun:
        """Deal the next run (it stays :attr:`current` until answered)."""
        settings, due = self.settings, self._scheduled()
        if due is not None:
            settings = replace(settings, at_once=due, cards=max(settings.cards, due))
        wanted = settings.cards
        if self.shoe.remaining < wanted:
            self.shoe = self._shuffle()
        cards = [self.shoe.draw() for _ in range(wanted)]
        step = settings.at_once
        flashes = tuple(tuple(cards[i:i + step]) for i in range(0, wanted, step))
        running = int(self.count.running(card.points for card in cards))
        self.current = CountRun(self.runs, flashes, running, self.clock(), settings,
                                due is not None)
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
        decision = count_record(running_key(self.preset, self.count.key, run.at_once), typed,
                                run.running, now, elapsed_ms(max(run.ends_at, run.shown_at), now),
                                Mode.COUNT, run.shown)
        right = decision.verdict is not Verdict.WRONG
        self.skills.learn(Answer(decision.situation_key, day_of(now), right, GUESS[RUNNING]))
        if not right and run.scheduled:    # a run as set is shown as set again anyway
            self._again.missed(run.number, run.at_once)
        self.current = None
        self.decisions.append(decision)
        return decision
