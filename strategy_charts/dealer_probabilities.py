"""Exact probabilities of the dealer's final hand, for many shoe compositions at once.

Every ordered sequence of dealer draws has probability ``prod_c ff(S_c, m_c) / ff(|S|, k)``
(``ff`` the falling factorial, ``m_c`` how many cards of value c it draws, ``k`` how many in all),
which depends only on the multiset of cards drawn. So for one up card we enumerate once the
multisets the dealer can finish with, each with its number of valid orderings, and then get the
probability of every multiset for a whole batch of shoes with one matrix product of logarithms.

Outcome columns: dealer 17, 18, 19, 20, 21, 22, over 22, blackjack. Probabilities are
"numerators": with ``peek`` the hole card is restricted to cards that do not make a blackjack and
nothing is renormalised, so each row sums to P(no dealer blackjack | shoe). This makes player
values E[payoff * 1{no blackjack}], exact, and comparable between actions at any decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .composition import Composition

#: Column names of a dealer distribution.
OUTCOMES = ("17", "18", "19", "20", "21", "22", "bust", "blackjack")
COL_22, COL_BUST, COL_BJ = 5, 6, 7

_MAX_COUNT = 12  # most cards of one value a dealer hand can take (A,A,... stays under 27)
_MAX_DRAWS = 12
_CHUNK = 1024     # shoes per matrix product (bounds memory to about 1024 x 4000 doubles)
_NEG = -1.0e6     # log of zero, finite so that 0 * log stays 0 in the matrix product


def _total(up: int, drawn: list[int]) -> tuple[int, bool]:
    hard = up + sum(drawn)
    if (up == 1 or 1 in drawn) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@dataclass(frozen=True)
class DealerFinals:
    """All ways a dealer with one up card can finish, as a matrix over outcome multisets."""

    up: int
    encoding: np.ndarray  # (features, finals): one-hot multiplicities and draw count
    weights: np.ndarray   # (finals, 8): valid orderings per outcome column

    def probabilities(self, shoes: np.ndarray) -> np.ndarray:
        """Outcome probabilities (N x 8) for a batch of shoes (N x 10 counts, up card removed).

        Works in chunks of rows so the (rows x finals) matrix stays small in memory.
        """
        shoes = np.asarray(shoes)
        out = np.empty((len(shoes), 8))
        for start in range(0, len(shoes), _CHUNK):
            logs = _log_features(shoes[start:start + _CHUNK])
            with np.errstate(under="ignore"):
                seq = np.exp(logs @ self.encoding)
            out[start:start + _CHUNK] = seq @ self.weights
        return out


@cache
def dealer_finals(up: int, hits_soft_17: bool, peek: bool) -> DealerFinals:
    """The dealer's finishing multisets for this up card (cached per rule combination).

    With ``peek`` the orderings whose hole card completes a blackjack are left out.
    """
    bj_hole = {1: 10, 10: 1}.get(up)
    finals: dict[tuple[int, ...], np.ndarray] = {}

    def walk(drawn: list[int]) -> None:
        total, soft = _total(up, drawn)
        if total < 17 or (total == 17 and soft and hits_soft_17):
            for value in range(1, 11):
                if not drawn and peek and value == bj_hole:
                    continue
                drawn.append(value)
                walk(drawn)
                drawn.pop()
            return
        if len(drawn) == 1 and total == 21:
            column = COL_BJ
        elif total > 22:
            column = COL_BUST
        else:
            column = total - 17
        key = tuple(drawn.count(v) for v in range(1, 11))
        row = finals.setdefault(key, np.zeros(8))
        row[column] += 1

    walk([])
    keys = sorted(finals)
    n_features = 10 * _MAX_COUNT + _MAX_DRAWS
    encoding = np.zeros((n_features, len(keys)))
    weights = np.zeros((len(keys), 8))
    for j, key in enumerate(keys):
        for value_index, m in enumerate(key):
            if m:
                encoding[value_index * _MAX_COUNT + m - 1, j] = 1.0
        encoding[10 * _MAX_COUNT + sum(key) - 1, j] = 1.0
        weights[j] = finals[key]
    return DealerFinals(up=up, encoding=encoding, weights=weights)


def _log_features(shoes: np.ndarray) -> np.ndarray:
    """Per shoe: log ff(S_c, m) for each value c and m = 1.., then -log ff(|S|, k) for k = 1.."""
    shoes = np.asarray(shoes, dtype=np.float64)
    steps = np.arange(_MAX_COUNT, dtype=np.float64)
    left = shoes[:, :, None] - steps[None, None, :]           # S_c - i
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.where(left > 0, np.log(np.maximum(left, 1.0)), _NEG)
    per_value = np.cumsum(logs, axis=2).reshape(len(shoes), 10 * _MAX_COUNT)
    sizes = shoes.sum(axis=1)[:, None] - np.arange(_MAX_DRAWS, dtype=np.float64)[None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        size_logs = np.where(sizes > 0, np.log(np.maximum(sizes, 1.0)), -_NEG)
    denominators = -np.cumsum(size_logs, axis=1)
    per_value = np.maximum(per_value, _NEG)
    return np.concatenate([per_value, denominators], axis=1)


def dealer_table(up: int, hits_soft_17: bool, peek: bool,
                 shoes: list[Composition]) -> dict[Composition, np.ndarray]:
    """Outcome probabilities for each shoe in ``shoes`` (compositions with the up card removed)."""
    if not shoes:
        return {}
    finals = dealer_finals(up, hits_soft_17, peek)
    probs = finals.probabilities(np.array(shoes))
    return {shoe: probs[i] for i, shoe in enumerate(shoes)}
