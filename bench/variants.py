"""The published Free Bet variants against the engine: each preset's published house edge
beside the engine's, and the rule readings that move it (docs/rules/variants.md).

The Golden Nugget's game of 2012 gave the free double on a hard 9, 10 or 11 of any number of
cards, split hands included: the preset doubles two cards only (its table identity is the
shipped one), ``bench/rules/golden-nugget-2012-launch.toml`` is the preset with
``free_double_after_hit``, and its edge is printed beside the published figure.

Run: .venv/bin/python bench/variants.py
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from trainer.rules import Peek, RuleSet, Surrender, preset, rules_file

#: The Golden Nugget's launch game: the preset with free doubles after a hit.
LAUNCH = Path(__file__).resolve().parent / "rules" / "golden-nugget-2012-launch.toml"
#: (rules, the published house edge in %, where it was published)
PUBLISHED = (
    ("golden-nugget-2012", 0.625, "the game's analyst, 2012 (optimal play)"),
    ("golden-nugget-2012-launch", 0.625, "the same figure: the launch's free doubles"),
    ("uk-6d", 1.01, "the UK trial's rule sheet"),
    ("golden-nugget-1d-6to5", None, "no figure; 6:5 costs 'almost 1.4%' in standard games"),
)


def edge(rules: RuleSet) -> float:
    """The house edge in % of the main bet (composition-dependent play of the first hand)."""
    from strategy_charts.game import game_ev
    return -game_ev(rules).ev * 100


def rules_named(name: str) -> RuleSet:
    """A preset, or the launch game's rules file."""
    return rules_file.load(LAUNCH) if name == LAUNCH.stem else preset(name)


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    for name, published, source in PUBLISHED:
        shown = "—" if published is None else f"{published:.3f}%"
        print(f"{name:26s} published {shown:>8s} ({source}); engine "
              f"{edge(rules_named(name)):.4f}%")
    gn, one_deck, uk = (preset(n) for n in ("golden-nugget-2012", "golden-nugget-1d-6to5",
                                             "uk-6d"))
    launch = rules_named(LAUNCH.stem)
    lines = [
        ("golden-nugget-2012, late surrender", edge(replace(gn, surrender=Surrender.LATE))),
        ("golden-nugget-2012, early surrender", edge(replace(gn, surrender=Surrender.EARLY))),
        ("golden-nugget-2012, fours split free", edge(replace(
            gn, free_split_pairs=gn.free_split_pairs | {4}))),
        ("golden-nugget-2012-launch, and paid doubles after a hit",
         edge(replace(launch, double_after_hit=True))),
        ("golden-nugget-2012, paid doubles after a hit only",
         edge(replace(gn, double_after_hit=True))),
        ("golden-nugget-1d-6to5 at 3:2", edge(replace(one_deck,
                                                       blackjack_pays=Fraction(3, 2)))),
        ("golden-nugget-1d-6to5, free doubles after a hit",
         edge(replace(one_deck, free_double_after_hit=True))),
        ("uk-6d, 8 decks", edge(replace(uk, decks=8))),
        ("uk-6d, S17", edge(replace(uk, dealer_hits_soft_17=False))),
        ("uk-6d, S17, no hole card", edge(replace(uk, dealer_hits_soft_17=False,
                                                  peek=Peek.NONE))),
    ]
    for label, value in lines:
        print(f"  {label:58s} {value:.4f}%")


if __name__ == "__main__":
    main()
