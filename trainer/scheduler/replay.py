"""One card mapping's answers replayed under every candidate of the fit's grid at once: each
card's stability under each, and how likely the answers were (:class:`Replay`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from trainer.teaching.answers import Answer

from . import fsrs6
from .card_rows import by_card
from .fit_grid import GRID, Grid
from .health import Predicted
from .scores import CHANCE_CLIP as _CLIP


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
    #: the grid's candidates it holds, ascending (None: every one; :meth:`kept`)
    columns: np.ndarray | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Replay):
            return NotImplemented
        mine, theirs = self.columns, other.columns
        same_columns = (mine is None and theirs is None) or (
            mine is not None and theirs is not None and np.array_equal(mine, theirs))
        return same_columns and self.cards == other.cards and self.tallies == other.tallies and all(
            np.array_equal(a, b) for a, b in ((self.stability, other.stability),
                                              (self.last, other.last),
                                              (self.total, other.total),
                                              (self.fsrs, other.fsrs),
                                              (self.misses, other.misses),
                                              (self.scored, other.scored),
                                              (self.counts, other.counts)))

    @property
    def scored(self) -> np.ndarray:
        """:attr:`later`, one per candidate (zeros before any answer it scores)."""
        return self.later if self.later.size else np.zeros(self.total.size)

    def grid_of(self, grid: Grid) -> Grid:
        """The candidates of ``grid`` this replay holds, in the order of its columns."""
        return grid if self.columns is None else grid.take(self.columns)

    def kept(self, within: float, keep: int | None = None) -> Replay:
        """This replay with only its candidates no more than ``within`` nats less likely than
        its best (and column ``keep``, when given): the rest cannot win the next fit unless
        the answers since turn that many nats their way. A candidate holding a number that is
        not finite is kept (the trainer never makes one: a reader refuses it, never a prune)."""
        finite = np.isfinite(self.total) & np.isfinite(self.stability).all(axis=0)
        best = float(self.total[finite].max()) if finite.any() else 0.0
        wanted = ~finite | (self.total >= best - within)
        if keep is not None:
            wanted[keep] = True
        if wanted.all():
            return self
        at = np.flatnonzero(wanted)
        columns = at if self.columns is None else self.columns[at]
        return replace(self, stability=self.stability[:, at], total=self.total[at],
                       later=self.later[at] if self.later.size else self.later,
                       columns=columns)

    def candidate(self, column: int) -> int:
        """The grid's candidate this replay holds at ``column``."""
        return column if self.columns is None else int(self.columns[column])

    def column(self, candidate: int) -> int:
        """Where this replay holds the grid's ``candidate`` (one it holds)."""
        return candidate if self.columns is None else int(
            np.searchsorted(self.columns, candidate))

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
        first (FSRS-6's, what groups it, the same-day ones marked), in the order of ``answers``
        (``watch``: a column of this replay; ``grid``: the whole grid, of which this replay holds
        its :attr:`columns`)."""
        grid = self.grid_of(grid)
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
            grown = s * (1.0 + growth * (1.0 - r)) + first
            cut = np.maximum(first, lapse * s)
            stability[rows] = grown ** from_memory * cut ** (1.0 - from_memory)
            previous = np.where(present[:, k], day[:, k], previous)
        width = present.sum(axis=1)
        last[at] = day[np.arange(len(order)), width - 1]
        return (Replay(cards, stability, last, total, fsrs,
                       (answered, rights, same_day), misses, later, counts, self.columns),
                Predicted.of(seen_now))


def log_likelihoods(answers: Sequence[Answer], card_of: Mapping[str, str],
                    grid: Grid = GRID) -> np.ndarray:
    """The log-likelihood of ``answers`` under each candidate of ``grid``."""
    return Replay.empty(grid).extend(answers, card_of, grid).total
