"""Fitting the memory model to one player's answers: their parameters and what a card is.

Every answer the player has given is replayed through :mod:`trainer.scheduler.memory` for each
candidate parameter set on a grid, and the candidate under which the answers were likeliest wins
(maximum likelihood: each answer scores the model's chance of it, (1 − slip)·(R + (1 − R)·guess)
when right and the rest when wrong, with R = 0 for a card's first answer; the slip chance is a
parameter of the grid like the others, so a player whose wrong answers are often slips is not
read as one who forgets; so is the forgetting curve, power or exponential, each candidate
replayed on its own). The replay runs every card
at once and every candidate at once with numpy, one answer-number at a time, so fitting 20,000
answers takes a fraction of a second.

The same replay also decides **what a card is** for this player: with ``cards`` mapping each
situation to a card under several hypotheses (a card per situation; a card per fact, where
learning one face teaches the rest; a card per chart row and column group), the hypothesis whose
best fit is likeliest is kept. A player who learns rules is scheduled by facts; one who learns
each chart cell apart, by situations; one who learns the chart a row at a time, by rows.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import numpy as np

from trainer.teaching.answers import Answer

from . import fsrs6, memory
from .card_rows import by_card
from .fsrs6_fit import kept
from .health import MOVING_START, Health, Mark, Predicted, check, health_of, moving_averages
from .memory import MemoryParams

#: The grid searched: stability after a first answer (days), growth, lapse, slip, curve.
FIRSTS = (0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56)
GROWTHS = (1.0, 2.0, 4.0, 7.0, 10.0, 15.0, 25.0)
LAPSES = (0.1, 0.3, 0.5, 0.8)
SLIPS = (0.0, 0.01, 0.03, 0.08)
CURVES = memory.CURVES
#: The curves the default grid holds: the exponential alone. The answers a study queue
#: gathers do not tell the two curves apart (a card is asked again before it is long past its
#: stability): at 8,000 answers of a learning-bench learner the two curves' best fits are a
#: few nats apart whichever curve the learner forgets by, and the power curve led by 31 nats
#: for an exponential learner (``bench/memory_probe.py NAME``). A queue on the power curve
#: took 18,320 answers to teach the novice exponential learner against 13,020 on the
#: exponential one, which costs the power learners less (novice-rule 8,460 -> 8,960,
#: novice-power 6,840 -> 7,960; every learner still within the issue's bounds:
#: ``bench/learning``, the table in docs/teaching.md).
GRID_CURVES = (memory.EXPONENTIAL, "power-0.25")

_CLIP = memory.CHANCE_CLIP
#: The shares of a novice's luck a fit may hold (:data:`trainer.scheduler.start.SHARES`) and the
#: starting points it may be made for.
SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)
PRIORS = ("classic", "novice")


@dataclass(frozen=True)
class Grid:
    """Candidate parameter sets, as five equally long arrays (``curve``: the position of
    each one's curve in :data:`CURVES`)."""

    first: np.ndarray
    growth: np.ndarray
    lapse: np.ndarray
    slip: np.ndarray
    curve: np.ndarray
    ease: np.ndarray

    @classmethod
    def of(cls, firsts: Sequence[float], growths: Sequence[float],
           lapses: Sequence[float], slips: Sequence[float] = (0.0,),
           curves: Sequence[str] = (memory.POWER,), eases: Sequence[float] = (0.0,)) -> Grid:
        """Every combination of the values given."""
        curve, first, growth, lapse, slip, ease = (a.ravel() for a in np.meshgrid(
            np.asarray([CURVES.index(c) for c in curves]), np.asarray(firsts, float),
            np.asarray(growths, float), np.asarray(lapses, float), np.asarray(slips, float),
            np.asarray(eases, float), indexing="ij"))
        return cls(first, growth, lapse, slip, curve, ease)

    def params(self, i: int) -> MemoryParams:
        """Candidate ``i``."""
        return MemoryParams(float(self.first[i]), float(self.growth[i]), float(self.lapse[i]),
                            slip=float(self.slip[i]), curve=CURVES[int(self.curve[i])],
                            ease=float(self.ease[i]))

    def index(self, params: MemoryParams) -> int | None:
        """The candidate that is ``params`` (None: not on the grid)."""
        if params.curve not in CURVES:
            return None
        on_grid = np.flatnonzero((self.first == params.first) & (self.growth == params.growth)
                                 & (self.lapse == params.lapse) & (self.slip == params.slip)
                                 & (self.curve == CURVES.index(params.curve))
                                 & (self.ease == params.ease))
        return int(on_grid[0]) if on_grid.size else None

    @cached_property
    def blocks(self) -> tuple[tuple[slice, str], ...]:
        """The candidates of each curve, as runs of columns (:meth:`of` keeps each curve's
        together)."""
        starts = np.flatnonzero(np.diff(self.curve, prepend=-1))
        ends = [*starts[1:], self.curve.size]
        return tuple((slice(int(a), int(b)), CURVES[int(self.curve[a])])
                     for a, b in zip(starts, ends, strict=True))

    def recall(self, elapsed: np.ndarray, stability: np.ndarray) -> np.ndarray:
        """R of each candidate (columns) after ``elapsed`` days (a column) at ``stability``,
        on each candidate's curve (:func:`trainer.scheduler.memory.retrievability`)."""
        if len(self.blocks) == 1:
            return _recall(self.blocks[0][1], elapsed, stability)
        found = np.empty(np.broadcast_shapes(elapsed.shape, stability.shape))
        for columns, curve in self.blocks:
            found[:, columns] = _recall(curve, elapsed, stability[:, columns])
        return found


def _recall(curve: str, elapsed: np.ndarray, stability: np.ndarray) -> np.ndarray:
    """R on ``curve`` (:func:`trainer.scheduler.memory.retrievability`) over arrays."""
    if curve == memory.EXPONENTIAL:
        return np.exp(math.log(0.9) * elapsed / stability)
    decay = memory.DECAYS[curve]
    if decay == 1.0:
        return 1.0 / (1.0 + elapsed / (9.0 * stability))
    return (1.0 + memory.power_factor(decay) * elapsed / stability) ** -decay


#: The grid :func:`fit` searches by default.
#: How far an answer moves its card's ease (:func:`memory.answered_from`): 0, every card alike
EASES = (0.0, 0.3)
GRID = Grid.of(FIRSTS, GROWTHS, LAPSES, SLIPS, GRID_CURVES, EASES)


@dataclass(frozen=True)
class Fit:
    """The likeliest parameters and card mapping, with the log-likelihood that chose them (and
    FSRS-6 fitted to the same answers and mapping, where chosen)."""

    params: MemoryParams
    cards: str               # the name of the winning mapping
    log_likelihood: float
    answers: int             # how many answers were fitted
    prior: str | None = None   # the starting point it was made for (None: the one assumed)
    health: Health | None = None   # the fit before, checked on the answers since
    fsrs: tuple[float, ...] | None = None   # FSRS-6 fitted, when chosen (None: the grid's)

    def memory(self) -> MemoryParams:
        """The memory model the queue runs on: FSRS-6 fitted where chosen (first: a miss's
        stability; the slip kept for the search outside the deck), else :attr:`params`."""
        if self.fsrs is None:
            return self.params
        return MemoryParams(self.fsrs[0], 0.0, 0.0, self.params.share, self.params.slip,
                            memory.FSRS6, self.fsrs)

    def to_plain(self) -> dict[str, Any]:
        """The fit as plain values (what the progress store keeps)."""
        return {"first": self.params.first, "growth": self.params.growth,
                "lapse": self.params.lapse, "share": self.params.share,
                "slip": self.params.slip, "curve": self.params.curve,
                "ease": self.params.ease, "cards": self.cards,
                "log_likelihood": self.log_likelihood, "answers": self.answers,
                "prior": self.prior,
                "health": None if self.health is None else self.health.to_plain(),
                "fsrs6": None if self.fsrs is None else list(self.fsrs)}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> Fit:
        """Read :meth:`to_plain`'s values back."""
        share, slip, ease = data.get("share"), data.get("slip"), data.get("ease")
        params = MemoryParams(float(data["first"]), float(data["growth"]),
                              float(data["lapse"]), 1.0 if share is None else float(share),
                              0.0 if slip is None else float(slip),
                              str(data.get("curve") or memory.POWER),
                              ease=0.0 if ease is None else float(ease))
        prior, w = data.get("prior"), kept(data.get("fsrs6"))
        return cls(params, str(data["cards"]), float(data["log_likelihood"]),
                   int(data["answers"]), None if prior is None else str(prior),
                   health_of(data.get("health")), w)


@dataclass(frozen=True, eq=False)
class Replay:
    """One mapping's answers replayed under every candidate: what the next answer needs."""

    cards: tuple[str, ...]   # the cards answered, in order of their first answer
    stability: np.ndarray    # cards x candidates: stability after the card's last answer
    last: np.ndarray         # cards: the day of the card's last answer
    total: np.ndarray        # candidates: the log-likelihood of the answers so far
    #: the health check's yardsticks (:mod:`trainer.scheduler.health`): each card's FSRS-6
    #: stability and difficulty (cards x 2); of the answers given a day or more after their
    #: card's last (the ones it scores, as the srs-benchmark does), the count and the right
    #: ones; and the answers given less than a day after their card's last (counted apart,
    #: never scored)
    fsrs: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    tallies: tuple[int, int, int] = (0, 0, 0)
    #: cards: the wrong answers in a row up to the card's last answer (the slip reading's)
    misses: np.ndarray = field(default_factory=lambda: np.zeros(0))
    #: candidates: the log-likelihood of the answers the health check scores (see tallies)
    later: np.ndarray = field(default_factory=lambda: np.zeros(0))
    #: cards x 2: the answers to the card so far and its lapses (wrong a day or more after
    #: its last), which group answers for the health check's RMSE (bins)
    counts: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    #: cards x candidates: each card's ease after its last answer (:func:`memory.answered_from`)
    ease: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Replay):
            return NotImplemented
        return self.cards == other.cards and self.tallies == other.tallies and all(
            np.array_equal(a, b) for a, b in ((self.stability, other.stability),
                                              (self.last, other.last),
                                              (self.total, other.total),
                                              (self.fsrs, other.fsrs),
                                              (self.misses, other.misses),
                                              (self.scored, other.scored),
                                              (self.counts, other.counts),
                                              (self.eases, other.eases)))

    @property
    def eases(self) -> np.ndarray:
        """:attr:`ease`, cards x candidates (zeros where none was kept: every card average)."""
        if self.ease.shape == self.stability.shape:
            return self.ease
        return np.zeros(self.stability.shape)

    @property
    def scored(self) -> np.ndarray:
        """:attr:`later`, one per candidate (zeros before any answer it scores)."""
        return self.later if self.later.size else np.zeros(self.total.size)

    @classmethod
    def empty(cls, grid: Grid) -> Replay:
        """Nothing answered yet."""
        return cls((), np.zeros((0, grid.first.size)), np.zeros(0), np.zeros(grid.first.size))

    def extend(self, answers: Sequence[Answer], card_of: Mapping[str, str],
               grid: Grid) -> Replay:
        """The replay after ``answers`` too (all of them given after those replayed so far).

        Replaying a history in parts gives the figures of replaying it at once, up to the order
        of the sums (the same candidate wins but for a tie to the last bits)."""
        return self.watched(answers, card_of, grid, None)[0]

    def watched(self, answers: Sequence[Answer], card_of: Mapping[str, str], grid: Grid,
                watch: int | None) -> tuple[Replay, Predicted]:
        """:meth:`extend`, with candidate ``watch``'s chance of each answer after its card's
        first (FSRS-6's, what groups it, the same-day ones marked), in the order of ``answers``."""
        first, growth, lapse, slip = grid.first, grid.growth, grid.lapse, grid.slip
        known = {card: i for i, card in enumerate(self.cards)}
        order, day, right, guess, present, place = by_card(answers, card_of, known)
        total = self.total.copy()
        seen_now: list[np.ndarray] = []
        if day.shape[1] == 0:
            return self, Predicted.empty()
        fresh = np.array([card not in known for card in order])
        cards = self.cards + tuple(card for card in order if card not in known)
        stability = np.concatenate([self.stability, np.broadcast_to(
            first, (int(fresh.sum()), first.size))])
        last = np.concatenate([self.last, np.zeros(int(fresh.sum()))])
        misses = np.concatenate([self.misses, 1.0 - right[fresh, 0]])
        ease = np.concatenate([self.eases, np.zeros((int(fresh.sum()), first.size))])
        easing = bool(grid.ease.any())
        counts = np.concatenate([self.counts, np.tile([1.0, 0.0], (int(fresh.sum()), 1))])
        at = np.array([known.get(card, -1) for card in order])
        at[fresh] = len(known) + np.arange(int(fresh.sum()))
        # a card's first answer: nothing recalled, right only by the guess (the same under
        # every candidate, but not under every mapping: a fact's later faces are not first)
        opening = np.clip(guess[fresh, 0], _CLIP, 1.0 - _CLIP)
        opened = float((right[fresh, 0] * np.log(opening)
                        + (1.0 - right[fresh, 0]) * np.log1p(-opening)).sum())
        total += opened
        later = self.scored.copy()
        s_first, d_first = fsrs6.first_arrays(right[fresh, 0])
        fsrs = np.concatenate([self.fsrs, np.stack([s_first, d_first], axis=1)])
        answered, rights, same_day = self.tallies
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
            r = grid.recall(elapsed, s)
            g = guess[here, k][:, None]
            ok = right[here, k][:, None]
            held = r + (1.0 - r) * g
            slips = slip ** (misses[rows][:, None] + 1.0)     # memory.slip_after
            chance = np.clip((1.0 - slips) * held, _CLIP, 1.0 - _CLIP)
            each = ok * np.log(chance) + (1.0 - ok) * np.log1p(-chance)
            total += each.sum(axis=0)
            gap, seen = elapsed[:, 0], ok[:, 0]
            scored = gap >= 1.0                   # a day or more after the card's last
            later += each[scored].sum(axis=0)
            if watch is not None:      # same-day ones too, marked (never scored)
                fsrs_r = fsrs6.recall_fractional(fsrs[rows, 0], gap)
                told = np.clip(fsrs_r + (1.0 - fsrs_r) * g[:, 0], _CLIP, 1.0 - _CLIP)
                seen_now.append(np.stack([place[here, k], chance[:, watch], told, seen, gap,
                                          counts[rows, 0] + 1.0, counts[rows, 1],
                                          np.zeros(gap.size), 1.0 - scored]))
            counts[rows, 0] += 1.0
            counts[rows, 1] += scored & (seen < 0.5)
            fsrs[rows, 0], fsrs[rows, 1] = fsrs6.review_arrays(fsrs[rows, 0], fsrs[rows, 1],
                                                               gap, seen)
            answered += int(scored.sum())
            rights += int(seen[scored].sum())
            same_day += int((~scored).sum())
            from_memory = np.where(ok > 0, r / np.maximum(held, _CLIP),
                                   slips * r / (1.0 - chance))
            misses[rows] = np.where(seen > 0, 0.0, misses[rows] + 1.0)
            if easing:         # memory.answered_from: a card's ease scales growth and floor
                factor = np.exp(ease[rows])
                grown = s * (1.0 + growth * factor * (1.0 - r)) + first * factor
                cut = np.maximum(first * factor, lapse * s)
                ease[rows] = np.clip(ease[rows] + grid.ease * (ok - chance),
                                     -memory.EASE_LIMIT, memory.EASE_LIMIT)
            else:
                grown = s * (1.0 + growth * (1.0 - r)) + first
                cut = np.maximum(first, lapse * s)
            stability[rows] = grown ** from_memory * cut ** (1.0 - from_memory)
            previous = np.where(present[:, k], day[:, k], previous)
        width = present.sum(axis=1)
        last[at] = day[np.arange(len(order)), width - 1]
        return (Replay(cards, stability, last, total, fsrs,
                       (answered, rights, same_day), misses, later, counts,
                       ease if easing else np.zeros((0, 0))),
                Predicted.of(seen_now))


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
    mark: Mark | None = None     # the replay at the last fit (the health check's start)
    #: the answers the health check scores since the mark, and the moving average now
    held: Predicted = field(default_factory=Predicted.empty)
    moving: float = MOVING_START

    @classmethod
    def start(cls, names: Sequence[str], grid: Grid = GRID) -> FitState:
        """Nothing replayed yet, for the mappings ``names``."""
        return cls({name: Replay.empty(grid) for name in names}, 0)

    def extend(self, answers: Sequence[Answer], mappings: Mapping[str, Mapping[str, str]],
               grid: Grid = GRID) -> FitState:
        """The state after ``answers`` too (given after those replayed so far)."""
        if not answers:
            return self
        mark, replays, held = self.mark, {}, self.held
        held_by = next(iter(mappings.values()), {})   # every mapping holds the same answers
        averages, moving = moving_averages(self.moving, [a.right for a in answers],
                                           [a.situation in held_by for a in answers])
        for name, replay in self.replays.items():
            watch = mark.index if mark is not None and mark.mapping == name else None
            replays[name], seen = replay.watched(answers, mappings[name], grid, watch)
            if watch is not None:
                held = held.then(seen.moved(averages, self.answers))
        return FitState(replays, self.answers + len(answers), mark, held, moving)

    def best(self, grid: Grid = GRID) -> Fit:
        """The likeliest parameters of ``grid`` and mapping (ties: the mapping named first),
        with the health check of the fit before over the answers since (:meth:`marked`)."""
        best: Fit | None = None
        for name, replay in self.replays.items():
            i = int(np.argmax(replay.total))
            if best is None or replay.total[i] > best.log_likelihood:
                best = Fit(grid.params(i), name, float(replay.total[i]), self.answers)
        if best is None:
            raise ValueError("fit needs at least one card mapping")
        mark = self.mark
        if mark is not None and mark.mapping in self.replays:
            found = check(mark, self.held, self.replays[mark.mapping].tallies[2])
            best = replace(best, health=found)
        return best

    def marked(self, fit: Fit, chosen: str, grid: Grid = GRID) -> FitState:
        """The state marked at ``fit`` (described as ``chosen``): the next refit checks it
        on the answers given after this."""
        replay = self.replays.get(fit.cards)
        index = grid.index(fit.params)
        if replay is None or index is None:
            return self
        answered, rights, same_day = replay.tallies
        return replace(self, mark=Mark(fit.cards, index, answered, rights, chosen, same_day,
                                       self.answers),
                       held=Predicted.empty())


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
    read as None is refitted, so a damaged row never reaches the memory model (one stored
    before slips and curves were fitted reads as slip 0 on the power curve, a point of the
    grid)."""
    if data is None:
        return None
    try:
        values = [data[name] for name in ("first", "growth", "lapse", "log_likelihood")]
        cards, answers = data["cards"], data["answers"]
    except (KeyError, TypeError):
        return None
    if not all(_number(v) for v in values):
        return None
    if not (isinstance(cards, str) and cards in mappings and isinstance(answers, int)
            and not isinstance(answers, bool) and answers >= 0):
        return None
    share, prior = data.get("share"), data.get("prior")
    slip, curve = data.get("slip"), data.get("curve")    # None: what Fit.from_plain reads
    ease = data.get("ease")
    if not ((share is None or (_number(share) and share in SHARES))
            and (prior is None or prior in PRIORS) and (slip is None or _number(slip))
            and (ease is None or _number(ease))
            and (curve is None or curve in CURVES)
            and (data.get("fsrs6") is None or kept(data["fsrs6"]) is not None)):
        return None
    found = Fit.from_plain(data)
    if (grid.index(found.params) is None or not math.isfinite(found.log_likelihood)
            or found.log_likelihood > 0):
        return None
    return found


def _number(value: object) -> bool:
    """True for an int or float that is not a bool."""
    return isinstance(value, int | float) and not isinstance(value, bool)
