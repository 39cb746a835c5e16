"""Index flashcards: a hand, the up card and a true count; the play, graded against the exact
EVs at that count.

The EVs are the count lab's (:mod:`strategy_charts.counting.indices`): at each true count (an
unbalanced count's running count), the mean over the rounds met there of each action's exact
EV, made monotone in the count, so the best play changes once, at the index. Only the indices
the lab is sure of are taught: those whose spread over the lab's resamples is under half a
count (:func:`strategy_charts.counting.spread.trusted`); :attr:`IndexFlashcards.unsure` lists
the others, which the drills name and leave out. Cards ask about the index plays of a count in
cycles,
spaced by the memory model over the player's earlier index answers (``history``;
:mod:`.spacing`): a cycle holds the plays due (recall under 90%, or never answered), the
weakest first and, among those alike, the most valuable; when none is due, every play (keep
going); ``cells`` keeps to some decisions' plays (a counted shoe's misses). A card is at a true
count within ``spread`` of the index, as often on the side where the index play is right as on
the side where it is not; a card answered wrongly comes back 3 to 5 cards later at the same
count. Side bets (Pot of Gold, ...) are asked as "bet or not" with no cards.

A record's weight is 0: what a missed index play costs per 100 rounds is reckoned by the
counting review from the lab table (:mod:`trainer.progress.counting`), not by the decision
reviews, which would count the same hand twice in shoe practice (its play and its index).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from strategy_charts.counting.cells import BET, INSURANCE, NO_BET, WAGER, Cell
from strategy_charts.counting.indices import IndexPlay
from strategy_charts.counting.lab import count_lab
from strategy_charts.counting.player import IndexBook
from strategy_charts.counting.systems import count_named
from trainer.rules import Card, Rank, RuleSet, Suit
from trainer.scheduler.memory import MemoryParams, day_of
from trainer.teaching.answers import Answer
from trainer.teaching.grading import Clock, grade, utc_now
from trainer.teaching.records import GradedDecision, Mode, Verdict
from trainer.teaching.situations import preset_label

from ..comebacks import Comebacks
from .answers import elapsed_ms, signed, stamp
from .keys import INDEX, CountingKey
from .spacing import AVERAGE_MEMORY, Skills

_TENS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
_ORDER = ("hit", "stand", "double", "free_double", "split", "free_split", "insure",
          "no_insurance", BET, NO_BET)


def hand_values(cell: Cell) -> list[tuple[int, int]]:
    """The two-card hands (card values) of a first-decision cell."""
    if cell.kind == "pair":
        return [(cell.value, cell.value)]
    if cell.kind == "soft":
        return [(1, cell.value - 11)]
    return [(a, cell.value - a) for a in range(2, 11)
            if a < cell.value - a <= 10]


@dataclass(frozen=True)
class IndexCard:
    """One question: the index play it is about, the true count, the cards, the EVs."""

    number: int
    play: IndexPlay
    tc: int
    cards: tuple[Card, ...]
    up: Card | None
    evs: dict[str, float]
    best: str
    count_name: str
    dealt_at: datetime
    words: str = "true count"

    @property
    def cell(self) -> Cell:
        """The decision asked."""
        return self.play.cell

    @property
    def actions(self) -> tuple[str, ...]:
        """The plays on offer, in the usual order."""
        return tuple(a for a in _ORDER if a in self.evs)

    def question(self) -> str:
        """E.g. 'Hi-Lo true count +2: 10♠ 6♦ against 10♥'."""
        where = f"{self.count_name} {self.words} {signed(self.tc)}"
        if self.cell.kind == WAGER:
            return f"{where}: place the {self.cell.describe()} side bet?"
        if self.cell.kind == INSURANCE:
            return f"{where}: {' '.join(map(str, self.cards))} against {self.up}: insure?"
        return f"{where}: {' '.join(map(str, self.cards))} against {self.up}"

    def explanation(self, chosen: str) -> str:
        """The EVs at this count and the index: 'Stand +0.012, Hit −0.004 — stand at TC ≥ 0'."""
        ranked = sorted(self.evs.items(), key=lambda kv: -kv[1])
        values = ", ".join(f"{a.replace('_', ' ').capitalize()} {ev:+.3f}".replace("-", "−")
                           for a, ev in ranked)
        spread = self.play.spread_text()
        rule = self.play.rule + (f" (index {spread})" if spread else "")
        verdict = "right" if chosen == self.best else f"{self.best.replace('_', ' ')} is best"
        return f"{values} — {verdict}; {rule}"


class IndexFlashcards:
    """Index cards of one count for one rule set (see the module docstring)."""

    def __init__(self, rules: RuleSet, count: str = "hilo", *, lab: dict[str, Any] | None = None,
                 seed: int = 0, clock: Clock = utc_now, top: int | None = None,
                 spread: int = 3, history: Sequence[Answer] = (),
                 params: MemoryParams = AVERAGE_MEMORY,
                 cells: Collection[str] | None = None) -> None:
        self.rules = rules
        self.count = count_named(count)
        lab_count = (lab["counts"][self.count.key] if lab is not None
                     else count_lab(rules, self.count))
        self.book = IndexBook(lab_count, sure=True)
        #: the index plays not taught: the lab is unsure of their index
        self.unsure = [p for p in IndexBook(lab_count).plays
                       if (p.cell, p.play) not in {(q.cell, q.play) for q in self.book.plays}]
        self.plays = self.book.plays[:top] if top else list(self.book.plays)
        if cells is not None:        # only these decisions (e.g. a shoe's misses)
            self.plays = [play for play in self.plays if play.cell.key in cells]
        if not self.plays:
            among = " among the decisions asked" if cells is not None else ""
            raise ValueError(f"{self.count.name} has no index play the lab is sure of under "
                             f"{rules.name}{among}")
        if spread < 1:
            raise ValueError(f"ask within 1 or more true counts of the index, not {spread}")
        self.preset = preset_label(rules)
        self.rng = random.Random(seed)
        self.clock, self.spread = clock, spread
        self._cycle: list[IndexPlay] = []
        self._again: Comebacks[tuple[IndexPlay, int]] = Comebacks(self.rng)
        self.dealt = 0
        self.current: IndexCard | None = None
        self.decisions: list[GradedDecision] = []
        #: what the player holds of each decision (its index key), from ``history`` on
        self.skills = Skills(history, params)

    def unsure_text(self) -> str:
        """What is left out, in a line ('' when nothing is)."""
        if not self.unsure:
            return ""
        names = ", ".join(p.cell.describe() for p in self.unsure[:6])
        more = f" and {len(self.unsure) - 6} more" if len(self.unsure) > 6 else ""
        return (f"Not taught ({len(self.unsure)}): {names}{more} — the lab's index is uncertain "
                "by half a count or more.")

    def key_of(self, play: IndexPlay) -> str:
        """The stored key of a play's decision (what its answers are kept under)."""
        return CountingKey(self.preset, INDEX, self.count.key, play.cell.key).key

    def recall(self, play: IndexPlay) -> float:
        """The chance the player recalls the play now (0 if never answered)."""
        return self.skills.recall(self.key_of(play), self.clock())

    def _next_cycle(self) -> list[IndexPlay]:
        """The plays due (every play when none is), weakest last, for :meth:`list.pop`."""
        ranked = self.skills.ranked(self.plays, self.key_of, self.clock(), self.rng,
                                    lambda play: play.gain)
        due = self.skills.retention
        return [play for play, held in ranked if held < due] or [p for p, _ in ranked]

    def _choose(self) -> tuple[IndexPlay, int]:
        again = self._again.take(self.dealt)
        if again is not None:
            return again
        if not self._cycle:
            self._cycle = self._next_cycle()
        play = self._cycle.pop()
        step = 1 if play.direction == "+" else -1
        if self.rng.random() < 0.5:           # where the index play is right
            tc = play.index + step * self.rng.randrange(self.spread)
        else:
            tc = play.index - step * (1 + self.rng.randrange(self.spread))
        return play, self.book.scale.clip(tc)

    def _card(self, value: int) -> Card:
        rank = self.rng.choice(_TENS) if value == 10 else Rank(value)
        return Card(rank, self.rng.choice(list(Suit)))

    def _cards(self, cell: Cell) -> tuple[tuple[Card, ...], Card | None]:
        if cell.kind == WAGER:
            return (), None
        if cell.kind == INSURANCE:
            while True:
                a, b = self.rng.randrange(1, 11), self.rng.randrange(1, 11)
                if {a, b} != {1, 10}:
                    break
            values = [a, b]
        else:
            values = list(self.rng.choice(hand_values(cell)))
            self.rng.shuffle(values)
        return tuple(self._card(v) for v in values), self._card(cell.up)

    def next(self) -> IndexCard:
        """Deal the next card (it stays :attr:`current` until answered)."""
        play, tc = self._choose()
        evs = self.book.evs(play.cell, tc)
        assert evs is not None
        cards, up = self._cards(play.cell)
        best = self.book.play(play.cell, tc, play.base)
        self.current = IndexCard(self.dealt, play, tc, cards, up, evs, best, self.count.name,
                                 self.clock(), self.book.scale.words)
        self.dealt += 1
        return self.current

    def shown(self) -> IndexCard | None:
        """The current card is shown (again) now: its answer is timed from here, not from when
        it was dealt (a card dealt while its tab was hidden would count that time)."""
        if self.current is not None:
            self.current = replace(self.current, dealt_at=self.clock())
        return self.current

    def answer(self, action: str) -> GradedDecision:
        """Grade ``action`` (an action's name: hit, stand, ..., insure, no_insurance, bet,
        no_bet) on the current card; a wrong one comes back a few cards later."""
        card = self.current
        if card is None:
            raise RuntimeError("no index card is dealt: call next() first")
        if action not in card.evs:
            raise ValueError(f"{action!r} is not a play here; the plays are "
                             f"{', '.join(card.actions)}")
        now = self.clock()
        result = grade(action, card.evs, card.best)
        key = CountingKey(self.preset, INDEX, self.count.key, card.cell.key)
        decision = GradedDecision(
            time=stamp(now), preset=self.preset, mode=Mode.INDEX,
            situation_key=key.key, cards=" ".join(map(str, card.cards)) or "-",
            dealer_up=card.up.rank.symbol if card.up else "", action=action,
            best_action=result.best, verdict=result.verdict, ev_loss=result.ev_loss,
            response_ms=elapsed_ms(card.dealt_at, now), evs=dict(card.evs), weight=0.0)
        self.skills.learn(Answer(key.key, day_of(now), result.verdict is not Verdict.WRONG,
                                 1 / len(card.actions)))
        if result.verdict is Verdict.WRONG:
            self._again.missed(card.number, (card.play, card.tc))
        self.current = None
        self.decisions.append(decision)
        return decision
