"""Fitting the memory model to one player's answers: their parameters and what a card is.

Every answer the player has given is replayed through :mod:`trainer.drills.memory` for each
candidate parameter set on a grid, and the candidate under which the answers were likeliest wins
(maximum likelihood: each answer scores the model's chance of it, R + (1 − R)·guess when right,
(1 − R)·(1 − guess) when wrong, with R = 0 for a card's first answer). The replay runs every card
at once and every candidate at once with numpy, one answer-number at a time, so fitting 20,000
answers takes a fraction of a second.

The same replay also decides **what a card is** for this player: with ``cards`` mapping each
situation to a card under several hypotheses (a card per situation; a card per fact, where
learning one face teaches the rest), the hypothesis whose best fit is likeliest is kept. A player
who learns rules is scheduled by facts; one who learns each chart cell apart, by situations.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .memory import Answer, MemoryParams

#: The grid searched: stability after a first answer (days), growth, lapse.
FIRSTS = (0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56)
GROWTHS = (1.0, 2.0, 4.0, 7.0, 10.0, 15.0, 25.0)
LAPSES = (0.1, 0.3, 0.5, 0.8)

_CLIP = 1e-4
#: The shares of a novice's luck a fit may hold (:data:`trainer.drills.start.SHARES`) and the
#: starting points it may be made for.
SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)
PRIORS = ("classic", "novice")


@dataclass(frozen=True)
class Grid:
    """Candidate parameter sets, as three equally long arrays."""

    first: np.ndarray
    growth: np.ndarray
    lapse: np.ndarray

    @classmethod
    def of(cls, firsts: Sequence[float], growths: Sequence[float],
           lapses: Sequence[float]) -> Grid:
        """Every combination of the values given."""
        first, growth, lapse = (a.ravel() for a in np.meshgrid(
            np.asarray(firsts, float), np.asarray(growths, float), np.asarray(lapses, float),
            indexing="ij"))
        return cls(first, growth, lapse)

    def params(self, i: int) -> MemoryParams:
        """Candidate ``i``."""
        return MemoryParams(float(self.first[i]), float(self.growth[i]), float(self.lapse[i]))


#: The grid :func:`fit` searches by default.
GRID = Grid.of(FIRSTS, GROWTHS, LAPSES)


@dataclass(frozen=True)
class Fit:
    """The likeliest parameters and card mapping, with the log-likelihood that chose them."""

    params: MemoryParams
    cards: str               # the name of the winning mapping
    log_likelihood: float
    answers: int             # how many answers were fitted
    prior: str | None = None   # the starting point it was made for (None: the one assumed)

    def to_plain(self) -> dict[str, float | int | str | None]:
        """The fit as plain values (what the progress store keeps)."""
        return {"first": self.params.first, "growth": self.params.growth,
                "lapse": self.params.lapse, "share": self.params.share, "cards": self.cards,
                "log_likelihood": self.log_likelihood, "answers": self.answers,
                "prior": self.prior}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> Fit:
        """Read :meth:`to_plain`'s values back."""
        share = data.get("share")
        params = MemoryParams(float(data["first"]), float(data["growth"]),
                              float(data["lapse"]), 1.0 if share is None else float(share))
        prior = data.get("prior")
        return cls(params, str(data["cards"]), float(data["log_likelihood"]),
                   int(data["answers"]), None if prior is None else str(prior))


def _by_card(answers: Sequence[Answer], card_of: Mapping[str, str], known: Mapping[str, int]
             ) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Answers grouped by card, each card's in day order, as padded (cards x answers) arrays:
    the cards (in order of first answer), day, right, guess, present. Cards in ``known`` come
    in the order of their rows there, before new ones."""
    rows: dict[str, list[Answer]] = defaultdict(list)
    for answer in answers:
        card = card_of.get(answer.situation)
        if card is not None:
            rows[card].append(answer)
    order = sorted(rows, key=lambda c: known.get(c, len(known)))   # stable: new cards after
    width = max((len(r) for r in rows.values()), default=0)
    shape = (len(rows), width)
    day, right, guess = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    present = np.zeros(shape, dtype=bool)
    for i, card in enumerate(order):
        row = rows[card]
        row.sort(key=lambda a: a.day)
        n = len(row)
        day[i, :n] = [a.day for a in row]
        right[i, :n] = [a.right for a in row]
        guess[i, :n] = [a.guess for a in row]
        present[i, :n] = True
    return order, day, right, guess, present


@dataclass(frozen=True, eq=False)
class Replay:
    """One mapping's answers replayed under every candidate: what the next answer needs."""

    cards: tuple[str, ...]   # the cards answered, in order of their first answer
    stability: np.ndarray    # cards x candidates: stability after the card's last answer
    last: np.ndarray         # cards: the day of the card's last answer
    total: np.ndarray        # candidates: the log-likelihood of the answers so far

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Replay):
            return NotImplemented
        return self.cards == other.cards and all(
            np.array_equal(a, b) for a, b in ((self.stability, other.stability),
                                              (self.last, other.last),
                                              (self.total, other.total)))

    @classmethod
    def empty(cls, grid: Grid) -> Replay:
        """Nothing answered yet."""
        return cls((), np.zeros((0, grid.first.size)), np.zeros(0), np.zeros(grid.first.size))

    def extend(self, answers: Sequence[Answer], card_of: Mapping[str, str],
               grid: Grid) -> Replay:
        """The replay after ``answers`` too (all of them given after those replayed so far).

        Replaying a history in parts gives the figures of replaying it at once, up to the order
        of the sums (the same candidate wins but for a tie to the last bits)."""
        first, growth, lapse = grid.first, grid.growth, grid.lapse
        known = {card: i for i, card in enumerate(self.cards)}
        order, day, right, guess, present = _by_card(answers, card_of, known)
        total = self.total.copy()
        if day.shape[1] == 0:
            return self
        fresh = np.array([card not in known for card in order])
        cards = self.cards + tuple(card for card in order if card not in known)
        stability = np.concatenate([self.stability, np.broadcast_to(
            first, (int(fresh.sum()), first.size))])
        last = np.concatenate([self.last, np.zeros(int(fresh.sum()))])
        at = np.array([known.get(card, -1) for card in order])
        at[fresh] = len(known) + np.arange(int(fresh.sum()))
        # a card's first answer: nothing recalled, right only by the guess (the same under
        # every candidate, but not under every mapping: a fact's later faces are not first)
        opening = np.clip(guess[fresh, 0], _CLIP, 1.0 - _CLIP)
        total += float((right[fresh, 0] * np.log(opening)
                        + (1.0 - right[fresh, 0]) * np.log1p(-opening)).sum())
        previous = np.where(fresh, 0.0, last[at])
        for k in range(day.shape[1]):
            here = present[:, k] & (~fresh if k == 0 else True)
            if not here.any():
                if k:
                    break
                previous = day[:, 0]
                continue
            rows = at[here]
            s = stability[rows]
            elapsed = np.maximum(day[here, k] - previous[here], 0.0)[:, None]
            r = 1.0 / (1.0 + elapsed / (9.0 * s))
            g = guess[here, k][:, None]
            ok = right[here, k][:, None]
            chance = np.clip(r + (1.0 - r) * g, _CLIP, 1.0 - _CLIP)
            total += (ok * np.log(chance) + (1.0 - ok) * np.log1p(-chance)).sum(axis=0)
            from_memory = ok * r / chance
            grown = s * (1.0 + growth * (1.0 - r)) + first
            cut = np.maximum(first, lapse * s)
            stability[rows] = grown ** from_memory * cut ** (1.0 - from_memory)
            previous = np.where(present[:, k], day[:, k], previous)
        width = present.sum(axis=1)
        last[at] = day[np.arange(len(order)), width - 1]
        return Replay(cards, stability, last, total)


def log_likelihoods(answers: Sequence[Answer], card_of: Mapping[str, str],
                    grid: Grid = GRID) -> np.ndarray:
    """The log-likelihood of ``answers`` under each candidate of ``grid``."""
    return Replay.empty(grid).extend(answers, card_of, grid).total


@dataclass(frozen=True)
class FitState:
    """The answers so far replayed under every candidate and mapping, kept so that a refit
    replays only the answers given since (:meth:`extend`, then :meth:`best`)."""

    replays: dict[str, Replay]   # mapping name -> its replay (in the order ties are broken)
    answers: int                 # answers replayed

    @classmethod
    def start(cls, names: Sequence[str], grid: Grid = GRID) -> FitState:
        """Nothing replayed yet, for the mappings ``names``."""
        return cls({name: Replay.empty(grid) for name in names}, 0)

    def extend(self, answers: Sequence[Answer], mappings: Mapping[str, Mapping[str, str]],
               grid: Grid = GRID) -> FitState:
        """The state after ``answers`` too (given after those replayed so far)."""
        if not answers:
            return self
        return FitState({name: replay.extend(answers, mappings[name], grid)
                         for name, replay in self.replays.items()},
                        self.answers + len(answers))

    def best(self, grid: Grid = GRID) -> Fit:
        """The likeliest parameters of ``grid`` and mapping (ties: the mapping named first)."""
        best: Fit | None = None
        for name, replay in self.replays.items():
            i = int(np.argmax(replay.total))
            if best is None or replay.total[i] > best.log_likelihood:
                best = Fit(grid.params(i), name, float(replay.total[i]), self.answers)
        if best is None:
            raise ValueError("fit needs at least one card mapping")
        return best


def fit(answers: Sequence[Answer], mappings: Mapping[str, Mapping[str, str]],
        grid: Grid = GRID) -> Fit:
    """The likeliest parameters of ``grid`` and mapping for ``answers`` (``mappings``: name ->
    situation -> card). Ties go to the mapping named first."""
    return FitState.start(list(mappings), grid).extend(answers, mappings, grid).best(grid)


def checked_fit(data: Mapping[str, Any] | None, mappings: Collection[str],
                grid: Grid = GRID) -> Fit | None:
    """A stored fit as :meth:`Fit.to_plain` wrote it, or None when it is not one: a parameter
    off ``grid`` (not finite, not a number), a mapping not in ``mappings``, a log-likelihood
    above 0 or not finite, a count of answers that is not a whole number of at least 0. A fit
    read as None is refitted, so a damaged row never reaches the memory model."""
    if data is None:
        return None
    try:
        values = [data[name] for name in ("first", "growth", "lapse", "log_likelihood")]
        cards, answers = data["cards"], data["answers"]
    except (KeyError, TypeError):
        return None
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return None
    if not (isinstance(cards, str) and cards in mappings and isinstance(answers, int)
            and not isinstance(answers, bool) and answers >= 0):
        return None
    share, prior = data.get("share", 1.0), data.get("prior")
    if share is None:
        share = 1.0
    if (isinstance(share, bool) or not isinstance(share, int | float) or share not in SHARES
            or not (prior is None or prior in PRIORS)):
        return None
    first, growth, lapse, likelihood = map(float, values)
    on_grid = (grid.first == first) & (grid.growth == growth) & (grid.lapse == lapse)
    if not on_grid.any() or not math.isfinite(likelihood) or likelihood > 0:
        return None
    return Fit(MemoryParams(first, growth, lapse, float(share)), cards, likelihood, answers,
               prior)
