"""Exact effects of removal: how the game's EV moves when one card leaves the full shoe.

For each card value (A, 2, ..., 9, ten-value) the round is valued exactly at the full shoe
less one card of that value, with the best play for that shoe (as ``freebet-charts ev`` plays);
the change from the full shoe is the card's effect. The counting literature's convention is
used to show them: **percent of the bet per card, scaled to one deck**, i.e. the change times
``(cards in the shoe - 1) / 51`` (in a shoe of ``d`` decks one card moves the EV about ``1/d`` as
much as in one deck). Weighted by each value's share of a deck (4 of 52; ten-values 16) they sum
to about zero: removing a whole deck in proportion changes nothing, to first order.

The same removals give each decision's effects (the change of the EV gap between the chart's
play and the next-best play of a chart cell, for the playing efficiency of a count), and the
side bets': Perfect Pairs, 21+3 and Hot 3 per card removed (their ten-value is the mean of a 10,
jack, queen and king removed, since those differ in pairs and straights), Pot of Gold from the
lammers of the exact play at each removal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from trainer.rules import RuleSet
from trainer.rules.side_bets import SIDE_BETS

from ..side_bets import CARD_BETS, CARD_TYPES, full_type_counts, side_bet_ev
from .cells import Cell, cell_actions
from .systems import Decision
from .values import ShoeValues

#: Convention of the shown effects.
CONVENTION = ("percent of the bet per card removed from the full shoe, scaled to one deck: "
              "100 x (EV without the card - EV of the full shoe) x (cards - 1) / 51")


@dataclass(frozen=True)
class Effects:
    """Effects of removal of one rule set: per card value A..ten, the EV change of removing one
    card from the full shoe of ``cards`` cards (unscaled; see :meth:`shown`)."""

    cards: int
    ev: float
    main: tuple[float, ...]
    wager_ev: dict[str, float]
    wagers: dict[str, tuple[float, ...]]

    def shown(self, per_card: tuple[float, ...]) -> list[float]:
        """Effects in the literature's convention (see :data:`CONVENTION`)."""
        return [100 * x * (self.cards - 1) / 51 for x in per_card]

    def balance(self, per_card: tuple[float, ...]) -> float:
        """The shown effects weighted by each value's share of a deck: about zero."""
        shares = np.array([4] * 9 + [16]) / 52
        return float(shares @ np.array(self.shown(per_card)))


def card_side_bet_effects(rules: RuleSet) -> tuple[dict[str, float], dict[str, tuple[float, ...]]]:
    """Each offered card side bet's EV at the full shoe and its effects per card value."""
    full = np.array(full_type_counts(rules.decks), dtype=float)
    evs: dict[str, float] = {}
    effects: dict[str, tuple[float, ...]] = {}
    for bet in CARD_BETS:
        if not bet.offered(rules):
            continue
        base = side_bet_ev(bet, full)
        per_rank: dict[int, list[float]] = {}
        for t, card in enumerate(CARD_TYPES):
            if card.suit is not CARD_TYPES[0].suit:      # the suits are alike: one suffices
                continue
            shoe = full.copy()
            shoe[t] -= 1
            per_rank.setdefault(card.points, []).append(side_bet_ev(bet, shoe) - base)
        evs[bet.name] = base
        effects[bet.name] = tuple(float(np.mean(per_rank[v])) for v in range(1, 11))
    return evs, effects


def effects_of_removal(rules: RuleSet, full: ShoeValues, removed: list[ShoeValues]) -> Effects:
    """The effects from the values of the full shoe and of the shoes without one A..ten."""
    if len(removed) != 10:
        raise ValueError("the effects need the shoe without each of the 10 card values")
    card_evs, card_effects = card_side_bet_effects(rules)
    wager_ev: dict[str, float] = {}
    wagers: dict[str, tuple[float, ...]] = {}
    for name in (spec.name for spec in SIDE_BETS):   # offered ones, in the registry's order
        if name in card_evs:                           # per card type: see above
            wager_ev[name], wagers[name] = card_evs[name], card_effects[name]
        elif name in full.wagers:                      # read off play: the lammer bets
            wager_ev[name] = full.wagers[name]
            wagers[name] = tuple(v.wagers[name] - full.wagers[name] for v in removed)
    return Effects(cards=52 * rules.decks, ev=full.ev,
                   main=tuple(v.ev - full.ev for v in removed), wager_ev=wager_ev,
                   wagers=wagers)


def decision_effects(full: ShoeValues, removed: list[ShoeValues], cells: list[Cell | None],
                     plays: dict[Cell, str]) -> list[Decision]:
    """Per first-decision cell: its frequency, the gap between the chart's play and the
    next-best action at the full shoe, and that gap's change per card removed."""
    at_full = cell_actions(full, cells)
    at_removed = [cell_actions(v, cells) for v in removed]
    found = []
    for cell, evs in sorted(at_full.items()):
        base = plays[cell]
        others = [a for a in evs if a not in (base, "frequency")]
        if not others:
            continue
        other = max(others, key=lambda a: evs[a])
        gap = evs[base] - evs[other]
        effects = tuple((r[cell][base] - r[cell][other]) - gap if cell in r else 0.0
                        for r in at_removed)
        found.append(Decision(evs["frequency"], max(gap, 0.0), effects))
    return found
