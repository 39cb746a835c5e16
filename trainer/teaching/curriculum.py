"""What there is to teach under an assumed starting play: cards, their faces and their worth.

Before any history the trainer assumes how the player plays (:class:`Prior`): classic basic
strategy (:mod:`trainer.teaching.classic`; the default, a setting) or a novice's pick among the
offered actions. A situation is worth teaching as much as that play loses there per round
dealt (natural frequency x EV lost, :meth:`Curriculum.leak`); where the assumed play is already
right there is nothing to teach.

A **card** is what the scheduler tracks in the player's memory. Two ways to cut the situations
into cards are kept side by side (:data:`MAPPINGS`): one card per situation, one per fact
(:mod:`trainer.teaching.facts`: learning a face teaches the rest), or one per chart row and column
group (:meth:`Curriculum.row`: a player who learns the chart by its rows). The memory fit
(:mod:`trainer.scheduler.memory_fit`) decides from the player's answers which one describes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum

from trainer.rules import RuleSet

from .answers import Answer
from .catalog import Catalog, catalog
from .classic import classic_play
from .facts import Facts
from .grading import grade
from .once import built_once
from .records import Verdict
from .situations import Situation, Spot


class Prior(Enum):
    """How a player with no history is assumed to play."""

    CLASSIC = "classic"      # classic basic strategy, mapped onto Free Bet's offers
    NOVICE = "novice"        # any offered action, with equal chance


#: The card mappings, in the order a tie is broken.
FACTS, SITUATIONS, ROWS = "facts", "situations", "rows"
MAPPINGS = (FACTS, SITUATIONS, ROWS)


@dataclass(frozen=True)
class Deck:
    """The cards of one mapping: each card's faces (situations worth teaching) and worth."""

    card_of: dict[str, str]                 # situation key -> card key (taught situations)
    faces: dict[str, tuple[str, ...]]       # card key -> its situations, costliest first
    worth: dict[str, float]                 # card key -> what the assumed play loses, per round


class Curriculum:
    """The situations of one catalog worth teaching under one prior, cut into cards."""

    def __init__(self, table: Catalog, prior: Prior) -> None:
        self.catalog = table
        self.prior = prior
        classic = classic_play(table.rules)
        self.classic = classic
        self.leak: dict[str, float] = {}
        for key in table.situations:
            if prior is Prior.CLASSIC:
                self.leak[key] = classic.situation_leak(key)
            else:
                self.leak[key] = sum(table.entry_weight.get(s.table_key, 0.0) * _novice_loss(
                    table, s) for s in table.spots[key])
        self._odds: dict[str, tuple[float, float]] = {}
        self._outside: dict[str, tuple[str, ...]] = {}
        facts = self.facts = Facts.of(table)
        taught = [k for k in sorted(table.situations) if self.leak[k] > 0]
        self.decks = {
            FACTS: self._deck({k: facts.of_situation[k] for k in taught}),
            SITUATIONS: self._deck({k: k for k in taught}),
            ROWS: self._deck({k: self.row(k) for k in taught}),
        }

    def _deck(self, card_of: dict[str, str]) -> Deck:
        return deck(card_of, self.leak)

    def card_key(self, mapping: str, situation: str) -> str:
        """The card of any situation under ``mapping``, taught by the prior or not."""
        if mapping == FACTS:
            return self.facts.of_situation[situation]
        return self.row(situation) if mapping == ROWS else situation

    def mappings(self) -> dict[str, Mapping[str, str]]:
        """Situation -> card for each mapping (what the memory fit chooses between)."""
        return {name: deck.card_of for name, deck in self.decks.items()}

    def guess(self, spot: Spot) -> float:
        """The chance that the assumed play is graded right here without any memory of it."""
        return self.habit(spot) if self.prior is Prior.CLASSIC else self.luck(spot)

    def habit(self, spot: Spot) -> float:
        """1.0 where the classic play is graded right at ``spot``, else 0.0."""
        evs, best = self.catalog.evs(spot)
        play = self.classic.play.get(spot.table_key, best)
        return float(grade(play, evs, best).verdict is not Verdict.WRONG)

    def luck(self, spot: Spot) -> float:
        """The chance a pick among the offered actions is graded right at ``spot``."""
        evs, best = self.catalog.evs(spot)
        right = sum(grade(a, evs, best).verdict is not Verdict.WRONG for a in evs)
        return right / len(evs)

    def chart_row(self, key: str) -> str:
        """The chart row of a situation: stakes and hand class (whatever the up card, context
        and card count)."""
        s = self.situation(key)
        return f"{s.preset}|{s.stakes.value}|{s.hand_class}"

    def row(self, key: str) -> str:
        """The chart row and column group of a situation: :meth:`chart_row` and up cards 2-6,
        7-9 or ten-ace."""
        up = self.situation(key).up
        group = "2-6" if 2 <= up <= 6 else "7-9" if 7 <= up <= 9 else "10-A"
        return f"{self.chart_row(key)}|{group}"

    def opening_odds(self, key: str) -> tuple[float, float]:
        """Over the hands of situation ``key`` by natural frequency: the luck of a pick among
        the offered actions and the share where the classic play is right."""
        found = self._odds.get(key)
        if found is None:
            spots = self.catalog.spots[key]
            weights = [self.catalog.entry_weight.get(s.table_key, 0.0) for s in spots]
            if sum(weights) <= 0:
                weights = [1.0] * len(spots)
            total = sum(weights)
            found = (sum(w * self.luck(s) for w, s in zip(weights, spots, strict=True)) / total,
                     sum(w * self.habit(s) for w, s in zip(weights, spots, strict=True)) / total)
            self._odds[key] = found
        return found

    def miss_cost(self, key: str) -> float:
        """What a mistake at situation ``key`` costs per round dealt
        (:meth:`Catalog.miss_cost <trainer.teaching.catalog.Catalog.miss_cost>`)."""
        return self.catalog.miss_cost(key)

    def outside(self, mapping: str) -> tuple[str, ...]:
        """The situations the mapping's deck leaves out (the assumed play is right there)
        where a mistake would cost something: what the queue explores."""
        found = self._outside.get(mapping)
        if found is None:
            taught = self.decks[mapping].card_of
            found = tuple(k for k in sorted(self.catalog.situations)
                          if k not in taught and self.miss_cost(k) > 0)
            self._outside[mapping] = found
        return found

    def as_read(self, answer: Answer, scale: float = 1.0) -> Answer:
        """``answer`` as this curriculum reads it: its guess under this assumed play (a
        novice's luck times ``scale``, the fitted share of luck the player has), when what the
        guess is made of is known."""
        if self.prior is Prior.CLASSIC:
            guess = answer.habit
        else:
            guess = None if answer.luck is None else answer.luck * scale
        if guess is None or guess == answer.guess:
            return answer
        return replace(answer, guess=guess)

    def leak_per_100(self) -> float:
        """What the assumed play loses in all: main bets per 100 rounds of natural play."""
        return 100 * sum(self.leak.values())

    def situation(self, key: str) -> Situation:
        """The situation of a key."""
        return self.catalog.situations[key]


def deck(card_of: Mapping[str, str], leak: Mapping[str, float]) -> Deck:
    """The deck of ``card_of`` with each situation worth ``leak`` (faces costliest first)."""
    faces: dict[str, list[str]] = {}
    for key, card in card_of.items():
        faces.setdefault(card, []).append(key)
    ordered = {card: tuple(sorted(keys, key=lambda k: (-leak[k], k)))
               for card, keys in faces.items()}
    worth = {card: sum(leak[k] for k in keys) for card, keys in ordered.items()}
    return Deck(dict(card_of), ordered, worth)


def _novice_loss(table: Catalog, spot: Spot) -> float:
    """The EV an equal-chance pick among the offered actions loses at ``spot``."""
    evs, best = table.evs(spot)
    return sum(evs[best] - ev for ev in evs.values()) / len(evs)


@built_once
def curriculum(rules: RuleSet, prior: Prior) -> Curriculum:
    """The curriculum of ``rules`` under ``prior`` (kept in memory)."""
    return Curriculum(catalog(rules), prior)
