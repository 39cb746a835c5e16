"""The Pot of Gold wager and its lammers; the table game's free split and free double outcomes
(docs/rules/pot-of-gold.md)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from trainer.rules import Action, Bets, Peek
from trainer.rules.side_bets import pot_of_gold

from .conftest import (
    POT_OF_GOLD,
    assert_all_dealt,
    deal,
    hand_nets,
    play,
    side_result,
    stakes_in_bets,
)

TABLE_1 = {1: 3, 2: 10, 3: 30, 4: 60, 5: 100, 6: 300, 7: 1000}
TABLE_2 = {1: 3, 2: 12, 3: 30, 4: 50, 5: 100, 6: 100, 7: 100}


def test_three_lammers_pay_30_to_1_when_hands_lose() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: the wager counts the lammers of all the
    seat's hands and pays by that count whatever the hands do: three pay 30 to 1 on pay table
    1."""
    rnd = deal(POT_OF_GOLD, "8h 10s 8d Kc 3c 7d 2h 8s", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_SPLIT, Action.FREE_DOUBLE, Action.FREE_DOUBLE)  # 18 and 18 against 20
    assert stakes_in_bets(rnd) == [(1, 1), (0, 2)]
    assert hand_nets(rnd) == [-10, 0]
    assert rnd.results[0].lammers == 3
    assert side_result(rnd, "Pot of Gold") == ("3 lammers", 150)
    assert rnd.seats[0].balance == 240
    assert_all_dealt(rnd)


def test_the_wager_is_settled_at_the_end_not_at_the_deal() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: the lammers come with the decisions,
    so the wager settles with the hands at the end of the round."""
    rnd = deal(POT_OF_GOLD, "8h 10s 8d Kc 3c 7d 2h 8s", balance=100, pot_of_gold=5)
    assert rnd.seats[0].dealt_side_bets == () and rnd.seats[0].balance == 85
    play(rnd, Action.FREE_SPLIT, Action.FREE_DOUBLE, Action.FREE_DOUBLE)
    assert side_result(rnd, "Pot of Gold") == ("3 lammers", 150)


@pytest.mark.parametrize(("lammers", "pays"), TABLE_1.items())
def test_pay_table_1(lammers, pays) -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: pay table 1, the default: 1 to 7 lammers
    pay 3, 10, 30, 60, 100, 300, 1000 to 1."""
    assert POT_OF_GOLD.pot_of_gold == 1
    assert pot_of_gold.SPEC.pays(lammers, 1) == pays


@pytest.mark.parametrize(("lammers", "pays"), TABLE_2.items())
def test_pay_table_2(lammers, pays) -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: pay table 2: 1 to 7 lammers pay 3, 12,
    30, 50, 100, 100, 100 to 1."""
    assert pot_of_gold.SPEC.pays(lammers, 2) == pays


@pytest.mark.parametrize("table", [1, 2])
def test_no_lammer_loses(table) -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: with no lammer the wager loses."""
    assert pot_of_gold.SPEC.pays(0, table) is None
    rules = replace(POT_OF_GOLD, pot_of_gold=table)
    rnd = play(deal(rules, "10h 9s 8d 8c", balance=100, pot_of_gold=5), Action.STAND)
    assert hand_nets(rnd) == [10]
    assert side_result(rnd, "Pot of Gold") == (None, -5)
    assert rnd.seats[0].balance == 105
    assert_all_dealt(rnd)


def test_seven_lammers_at_most() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: one lammer per free double and per free
    split, seven at most (three free splits to four hands, then a free double on each)."""
    rnd = deal(POT_OF_GOLD, "5h 10s 5d 9c 5c 5s 5h 10c 6c 9d 4d 10d 5c Kh",
               balance=100, pot_of_gold=1)
    play(rnd, *(Action.FREE_SPLIT,) * 3, *(Action.FREE_DOUBLE,) * 4)
    assert stakes_in_bets(rnd) == [(1, 1), (0, 2), (0, 2), (0, 2)]
    assert hand_nets(rnd) == [20, 20, 0, 20]  # 20, 20, 19, 20 against 19
    assert rnd.results[0].lammers == 7
    assert side_result(rnd, "Pot of Gold") == ("7 lammers", 1000)
    with pytest.raises(ValueError):
        pot_of_gold.SPEC.pays(8, 1)
    assert_all_dealt(rnd)


def test_pay_table_2_in_a_round() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: pay table 2 in a round (two lammers: a
    free split and a free double)."""
    rules = replace(POT_OF_GOLD, pot_of_gold=2)
    rnd = deal(rules, "8h 10s 8d 7c 3c 8c 10d", pot_of_gold=5)
    play(rnd, Action.FREE_SPLIT, Action.FREE_DOUBLE, Action.STAND)  # 19 and 18 against 17
    assert rnd.results[0].lammers == 2
    assert side_result(rnd, "Pot of Gold") == ("2 lammers", 60)
    assert_all_dealt(rnd)


def test_pot_of_gold_loses_to_dealer_blackjack() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: the wager loses to a dealer blackjack."""
    rnd = deal(POT_OF_GOLD, "10h As 8d Kc", balance=100, pot_of_gold=5)
    play(rnd, Action.NO_INSURANCE)
    assert hand_nets(rnd) == [-10]
    assert side_result(rnd, "Pot of Gold") == (None, -5)
    assert rnd.seats[0].balance == 85
    assert_all_dealt(rnd)


def test_pot_of_gold_with_lammers_loses_to_dealer_blackjack() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: the wager loses to a dealer blackjack,
    even holding lammers (with a variant that does not peek on a ten, the blackjack is turned
    over after a free double)."""
    rules = replace(POT_OF_GOLD, peek=Peek.ACE)
    rnd = deal(rules, "6h Ks 4d Ac 9c", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_DOUBLE)
    assert rnd.results[0].lammers == 1
    assert hand_nets(rnd) == [-10]
    assert side_result(rnd, "Pot of Gold") == (None, -5)
    assert rnd.seats[0].balance == 85
    assert_all_dealt(rnd)


def test_paid_split_and_paid_double_give_no_lammer() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: only free doubles and free splits give a
    lammer; paid ones give none."""
    rnd = deal(POT_OF_GOLD, "Jh 9s Qd 8c 5c 6d 4h", pot_of_gold=5)
    play(rnd, Action.SPLIT, Action.DOUBLE, Action.STAND)  # J + 5 doubled to 21; Q + 4 stands
    assert stakes_in_bets(rnd) == [(2, 0), (1, 0)]
    assert hand_nets(rnd) == [20, -10]
    assert rnd.results[0].lammers == 0
    assert side_result(rnd, "Pot of Gold") == (None, -5)
    assert_all_dealt(rnd)


@pytest.mark.parametrize(("hole", "nets"), [("7c", [10, 10]), ("8c", [0, 0]), ("9c", [-10, 0])])
def test_free_split_outcomes_and_lammer(hole, nets) -> None:
    """docs/rules/money.md#win-push-lose and docs/rules/pot-of-gold.md#the-pot-of-gold-wager:
    after a free split, a win pays the original bet and as much for the free hand, a loss
    takes the original bet, a tie returns it; in each case the lammer goes to the wager."""
    rnd = deal(POT_OF_GOLD, f"8h 10s 8d {hole} 10c 10d", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 18 and 18
    assert hand_nets(rnd) == nets
    assert side_result(rnd, "Pot of Gold") == ("1 lammers", 15)
    assert rnd.seats[0].balance == 100 + sum(nets) + 15
    assert_all_dealt(rnd)


@pytest.mark.parametrize(("hole", "net"), [("7c", 20), ("8c", 0), ("9c", -10)])
def test_free_double_outcomes_and_lammer(hole, net) -> None:
    """docs/rules/money.md#win-push-lose and docs/rules/pot-of-gold.md#the-pot-of-gold-wager:
    after a free double, a win pays the original bet and as much for the free bet, a loss
    takes the original bet, a tie returns it; the lammer goes to the wager."""
    rnd = deal(POT_OF_GOLD, f"6h 10s 4d {hole} 8c", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_DOUBLE)  # 18
    assert hand_nets(rnd) == [net]
    assert side_result(rnd, "Pot of Gold") == ("1 lammers", 15)
    assert rnd.seats[0].balance == 100 + net + 15
    assert_all_dealt(rnd)


def test_lammer_collected_without_pot_of_gold_wager() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: without the wager the lammers pay nothing
    (the dealer takes them back)."""
    rnd = deal(POT_OF_GOLD, "6h 10s 4d 7c 8c", balance=100)
    play(rnd, Action.FREE_DOUBLE)
    assert rnd.results[0].side_bets == ()
    assert rnd.results[0].net == 20
    assert rnd.seats[0].balance == 120
    assert_all_dealt(rnd)


def test_pot_of_gold_pays_on_dealer_22() -> None:
    """docs/rules/pot-of-gold.md#dealer-22: a dealer 22 pushes the hands, and the wager still
    pays by its lammers."""
    rnd = deal(POT_OF_GOLD, "6h 10s 4d 6c 8c 6h", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_DOUBLE)  # 18 against 22
    assert hand_nets(rnd) == [0]
    assert side_result(rnd, "Pot of Gold") == ("1 lammers", 15)
    assert rnd.seats[0].balance == 115
    assert_all_dealt(rnd)


def test_pot_of_gold_needs_the_main_wager() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: the wager is placed with the main bet,
    never alone."""
    with pytest.raises(ValueError, match="main bet"):
        Bets(main=Fraction(0), pot_of_gold=Fraction(5))


def test_pot_of_gold_blackjack_pays_3_to_2() -> None:
    """docs/rules/pot-of-gold.md#blackjack: a blackjack pays 3 to 2 at the table game (the
    document leaves it to the house)."""
    assert POT_OF_GOLD.blackjack_pays == Fraction(3, 2)
    rnd = deal(POT_OF_GOLD, "Ah 9s Kd 8c", balance=100)
    assert hand_nets(rnd) == [15]
    assert rnd.seats[0].balance == 115
    assert_all_dealt(rnd)
