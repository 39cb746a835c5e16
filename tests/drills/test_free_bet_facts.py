"""The welcome's facts: each rule set's free doubles, free splits and dealer 22, from its own
tables and the dealer's exact odds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.drills.dealer_odds import dealer_odds
from trainer.drills.free_bet_facts import free_bet_facts
from trainer.rules import preset


def test_the_free_doubles_and_splits_are_the_tables_plays_beside_classic() -> None:
    facts = free_bet_facts(preset("evolution"))
    assert [row.label for row in facts.free_doubles] == ["hard 9", "hard 10", "hard 11"]
    nine = facts.free_doubles[0]
    assert nine.plays[0] == "free_double"                 # hard 9 v 2 doubles for free
    assert nine.classic[0] == "hit" and nine.differs(0)   # classic hits it
    assert not nine.differs(3)                            # both double 9 v 5
    labels = [row.label for row in facts.free_splits]
    assert labels == ["A,A", "2,2", "3,3", "4,4", "5,5", "6,6", "7,7", "8,8", "9,9"]
    tens = free_bet_facts(replace(preset("evolution"),
                                  free_split_pairs=frozenset({8, 10})))
    assert [row.label for row in tens.free_splits] == ["8,8", "10,10"]
    assert all(p in ("free_split", "free_double") for r in facts.free_splits for p in r.plays)


def test_the_dealers_22_chances_are_the_exact_odds() -> None:
    rules = preset("evolution")
    facts = free_bet_facts(rules)
    for at, up in enumerate(facts.ups):
        odds = dealer_odds(rules, up)
        assert facts.twenty_two[at] == pytest.approx(odds.twenty_two)
        assert facts.over_22[at] == pytest.approx(odds.over_22)
    assert facts.push_22 and max(facts.twenty_two) > 0.1


def test_rules_without_the_three_give_no_rows() -> None:
    facts = free_bet_facts(preset("evolution").standard_counterpart())
    assert facts.free_doubles == () and facts.free_splits == () and not facts.push_22
    assert set(facts.twenty_two) == {0.0}
