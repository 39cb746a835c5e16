"""The rules of a game in words, from each rule's own documentation (Help ▸ The rules of this
game)."""

from __future__ import annotations

from dataclasses import fields, replace
from fractions import Fraction

from trainer.rules import RuleSet, preset
from trainer.rules.in_words import plain, rules_in_words, value_in_words


def test_every_rule_but_the_name_is_said_from_its_documentation() -> None:
    said = rules_in_words(preset("evolution"))
    assert [r.name for r in said] == [f.name for f in fields(RuleSet) if f.name != "name"]
    docs = {f.name: f.metadata["doc"] for f in fields(RuleSet)}
    for rule in said:
        assert rule.doc == plain(docs[rule.name]) or docs[rule.name].startswith("true:")
    assert plain('Blackjack payout, e.g. "3:2" or "6:5".') == "Blackjack payout."
    assert plain("Totals that get it; [] for none.") == "Totals that get it."


def test_values_are_said_plainly() -> None:
    by_name = {r.name: r.value for r in rules_in_words(preset("evolution"))}
    assert by_name["decks"] == "8" and by_name["penetration"] == "75%"
    assert by_name["free_double_totals"] == "9, 10, 11" and by_name["blackjack_pays"] == "3:2"
    assert by_name["peek"] == "ace" and by_name["pot_of_gold"] == "none"
    assert by_name["six_card_charlie"] == "yes"
    assert by_name["free_split_pairs"] == "A, 2, 3, 4, 5, 6, 7, 8, 9"      # as a file says
    assert value_in_words(frozenset()) == "none" and value_in_words(Fraction(6, 5)) == "6:5"


def test_a_true_false_rule_is_said_by_its_halves() -> None:
    s17 = {r.name: r for r in rules_in_words(preset("evolution"))}["dealer_hits_soft_17"]
    h17 = {r.name: r for r in rules_in_words(
        replace(preset("evolution"), dealer_hits_soft_17=True))}["dealer_hits_soft_17"]
    assert s17.doc == h17.doc == "Dealer hits soft 17 (H17)."
    assert (s17.value, h17.value) == ("no: stands (S17)", "yes")
