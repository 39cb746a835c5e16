"""A card's worth over the sessions to come, each answer priced: the study queue's plan for a
player whose sessions are days apart.

Valuing an answer by the recall it leaves at the next session (:func:`memory.gain`) serves a
player who comes back daily. With two or three days between sessions it is short-sighted: a
card held just well enough for the next session is gone by the one after, and firm memory,
which saves answers for months, counts for next to nothing. So for such a player each card's
future is planned (in the spirit of SSP-MMC: Ye, Su and Cao, KDD 2022, with a price on
answers where that plans to a target stability) over its memory state at a session,
``(S, R)``: the session counts the card's recall R (the player's leak is what they
forget when they play), and then the card is either left (the next session is ``gap`` days
on) or asked in a run of 1, 2, 4 or 8 answers (:data:`RUNS`, :data:`memory.RUN_GAP` apart,
the first recalled with chance R, the rest from memory just refreshed), each answer costing
``mu``. Its value, sessions on discounted by :data:`DISCOUNT`, is

    V(S, R) = R + max(DISCOUNT·V(S, R'), max over runs of DISCOUNT·E[V(S'', R(gap, S''))] − mu·run)

(R' the recall ``gap`` days on, S'' the stability after the run), found by value iteration
on a grid of log S, R and mu (:class:`Plan`). A card never answered is worth the best first
run, or nothing. An answer's gain (:meth:`Plan.gain`) is how much a run now raises the card's
value at the next session, per answer, over leaving it to be planned from there: what an
answer saves later counts, and so does the chance it is not asked again.

On FSRS-6 fitted to the player (:data:`memory.FSRS6`) a card's state holds its difficulty
too; the plan's grid holds it at the difficulty of a card first answered right
(:data:`PLAN_DIFFICULTY`, an approximation: the answer's own run is taken on from the card's
own difficulty, :func:`memory.runs`), its recall and stability updates FSRS-6's with the
parameters fitted (the decay among them).

The price: a card of worth w pays ``mu = price / w`` an answer, where ``price`` is the worth of
the marginal answer of a session of :data:`SESSION` answers (the study queue finds it, in
:mod:`trainer.scheduler.study`). Cheap cards are left to fade; dear ones are kept.
"""

from __future__ import annotations

import json
import math
from contextlib import suppress
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from trainer.teaching.kept import Shelf

from . import fsrs6
from .memory import (
    EXPONENTIAL,
    FSRS6,
    RUN_GAP,
    MemoryParams,
    Trace,
    missed_stability,
    recalled_stability,
    runs,
)

#: the weight of each session on against the one before it (some twenty sessions ahead count)
DISCOUNT = 0.95
#: the runs of answers a session may give a card
RUNS = (1, 2, 4, 8)
#: the answers of a session the price of an answer is set at (its marginal answer's worth)
SESSION = 100

_LOG_S = np.linspace(math.log(0.002), math.log(20000.0), 48)      # stability, days
_R = np.linspace(0.0, 1.0, 41)                                     # recall at the session
_LOG_MU = np.linspace(math.log(0.003), math.log(30.0), 13)         # the price of an answer
_S0, _DS = float(_LOG_S[0]), float(_LOG_S[1] - _LOG_S[0])
_M0, _DM = float(_LOG_MU[0]), float(_LOG_MU[1] - _LOG_MU[0])
_NR = len(_R)
_TOLERANCE = 1e-3

Grid = NDArray[np.float64]


def _recall(elapsed: Grid, stability: Grid, params: MemoryParams) -> Grid:
    """:meth:`MemoryParams.retrievability` over a grid."""
    return np.asarray(np.vectorize(params.retrievability, otypes=[float])(elapsed, stability))


def _difficulty(params: MemoryParams) -> float:
    """The difficulty the plan holds an FSRS-6 card at: that of a card first answered right."""
    return fsrs6.first(True, params.w)[1]


def _grown(params: MemoryParams, stability: Grid, r: Grid, same_day: bool = False) -> Grid:
    """:func:`memory.recalled_stability` over a grid (on FSRS-6, a Good answer at recall r,
    a day or more after the card's last or the ``same_day``)."""
    if params.curve == FSRS6:
        d = _difficulty(params)
        return np.asarray(np.vectorize(
            lambda s, x: fsrs6.stability_at(s, d, x, True, same_day, params.w),
            otypes=[float])(stability, r))
    return np.asarray(np.vectorize(lambda s, x: recalled_stability(params, Trace(s, 0.0), x),
                                   otypes=[float])(stability, r))


def _cut(params: MemoryParams, stability: Grid, r: Grid) -> Grid:
    """:func:`memory.missed_stability` over a grid (on FSRS-6, an Again answer at recall r)."""
    if params.curve == FSRS6:
        d = _difficulty(params)
        return np.asarray(np.vectorize(
            lambda s, x: fsrs6.stability_at(s, d, x, False, False, params.w),
            otypes=[float])(stability, r))
    return np.asarray(np.vectorize(lambda s: missed_stability(params, Trace(s, 0.0)),
                                   otypes=[float])(stability))


def _later(params: MemoryParams, r: Grid, gap: float, s: Grid) -> Grid:
    """Recall ``gap`` days on from recall ``r`` at stability ``s``."""
    if params.curve == EXPONENTIAL:
        return r * 0.9 ** (gap / s)
    if params.curve == FSRS6:
        decay = params.w[20]
        factor = 0.9 ** (-1.0 / decay) - 1.0
        inverse = np.where(r > 0, np.maximum(r, 1e-12) ** (-1.0 / decay), np.inf)
        return np.where(r > 0, (inverse + factor * gap / s) ** -decay, 0.0)
    return r / (1.0 + r * gap / (9.0 * s))      # on the power curve 1/R grows by gap/9S


class _Landing:
    """Where states land on the (log S, R) grid: flat corner indices and bilinear weights."""

    def __init__(self, stability: Grid, r: Grid) -> None:
        ls = np.clip(np.log(stability), _LOG_S[0], _LOG_S[-1])
        i = np.clip(np.searchsorted(_LOG_S, ls) - 1, 0, len(_LOG_S) - 2)
        fi = (ls - _LOG_S[i]) / _DS
        rr = np.clip(r, 0.0, 1.0)
        j = np.clip(np.searchsorted(_R, rr) - 1, 0, _NR - 2)
        fj = (rr - _R[j]) * (_NR - 1)
        self.at = (i * _NR + j).ravel()
        self.weights = [((1 - fi) * (1 - fj)).ravel(), (fi * (1 - fj)).ravel(),
                        ((1 - fi) * fj).ravel(), (fi * fj).ravel()]
        self.shape = np.shape(stability)

    def of(self, value: Grid) -> Grid:
        """``value`` (one row of states per price) read at the landing points."""
        flat = value.reshape(value.shape[0], -1)
        a, w = self.at, self.weights
        out = (w[0] * flat[:, a] + w[1] * flat[:, a + _NR] + w[2] * flat[:, a + 1]
               + w[3] * flat[:, a + _NR + 1])
        return np.asarray(out.reshape((value.shape[0], *self.shape)))


def _run(params: MemoryParams, stability: Grid, length: int) -> Grid:
    """Stability after ``length`` − 1 answers from memory just refreshed, :data:`RUN_GAP`
    apart (the rest of a run after its first answer)."""
    gap = np.full_like(stability, RUN_GAP)
    for _ in range(length - 1):
        stability = _grown(params, stability, _recall(gap, stability, params), same_day=True)
    return stability


class Plan:
    """The values V(mu, S, R) of the module docstring for one player's memory and gap."""

    def __init__(self, params: MemoryParams, gap: float) -> None:
        self.params, self.gap = params, gap
        s = np.exp(_LOG_S)[:, None] * np.ones(_NR)[None, :]
        r = np.ones(len(_LOG_S))[:, None] * _R[None, :]
        wait = _Landing(s, _later(params, r, gap, s))
        grown = _grown(params, s, r)
        cut = _cut(params, s, r)
        runs = []
        for length in RUNS:
            hit, miss = _run(params, grown, length), _run(params, cut, length)
            runs.append((length, _Landing(hit, _recall(np.full_like(hit, gap), hit, params)),
                         _Landing(miss, _recall(np.full_like(miss, gap), miss, params))))
        mu = np.exp(_LOG_MU)[:, None, None]
        value = np.zeros((len(_LOG_MU), *s.shape))
        while True:
            best = DISCOUNT * wait.of(value)
            for length, hit_at, miss_at in runs:
                asked = r * hit_at.of(value) + (1.0 - r) * miss_at.of(value)
                best = np.maximum(best, DISCOUNT * asked - mu * length)
            new = r[None] + best
            if np.max(np.abs(new - value)) < _TOLERANCE:
                break
            value = new
        first = []
        for length in RUNS:
            st = _run(params, np.array([params.first]), length)
            at = _Landing(st, _recall(np.array([gap]), st, params))
            first.append(DISCOUNT * at.of(new)[:, 0] - np.exp(_LOG_MU) * length)
        self._value = [row.ravel().tolist() for row in new]
        self._unseen = np.maximum(0.0, np.max(np.array(first), axis=0)).tolist()

    def value(self, mu: float, trace: Trace | None, day: float) -> float:
        """The card's value at a session on ``day``, before anything is asked there, each
        answer costing ``mu``."""
        m = (min(max(math.log(mu), _M0), float(_LOG_MU[-1])) - _M0) / _DM
        k = min(int(m), len(_LOG_MU) - 2)
        fk = m - k
        if trace is None:
            return (1 - fk) * self._unseen[k] + fk * self._unseen[k + 1]
        r = self.params.recall(trace, day)
        s = (min(max(math.log(trace.stability), _S0), float(_LOG_S[-1])) - _S0) / _DS
        i = min(int(s), len(_LOG_S) - 2)
        j = min(int(r * (_NR - 1)), _NR - 2)
        fi, fj = s - i, r * (_NR - 1) - j
        at = i * _NR + j
        total = 0.0
        for row, weight in ((self._value[k], 1 - fk), (self._value[k + 1], fk)):
            total += weight * ((1 - fi) * ((1 - fj) * row[at] + fj * row[at + 1])
                               + fi * ((1 - fj) * row[at + _NR] + fj * row[at + _NR + 1]))
        return total

    def gain(self, mu: float, trace: Trace | None, now: float, horizon: float) -> float:
        """How much asking the card now, in the best of :data:`RUNS`, raises its value at the
        next session (on ``horizon``), per answer (:func:`memory.runs`)."""
        before = self.value(mu, trace, horizon)
        return max((sum(p * self.value(mu, t, horizon) for p, t in branches) - before) / length
                   for length, branches in runs(self.params, trace, now) if length in RUNS)


    @classmethod
    def read_back(cls, params: MemoryParams, gap: float, kept: dict[str, Any]) -> Plan:
        """The plan :meth:`to_plain` gave for ``params`` and ``gap`` (ValueError for one of
        another shape)."""
        value, unseen = kept["value"], kept["unseen"]
        if (len(unseen) != len(_LOG_MU) or len(value) != len(_LOG_MU)
                or any(len(row) != len(_LOG_S) * _NR for row in value)):
            raise ValueError("a kept plan of another grid")
        found = cls.__new__(cls)
        found.params, found.gap = params, gap
        found._value = [[float(v) for v in row] for row in value]
        found._unseen = [float(v) for v in unseen]
        return found

    def to_plain(self) -> dict[str, Any]:
        """The plan's values as JSON's plain values (:meth:`read_back`)."""
        return {"value": self._value, "unseen": self._unseen}


#: Plans kept in the cache folder at most (the newest: a refit or another gap makes another).
KEPT_PLANS = 8


@lru_cache(maxsize=8)
def plan(params: MemoryParams, gap: float) -> Plan:
    """The plan for ``params`` and ``gap``, kept in memory (a session's queue and the next
    share it) and across launches in the cache folder (:mod:`.kept`)."""
    name = json.dumps([*map(float, (params.first, params.growth, params.lapse, params.share,
                                    params.slip)), str(params.curve),
                       [float(w) for w in params.w], float(gap)])
    shelf = Shelf.of("plans", name, [name])
    kept = shelf.read() if shelf is not None else None
    if kept is not None:
        with suppress(ValueError, TypeError, KeyError):
            return Plan.read_back(params, gap, kept)
    made = Plan(params, gap)
    if shelf is not None:
        shelf.write(made.to_plain(), most=KEPT_PLANS)
    return made
