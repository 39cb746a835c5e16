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

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .memory import Answer, MemoryParams

#: The grid searched: stability after a first answer (days), growth, lapse.
FIRSTS = (0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56)
GROWTHS = (1.0, 2.0, 4.0, 7.0, 10.0, 15.0, 25.0)
LAPSES = (0.1, 0.3, 0.5, 0.8)

_CLIP = 1e-4


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

    def to_plain(self) -> dict[str, float | int | str]:
        """The fit as plain values (what the progress store keeps)."""
        return {"first": self.params.first, "growth": self.params.growth,
                "lapse": self.params.lapse, "cards": self.cards,
                "log_likelihood": self.log_likelihood, "answers": self.answers}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> Fit:
        """Read :meth:`to_plain`'s values back."""
        params = MemoryParams(float(data["first"]), float(data["growth"]),
                              float(data["lapse"]))
        return cls(params, str(data["cards"]), float(data["log_likelihood"]),
                   int(data["answers"]))


def _by_card(answers: Sequence[Answer], card_of: Mapping[str, str]
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Answers grouped by card as padded (cards x answers) arrays: day, right, guess, present."""
    rows: dict[str, list[Answer]] = defaultdict(list)
    for answer in answers:
        card = card_of.get(answer.situation)
        if card is not None:
            rows[card].append(answer)
    width = max((len(r) for r in rows.values()), default=0)
    shape = (len(rows), width)
    day, right, guess = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    present = np.zeros(shape, dtype=bool)
    for i, row in enumerate(rows.values()):
        row.sort(key=lambda a: a.day)
        n = len(row)
        day[i, :n] = [a.day for a in row]
        right[i, :n] = [a.right for a in row]
        guess[i, :n] = [a.guess for a in row]
        present[i, :n] = True
    return day, right, guess, present


def log_likelihoods(answers: Sequence[Answer], card_of: Mapping[str, str],
                    grid: Grid = GRID) -> np.ndarray:
    """The log-likelihood of ``answers`` under each candidate of ``grid``."""
    first, growth, lapse = grid.first, grid.growth, grid.lapse
    day, right, guess, present = _by_card(answers, card_of)
    total = np.zeros(first.shape)
    if day.shape[1] == 0:
        return total
    # a card's first answer: nothing recalled, right only by the guess (the same under every
    # candidate, but not under every mapping: a fact's later faces are not first answers)
    opening = np.clip(guess[:, 0], _CLIP, 1.0 - _CLIP)
    total += float((right[:, 0] * np.log(opening)
                    + (1.0 - right[:, 0]) * np.log1p(-opening)).sum())
    stability = np.broadcast_to(first, (day.shape[0], first.size)).copy()
    for k in range(1, day.shape[1]):
        here = present[:, k]
        if not here.any():
            break
        s = stability[here]
        elapsed = (day[here, k] - day[here, k - 1])[:, None]
        r = 1.0 / (1.0 + elapsed / (9.0 * s))
        g = guess[here, k][:, None]
        ok = right[here, k][:, None]
        chance = np.clip(r + (1.0 - r) * g, _CLIP, 1.0 - _CLIP)
        total += (ok * np.log(chance) + (1.0 - ok) * np.log1p(-chance)).sum(axis=0)
        from_memory = ok * r / chance
        grown = s * (1.0 + growth * (1.0 - r)) + first
        cut = np.maximum(first, lapse * s)
        stability[here] = grown ** from_memory * cut ** (1.0 - from_memory)
    return total


def fit(answers: Sequence[Answer], mappings: Mapping[str, Mapping[str, str]],
        grid: Grid = GRID) -> Fit:
    """The likeliest parameters of ``grid`` and mapping for ``answers`` (``mappings``: name ->
    situation -> card). Ties go to the mapping named first."""
    best: Fit | None = None
    for name, card_of in mappings.items():
        scores = log_likelihoods(answers, card_of, grid)
        i = int(np.argmax(scores))
        if best is None or scores[i] > best.log_likelihood:
            best = Fit(grid.params(i), name, float(scores[i]), len(answers))
    if best is None:
        raise ValueError("fit needs at least one card mapping")
    return best
