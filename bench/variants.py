"""The published Free Bet variants against the engine: each preset's published house edge
beside the engine's, and the rule readings that move it (docs/rules/variants.md).

The engine doubles two cards only; the Golden Nugget's game of 2012 gave the free double on a
hard 9, 10 or 11 of any number of cards. ``--any-card-doubles`` estimates what that is worth:
the first hand's hits may take the free double on a hard 9 to 11 of three or more cards (a
hand made by a split keeps the engine's post-split strategy, so the estimate falls short of
the whole rule). It values hands one at a time (about half a minute).

Run: .venv/bin/python bench/variants.py [--any-card-doubles]
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from fractions import Fraction

from strategy_charts.composition import (
    EMPTY,
    Composition,
    fits,
    full_shoe,
    of_values,
    size,
    subtract,
    total,
    unbusted_hands,
)
from strategy_charts.game import hand_ev, starting_hands
from strategy_charts.hand_values import StakeUnits, UpCardValues
from trainer.rules import Peek, RuleSet, Surrender, preset

#: (preset, the published house edge in %, where it was published)
PUBLISHED = (
    ("golden-nugget-2012", 0.625, "the game's analyst, 2012 (optimal play)"),
    ("uk-6d", 1.01, "the UK trial's rule sheet"),
    ("golden-nugget-1d-6to5", None, "no figure; 6:5 costs 'almost 1.4%' in standard games"),
)


def edge(rules: RuleSet) -> float:
    """The house edge in % of the main bet (composition-dependent play of the first hand)."""
    from strategy_charts.game import game_ev
    return -game_ev(rules).ev * 100


class AnyCardDoubles(UpCardValues):
    """Hit/stand values where a hard 9 to 11 of any number of cards may also double free."""

    def best(self, hand: Composition, stakes: StakeUnits, extra: Composition = EMPTY) -> float:
        value = super().best(hand, stakes, extra)
        t, soft = total(hand)
        if (size(hand) >= 3 and not soft and t in self.rules.free_double_totals
                and self.settled(hand, stakes, extra) is None):
            key = (hand, extra, (stakes[0], stakes[1] + 100))     # its own memo slot
            doubled = self._best.get(key)
            if doubled is None:
                doubled = self._best[key] = self.double(hand, (stakes[0], stakes[1] + 1),
                                                        extra)
            value = max(value, doubled)
        return value


def any_card_edge(rules: RuleSet) -> float:
    """:func:`edge` with :class:`AnyCardDoubles` valuing the first hands."""
    shoe = full_shoe(rules.decks)
    ev = 0.0
    for up in range(1, 11):
        values = AnyCardDoubles(rules, subtract(shoe, of_values([up])), up)
        values.prepare(h for h in unbusted_hands(21) if sum(h) >= 2 and fits(h, values.shoe))
        for deal in starting_hands(shoe):
            if deal.up == up:
                ev += deal.probability * hand_ev(values, deal)[0]
    return -ev * 100


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--any-card-doubles", action="store_true",
                        help="estimate the Golden Nugget's free double on any number of cards")
    args = parser.parse_args()
    for name, published, source in PUBLISHED:
        shown = "—" if published is None else f"{published:.3f}%"
        print(f"{name:24s} published {shown:>8s} ({source}); engine {edge(preset(name)):.4f}%")
    gn, one_deck, uk = (preset(n) for n in ("golden-nugget-2012", "golden-nugget-1d-6to5",
                                             "uk-6d"))
    lines = [
        ("golden-nugget-2012, late surrender", edge(replace(gn, surrender=Surrender.LATE))),
        ("golden-nugget-2012, early surrender", edge(replace(gn, surrender=Surrender.EARLY))),
        ("golden-nugget-2012, fours split free", edge(replace(
            gn, free_split_pairs=gn.free_split_pairs | {4}))),
        ("golden-nugget-1d-6to5 at 3:2", edge(replace(one_deck,
                                                       blackjack_pays=Fraction(3, 2)))),
        ("uk-6d, 8 decks", edge(replace(uk, decks=8))),
        ("uk-6d, S17", edge(replace(uk, dealer_hits_soft_17=False))),
        ("uk-6d, S17, no hole card", edge(replace(uk, dealer_hits_soft_17=False,
                                                  peek=Peek.NONE))),
    ]
    if args.any_card_doubles:
        lines.append(("golden-nugget-2012, free doubles on any cards (first hands)",
                      any_card_edge(gn)))
    for label, value in lines:
        print(f"  {label:58s} {value:.4f}%")


if __name__ == "__main__":
    main()
