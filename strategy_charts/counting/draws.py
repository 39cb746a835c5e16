"""Where the lab's shoes come from: strata of the counts it stratifies by, the shoes drawn in
each, and their importance weights.

Shoes are drawn as rounds meet them at each bin of Hi-Lo's and the Free Bet count's true count
and of KO's running count (:class:`.shoes.CountLattice`: a depth and running count by their
exact chance in the bin, then the cards), a number per bin of each count (:data:`PER_STRATUM`)
in each bin that rounds meet, so shoes at rare counts are as many as at common ones, and KO's
many running counts each have shoes of their own (where a side bet is read off play, the low
Hi-Lo bins have more: :data:`WAGER_SHOES`). Drawn this way a shoe S comes with chance
proportional to P(S) x sum over the stratifying counts of n(its bin) / share(its bin) (``n``
the shoes drawn there), so its
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

from ..pot_of_gold import reads_lammers
from .controls import seen_before
from .scales import scale_of
from .shoes import TYPE_VALUE, CountLattice
from .systems import FREE_BET, HI_LO, KO, CountSystem

#: The counts whose bins the shoes are drawn at ...
STRATA: tuple[CountSystem, ...] = (HI_LO, FREE_BET, KO)
#: ... and how many in each bin of each.
PER_STRATUM = (2, 1, 1)
#: Where a rule set offers a side bet read off play (the Pot of Gold wager: what a shoe pays it
#: swings far more from shoe to shoe than a hand's EV, and the linear estimate follows it less
#: well the further the count is from zero), more Hi-Lo shoes at the counts it is bet at and
#: just above: these many more in each of these Hi-Lo bins.
WAGER_SHOES, WAGER_BINS = 6, range(-8, 0)


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

    def __init__(self, rules: RuleSet, more: int = 1) -> None:
        """``more``: the :data:`WAGER_SHOES` multiplied by it (a lab of a finer precision)."""
        self.rules = rules
        self.scales = [scale_of(c, rules.decks) for c in STRATA]
        self.lattices = [CountLattice(rules.decks, c.tags, rules.penetration, scale)
                         for c, scale in zip(STRATA, self.scales, strict=True)]
        self.shares = [lattice.shares() for lattice in self.lattices]
        self.width = max(len(scale.bins) for scale in self.scales)
        #: Shoes drawn in a stratum (count number, bin) beyond the count's own number.
        self.extra: dict[tuple[int, int], int] = (
            {(STRATA.index(HI_LO), t): WAGER_SHOES * more for t in WAGER_BINS}
            if reads_lammers(rules) else {})

    def strata(self) -> list[tuple[int, int]]:
        """Every (count number, bin) rounds meet before the cut card."""
        return [(n, t) for n, (shares, scale) in enumerate(zip(self.shares, self.scales,
                                                              strict=True))
                for t in scale.bins if shares[t] > 0]

    def draw(self, per_stratum: int | Sequence[int], seed: int, stream: int = 0) -> Drawn:
        """``per_stratum`` shoes in every stratum (or per stratifying count, in order), and
        :attr:`extra` more in its strata, seeded by (seed, stream, stratum)."""
        per = _per_count(per_stratum)
        found, strata = [], []
        for n, t in self.strata():
            wanted = self.shoes_in(n, t, per)
            if not wanted:
                continue
            rng = np.random.default_rng([seed, stream, n, t - self.scales[n].low])
            found.append(self.lattices[n].draw(t, wanted, rng))
            strata.extend([n * self.width + t - self.scales[n].low] * wanted)
        types = np.concatenate(found)
        values = _values(types)
        return Drawn(types, values, self.weights(values, per), np.array(strata))

    def shoes_in(self, n: int, t: int, per: Sequence[int]) -> int:
        """The shoes drawn in bin ``t`` of stratifying count ``n``: the count's own number
        (``per``, one a count), and the :attr:`extra` ones if it has any shoes there at all."""
        return per[n] + self.extra.get((n, t), 0) if per[n] else 0

    def weights(self, values: np.ndarray, per_stratum: int | Sequence[int]) -> np.ndarray:
        """The balance-heuristic weights of shoes drawn ``per_stratum`` to a stratum (and
        :attr:`extra`)."""
        per = _per_count(per_stratum)
        inverse = np.zeros(len(values))
        for n, (count, scale, shares) in enumerate(zip(STRATA, self.scales, self.shares,
                                                       strict=True)):
            if not per[n]:
                continue
            bins = scale.bin_of(seen_before(count, values, self.rules.decks), values.sum(axis=1))
            inverse += np.array([self.shoes_in(n, int(b), per) / shares[int(b)] for b in bins])
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


    def count_of(self, stratum: np.ndarray) -> np.ndarray:
        """The stratifying count (its number) each stratum number belongs to."""
        return np.asarray(stratum) // self.width


__all__ = ["PER_STRATUM", "STRATA", "WAGER_BINS", "WAGER_SHOES", "Design", "Drawn"]
