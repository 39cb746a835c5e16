"""The total-dependent (chart) strategy and its exact expected value.

A chart player looks only at the hand's total, whether it is soft or a pair, its stakes and its
context, never at its exact cards. Here that strategy is:

* first decision: the cell of the "real" chart (best on average over the two-card hands of the
  cell, weighted by how often each is dealt);
* the two-card decision of a split hand: the "split" (hand one) or "free" (free-stake) chart;
* every later decision: the "drawn" chart of its stakes (hands of 3 to 5 cards, each weighted
  by the chance of holding that composition), split by card count where Six Card Charlie
  makes the count matter; hit or stand, and the double where hands double after a hit (a hand
  the chart doubles that may not double hits).

The strategy is then valued exactly on the finite shoe, splits included (via :mod:`splits`
with this strategy fixed after the split), so the cd - td gap is the cost of playing by chart.
"""

from __future__ import annotations

from math import comb, prod

import numpy as np

from trainer.rules import Action

from .all_hands import DOUBLE, HIT, STAND
from .chart_layout import drawn_chart
from .charts_data import ChartBuilder, row_of
from .composition import EMPTY, Composition, size, total, with_card
from .game import StartingHand
from .hand_values import FREE, REAL, StakeUnits, UpCardValues, doubled_stakes, play_fixed
from .initial_hand import double_action, pair_value
from .post_split import hit_doubles
from .splits import SplitValues
from .up_card import UpCard, split_batch


def drawn_context(stakes: StakeUnits, cards: int, charlie: bool) -> str:
    """Chart context after drawing: "drawn-real", or "drawn-free-4" with Charlie
    (:func:`chart_layout.drawn_chart`)."""
    return drawn_chart(stakes != REAL, cards, charlie)


def composition_weight(shoe: Composition, hand: Composition) -> float:
    """Probability that ``size(hand)`` cards drawn from ``shoe`` are exactly ``hand``."""
    n = size(hand)
    return prod(comb(s, k) for s, k in zip(shoe, hand, strict=True)) / comb(sum(shoe), n)


class TotalDependent:
    """Values of the chart strategy against one up card (charts of that up card complete)."""

    def __init__(self, values: UpCardValues, charts: ChartBuilder) -> None:
        self.values = values
        self.charts = charts
        self.charlie = values.rules.six_card_charlie
        self._memo: dict[tuple[Composition, StakeUnits, Composition], float] = {}

    def _cell(self, context: str, hand: Composition, actions: dict[Action, float]) -> str | None:
        kind, value = row_of(hand, actions)
        key = (context, kind, value, self.values.up)
        return self.charts.action(key)

    def drawn_decision(self, hand: Composition, stakes: StakeUnits) -> str:
        """Hit, stand or (where hands double after a hit) double for a hand of 3+ cards, by
        its total (CD choice of hit or stand if no cell exists)."""
        context = drawn_context(stakes, size(hand), self.charlie)
        choice = self._cell(context, hand, {})
        if choice in ("double", "free_double"):
            return "double"
        if choice in ("hit", "stand"):
            return choice
        v = self.values
        return "stand" if v.stand(hand, stakes) >= v.hit(hand, stakes) else "hit"

    def split_decision(self, hand: Composition, stakes: StakeUnits) -> str:
        """A split hand's play: its chart cell for two cards, the drawn chart after that."""
        if size(hand) > 2:
            return self.drawn_decision(hand, stakes)
        context = "split" if stakes == REAL else "free"
        choice = self._cell(context, hand, {})
        if choice in ("double", "free_double"):
            return "double"
        if choice in ("hit", "stand"):
            return choice
        return self.drawn_decision(hand, stakes)

    def play(self, hand: Composition, stakes: StakeUnits, extra: Composition = EMPTY) -> float:
        """Numerator of a first hand played from here by the drawn chart (its doubles those
        a first hand is offered)."""
        rules = self.values.rules
        return play_fixed(self.values, hand, stakes, extra, self.drawn_decision, self._memo,
                          lambda h, s: doubled_stakes(rules, h, s, from_split=False))

    def first_decision(self, hand: Composition, action: Action) -> float:
        """Numerator of taking ``action`` on a two-card real hand, then playing by chart."""
        v = self.values
        if action is Action.STAND:
            return v.stand(hand, REAL)
        if action is Action.HIT:
            return sum(p * self.play(with_card(hand, c), REAL) for c, p in v.draws(hand))
        if action.is_double:
            double = double_action(v, hand, False, REAL)
            assert double is not None
            return v.double(hand, double[1])
        if action is Action.SURRENDER:
            return v.surrender(hand)
        pair = pair_value(hand)
        assert pair is not None
        split = SplitValues(v, pair, strategy=self.split_decision)
        v.prepare(split.needed())
        return split.value(free=action is Action.FREE_SPLIT)


def chart_choice(charts: ChartBuilder, hand: Composition, up: int,
                 actions: dict[Action, float]) -> Action:
    """The real chart's first-decision action for this hand (the best if the cell lacks it)."""
    kind, value = row_of(hand, actions)
    name = charts.action(("real", kind, value, up))
    chosen = Action(name) if name else None
    if chosen in actions:
        assert chosen is not None
        return chosen
    return max(actions, key=lambda a: actions[a])


__all__ = ["FREE", "REAL", "TotalDependent", "chart_choice", "composition_weight",
           "drawn_context", "total"]


def chart_decisions(card: UpCard, charts: ChartBuilder, stakes: StakeUnits) -> np.ndarray:
    """Per hand number, the chart strategy's play (STAND, HIT or DOUBLE) against ``card.up``:
    :meth:`TotalDependent.split_decision` for two cards, its drawn decision for more (the
    exact choice of stand or hit where no cell says); every hand at once."""
    index = card.index
    cells = charts.actions(card.up)
    charlie = card.rules.six_card_charlie
    hit, _ = card.optimal(stakes)
    out = np.full(len(index.hard), HIT)
    out[card.hands.hand] = np.where(card.hands.stand(stakes) >= hit, STAND, HIT)
    codes = {"stand": STAND, "hit": HIT, "double": DOUBLE, "free_double": DOUBLE}
    # a hand's chart row: (card-count class, soft, total); the class counts only with Charlie
    counted = np.minimum(index.size, 5) if charlie else np.full(len(index.hard), 3)
    rows = (counted * 2 + index.soft) * 22 + index.total
    drawn = np.full(6 * 2 * 22, -1)
    two = np.full(2 * 22, -1)
    for soft, kind in enumerate(("hard", "soft")):
        for total_ in range(22):
            for cards in range(2, 6):
                action = cells.get((drawn_context(stakes, cards, charlie), kind, total_))
                if action in codes:             # a double only where hands double after a hit
                    drawn[((min(cards, 5) if charlie else 3) * 2 + soft) * 22 + total_] = \
                        codes[action]
            action = cells.get(("split" if stakes == REAL else "free", kind, total_))
            if action in codes:
                two[soft * 22 + total_] = codes[action]
    chosen = drawn[rows]
    out = np.where(chosen >= 0, chosen, out)
    pairs_two = index.size == 2
    chosen = two[index.soft * 22 + index.total]
    return np.where(pairs_two & (chosen >= 0), chosen, out)


def chart_ev(card: UpCard, charts: ChartBuilder,
             deals: list[tuple[StartingHand, dict[Action, float]]]) -> float:
    """EV contribution of ``card.up`` when every decision follows the charts (as
    :class:`TotalDependent`, every hand at once)."""
    rules, values = card.rules, card.values
    decisions = {stakes: chart_decisions(card, charts, stakes)
                 for stakes in ([REAL, FREE] if rules.free_split else [REAL])}
    drawn = decisions[REAL].copy()
    drawn[card.index.size == 2] = HIT
    doubled = hit_doubles(rules, card.index, REAL, from_split=False)
    if doubled is not None:         # a first hand doubles after a hit where it is offered one
        drawn[(drawn == DOUBLE) & (doubled[:, 0] < 0)] = HIT
        doubled = doubled[card.hands.hand]
    hits = card.hands.fixed(drawn[card.hands.hand], REAL, doubled)
    chosen = [chart_choice(charts, deal.hand, card.up, actions) if actions else None
              for deal, actions in deals]
    pairs = sorted({pair for (deal, _), action in zip(deals, chosen, strict=True)
                    if action is not None and action.is_split
                    and (pair := pair_value(deal.hand)) is not None})
    splits = split_batch(card, pairs, 0, None, lambda s: decisions[s][None, :],
                         list(decisions)) if pairs else {}
    ev = 0.0
    for (deal, _), action in zip(deals, chosen, strict=True):
        hand = deal.hand
        bj = values.dealer_blackjack(hand)
        if action is None:   # a blackjack: no decision
            ev += deal.probability * float(rules.blackjack_pays) * (1.0 - bj)
            continue
        if action is Action.STAND:
            value = card.stand(hand, REAL)
        elif action is Action.HIT:
            value = float(hits[card.node(hand)])
        elif action.is_double:
            double = double_action(values, hand, False, REAL)
            assert double is not None
            value = card.double(hand, double[1])
        elif action is Action.SURRENDER:
            value = values.surrender(hand)
        else:
            pair = pair_value(hand)
            assert pair is not None
            value = splits[pair].value(free=action is Action.FREE_SPLIT)
        ev += deal.probability * (value - (bj if values.peek else 0.0))
    return ev
