"""Insurance by the count, exactly: the mean EV of insuring at each true count (or running count)
a counter meets with an ace up, by full enumeration rather than from sampled shoes.

Insurance's EV is linear in the chance that the hole card is a ten (:func:`trainer.rules.
insurance.insurance_ev`), so its mean at a count is its value at the mean density of tens among
the cards the counter has not seen. With an ace up, the other cards seen (the ``m`` gone before
the round and the player's two) are a uniform draw of ``m + 2`` cards from the shoe less that
ace. Group the card values by tag as :class:`.shoes.CountLattice` does, with the class holding
the tens last: the chance of each running count and number ``j`` of that class's cards among
the cards seen is ``C(n, j) x others(m + 2 - j, rc - tag x j) / C(cards - 1, m + 2)`` (``others``:
the table of every other class), and the tens seen are ``j`` times the tens' share of their
class, on average. Summed over every depth before the cut card alike, each weighted by the
chance of an ace up, this gives each bin's chance per round and mean EV, exactly: the insurance
index needs no sampling (Hi-Lo at six decks: insure at +3, as every book says).
"""

from __future__ import annotations

import math

import numpy as np

from trainer.rules import RuleSet
from trainer.rules.insurance import insurance_ev

from .scales import Scale
from .systems import CARDS_PER_DECK, CountSystem


def _table(classes: list[tuple[int, int]], cards: int, low: int, width: int) -> np.ndarray:
    """Ways to draw k cards (rows) with tags summing to rc (columns, from ``low``) from these
    classes (tag in table units, size)."""
    table = np.zeros((cards + 1, width))
    table[0, -low] = 1.0
    for tag, size in classes:
        new = np.zeros_like(table)
        for k in range(size + 1):
            shift = tag * k
            lo, hi = max(0, -shift), min(width, width - shift)
            new[k:, lo + shift:hi + shift] += math.comb(size, k) * table[:cards + 1 - k, lo:hi]
        table = new
    return table


def insurance_by_bin(rules: RuleSet, count: CountSystem, scale: Scale) -> tuple[np.ndarray,
                                                                                np.ndarray]:
    """Per bin of ``scale``: the chance per round of an insurance decision there (an ace up),
    and the mean EV of insuring (NaN where none comes)."""
    decks, whole = rules.decks, count.whole
    cards = CARDS_PER_DECK * decks
    cut = max(1, min(cards - 1, round(cards * rules.penetration)))
    tags = [round(t * whole) for t in count.tags]
    sizes = [4 * decks] * 9 + [16 * decks]
    sizes[0] -= 1                                        # the ace up
    by_tag: dict[int, int] = {}
    for value, tag in enumerate(tags):
        by_tag[tag] = by_tag.get(tag, 0) + sizes[value]
    ten_tag = tags[9]
    ten_class, tens = by_tag.pop(ten_tag), sizes[9]
    others = sorted(by_tag.items())
    rest = cards - 1
    low = sum(min(t, 0) * n for t, n in [*others, (ten_tag, ten_class)])
    high = sum(max(t, 0) * n for t, n in [*others, (ten_tag, ten_class)])
    width = high - low + 1
    table = _table(others, rest, low, width)
    js = np.arange(ten_class + 1)
    combs = np.array([float(math.comb(ten_class, int(j))) for j in js])
    columns = np.arange(width)
    weight = np.zeros(len(scale.bins))
    total = np.zeros(len(scale.bins))
    ace_up = 4 * decks / cards
    for m in range(cut):
        k = m + 2
        rows = k - js
        ok = rows >= 0
        source = columns[None, :] - ten_tag * js[:, None]         # others' column for each j
        inside = ok[:, None] & (source >= 0) & (source < width)
        ways = np.where(inside, table[rows.clip(0)[:, None], source.clip(0, width - 1)], 0.0)
        chance = ways * combs[:, None] / math.comb(rest, k)      # (j, running count column)
        unseen = cards - m - 3
        p_ten = (tens - js * tens / ten_class) / unseen
        ev = np.array([insurance_ev(p) for p in p_ten])
        seen = (columns + low + tags[0]) / whole                 # the ace up counted too
        bins = scale.bin_of(seen, unseen) - scale.low
        np.add.at(weight, bins, chance.sum(axis=0) * ace_up / cut)
        np.add.at(total, bins, (chance * ev[:, None]).sum(axis=0) * ace_up / cut)
    with np.errstate(invalid="ignore", divide="ignore"):
        return weight, np.where(weight > 0, total / weight, np.nan)


__all__ = ["insurance_by_bin"]
