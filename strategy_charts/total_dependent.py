"""The total-dependent (chart) strategy and its exact expected value.

A chart player looks only at the hand's total, whether it is soft or a pair, its stakes and its
context, never at its exact cards. Here that strategy is:

* first decision: the cell of the "real" chart (best on average over the two-card hands of the
  cell, weighted by how often each is dealt);
* the two-card decision of a split hand: the "split" (hand one) or "free" (free-stake) chart;
* every later hit/stand decision: the "drawn" chart of its stakes (hands of 3 to 5 cards, each
  weighted by the chance of holding that composition), split by card count where Six Card
  Charlie makes the count matter.

The strategy is then valued exactly on the finite shoe, splits included (via :mod:`splits`
with this strategy fixed after the split), so the cd - td gap is the cost of playing by chart.
"""

from __future__ import annotations

from math import comb, prod

from trainer.rules import Action

from .charts_data import ChartBuilder, row_of
from .composition import EMPTY, Composition, size, total, with_card
from .hand_values import FREE, REAL, Stakes, UpCardValues, play_fixed
from .initial_hand import double_action, pair_value
from .splits import SplitValues


def drawn_context(stakes: Stakes, cards: int, charlie: bool) -> str:
    """Chart context for hit/stand after drawing: "drawn-real", or "drawn-free-4" with Charlie."""
    label = "drawn-real" if stakes == REAL else "drawn-free"
    return f"{label}-{min(cards, 5)}" if charlie else label


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
        self._memo: dict[tuple[Composition, Stakes, Composition], float] = {}

    def _cell(self, context: str, hand: Composition, actions: dict[Action, float]) -> str | None:
        kind, value = row_of(hand, actions)
        key = (context, kind, value, self.values.up)
        return self.charts.action(key)

    def drawn_decision(self, hand: Composition, stakes: Stakes) -> str:
        """Hit or stand for a hand of 3+ cards, by its total (CD choice if no cell exists)."""
        context = drawn_context(stakes, size(hand), self.charlie)
        choice = self._cell(context, hand, {})
        if choice in ("hit", "stand"):
            return choice
        v = self.values
        return "stand" if v.stand(hand, stakes) >= v.hit(hand, stakes) else "hit"

    def split_decision(self, hand: Composition, stakes: Stakes) -> str:
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

    def play(self, hand: Composition, stakes: Stakes, extra: Composition = EMPTY) -> float:
        """Numerator of a hand played from here by the drawn chart (hit/stand only)."""
        return play_fixed(self.values, hand, stakes, extra, self.drawn_decision, self._memo)

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
