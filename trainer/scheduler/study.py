"""The study queue: which card comes next in due mode, and the day's counts, Anki-style.

The day is counted as in Anki: **due** cards (answered before, predicted to fall under the
desired retention, 90% by default (:mod:`trainer.scheduler.retention`), before the day ends),
**learning** cards (those whose memory cannot yet last a day: a card just missed is one at once,
counted the moment it is missed) and up to a daily limit of **new** cards (20 by default). The
counts follow every answer, and :meth:`StudyQueue.apply` takes changed settings at once. When
no card is due now and no new one is left the day is **done** (or done for now, while learning
cards come back later today), with the time the next card falls due; **keep going** practises
on. Suspended cards (the card browser) are never asked or counted.

Which card comes next: of every card answered before and today's allowance of new ones, the one
whose answer now does the most for the next session — its worth (what the assumed play loses
there per round, :mod:`trainer.teaching.curriculum`) times how much asking it now raises its
expected recall tomorrow, per answer over the best short run of answers
(:func:`trainer.scheduler.memory.gain`, with the memory model fitted to the player's answers);
for a player whose sessions are days apart (:mod:`trainer.scheduler.spacing`), its gain over the
sessions to come, each answer priced at what the session's marginal answer does
(:mod:`trainer.scheduler.plan`).
Due cards come first in effect, since a nearly forgotten card gains the
most; a card not yet due comes before one that is only when it is worth more (an expensive card
learned minutes ago before a cheap one forgotten). New material comes costliest first, and
practice stops paying where memory is firm. (Serving due cards strictly first, as Anki does,
needed 2.5 times the answers on the learning bench, ``bench/learning.py``.) The cards are
interleaved (:mod:`trainer.scheduler.interleave`): no two of one chart row or fact back to back and
no row over a quarter of any 20 cards, unless nothing else is on offer; near ties go to
contrast (the same cards with the other stakes next).

The queue holds no state of its own beyond the answers: its picture of the player's memory is
the fold of their answers through the memory model (:mod:`trainer.scheduler.picture`), made from
the stored answers each session or from a kept picture and the answers given since; an undone
answer simply leaves it (a kept picture that took it in is dropped).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from trainer.teaching.answers import Answer
from trainer.teaching.curriculum import Curriculum, Deck, Prior

from .fitting import fitted_model, model_of
from .interleave import CONTRAST, Spread, neighbours
from .memory import Trace, day_of, gain, learn
from .memory_fit import Fit
from .picture import NOTHING, Picture, Tally, advance, deck_of, empty
from .plan import SESSION, Plan, plan
from .spacing import apart
from .start import Start
from .today import DEFAULT_STUDY, LEARNED_DAYS, Counts, StudySettings, midnight

#: Before any answer outside the deck, the player is taken to err there once in twenty
#: (a Beta(1, 19) prior on their share of mistakes where the assumed play is right).
EXPLORE_PRIOR = (1, 20)


@dataclass(frozen=True)
class Undo:
    """What one recorded answer changed, to take it back."""

    card: str
    trace: Trace | None
    was_new_today: bool
    tally: Tally | None = None   # the situation's tally before (outside what is taught)


class StudyQueue:
    """Due mode over one curriculum, from the player's past answers (oldest first).

    ``answers`` are folded into a fresh picture of the player's memory; :meth:`of_picture`
    makes the same queue from a kept picture (:mod:`trainer.scheduler.picture`) instead."""

    def __init__(self, course: Curriculum, answers: Sequence[Answer], now: datetime, *,
                 settings: StudySettings = DEFAULT_STUDY, fitted: Fit | None = None,
                 day_start: datetime | None = None,
                 suspended: Collection[str] = frozenset()) -> None:
        taught, origin, read, found = model_of(course, answers, fitted)
        params, mapping = fitted_model(taught, found, origin)
        picture = advance(taught, empty(taught, params, mapping), read)
        self._start(taught, picture, now, settings, found, fitted, day_start, suspended,
                    origin, course.prior)
        self.answers.extend(read)

    @classmethod
    def of_picture(cls, course: Curriculum, picture: Picture, now: datetime, *,
                   settings: StudySettings = DEFAULT_STUDY, fit_used: Fit | None = None,
                   fitted: Fit | None = None, day_start: datetime | None = None,
                   suspended: Collection[str] = frozenset(), origin: Start | None = None,
                   assumed: Prior | None = None, priced: bool = True) -> StudyQueue:
        """The queue of the answers ``picture`` took in (made under ``fit_used``'s model, from
        the stored ``fitted``: :attr:`refitted` when they differ; ``origin``: the start its
        answers show, ``assumed``: the one the setting says; not ``priced``: to be counted,
        its cards priced only when it is first asked to choose)."""
        queue = cls.__new__(cls)
        origin = origin or Start(course.prior, picture.params.share, 0.0, 0.0, 0)
        queue._start(course, picture, now, settings, fit_used, fitted, day_start, suspended,
                     origin, assumed or course.prior, priced)
        return queue

    def _start(self, course: Curriculum, picture: Picture, now: datetime,
               settings: StudySettings, found: Fit | None, fitted: Fit | None,
               day_start: datetime | None, suspended: Collection[str], origin: Start,
               assumed: Prior, priced: bool = True) -> None:
        self.course = course
        self.settings = settings
        #: the starting point the answers show, and the one the setting assumes
        self.origin, self.assumed = origin, assumed
        #: situations the player suspended (a card whose faces all are is never asked)
        self.suspended = frozenset(suspended)
        #: the answers recorded since the queue was made (all of them, made from answers)
        self.answers: list[Answer] = []
        self.fit = found
        #: True when the fit was made now (the caller stores it for the next session)
        self.refitted = found is not None and found is not fitted
        self.params = picture.params
        self.mapping = picture.mapping
        self.tried: dict[str, Tally] = dict(picture.tried)
        self.deck: Deck = deck_of(course, self.mapping, self.tried)
        self.traces: dict[str, Trace] = dict(picture.traces)
        self.asked: Counter[str] = Counter(picture.asked)
        self.start = day_of(now)
        #: the plan over the sessions to come, for a player whose sessions are days apart
        gap = apart(picture.sessions.gap(self.start))
        self.plan: Plan | None = None if gap is None else plan(self.params, gap)
        #: the next session (days), and the worth of a session's marginal answer (the plan's)
        self.horizon = self.start + (1.0 if gap is None else gap)
        self.price = 0.0
        today = day_of(day_start if day_start is not None else midnight(now))
        self.today, self.day_end = today, today + 1.0
        self.introduced_today = sum(1 for day in picture.first.values() if day >= today)
        self.last: str | None = None
        self.spread = Spread(course)          # the chart rows of the latest answers
        self._value: dict[str, float] = {}
        self._valued_at = self.start
        if priced:
            self._revalue(self.start)
        else:    # every open card, unpriced: choose() prices them all first (long after)
            self._value = dict.fromkeys((c for c in self.deck.faces if self.open(c)), 0.0)
            self._outside: dict[str, float] = {}
            self._valued_at = -float("inf")

    # ----- the player's memory --------------------------------------------------------------

    def _learn(self, answer: Answer) -> str | None:
        card = self.deck.card_of.get(answer.situation)
        self.asked[answer.situation] += 1
        if card is not None:
            if answer.situation not in self.course.decks[self.mapping].card_of:
                answer = replace(answer, guess=0.0)   # the player's habit is wrong here
            self.traces[card] = learn(self.params, self.traces.get(card), answer)
        return card

    def _extend(self, now: float) -> None:
        """Rebuild the deck (and every card's worth) after an answer that changes the player's
        own mistakes."""
        self.deck = deck_of(self.course, self.mapping, self.tried)
        self._revalue(now)

    def _revalue(self, now: float) -> None:
        self._valued_at = now
        if self.plan is not None:
            self._price(now)
        self._value = {card: self._worth(card, now) for card in self.deck.faces
                       if self.open(card)}
        self._explore(now)

    def _price(self, now: float) -> None:
        """Set :attr:`price` to the worth of the :data:`plan.SESSION`-th best answer now: from
        the next-session gains, then twice from the plan's own at the price found (it settles)."""
        kept, self.plan = self.plan, None
        for _ in range(3):
            worths = sorted((self._worth(c, now) for c in self.deck.faces if self.open(c)),
                            reverse=True)
            self.plan = kept
            if worths:
                self.price = max(worths[min(SESSION, len(worths)) - 1], 1e-12)

    def _explore(self, now: float) -> None:
        """What asking each situation outside the deck is worth (:data:`EXPLORE_PRIOR`): the
        chance the player errs there (their share of mistakes outside the deck so far, less
        for each right answer there) x what a mistake costs x a new card's gain."""
        wrongs = sum(t.wrongs for t in self.tried.values())
        answers = sum(t.answers for t in self.tried.values())
        hits, tries = EXPLORE_PRIOR
        # the mistakes a slip explains are no habit to find: only those beyond them count
        chance = max(0.0, (wrongs + hits) / (answers + tries) - self.params.slip)
        card_of, cost = self.deck.card_of, self.course.miss_cost
        keys = [key for key in self.course.outside(self.mapping)
                if key not in card_of and key not in self.suspended]
        if self.plan is None:    # a new card's gain at the next session: the same for all
            fresh = gain(self.params, None, now, self.horizon)
            self._outside = {key: chance * fresh * cost(key) / (1 + self._tally(key).answers)
                             for key in keys}
        else:
            self._outside = {key: self._gain(chance * cost(key) / (1 + self._tally(key).answers),
                                             None, now) for key in keys}

    def _tally(self, key: str) -> Tally:
        return self.tried.get(key, NOTHING)

    def open(self, card: str) -> bool:
        """True unless every face of ``card`` is suspended."""
        return not self.suspended or not all(
            face in self.suspended for face in self.deck.faces[card])

    def apply(self, settings: StudySettings, suspended: Collection[str] | None = None) -> None:
        """Take changed settings (and suspended situations) at once."""
        self.settings = settings
        if suspended is not None and frozenset(suspended) != self.suspended:
            self.suspended = frozenset(suspended)
            self._revalue(self._valued_at)

    def _worth(self, card: str, now: float) -> float:
        return self._gain(self.deck.worth[card], self.traces.get(card), now)

    def _gain(self, worth: float, trace: Trace | None, now: float) -> float:
        """What asking a card of ``worth`` now does, per answer: its worth times its gain at
        the next session, or its gain over the sessions planned, at :attr:`price`."""
        if worth <= 0:
            return 0.0
        if self.plan is None:
            return worth * gain(self.params, trace, now, self.horizon)
        return worth * self.plan.gain(self.price / worth, trace, now, self.horizon)

    def recall(self, card: str, now: float) -> float:
        """The recall the model predicts for ``card`` at ``now`` (0: never answered)."""
        return self.params.recall(self.traces.get(card), now)

    def due_at(self, card: str) -> float | None:
        """The day ``card``'s recall falls under the desired retention (None: unanswered)."""
        trace = self.traces.get(card)
        return None if trace is None else self.params.due_day(trace, self.settings.retention)

    def is_due(self, card: str, now: float) -> bool:
        """True for a card answered before and now below the desired retention."""
        trace = self.traces.get(card)
        return trace is not None and self.params.due_day(trace, self.settings.retention) <= now

    # ----- the day -------------------------------------------------------------------------

    @property
    def new_left(self) -> int:
        """New cards still allowed today."""
        return max(0, self.settings.new_per_day - self.introduced_today)

    def counts(self, now: datetime) -> Counts:
        """Due, learning and new cards left today at ``now``: due and learning cards fall due
        before the day ends (a card just missed is learning at once); ``ready``, those due
        now."""
        day = day_of(now)
        end = max(self.day_end, day)
        due = learning = ready = 0
        retention = self.settings.retention
        for card, trace in self.traces.items():
            if card not in self._value:          # not in the deck, or suspended
                continue
            at = self.params.due_day(trace, retention)
            if trace.stability < LEARNED_DAYS and (at <= end or trace.last >= self.today):
                learning += 1        # cannot last a day: counted the day it was answered
            elif at <= end:
                due += 1
            else:
                continue
            ready += at <= day
        unseen = sum(1 for card in self._value if card not in self.traces)
        return Counts(due, learning, min(self.new_left, unseen), ready)

    def due_times(self, now: datetime) -> list[datetime]:
        """When each card answered so far falls due (past times: due already)."""
        day = day_of(now)
        return [now + timedelta(days=self.params.due_day(t, self.settings.retention) - day)
                for c, t in self.traces.items() if c in self._value]

    def next_due(self, now: datetime) -> datetime | None:
        """When the next card falls due after ``now`` (None: nothing answered yet)."""
        day = day_of(now)
        later = [self.params.due_day(t, self.settings.retention) for c, t in self.traces.items()
                 if c in self._value]
        later = [d for d in later if d > day]
        if not later:
            return None
        return now + timedelta(days=min(later) - day)

    # ----- choosing ------------------------------------------------------------------------

    def choose(self, now: datetime) -> str:
        """The situation to ask next: of the cards answered before and today's allowance of new
        ones, the one whose answer now does most for the next session."""
        day = day_of(now)
        if day - self._valued_at > 1 / 48:     # half an hour on: every card's worth again
            self._revalue(day)
        new_ok = self.new_left > 0
        offered = [c for c in self._value
                   if c != self.last and (new_ok or c in self.traces)]
        if not offered:   # nothing answered yet and no new cards allowed: new ones anyway
            offered = [c for c in self._value if c != self.last] or list(self._value)
        outside = list(self._outside) if new_ok else []
        for allowed in self.spread.tiers():       # interleaved, unless nothing else is on offer
            cards = [c for c in offered if allowed(self._face(c))]
            keys = [k for k in outside if allowed(k)]
            if cards or keys:
                break
        card = self._pick(cards) if cards else None
        if keys:      # a situation outside the deck, when worth more
            key = max(keys, key=lambda k: (self._outside[k], k))
            if card is None or self._outside[key] > self._value[card]:
                self.last = None
                return key
        if card is None:
            raise ValueError("there is no card to ask")
        self.last = card
        return self._face(card)

    def _pick(self, offered: list[str]) -> str:
        value = self._value
        best = max(offered, key=lambda c: (value[c], c))
        if self.last is None:
            return best
        close = [c for c in offered if value[c] >= CONTRAST * value[best]
                 and neighbours(self.course, self.deck, c, self.last)]
        return max(close, key=lambda c: (value[c], c)) if close else best

    def _face(self, card: str) -> str:
        """The situation to show for ``card``: its costliest face, the least asked first."""
        leak = self.course.leak
        return max(self.deck.faces[card],
                   key=lambda k: (leak[k] / (1 + self.asked[k]), k))

    # ----- answers -------------------------------------------------------------------------

    def record(self, answer: Answer) -> Undo:
        """Take one answer into the picture of the player's memory; returns how to undo it."""
        answer = self.course.as_read(answer, self.origin.share)
        self.answers.append(answer)
        key = answer.situation
        self.spread.add(key)
        tally = self.tried.get(key)
        if key not in self.course.decks[self.mapping].card_of:
            self.tried[key] = (tally or NOTHING).add(answer)
        if key not in self.deck.card_of and not answer.right:
            self._extend(answer.day)
        card = self.deck.card_of.get(key)
        before = self.traces.get(card) if card is not None else None
        was_new = card is not None and before is None
        self.introduced_today += was_new
        self._learn(answer)
        if card is not None and card in self._value:
            self._value[card] = self._worth(card, answer.day)
        if key not in self.course.decks[self.mapping].card_of:
            self._explore(answer.day)           # the share of mistakes outside has moved
        return Undo(card or "", before, was_new, tally)

    def undo(self, answer: Answer, change: Undo) -> None:
        """Take back the last recorded ``answer`` (``change`` is what :meth:`record` gave)."""
        answer = self.course.as_read(answer, self.origin.share)
        if not self.answers or self.answers[-1] != answer:
            raise ValueError("only the last answer can be undone")
        self.answers.pop()
        self.spread.take_back()
        self.asked[answer.situation] -= 1
        if answer.situation not in self.course.decks[self.mapping].card_of:
            if change.tally is None:
                self.tried.pop(answer.situation, None)
            else:
                self.tried[answer.situation] = change.tally
            self._explore(answer.day)
        if change.card:
            if change.trace is None:
                self.traces.pop(change.card, None)
            else:
                self.traces[change.card] = change.trace
            if change.card not in self.course.decks[self.mapping].faces:
                self._extend(answer.day)   # a mistake that made its own card may be gone
            if change.card in self._value:
                self._value[change.card] = self._worth(change.card, answer.day)
        if change.was_new_today:
            self.introduced_today -= 1


__all__ = ["CONTRAST", "DEFAULT_STUDY", "EXPLORE_PRIOR", "LEARNED_DAYS", "Counts", "StudyQueue",
           "StudySettings", "Undo"]
