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
from typing import Any

import numpy as np

from trainer.teaching.answers import Answer

from . import memory
from .fit_grid import (
    CURVES,
    FIRSTS,
    GRID,
    GRID_CURVES,
    GROWTHS,
    LAPSES,
    SLIPS,
    Grid,
)
from .fsrs6_fit import kept
from .health import MOVING_START, Health, Mark, Predicted, check, health_of, moving_averages
from .memory import MemoryParams
from .replay import Replay, log_likelihoods

#: The shares of a novice's luck a fit may hold (:data:`trainer.scheduler.start.SHARES`) and the
#: starting points it may be made for.
SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)
PRIORS = ("classic", "novice")
#: A kept fit state holds the candidates no more than this many nats less likely than their
#: mapping's best (:meth:`FitState.kept`): one further behind would need the answers since to
#: be e^100 times likelier under it than under the best to win a later fit.
KEPT_WITHIN = 100.0




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
                "slip": self.params.slip, "curve": self.params.curve, "cards": self.cards,
                "log_likelihood": self.log_likelihood, "answers": self.answers,
                "prior": self.prior,
                "health": None if self.health is None else self.health.to_plain(),
                "fsrs6": None if self.fsrs is None else list(self.fsrs)}

    @classmethod
    def from_plain(cls, data: Mapping[str, Any]) -> Fit:
        """Read :meth:`to_plain`'s values back."""
        share, slip = data.get("share"), data.get("slip")
        params = MemoryParams(float(data["first"]), float(data["growth"]),
                              float(data["lapse"]), 1.0 if share is None else float(share),
                              0.0 if slip is None else float(slip),
                              str(data.get("curve") or memory.POWER))
        prior, w = data.get("prior"), kept(data.get("fsrs6"))
        return cls(params, str(data["cards"]), float(data["log_likelihood"]),
                   int(data["answers"]), None if prior is None else str(prior),
                   health_of(data.get("health")), w)




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
                best = Fit(replay.grid_of(grid).params(i), name, float(replay.total[i]),
                           self.answers)
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
        index = None if replay is None else replay.grid_of(grid).index(fit.params)
        if replay is None or index is None:
            return self
        answered, rights, same_day = replay.tallies
        return replace(self, mark=Mark(fit.cards, index, answered, rights, chosen, same_day,
                                       self.answers),
                       held=Predicted.empty())


    def kept(self, within: float = KEPT_WITHIN) -> FitState:
        """This state with each mapping's candidates no more than ``within`` nats less likely
        than its best, and the marked one (what a kept picture holds: :mod:`.picture`)."""
        mark, replays = self.mark, {}
        for name, replay in self.replays.items():
            keep = mark.index if mark is not None and mark.mapping == name else None
            replays[name] = replay.kept(within, keep)
            if mark is not None and keep is not None:
                mark = replace(mark, index=replays[name].column(replay.candidate(keep)))
        return replace(self, replays=replays, mark=mark)


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
    if not ((share is None or (_number(share) and share in SHARES))
            and (prior is None or prior in PRIORS) and (slip is None or _number(slip))
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


__all__ = ["CURVES", "FIRSTS", "GRID", "GRID_CURVES", "GROWTHS", "LAPSES", "PRIORS",
           "SHARES", "SLIPS", "Fit", "FitState", "Grid", "Replay", "checked_fit", "fit",
           "log_likelihoods"]
