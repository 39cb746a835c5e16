"""What Free Bet changes, with one rule set's own numbers: the welcome's three small tables.

A player who knows blackjack needs three facts first: a hard 9, 10 or 11 doubles for free, a
pair splits for free, and a dealer 22 pushes. :func:`free_bet_facts` gives each as the rule set
plays it: the best first play of each free-double total and of each pair that splits free,
against every up card, beside classic basic strategy's (the standard-counterpart table's best
play, as :mod:`trainer.teaching.classic` maps it), and the dealer's chance of ending on 22 (a
push here) and over 22 (a bust) by up card (:mod:`trainer.drills.dealer_odds`, exact at a full
shoe). Rules without one of the three give no rows for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from strategy_charts.chart_layout import UP_ORDER
from strategy_charts.tables import load_or_build, load_standard
from trainer.rules import Action, RuleSet

from .dealer_odds import dealer_odds


@dataclass(frozen=True)
class PlayRow:
    """One hand's best first play against each up card (in :data:`UP_ORDER`): this game's,
    and classic basic strategy's on the same offers (None where the chart has no cell)."""

    label: str
    plays: tuple[str | None, ...]
    classic: tuple[str | None, ...]

    def differs(self, at: int) -> bool:
        """True where Free Bet's best play is not classic basic strategy's."""
        return self.plays[at] is not None and self.plays[at] != self.classic[at]


@dataclass(frozen=True)
class FreeBetFacts:
    """The three differences of one rule set, as the welcome draws them."""

    rules: str
    free_doubles: tuple[PlayRow, ...]
    free_splits: tuple[PlayRow, ...]
    twenty_two: tuple[float, ...]    # the dealer ends on 22, by up card (0 without push 22)
    over_22: tuple[float, ...]       # the dealer busts over 22, by up card
    push_22: bool
    ups: tuple[int, ...] = UP_ORDER


def _classic(play: str | None, standard: str | None) -> str | None:
    """Classic basic strategy's play on Free Bet's offers: a double is the free double and a
    split the free split where this game offers them for free."""
    if standard is None or play is None:
        return standard
    return play if Action(play).family is Action(standard).family else standard


def _row(label: str, cells: Mapping[str, Any], standard: Mapping[str, Any]) -> PlayRow:
    plays = tuple(cells[str(up)]["action"] if str(up) in cells else None for up in UP_ORDER)
    others = tuple(standard[str(up)]["action"] if str(up) in standard else None
                   for up in UP_ORDER)
    return PlayRow(label, plays, tuple(_classic(p, s) for p, s in zip(plays, others,
                                                                       strict=True)))


def free_bet_facts(rules: RuleSet) -> FreeBetFacts:
    """The facts of ``rules`` (its table and its standard counterpart's: shipped for the
    presets, else cached or built; call it off the UI thread)."""
    chart = load_or_build(rules)["charts"]["real"]
    standard = load_standard(rules)["charts"]["real"]
    doubles = tuple(_row(f"hard {total}", chart["hard"][str(total)],
                         standard["hard"].get(str(total), {}))
                    for total in sorted(rules.free_double_totals)
                    if str(total) in chart.get("hard", {}))
    pairs = tuple(_row(f"{'A' if v == 1 else v},{'A' if v == 1 else v}",
                       chart["pair"][str(v)], standard.get("pair", {}).get(str(v), {}))
                  for v in sorted(rules.free_split_pairs) if str(v) in chart.get("pair", {}))
    odds = [dealer_odds(rules, up) for up in UP_ORDER]
    return FreeBetFacts(rules.name, doubles, pairs,
                        tuple(o.twenty_two if rules.push_22 else 0.0 for o in odds),
                        tuple(o.over_22 if rules.push_22 else o.bust for o in odds),
                        rules.push_22)


__all__ = ["FreeBetFacts", "PlayRow", "free_bet_facts"]
