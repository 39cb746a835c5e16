"""Everything the count lab needs to know about one shoe composition, computed exactly.

For the round dealt from a shoe (the cards left before the deal): the EV of perfect play (the
best first action for the exact cards, as :func:`strategy_charts.game.game_ev`), the EV of
playing the full-shoe strategy charts at this shoe (every decision by chart, as the tables'
``td`` EV), and, per deal (up card and two player cards), its chance and the EV of every first
action; the EV of insurance per hand against an ace; the EV of each side bet the rules offer.

Deals and actions sit in fixed orders (:data:`DEALS`, :data:`ACTIONS`), so the values of many
shoes stack into arrays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from trainer.rules import Action, RuleSet
from trainer.rules.insurance import insurance_ev
from trainer.rules.side_bets import SIDE_BETS, CardSideBet

from ..charts_data import ChartBuilder
from ..composition import Composition
from ..game import first_decisions
from ..pot_of_gold import deal_lammers, reads_lammers, rtp_from_lammers
from ..side_bets import side_bet_ev
from ..total_dependent import chart_ev

#: The first actions, in the order of :attr:`ShoeValues.actions`' columns (surrender's is NaN
#: throughout where the rules have none, so it changes no figure of theirs).
ACTIONS: tuple[Action, ...] = (Action.STAND, Action.HIT, Action.DOUBLE, Action.FREE_DOUBLE,
                               Action.SPLIT, Action.FREE_SPLIT, Action.SURRENDER)
_COLUMN = {a: i for i, a in enumerate(ACTIONS)}

#: Every deal (up card, lower player card, higher player card), in a fixed order.
DEALS: tuple[tuple[int, int, int], ...] = tuple(
    (up, a, b) for up in range(1, 11) for a in range(1, 11) for b in range(a, 11))
_DEAL = {d: i for i, d in enumerate(DEALS)}

#: Every two-card hand (lower card, higher card): the rows of :attr:`ShoeValues.insurance`.
HANDS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 11) for b in range(a, 11))


class TableCharts(ChartBuilder):
    """The strategy charts of a built table (its ``charts``), read as a :class:`ChartBuilder`
    reads its own, so the charts of the full shoe can be played at any other shoe."""

    def __init__(self, rules: RuleSet, charts: dict[str, Any]) -> None:
        super().__init__(rules)
        self._cells = {(context, kind, int(value), int(up)): cell["action"]
                       for context, rows in charts.items() for kind, values in rows.items()
                       for value, ups in values.items() for up, cell in ups.items()}

    def action(self, key: tuple[str, str, int, int]) -> str | None:
        """The action of the cell (context, row kind, row value, up), or None."""
        return self._cells.get(key)

    def actions(self, up: int) -> dict[tuple[str, str, int], str]:
        """The action of every cell against ``up``."""
        return {key[:3]: action for key, action in self._cells.items() if key[3] == up}


@dataclass(frozen=True)
class ShoeValues:
    """The lab's exact figures for the round dealt from one shoe (see the module docstring).

    EVs are in main bets; an action's EV is conditional on the decision being reached (no
    dealer blackjack where the dealer peeks), as in the tables, and ``reach`` is that chance.
    """

    ev: float
    chart_ev: float
    probability: np.ndarray     # per deal
    reach: np.ndarray           # per deal: P(no dealer blackjack) where the dealer peeks, else 1
    actions: np.ndarray         # per deal and action; NaN where not offered (or no decision)
    insurance: np.ndarray       # per hand (HANDS): EV of insuring against an ace; NaN if none
    wagers: dict[str, float]    # EV per unit staked on each side bet offered


def shoe_values(rules: RuleSet, shoe: Composition, charts: TableCharts,
                card_types: np.ndarray | None = None) -> ShoeValues:
    """The values of the round dealt from ``shoe`` (counts A..ten). ``card_types`` (the 52
    counts of :data:`strategy_charts.side_bets.CARD_TYPES`, adding up to ``shoe``) values the
    card side bets; without it they are left out."""
    probability = np.zeros(len(DEALS))
    reach = np.ones(len(DEALS))
    actions = np.full((len(DEALS), len(ACTIONS)), np.nan)
    insurance = np.full(len(HANDS), np.nan)
    ev = chart = 0.0
    lammers: dict[int, float] = {}
    counts_lammers = reads_lammers(rules)
    for card, deals in first_decisions(rules, shoe):
        values = card.values
        for deal, deal_ev, evs in deals:
            row = _DEAL[(card.up, deal.first, deal.second)]
            probability[row] = deal.probability
            ev += deal.probability * deal_ev
            if values.peek:
                reach[row] = values.mass(deal.hand)
            for action, x in evs.items():
                actions[row, _COLUMN[action]] = x
            if card.up == 1 and rules.insurance:
                left = values.shoe
                gone = deal.hand
                tens = left[9] - gone[9]
                insurance[HANDS.index((deal.first, deal.second))] = insurance_ev(
                    tens / (sum(left) - sum(gone)))
            if counts_lammers:
                for count, p in deal_lammers(card, deal, evs).items():   # chosen as by EV
                    lammers[count] = lammers.get(count, 0.0) + deal.probability * p
        chart += chart_ev(card, charts, [(deal, evs) for deal, _, evs in deals])
    wagers = {}
    for spec in SIDE_BETS:
        if not spec.offered(rules):
            continue
        if isinstance(spec, CardSideBet):
            if card_types is not None:
                wagers[spec.name] = side_bet_ev(spec, card_types)
        else:
            wagers[spec.name] = rtp_from_lammers(lammers, spec, rules) - 1.0
    return ShoeValues(ev, chart, probability, reach, actions, insurance, wagers)
