"""Flashcards: deal one situation, take one decision, grade it, schedule it, next.

Which situation comes next:

* mode **due**: the study queue (:mod:`trainer.scheduler.study`): due and learning cards and a
  daily share of new ones, chosen by what an answer now does for tomorrow, from the player's
  memory as their past answers show it; then "keep going" on the weakest;
* mode **differences**: its situations drawn by natural frequency (of their hands where Free
  Bet play differs), so the hands play meets most come most;
* mode **changes**: the situations where the best play differs from the rules the player has
  practised (another rule set, given as ``practised``), as **differences** does for Free Bet
  against standard blackjack;
* every other mode (and a drill on chosen situations): its situations in a shuffled cycle, each
  once before any repeats;
* outside due mode a situation answered wrongly comes back 3 to 5 cards later (same cards in
  value, fresh suits), before anything else at that card (:mod:`.comebacks`).

The last answer can be undone until the next card is answered: the card is dealt again and the
answer leaves the session (the caller marks its stored record undone).

Concrete cards: a hand of the situation picked from its table entries by natural frequency
(in modes **differences** and **changes**, only among the entries whose play differs), ranks
and suits
drawn from a seeded :class:`random.Random`, so a seed replays a session.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import Enum
from fractions import Fraction

from trainer.rules import Action, Card, Hand, Rank, RuleSet, Stakes, Suit
from trainer.scheduler.memory import day_of
from trainer.scheduler.memory_fit import Fit
from trainer.scheduler.study import DEFAULT_STUDY, Counts, StudyQueue, StudySettings, Undo
from trainer.teaching.answers import Answer
from trainer.teaching.catalog import Catalog
from trainer.teaching.curriculum import Curriculum, Prior, curriculum
from trainer.teaching.grading import Asked, Clock, grade, record, utc_now
from trainer.teaching.records import GradedDecision, Mode
from trainer.teaching.situations import Context, HandKind, Situation, Spot, StakeLabel

from .comebacks import Comebacks
from .reasons import Reason, reason
from .stopwatch import Attended, Stopwatch
from .timed import timeout_action

_ORDER = ("hit", "stand", "double", "free_double", "split", "free_split", "surrender",
          "insure", "no_insurance")
_TEN_RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)


class FlashMode(Enum):
    """Which situations a flashcard session deals."""

    DUE = "due"
    ALL = "all"
    DIFFERENCES = "differences"
    HARD = "hard"
    SOFT = "soft"
    PAIRS = "pairs"
    FREE = "free"
    CHARLIE = "charlie"
    CHANGES = "changes"

    @property
    def title(self) -> str:
        """The mode as a player reads it ("Free Bet differences")."""
        return MODE_TITLES[self]

    def offered(self, rules: RuleSet | None, practised: RuleSet | None = None) -> bool:
        """True when the mode has cards under ``rules``: Charlie hands need Six Card Charlie,
        what changes needs ``practised`` rules of other play than ``rules``."""
        if self is FlashMode.CHARLIE:
            return rules is not None and rules.six_card_charlie
        if self is FlashMode.CHANGES:
            return (rules is not None and practised is not None
                    and practised.fingerprint() != rules.fingerprint())
        return True


#: Every mode's title, once (a mode without one fails ``tests/drills/test_flashcards.py``).
MODE_TITLES = {
    FlashMode.DUE: "Due for review", FlashMode.ALL: "All situations",
    FlashMode.DIFFERENCES: "Free Bet differences", FlashMode.HARD: "Hard totals",
    FlashMode.SOFT: "Soft totals", FlashMode.PAIRS: "Pairs",
    FlashMode.FREE: "Free-stake hands", FlashMode.CHARLIE: "Charlie hands (3+ cards)",
    FlashMode.CHANGES: "What changes",
}


def changes_title(practised: RuleSet) -> str:
    """The title of mode changes against the rules practised: "What changes from evolution"."""
    return f"{FlashMode.CHANGES.title} from {practised.name}"


def _differing(catalog: Catalog, mode: FlashMode,
               practised: RuleSet | None) -> frozenset[str] | None:
    """The table keys mode differences or changes deals (None for any other mode)."""
    if mode is FlashMode.DIFFERENCES:
        return catalog.differences()
    if mode is FlashMode.CHANGES:
        if practised is None:
            raise ValueError("mode 'changes' compares with the rules you have practised: "
                             "name them")
        return catalog.changes_from(practised)
    return None


def _in_mode(catalog: Catalog, mode: FlashMode, key: str, s: Situation,
             differing: frozenset[str] | None) -> bool:
    two_card = s.context in (Context.FIRST, Context.SPLIT)
    if differing is not None:
        return any(spot.table_key in differing for spot in catalog.spots[key])
    return {
        FlashMode.DUE: True, FlashMode.ALL: True,
        FlashMode.HARD: two_card and s.kind is HandKind.HARD,
        FlashMode.SOFT: two_card and s.kind is HandKind.SOFT,
        FlashMode.PAIRS: s.kind is HandKind.PAIR,
        FlashMode.FREE: s.context is Context.SPLIT and s.stakes is StakeLabel.FREE,
        FlashMode.CHARLIE: catalog.rules.six_card_charlie and s.context is Context.DRAWN,
    }[mode]


def mode_situations(catalog: Catalog, mode: FlashMode,
                    practised: RuleSet | None = None) -> list[str]:
    """Keys of the situations ``mode`` deals (mode changes: against ``practised``), sorted;
    raises ValueError when there are none."""
    differing = _differing(catalog, mode, practised)
    keys = sorted(k for k, s in catalog.situations.items()
                  if _in_mode(catalog, mode, k, s, differing))
    if not keys:
        against = f" against {practised.name}" if mode is FlashMode.CHANGES and practised else ""
        raise ValueError(f"mode {mode.value!r} has no situations under {catalog.rules.name} "
                         f"({catalog.rules.describe()}){against}")
    return keys


@dataclass(frozen=True)
class Flashcard:
    """One dealt question: the situation, the exact hand, the cards as shown, the choices."""

    number: int
    spot: Spot
    cards: tuple[Card, ...]
    up: Card
    actions: tuple[Action, ...]
    dealt_at: datetime

    @property
    def situation(self) -> Situation:
        """The situation asked."""
        return self.spot.situation

    @property
    def hand(self) -> Hand:
        """The cards as a rules hand (with the situation's stakes)."""
        real = self.situation.stakes is StakeLabel.REAL
        return Hand(self.cards, Stakes(Fraction(int(real)), Fraction(int(not real))),
                    from_split=self.situation.context is Context.SPLIT or not real)

    def question(self) -> str:
        """E.g. '10♠ 2♦ against 4♥ (hard 12 v 4, first decision)'."""
        shown = " ".join(map(str, self.cards))
        return f"{shown} against {self.up} ({self.situation.describe()})"


class FlashcardSession(Attended):
    """A run of flashcards over one catalog.

    ``history`` holds the player's past answers in this rule set, oldest first (see
    :func:`trainer.drills.history.answers`), ``fitted`` the memory fit stored with them, if
    any; due mode reads both, or takes a study queue made already (``queue``, e.g. from a kept
    picture of the player's memory: :func:`trainer.progress.study_store.load_study`). Every
    mode adds to :attr:`answers`. ``practised`` is the rule set mode changes compares with.
    """

    def __init__(self, catalog: Catalog, mode: FlashMode = FlashMode.DUE, *, seed: int = 0,
                 history: Sequence[Answer] = (), fitted: Fit | None = None,
                 prior: Prior = Prior.CLASSIC, study: StudySettings = DEFAULT_STUDY,
                 clock: Clock = utc_now, record_mode: Mode = Mode.FLASHCARDS,
                 only: Collection[str] | None = None, day_start: datetime | None = None,
                 queue: StudyQueue | None = None, practised: RuleSet | None = None) -> None:
        self.catalog = catalog
        self.mode = mode
        self.practised = practised
        self.rng = random.Random(seed)
        self.clock = clock
        self.watch = Stopwatch(clock)
        self.record_mode = record_mode
        self.course: Curriculum = curriculum(catalog.rules, prior)
        self.keys = mode_situations(catalog, mode, practised)
        self._differing = _differing(catalog, mode, practised)
        if only is not None:   # a drill on chosen situations, e.g. the costliest leaks
            self.keys = [k for k in self.keys if k in set(only)]
            if not self.keys:
                raise ValueError("none of the chosen situations can be dealt under "
                                 f"{catalog.rules.name}")
        self.queue: StudyQueue | None = None
        if mode is FlashMode.DUE and only is None:
            self.queue = queue if queue is not None else StudyQueue(
                self.course, history, clock(), settings=study, fitted=fitted,
                day_start=day_start)
            self.course = self.queue.course     # the start the answers show may not be assumed
        self._cycle: list[str] = []
        self._weights: list[float] | None = None    # differences: each key's frequency
        self._again: Comebacks[tuple[str, tuple[int, ...]]] = Comebacks(self.rng)
        self.current: Flashcard | None = None
        self._last: str | None = None
        self._answered: tuple[Flashcard, Answer, Undo | None] | None = None
        self.dealt = 0
        self.decisions: list[GradedDecision] = []
        self.answers: list[Answer] = []

    # ----- choosing and dealing ---------------------------------------------------------------

    def next(self) -> Flashcard:
        """Deal the next flashcard (it stays :attr:`current` until answered)."""
        number = self.dealt
        requeued = self._again.take(number)
        if requeued is not None:
            key, values = requeued
        else:
            key = self._choose()
            values = self._pick_hand(key)
        self.dealt += 1
        self._last = key
        self.current = self._deal(number, key, values)
        self.watch.restart()
        return self.current

    def _choose(self) -> str:
        if self.queue is not None:
            return self.queue.choose(self.clock())
        if self.mode is FlashMode.DIFFERENCES and len(self.keys) > 1:
            return self._natural()
        if not self._cycle:
            self._cycle = list(self.keys)
            self.rng.shuffle(self._cycle)
            if len(self._cycle) > 1 and self._cycle[-1] == self._last:
                self._cycle[0], self._cycle[-1] = self._cycle[-1], self._cycle[0]
        return self._cycle.pop()

    def _natural(self) -> str:
        """A situation drawn by how often play meets its differing hands (a hand met every
        round before one met once a shoe), never the one just asked."""
        if self._weights is None:
            differing = self.catalog.differences()
            self._weights = [sum(self.catalog.entry_weight.get(s.table_key, 0.0)
                                 for s in self.catalog.spots[k] if s.table_key in differing)
                             for k in self.keys]
        weights = [0.0 if k == self._last else w for k, w in zip(self.keys, self._weights,
                                                                 strict=True)]
        if sum(weights) <= 0:
            weights = [float(k != self._last) for k in self.keys]
        return self.rng.choices(self.keys, weights=weights)[0]

    def _pick_hand(self, key: str) -> tuple[int, ...]:
        spots = self.catalog.spots[key]
        if self._differing is not None:
            spots = [s for s in spots if s.table_key in self._differing] or spots
        elif self.queue is not None:   # teach the hands the assumed play gets wrong
            spots = [s for s in spots if self.course.guess(s) < 1.0] or spots
        weights = [self.catalog.entry_weight.get(s.table_key, 0.0) for s in spots]
        spot = self.rng.choices(spots, weights=weights if sum(weights) > 0 else None)[0]
        return spot.values

    def _card(self, value: int) -> Card:
        rank = self.rng.choice(_TEN_RANKS) if value == 10 else Rank(value)
        return Card(rank, self.rng.choice(list(Suit)))

    def _deal(self, number: int, key: str, values: tuple[int, ...]) -> Flashcard:
        situation = self.catalog.situations[key]
        spot = self.catalog.spot_for(situation, values)
        cards = [self._card(v) for v in values]
        if situation.context is not Context.SPLIT:   # a split hand shows its split card first
            self.rng.shuffle(cards)
        evs, _ = self.catalog.evs(spot)
        actions = tuple(Action(a) for a in _ORDER if a in evs)
        return Flashcard(number, spot, tuple(cards), self._card(situation.up), actions,
                         self.clock())

    # ----- the day (due mode) -----------------------------------------------------------------

    def counts(self) -> Counts | None:
        """Due, learning and new cards left today (None outside due mode)."""
        return self.queue.counts(self.clock()) if self.queue is not None else None

    def apply_study(self, study: StudySettings, suspended: Collection[str] | None = None
                    ) -> None:
        """Take changed study settings (and suspended situations) at once (due mode)."""
        if self.queue is not None:
            self.queue.apply(study, suspended)

    def next_due(self) -> datetime | None:
        """When the next card falls due (None outside due mode or with no history)."""
        return self.queue.next_due(self.clock()) if self.queue is not None else None

    # ----- answering --------------------------------------------------------------------------

    def answer(self, action: Action, response_ms: int | None = None,
               timed_out: bool = False) -> GradedDecision:
        """Grade ``action`` on the current card (a time-out: a miss), let the queue learn from
        it, re-queue a miss (outside due mode). ``response_ms`` None: the time the card was
        seen (:attr:`watch`)."""
        card = self.current
        if card is None:
            raise RuntimeError("no flashcard is dealt: call next() first")
        now = self.clock()
        if response_ms is None:
            response_ms = self.watch.elapsed_ms()
        evs, best = self.catalog.evs(card.spot)
        result = grade(action, evs, best)
        weight = self.catalog.weight_of(card.situation)
        decision = record(result, Asked(card.spot, card.cards, card.up, weight),
                          self.record_mode, now, response_ms, timed_out)
        course = self.course
        answer = Answer(card.situation.key, day_of(now), decision.right,
                        course.guess(card.spot), result.ev_loss, course.luck(card.spot),
                        course.habit(card.spot))
        change = self.queue.record(answer) if self.queue is not None else None
        if not decision.right and self.queue is None:
            self._again.missed(card.number, (card.situation.key, card.spot.values))
        self._answered = (card, answer, change)
        self.current = None
        self.decisions.append(decision)
        self.answers.append(answer)
        return decision

    def undo(self) -> GradedDecision:
        """Take back the last answer (until the next card is answered): that card is dealt
        again as it was; returns the decision taken back. ValueError with nothing to undo."""
        if self._answered is None:
            raise ValueError("there is no answer to undo")
        card, answer, change = self._answered
        self._answered = None
        if self.queue is not None and change is not None:
            self.queue.undo(answer, change)
        self.answers.pop()
        self._again.forget(card.number)
        self.current = replace(card, dealt_at=self.clock())
        self.watch.restart()
        self._last = card.situation.key
        return self.decisions.pop()

    def why(self, card: Flashcard) -> Reason:
        """Why the best play of ``card`` is best (:mod:`trainer.drills.reasons`)."""
        evs, best = self.catalog.evs(card.spot)
        return reason(self.catalog.rules, card.spot, evs, best,
                      self.course.classic.play.get(card.spot.table_key))

    def before(self, card: Flashcard) -> Action | None:
        """Mode changes: the best play of ``card``'s cards under the rules practised."""
        if self.practised is None or self.mode is not FlashMode.CHANGES:
            return None
        play = self.catalog.before(self.practised, card.spot)
        return None if play is None else Action(play)

    def auto_action(self) -> Action:
        """The game's time-out decision for the current card (no insurance; hit 11 or less, else
        stand; stand where hitting is not offered: docs/rules/evolution.md#time-and-balance)."""
        card = self.current
        if card is None:
            raise RuntimeError("no flashcard is dealt: call next() first")
        insurance = card.situation.context is Context.INSURANCE
        return timeout_action(None if insurance else card.hand, card.actions)

    def time_out(self, response_ms: int | None = None) -> GradedDecision:
        """Apply the time-out decision; the card is graded a time-out (a miss)."""
        return self.answer(self.auto_action(), response_ms, timed_out=True)
