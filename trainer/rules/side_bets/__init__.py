"""The side bets: one rule module each, listed once here, and read from this registry by every
layer (the round's settlement, the engine's returns, the count lab's wagers, the app's spots and
spin boxes).

Each rule module (``perfect_pairs``, ``twenty_one_plus_three``, ``hot_3``, ``pot_of_gold``)
holds the bet's pay table, its evaluation and its ``SPEC`` (:mod:`.spec`): name, title, the
rule set's field that offers it, the seat's field that stakes it, what it reads. Apart from
those two fields (with the rule set's checks of Pot of Gold's pay-table number, which a rules
file leaves out for none: ``ruleset.py``, ``rules_file.py``) and the presets, no code elsewhere
names a side bet.

Adding a bet on the first cards (a :class:`~.spec.CardSideBet`) means editing exactly these
files:

1. ``trainer/rules/side_bets/NAME.py`` (new): its categories (a :class:`PayCategory`), its
   ``evaluate`` (the cards it reads, in the order of ``reads``) and its ``SPEC``;
2. this file: a :class:`SideBet` member whose value is the spec's name, and the module's spec
   in :data:`SIDE_BETS` (the order of the tables, the lab's wagers and the table's spots);
3. ``trainer/rules/ruleset.py``: the :class:`~trainer.rules.ruleset.RuleSet` field that offers
   it (a bool, declared ``_declared(SIDE_BET, doc, unstated=False)``: a side bet moves no
   history, and a rule set not offering it keeps its table identity), and
   ``trainer/rules/presets.py`` to offer it in a preset (no new release:
   ``trainer/rules/releases.py`` files answers by the rules of play);
4. ``trainer/rules/seat.py``: the :class:`~trainer.rules.seat.Bets` field that stakes it;
5. ``docs/rules/rule-set.md``: the field's row (a test checks it against the code), and the
   bet's rules with their source on the page of the game that offers it.

``tests/test_every_side_bet.py`` then runs it through the rules core, the engine, the count lab
and the seat. A preset that offers it has a new table identity and the tables list one more
side bet, so the tables in ``data/`` are rebuilt (``freebet-charts build``, then
``freebet-charts build --counts``); a preset that offers it shows one more spot, which the
tests naming that preset's spots say (``tests/ui/test_table_geometry.py``). A bet on something
other than the first cards or the lammers needs a kind of its own in :mod:`.spec`, valued by the
engine where the lammer bets are (``strategy_charts/pot_of_gold.py``, ``table_build.py``,
``counting/values.py``).
"""

from __future__ import annotations

from enum import Enum

from ..ruleset import RuleSet
from . import hot_3, perfect_pairs, pot_of_gold, twenty_one_plus_three
from .spec import CardSideBet, LammerSideBet, PayCategory, SideBetSpec


class SideBet(Enum):
    """The side bets a seat can place with its main bet; the value is the spec's name."""

    PERFECT_PAIRS = "perfect_pairs"
    TWENTY_ONE_PLUS_THREE = "twenty_one_plus_three"
    HOT_3 = "hot_3"
    POT_OF_GOLD = "pot_of_gold"

    @property
    def spec(self) -> SideBetSpec:
        """The registry's entry for this bet."""
        return _BY_BET[self]

    @property
    def title(self) -> str:
        """Name as printed on the table."""
        return self.spec.title


#: Every side bet, in the order of the tables, the count lab's wagers and the table's spots.
SIDE_BETS: tuple[SideBetSpec, ...] = (perfect_pairs.SPEC, twenty_one_plus_three.SPEC,
                                      hot_3.SPEC, pot_of_gold.SPEC)

_BY_BET: dict[SideBet, SideBetSpec] = {SideBet(spec.name): spec for spec in SIDE_BETS}
_BY_NAME: dict[str, SideBetSpec] = {spec.name: spec for spec in SIDE_BETS}


def bet_of(spec: SideBetSpec) -> SideBet:
    """The :class:`SideBet` of a registered spec."""
    return SideBet(spec.name)


def title_of(name: str) -> str:
    """The title of the side bet named ``name`` (the name itself for none registered)."""
    bet = _BY_NAME.get(name)
    return name if bet is None else bet.title


def offered_side_bets(rules: RuleSet) -> tuple[SideBet, ...]:
    """The side bets ``rules`` offer, in the registry's order."""
    return tuple(bet_of(spec) for spec in SIDE_BETS if spec.offered(rules))


__all__ = ["SIDE_BETS", "CardSideBet", "LammerSideBet", "PayCategory", "SideBet",
           "SideBetSpec", "bet_of", "offered_side_bets", "title_of"]
