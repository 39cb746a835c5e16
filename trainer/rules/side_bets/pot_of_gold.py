"""Pot of Gold: pays on the number of free-bet lammers a seat collects in the round."""

from __future__ import annotations

from .spec import LammerSideBet

#: Pay tables by number: lammers collected -> pays N to 1. No lammer loses.
PAY_TABLES: dict[int, dict[int, int]] = {
    1: {1: 3, 2: 10, 3: 30, 4: 60, 5: 100, 6: 300, 7: 1000},
    2: {1: 3, 2: 12, 3: 30, 4: 50, 5: 100, 6: 100, 7: 100},
}

#: The most lammers one seat can collect: three free splits to four hands, four free doubles.
MAX_LAMMERS = 7

#: The registry's entry (:mod:`trainer.rules.side_bets`); the rule set's ``pot_of_gold``
#: names the pay table.
SPEC = LammerSideBet(name="pot_of_gold", title="Pot of Gold", rule_field="pot_of_gold",
                     bet_field="pot_of_gold", pay_tables=PAY_TABLES, max_lammers=MAX_LAMMERS)
