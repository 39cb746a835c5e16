"""Where the lab's shoes come from: strata of the counts it stratifies by, the shoes drawn in
each, and their importance weights.

Shoes are drawn as rounds meet them at each bin of Hi-Lo's and the Free Bet count's true count
(:class:`.shoes.CountLattice`: a depth and running count by their exact chance in the bin, then
the cards), ``per_stratum`` in each bin that rounds meet, so shoes at rare counts are as many
as at common ones. Drawn this way a shoe S comes with chance proportional to P(S) x sum over
the stratifying counts of n(its bin) / share(its bin) (``n`` the shoes drawn there), so its
weight, natural chance over chance of being drawn, is the inverse of that sum (the balance
heuristic of multiple importance sampling), normalised to sum to 1: a weighted mean over the
shoes is a mean over the rounds a player meets, through any count, stratifying or not (KO, a
player's own tags). The valued pool and the large sample of the linear estimate's means
(:mod:`.controls`) are drawn alike, from seeds of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from trainer.rules import RuleSet

from .scales import TRUE_COUNT
from .shoes import TYPE_VALUE, CountLattice
from .systems import FREE_BET, HI_LO, CountSystem

#: The counts whose true counts the shoes are drawn at.
STRATA: tuple[CountSystem, ...] = (HI_LO, FREE_BET)


@dataclass(frozen=True)
class Drawn:
    """Shoes drawn (card types left, n x 52, and counts A..ten left, n x 10), their weights
    (summing to 1) and the stratum each was drawn in (count number x bins + bin)."""

    card_types: np.ndarray
    compositions: np.ndarray
    weights: np.ndarray
    stratum: np.ndarray


class Design:
    """The strata of a rule set: each stratifying count's lattice and shares of rounds."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.lattices = [CountLattice(rules.decks, c.tags, rules.penetration) for c in STRATA]
        self.shares = [lattice.shares() for lattice in self.lattices]

    def strata(self) -> list[tuple[int, int]]:
        """Every (count number, true count) rounds meet before the cut card."""
        return [(n, t) for n, shares in enumerate(self.shares) for t in TRUE_COUNT.bins
                if shares[t] > 0]

    def draw(self, per_stratum: int | Sequence[int], seed: int, stream: int = 0) -> Drawn:
        """``per_stratum`` shoes in every stratum (or per stratifying count, in order),
        seeded by (seed, stream, stratum)."""
        per = _per_count(per_stratum)
        found, strata = [], []
        for n, t in self.strata():
            if not per[n]:
                continue
            rng = np.random.default_rng([seed, stream, n, t - TRUE_COUNT.low])
            found.append(self.lattices[n].draw(t, per[n], rng))
            strata.extend([n * len(TRUE_COUNT.bins) + t - TRUE_COUNT.low] * per[n])
        types = np.concatenate(found)
        values = _values(types)
        return Drawn(types, values, self.weights(values, per), np.array(strata))

    def weights(self, values: np.ndarray, per_stratum: int | Sequence[int]) -> np.ndarray:
        """The balance-heuristic weights of shoes drawn ``per_stratum`` to a stratum."""
        inverse = np.zeros(len(values))
        for count, shares, per in zip(STRATA, self.shares, _per_count(per_stratum),
                                      strict=True):
            if not per:
                continue
            bins = TRUE_COUNT.bin_of(-(values @ np.array(count.tags, float)), values.sum(axis=1))
            inverse += per / np.array([shares[int(b)] for b in bins])
        weights = 1.0 / inverse
        return weights / weights.sum()


def _per_count(per_stratum: int | Sequence[int]) -> list[int]:
    """Shoes per stratum of each stratifying count."""
    if isinstance(per_stratum, int):
        return [per_stratum] * len(STRATA)
    if len(per_stratum) != len(STRATA) or not any(per_stratum):
        raise ValueError(f"give the shoes per stratum of each of the {len(STRATA)} counts")
    return list(per_stratum)


def _values(types: np.ndarray) -> np.ndarray:
    """Counts A..ten of many rows of card-type counts at once."""
    out = np.zeros((len(types), 10), dtype=np.int64)
    for t, value in enumerate(TYPE_VALUE):
        out[:, value] += types[:, t]
    return out


__all__ = ["STRATA", "Design", "Drawn"]
