"""FSRS-6 with its default parameters, as the health check's yardstick (no scheduling here).

The equations of py-fsrs 6 (``fsrs.Scheduler`` without learning steps: every review updates
stability S and difficulty D), written out so the trainer needs no extra package;
``tests/scheduler/test_fsrs6.py`` checks them against py-fsrs itself, review for review. A card's
recall after ``t`` whole days is R = (1 + F·t/S)^−w20 with F = 0.9^(−1/w20) − 1; an answer is
rated Good when right and Again when wrong.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

#: FSRS-6's default parameters (py-fsrs 6.x ``DEFAULT_PARAMETERS``).
W = (0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
     1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542)
AGAIN, GOOD, EASY = 1, 3, 4
_DECAY = -W[20]
_FACTOR = 0.9 ** (1 / _DECAY) - 1
_S_MIN = 0.001


@dataclass(frozen=True)
class Card:
    """One FSRS-6 card: stability (days), difficulty (1-10), the day of its last review."""

    stability: float
    difficulty: float
    last: float


def retrievability(card: Card | None, day: float) -> float:
    """R of ``card`` at ``day`` (0 before its first review), over whole days elapsed."""
    if card is None:
        return 0.0
    elapsed = max(0, math.floor(day - card.last + 1e-9))
    return (1 + _FACTOR * elapsed / card.stability) ** _DECAY


def recall_after(elapsed: float, stability: float, w: Sequence[float] = W) -> float:
    """R after ``elapsed`` days counted to the fraction (the curve the study queue reads a
    card's recall from when FSRS-6 fitted to the player is its memory model)."""
    return float((1 + _factor(w) * max(elapsed, 0.0) / stability) ** -w[20])


def days_to(retention: float, stability: float, w: Sequence[float] = W) -> float:
    """The days after which R falls to ``retention`` (the inverse of :func:`recall_after`)."""
    return stability / _factor(w) * (retention ** (-1.0 / w[20]) - 1.0)


def _initial_difficulty(rating: int, w: Sequence[float] = W) -> float:
    return w[4] - math.exp(w[5] * (rating - 1)) + 1


def first(right: bool, w: Sequence[float] = W) -> tuple[float, float]:
    """Stability and difficulty after a card's first answer (Good when ``right``)."""
    rating = GOOD if right else AGAIN
    return max(w[rating - 1], _S_MIN), min(max(_initial_difficulty(rating, w), 1.0), 10.0)


def stability_at(s: float, d: float, r: float, right: bool, same_day: bool,
                 w: Sequence[float] = W) -> float:
    """Stability after an answer at recall ``r`` (Good when ``right``, else Again), given the
    same day as the card's last answer (short-term stability) or a day or more after."""
    rating = GOOD if right else AGAIN
    if same_day:
        grow = math.exp(w[17] * (rating - 3 + w[18])) * s ** -w[19]
        new = s * (max(grow, 1.0) if right else grow)
    elif right:
        new = s * (1 + math.exp(w[8]) * (11 - d) * s ** -w[9] * (math.exp((1 - r) * w[10]) - 1))
    else:
        new = min(w[11] * d ** -w[12] * ((s + 1) ** w[13] - 1) * math.exp((1 - r) * w[14]),
                  s / math.exp(w[17] * w[18]))
    return max(new, _S_MIN)


def difficulty_after(d: float, right: bool, w: Sequence[float] = W) -> float:
    """Difficulty after an answer (Good when ``right``, else Again)."""
    rating = GOOD if right else AGAIN
    damped = d + (10.0 - d) * (-w[6] * (rating - 3)) / 9.0
    reverted = w[7] * _initial_difficulty(EASY, w) + (1 - w[7]) * damped
    return min(max(reverted, 1.0), 10.0)


def review_with(s: float, d: float, elapsed: float, right: bool,
                w: Sequence[float] = W) -> tuple[float, float]:
    """Stability and difficulty after an answer ``elapsed`` days after the card's last, as
    :func:`review_arrays` for one card (whole days counted, as py-fsrs)."""
    whole = max(0.0, math.floor(elapsed + 1e-9))
    r = float((1 + _factor(w) * whole / s) ** -w[20])
    return stability_at(s, d, r, right, whole < 1, w), difficulty_after(d, right, w)


def review(card: Card | None, day: float, right: bool) -> Card:
    """The card after an answer at ``day`` (Good when ``right``, else Again)."""
    if card is None:
        s, d = first(right)
        return Card(s, d, day)
    s, d = review_with(card.stability, card.difficulty, day - card.last, right)
    return Card(s, d, day)


# ----- the same, for many cards at once (the health check runs with the fit's replay) --------
# ``w``: FSRS-6's 21 parameters, its defaults unless fitted (:mod:`trainer.scheduler.fsrs6_fit`)


def _factor(w: Sequence[float]) -> float:
    return 0.9 ** (-1 / w[20]) - 1


def first_arrays(right: np.ndarray, w: Sequence[float] = W) -> tuple[np.ndarray, np.ndarray]:
    """Stability and difficulty after each card's first answer (``right``: 1.0 or 0.0)."""
    rating = np.where(right > 0.5, GOOD, AGAIN)
    s = np.where(right > 0.5, w[GOOD - 1], w[AGAIN - 1])
    return np.maximum(s, _S_MIN), np.clip(w[4] - np.exp(w[5] * (rating - 1)) + 1, 1.0, 10.0)


def recall_arrays(s: np.ndarray, elapsed: np.ndarray, w: Sequence[float] = W) -> np.ndarray:
    """R after ``elapsed`` days (whole days are counted, as :func:`retrievability`)."""
    whole = np.maximum(0.0, np.floor(elapsed + 1e-9))
    return (1 + _factor(w) * whole / s) ** -w[20]


def recall_fractional(s: np.ndarray, elapsed: np.ndarray, w: Sequence[float] = W) -> np.ndarray:
    """R after ``elapsed`` days counted to the fraction, as the srs-benchmark scores FSRS-6
    (the health check's prediction; the reviews themselves count whole days, as py-fsrs)."""
    return (1 + _factor(w) * np.maximum(elapsed, 0.0) / s) ** -w[20]


def review_arrays(s: np.ndarray, d: np.ndarray, elapsed: np.ndarray, right: np.ndarray,
                  w: Sequence[float] = W) -> tuple[np.ndarray, np.ndarray]:
    """:func:`review` for many cards: stability and difficulty after an answer given
    ``elapsed`` days after each card's last."""
    good = right > 0.5
    rating = np.where(good, GOOD, AGAIN)
    r = recall_arrays(s, elapsed, w)
    grow = np.exp(w[17] * (rating - 3 + w[18])) * s ** -w[19]
    short = s * np.where(good, np.maximum(grow, 1.0), grow)
    recalled = s * (1 + np.exp(w[8]) * (11 - d) * s ** -w[9] * (np.exp((1 - r) * w[10]) - 1))
    forgot = np.minimum(w[11] * d ** -w[12] * ((s + 1) ** w[13] - 1) * np.exp((1 - r) * w[14]),
                        s / np.exp(w[17] * w[18]))
    same_day = np.floor(elapsed + 1e-9) < 1
    new = np.where(same_day, short, np.where(good, recalled, forgot))
    damped = d + (10.0 - d) * (-w[6] * (rating - 3)) / 9.0
    easy = w[4] - math.exp(w[5] * (EASY - 1)) + 1
    return np.maximum(new, _S_MIN), np.clip(w[7] * easy + (1 - w[7]) * damped, 1.0, 10.0)
