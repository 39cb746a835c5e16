"""A player that follows a table's strategy charts at a real :class:`trainer.rules.Round`.

It plays exactly the total-dependent strategy whose return the table states as its ``td`` EV
(``strategy_charts.total_dependent``): the first decision by the real chart; a split hand's two
cards by the split chart (hand one) or the free chart (free-stake hands), a double there being
free where allowed, else paid; every later hit or stand by the drawn chart of its stakes (and
card count, where Six Card Charlie applies), a double there where hands double after a hit
(a hit where that hand may not double); every allowed resplit taken; insurance declined.
Where a chart has no cell (a split 2,2 that may not resplit is a hard 4, which no chart holds)
it hits or stands by the exact values of the full shoe, as the engine does. So rounds dealt by
the rules core and played by it average to the engine's td EV.
"""

from __future__ import annotations

from typing import Any

from strategy_charts.composition import full_shoe, of_values
from strategy_charts.game import up_card_values
from strategy_charts.hand_values import FREE, REAL, UpCardValues
from trainer.rules import Action, Hand, Round, RuleSet


class MissingCell(LookupError):
    """The charts have no cell for a decision the round asks for."""


def _row(hand: Hand, pairs: bool) -> tuple[str, str]:
    if pairs and hand.card_count == 2 and hand.is_pair:
        return "pair", str(hand.cards[0].points)
    return ("soft" if hand.is_soft else "hard"), str(hand.total)


class ChartPlayer:
    """Chooses each action of a round from the strategy charts of ``table``."""

    def __init__(self, rules: RuleSet, table: dict[str, Any]) -> None:
        self.rules = rules
        self.charts = table["charts"]
        self._values: dict[int, UpCardValues] = {}
        self.fallbacks = 0                  # decisions no chart cell covered

    def _cell(self, context: str, hand: Hand, up: int, pairs: bool) -> dict[str, Any] | None:
        kind, value = _row(hand, pairs)
        return self.charts.get(context, {}).get(kind, {}).get(value, {}).get(str(up))

    def _exact_hit_or_stand(self, hand: Hand, up: int) -> Action:
        """Hit or stand by the hand's exact values against ``up`` from a full shoe."""
        self.fallbacks += 1
        if up not in self._values:
            self._values[up] = up_card_values(self.rules, full_shoe(self.rules.decks), up)
        values = self._values[up]
        cards = of_values([card.points for card in hand.cards])
        stakes = REAL if hand.stakes.real else FREE
        stand, hit = values.stand(cards, stakes), values.hit(cards, stakes)
        return Action.STAND if stand >= hit else Action.HIT

    def _drawn(self, hand: Hand, up: int, legal: frozenset[Action]) -> Action:
        label = "drawn-real" if hand.stakes.real else "drawn-free"
        context = (f"{label}-{min(hand.card_count, 5)}" if self.rules.six_card_charlie
                   else label)
        cell = self._cell(context, hand, up, pairs=False)
        if cell is not None and cell["action"] in ("hit", "stand"):
            return Action(cell["action"])
        if cell is not None and Action(cell["action"]).is_double:
            # where hands double after a hit: the double offered here, else a hit (a split
            # hand the rules do not let double), as the engine's chart strategy plays
            doubles = [a for a in (Action.FREE_DOUBLE, Action.DOUBLE) if a in legal]
            return doubles[0] if doubles else Action.HIT
        return self._exact_hit_or_stand(hand, up)

    def choose(self, rnd: Round) -> Action:
        """The chart's action for the decision ``rnd`` waits for."""
        legal = rnd.legal_actions()
        if Action.NO_INSURANCE in legal:
            return Action.NO_INSURANCE
        hand, up = rnd.hand, rnd.dealer_up.points
        if hand.card_count > 2:
            return self._drawn(hand, up, legal)
        if not hand.from_split:
            cell = self._cell("real", hand, up, pairs=True)
            if cell is None or Action(cell["action"]) not in legal:
                raise MissingCell(f"no first-decision cell for {hand.describe()} v {up}")
            return Action(cell["action"])
        splits = [a for a in (Action.FREE_SPLIT, Action.SPLIT) if a in legal]
        if splits:                        # the engine's split values resplit whenever allowed
            return splits[0]
        cell = self._cell("split" if hand.stakes.real else "free", hand, up, pairs=False)
        action = Action(cell["action"]) if cell is not None else None
        if action is not None and action.is_double:
            doubles = [a for a in (Action.FREE_DOUBLE, Action.DOUBLE) if a in legal]
            if not doubles:
                raise MissingCell(f"the chart doubles {hand.describe()} v {up}, not allowed")
            return doubles[0]
        if action in (Action.HIT, Action.STAND):
            return action
        return self._drawn(hand, up, legal)

    def play(self, rnd: Round) -> float:
        """Play ``rnd`` to its end; the seat's net result in main bets."""
        while rnd.legal_actions():
            rnd.act(self.choose(rnd))
        return float(rnd.results[0].net)
