"""The three figures the srs-benchmark scores a memory model by, on answers it was not fitted to.

* **log loss**: the mean of −ln p, p the chance the model gave to what the player did (lower
  is better);
* **AUC**: the chance that a right answer, drawn at random, was given a higher chance of
  being right than a wrong one (ties count half; 0.5 is a coin, higher is better): how well
  the model ranks answers, whatever its scale;
* **RMSE (bins)**: the answers grouped as the srs-benchmark groups them (its ``rmse_matrix``:
  by the days since the card's last answer, the number of the answer on its card and the
  card's lapses before, each on a geometric scale), in each group the mean chance set beside
  the share right, the root of the squared gaps' mean weighted by the answers in each group
  (lower is better): how well calibrated the model is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

#: The chances a model's answer chances are clipped to before a log is taken (the fit's likelihood,
#: FSRS-6's fitted chances and the scores alike, so models are compared on one scale).
CHANCE_CLIP = 1e-4


@dataclass(frozen=True)
class Score:
    """One model's figures on the same answers."""

    log_loss: float
    auc: float
    rmse: float

    def to_plain(self) -> list[float]:
        """As JSON values."""
        return [round(self.log_loss, 6), round(self.auc, 6), round(self.rmse, 6)]

    @classmethod
    def from_plain(cls, plain: object) -> Score:
        """Read :meth:`to_plain` back (ValueError for anything else)."""
        if not isinstance(plain, list | tuple) or len(plain) != 3:
            raise ValueError("a score is three numbers")
        found = cls(*(float(v) for v in plain))
        if not all(math.isfinite(v) for v in (found.log_loss, found.auc, found.rmse)):
            raise ValueError("a score is finite")
        return found


def losses(p: np.ndarray, right: np.ndarray) -> np.ndarray:
    """−ln of the chance given to what happened, answer by answer (``right``: 1.0 or 0.0)."""
    p = np.clip(p, CHANCE_CLIP, 1.0 - CHANCE_CLIP)
    return -(right * np.log(p) + (1.0 - right) * np.log1p(-p))


def log_loss(p: np.ndarray, right: np.ndarray) -> float:
    """The mean of −ln of the chance given to what happened (``right``: 1.0 or 0.0)."""
    return float(losses(p, right).mean())


def margin(p: np.ndarray, q: np.ndarray, right: np.ndarray) -> tuple[float, float]:
    """Model ``p``'s log loss less model ``q``'s on the same answers, and the standard error
    of that difference (of the answers' paired differences: the noise two models' figures on
    a few hundred answers carry, ``(0.0, 0.0)`` with fewer than two answers)."""
    if len(right) < 2:
        return 0.0, 0.0
    gaps = losses(p, right) - losses(q, right)
    return float(gaps.mean()), float(gaps.std(ddof=1) / math.sqrt(len(gaps)))


def auc(p: np.ndarray, right: np.ndarray) -> float:
    """The area under the ROC curve (Mann-Whitney: ranks, ties averaged); 0.5 when every
    answer is right or every one wrong (nothing to rank)."""
    good = right > 0.5
    n_good, n_bad = int(good.sum()), int((~good).sum())
    if n_good == 0 or n_bad == 0:
        return 0.5
    order = np.argsort(p, kind="mergesort")
    ranks = np.empty(p.size)
    ranks[order] = np.arange(1, p.size + 1, dtype=float)
    values, inverse = np.unique(p, return_inverse=True)
    if values.size < p.size:                    # ties: each shares the mean of its ranks
        sums = np.bincount(inverse, weights=ranks)
        counts = np.bincount(inverse)
        ranks = (sums / counts)[inverse]
    return float((ranks[good].sum() - n_good * (n_good + 1) / 2) / (n_good * n_bad))


def _scale(x: np.ndarray, a: float, b: float) -> np.ndarray:
    """The srs-benchmark's geometric bins: round(a·b^⌊log_b x⌋, 2)."""
    return np.round(a * b ** np.floor(np.log(np.maximum(x, 1e-12)) / math.log(b)), 2)


def bins(elapsed: np.ndarray, number: np.ndarray, lapses: np.ndarray) -> np.ndarray:
    """Each answer's group (an integer per group) as the srs-benchmark's ``rmse_matrix``:
    days since the card's last answer (2.48·3.62^⌊log₃.₆₂ t⌋), the answer's number on its card
    counting the first as 1 (1.99·1.89^⌊log₁.₈₉ i⌋, rounded) and the lapses before it
    (1.65·1.73^⌊log₁.₇₃ n⌋, rounded; 0 for none)."""
    t = _scale(elapsed, 2.48, 3.62)
    i = np.round(_scale(number, 1.99, 1.89))
    n = np.where(lapses > 0, np.round(_scale(lapses, 1.65, 1.73)), 0.0)
    keys = np.stack([t, i, n], axis=1)
    return np.unique(keys, axis=0, return_inverse=True)[1].ravel()


def rmse_bins(p: np.ndarray, right: np.ndarray, group: np.ndarray) -> float:
    """The root of the count-weighted mean squared gap between each group's mean chance and
    its share right (``group`` from :func:`bins`)."""
    counts = np.bincount(group).astype(float)
    seen = counts > 0
    mean_p = np.bincount(group, weights=p)[seen] / counts[seen]
    mean_y = np.bincount(group, weights=right)[seen] / counts[seen]
    return float(math.sqrt(((mean_p - mean_y) ** 2 * counts[seen]).sum() / counts[seen].sum()))


def score(p: np.ndarray, right: np.ndarray, group: np.ndarray) -> Score:
    """The three figures of chances ``p`` for answers ``right`` in groups ``group``."""
    return Score(log_loss(p, right), auc(p, right), rmse_bins(p, right, group))
