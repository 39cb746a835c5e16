"""The linear estimate from the effects of removal as a control variate of the pool's exact
values, and its expectation by true count from a large sample of shoes that are never valued.

Every figure the lab averages over shoes (each first action's EV at each deal, the round's EV of
perfect play and of the charts, each side bet's) has an exact value at the full shoe and at the
ten shoes with one card fewer (:mod:`.removal`). Its **linear estimate** at a shoe of
composition ``c`` with ``left`` cards is the full shoe's value plus, for each card value, the
cards of that value gone beyond their share times its effect, scaled by ``(cards - 1) / (left -
1)`` (a card matters more in a smaller shoe; as :func:`.indices.linear_estimates`). The exact
value minus its linear estimate varies far less from shoe to shoe than the value (only the
second-order effects are left), so the lab averages that difference over the few valued shoes
and adds the linear estimate's own mean, which needs no valuation: it is taken over a sample of
shoes a hundred times larger, drawn the same way (:mod:`.draws`), at the cost of their deals'
chances (:func:`deal_chances`, the same products as :func:`strategy_charts.game.
starting_hands`). The two means together are unbiased for any estimate; the better the estimate
follows the values, the smaller the error (the issue that asked for it measured bin errors of a
cell falling from 0.3-1.3% of the bet to 0.02-0.15%).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from trainer.rules import RuleSet

from .scales import Scale
from .systems import PER_DECK, CountSystem
from .values import DEALS, ShoeValues

_UP = np.array([u - 1 for u, _, _ in DEALS])
_FIRST = np.array([a - 1 for _, a, _ in DEALS])
_SECOND = np.array([b - 1 for _, _, b in DEALS])
#: Per deal, the tags' sum of its three cards is read from these columns.
_SAME = _FIRST == _SECOND


@dataclass(frozen=True)
class Linear:
    """The values of the full shoe and their changes per card removed, for every figure the
    lab averages: per deal and first action (``actions``, ``effects``: deals x actions x 10;
    NaN-free: an action not offered is 0 with no effect; ``offered`` says which are), and per
    shoe-wide figure (``shoe``: its full-shoe value and its ten effects)."""

    cards: int
    actions: np.ndarray
    effects: np.ndarray
    shoe: dict[str, tuple[float, np.ndarray]]
    offered: np.ndarray

    @classmethod
    def of(cls, rules: RuleSet, full: ShoeValues, removed: list[ShoeValues],
           wagers: dict[str, tuple[float, tuple[float, ...]]]) -> Linear:
        """From the full shoe's values, the ten removals' and each side bet's (EV, effects)."""
        base = np.nan_to_num(full.actions)
        effects = np.stack([np.nan_to_num(v.actions) - base for v in removed], axis=-1)
        effects[np.isnan(full.actions)] = 0.0
        shoe = {"perfect": (full.ev, np.array([v.ev - full.ev for v in removed])),
                "chart": (full.chart_ev, np.array([v.chart_ev - full.chart_ev
                                                   for v in removed]))}
        for name, (ev, per_card) in wagers.items():
            shoe[f"wager:{name}"] = (ev, np.array(per_card, float))
        return cls(52 * rules.decks, base, effects, shoe, ~np.isnan(full.actions))

    def excess(self, compositions: np.ndarray) -> np.ndarray:
        """Per shoe (rows: counts A..ten left), the cards of each value gone beyond their
        share, times the scale (cards - 1) / (left - 1): what multiplies the effects."""
        comps = np.asarray(compositions, float)
        left = comps.sum(axis=1)
        full = PER_DECK * self.cards / 52
        gone_beyond = full[None, :] * (left / self.cards)[:, None] - comps
        return gone_beyond * ((self.cards - 1) / (left - 1))[:, None]

    def predict_actions(self, compositions: np.ndarray) -> np.ndarray:
        """The linear estimate of every deal's every action at each shoe (shoes x deals x
        actions)."""
        return self.actions[None] + np.einsum("sv,dav->sda", self.excess(compositions),
                                              self.effects)

    def predict(self, name: str, compositions: np.ndarray) -> np.ndarray:
        """The linear estimate of one shoe-wide figure at each shoe."""
        value, effects = self.shoe[name]
        return value + self.excess(compositions) @ effects


def deal_chances(compositions: np.ndarray, peek_ups: frozenset[int]) -> tuple[np.ndarray,
                                                                               np.ndarray]:
    """Per shoe and deal (:data:`.values.DEALS`): its chance (up card first, then the player's
    two, as :func:`strategy_charts.game.starting_hands` multiplies them) and the chance it
    reaches the decision (no dealer blackjack where the dealer peeks with that up card, as
    :meth:`~strategy_charts.hand_values.UpCardValues.mass`)."""
    c = np.asarray(compositions, float)
    n = c.sum(axis=1, keepdims=True)
    up = c[:, _UP]
    first = c[:, _FIRST] - (_FIRST == _UP)
    second = c[:, _SECOND] - (_SECOND == _UP) - _SAME
    chance = (up / n) * (first / (n - 1)) * (second / (n - 2)) * np.where(_SAME, 1.0, 2.0)
    chance = np.where((up > 0) & (first > 0) & (second > 0), chance, 0.0)
    reach = np.ones_like(chance)
    for hole_of, up_card in ((9, 1), (0, 10)):       # an ace up: a ten hole, and back
        if up_card not in peek_ups:
            continue
        deals = np.equal(_UP, up_card - 1)
        hole = c[:, [hole_of]] - (_FIRST[deals] == hole_of) - (_SECOND[deals] == hole_of)
        reach[:, deals] = 1.0 - hole / (n - 3)
    return chance, reach


def seen_before(count: CountSystem, compositions: np.ndarray, decks: int) -> np.ndarray:
    """The tags of the cards gone (before the deal) from a full shoe of ``decks`` decks to each
    of these compositions, without the initial running count: the whole shoe's tags (0 for a
    balanced count) less the tags left."""
    comps = np.asarray(compositions, float)
    return count.imbalance * decks - comps @ np.array(count.tags, float)


def seen_tags(count: CountSystem) -> np.ndarray:
    """Per deal, the tags of its three cards (what the player sees before deciding)."""
    tags = np.array(count.tags, float)
    return tags[_UP] + tags[_FIRST] + tags[_SECOND]


@dataclass(frozen=True)
class Expected:
    """The linear estimate's means over the large sample, through one count: per deal and
    decision bin, the chance of meeting it (``reach``: deal chance x reach x the shoe's weight,
    summed; the sample's weights sum to 1) and that times the scaled excess (``excess``); per
    bin before the deal, the weight and weighted excess (``before``, ``before_excess``)."""

    scale: Scale
    reach: np.ndarray           # deals x bins
    excess: np.ndarray          # deals x bins x 10
    before: np.ndarray          # bins
    before_excess: np.ndarray   # bins x 10

    @classmethod
    def of(cls, linear: Linear, count: CountSystem, scale: Scale, compositions: np.ndarray,
           weights: np.ndarray, peek_ups: frozenset[int]) -> Expected:
        """Sum over the sample (its compositions and importance weights, summing to 1)."""
        return expected_means(linear, {count.key: (count, scale)}, compositions, weights,
                              peek_ups)[count.key]

    def action_means(self, linear: Linear, deals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For the deals ``deals`` together (a cell): per bin, the chance of meeting them and
        the mean linear estimate of each action there (bins x actions; NaN without data)."""
        weight = self.reach[deals].sum(axis=0)
        total = (np.einsum("da,db->ba", linear.actions[deals], self.reach[deals])
                 + np.einsum("dav,dbv->ba", linear.effects[deals], self.excess[deals]))
        with np.errstate(invalid="ignore", divide="ignore"):
            return weight, np.where(weight[:, None] > 0, total / weight[:, None], np.nan)

    def shoe_means(self, linear: Linear, name: str) -> np.ndarray:
        """Per bin before the deal, the mean linear estimate of a shoe-wide figure."""
        value, effects = linear.shoe[name]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.before > 0,
                            value + (self.before_excess @ effects) / self.before, np.nan)


def expected_means(linear: Linear, counts: dict[str, tuple[CountSystem, Scale]],
                   compositions: np.ndarray, weights: np.ndarray, peek_ups: frozenset[int],
                   chunk: int = 2000) -> dict[str, Expected]:
    """:class:`Expected` of each count (by key: the count and its scale), summed over the
    sample (its compositions and importance weights, summing to 1) in one pass: the deals'
    chances, the costly part, are worked out once for every count."""
    sums: dict[str, tuple[np.ndarray, ...]] = {}
    groups: dict[str, list[np.ndarray]] = {}
    for key, (count, scale) in counts.items():
        bins = len(scale.bins)
        sums[key] = (np.zeros((len(DEALS), bins)), np.zeros((len(DEALS), bins, 10)),
                     np.zeros(bins), np.zeros((bins, 10)))
        seen = seen_tags(count)
        groups[key] = [np.nonzero(np.isclose(seen, value))[0] for value in np.unique(seen)]
    decks = linear.cards // 52
    for start in range(0, len(weights), chunk):
        comps = np.asarray(compositions[start:start + chunk], float)
        w = weights[start:start + chunk]
        x = linear.excess(comps)
        left = comps.sum(axis=1)
        chance, reached = deal_chances(comps, peek_ups)
        u = w[:, None] * chance * reached
        for key, (count, scale) in counts.items():
            reach, excess, before, before_excess = sums[key]
            running = seen_before(count, comps, decks)
            pre = scale.bin_of(running, left) - scale.low
            np.add.at(before, pre, w)
            np.add.at(before_excess, pre, w[:, None] * x)
            seen = seen_tags(count)
            for deals in groups[key]:        # the deals whose three cards count alike
                decision = scale.bin_of(running + seen[deals[0]], left - 3) - scale.low
                part = u[:, deals]
                for b in np.unique(decision):
                    rows = decision == b
                    reach[deals, b] += part[rows].sum(axis=0)
                    excess[deals, b] += part[rows].T @ x[rows]
    return {key: Expected(counts[key][1], *sums[key]) for key in counts}


__all__ = ["Expected", "Linear", "deal_chances", "expected_means", "seen_tags"]
