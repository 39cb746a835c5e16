"""The Pot of Gold wager and its lammers; doc 001's free split and free double outcomes."""

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
    """RULINGS (pot-of-gold): "counts every free-bet lammer the seat receives in the round, over
    all its hands ... It pays by that count whether the hands win, lose or push: pay table 1
    ... 3→30:1"."""
    rnd = deal(POT_OF_GOLD, "8h 10s 8d Kc 3c 7d 2h 8s", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_SPLIT, Action.FREE_DOUBLE, Action.FREE_DOUBLE)  # 18 and 18 against 20
    assert stakes_in_bets(rnd) == [(1, 1), (0, 2)]
    assert hand_nets(rnd) == [-10, 0]
    assert rnd.results[0].lammers == 3
    assert side_result(rnd, "Pot of Gold") == ("3 lammers", 150)
    assert rnd.seats[0].balance == 240
    assert_all_dealt(rnd)


@pytest.mark.parametrize(("lammers", "pays"), TABLE_1.items())
def test_pay_table_1(lammers, pays) -> None:
    """RULINGS (pot-of-gold): "pay table 1 (default) 1→3:1, 2→10:1, 3→30:1, 4→60:1, 5→100:1,
    6→300:1, 7→1000:1"."""
    assert POT_OF_GOLD.pot_of_gold == 1
    assert pot_of_gold.SPEC.pays(lammers, 1) == pays


@pytest.mark.parametrize(("lammers", "pays"), TABLE_2.items())
def test_pay_table_2(lammers, pays) -> None:
    """RULINGS (pot-of-gold): "pay table 2 1→3, 2→12, 3→30, 4→50, 5→100, 6→100, 7→100"."""
    assert pot_of_gold.SPEC.pays(lammers, 2) == pays


@pytest.mark.parametrize("table", [1, 2])
def test_no_lammer_loses(table) -> None:
    """RULINGS (pot-of-gold): "No lammer loses." """
    assert pot_of_gold.SPEC.pays(0, table) is None
    rules = replace(POT_OF_GOLD, pot_of_gold=table)
    rnd = play(deal(rules, "10h 9s 8d 8c", balance=100, pot_of_gold=5), Action.STAND)
    assert hand_nets(rnd) == [10]
    assert side_result(rnd, "Pot of Gold") == (None, -5)
    assert rnd.seats[0].balance == 105
    assert_all_dealt(rnd)


def test_seven_lammers_at_most() -> None:
    """RULINGS (pot-of-gold): "each free double and each free split gives one; seven at most"
    (three free splits to four hands, then a free double on each)."""
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
    """RULINGS (pot-of-gold): "pay table 2 1→3, 2→12, ..." (two lammers: a free split and a free
    double)."""
    rules = replace(POT_OF_GOLD, pot_of_gold=2)
    rnd = deal(rules, "8h 10s 8d 7c 3c 8c 10d", pot_of_gold=5)
    play(rnd, Action.FREE_SPLIT, Action.FREE_DOUBLE, Action.STAND)  # 19 and 18 against 17
    assert rnd.results[0].lammers == 2
    assert side_result(rnd, "Pot of Gold") == ("2 lammers", 60)
    assert_all_dealt(rnd)


def test_pot_of_gold_loses_to_dealer_blackjack() -> None:
    """Doc 001: "All Pot of Gold wagers lose to a dealer blackjack." """
    rnd = deal(POT_OF_GOLD, "10h As 8d Kc", balance=100, pot_of_gold=5)
    play(rnd, Action.NO_INSURANCE)
    assert hand_nets(rnd) == [-10]
    assert side_result(rnd, "Pot of Gold") == (None, -5)
    assert rnd.seats[0].balance == 85
    assert_all_dealt(rnd)


def test_pot_of_gold_with_lammers_loses_to_dealer_blackjack() -> None:
    """RULINGS (pot-of-gold): "It loses to a dealer blackjack." (even holding lammers: with a
    variant that does not peek on a ten, the blackjack is turned over after a free double)"""
    rules = replace(POT_OF_GOLD, peek=Peek.ACE)
    rnd = deal(rules, "6h Ks 4d Ac 9c", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_DOUBLE)
    assert rnd.results[0].lammers == 1
    assert hand_nets(rnd) == [-10]
    assert side_result(rnd, "Pot of Gold") == (None, -5)
    assert rnd.seats[0].balance == 85
    assert_all_dealt(rnd)


def test_paid_split_and_paid_double_give_no_lammer() -> None:
    """RULINGS (pot-of-gold): "each free double and each free split gives one" (paid ones
    give none)."""
    rnd = deal(POT_OF_GOLD, "Jh 9s Qd 8c 5c 6d 4h", pot_of_gold=5)
    play(rnd, Action.SPLIT, Action.DOUBLE, Action.STAND)  # J + 5 doubled to 21; Q + 4 stands
    assert stakes_in_bets(rnd) == [(2, 0), (1, 0)]
    assert hand_nets(rnd) == [20, -10]
    assert rnd.results[0].lammers == 0
    assert side_result(rnd, "Pot of Gold") == (None, -5)
    assert_all_dealt(rnd)


@pytest.mark.parametrize(("hole", "nets"), [("7c", [10, 10]), ("8c", [0, 0]), ("9c", [-10, 0])])
def test_free_split_outcomes_and_lammer(hole, nets) -> None:
    """Doc 001 (Free Split): "The player beats the dealer. The dealer will pay the player for their
    original bet and an equivalent amount for the free split."; "The player loses to the dealer.
    The dealer will collect the player's original bet."; "The player and the dealer tie. The
    dealer will push the player's original bet." In each case "the lammer would be moved by the
    dealer to a spot in front of the player's Pot of Gold wager"."""
    rnd = deal(POT_OF_GOLD, f"8h 10s 8d {hole} 10c 10d", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 18 and 18
    assert hand_nets(rnd) == nets
    assert side_result(rnd, "Pot of Gold") == ("1 lammers", 15)
    assert rnd.seats[0].balance == 100 + sum(nets) + 15
    assert_all_dealt(rnd)


@pytest.mark.parametrize(("hole", "net"), [("7c", 20), ("8c", 0), ("9c", -10)])
def test_free_double_outcomes_and_lammer(hole, net) -> None:
    """Doc 001 (Free Double): "The dealer will pay the player for their original bet and an
    equivalent amount for the free double."; "The dealer will collect the player's original
    bet."; "The dealer will push the player's original bet." (lammer to the Pot of Gold wager)"""
    rnd = deal(POT_OF_GOLD, f"6h 10s 4d {hole} 8c", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_DOUBLE)  # 18
    assert hand_nets(rnd) == [net]
    assert side_result(rnd, "Pot of Gold") == ("1 lammers", 15)
    assert rnd.seats[0].balance == 100 + net + 15
    assert_all_dealt(rnd)


def test_lammer_collected_without_pot_of_gold_wager() -> None:
    """Doc 001: "If the player didn't make the Pot of Gold wager, the dealer would collect the
    lammer." """
    rnd = deal(POT_OF_GOLD, "6h 10s 4d 7c 8c", balance=100)
    play(rnd, Action.FREE_DOUBLE)
    assert rnd.results[0].side_bets == ()
    assert rnd.results[0].net == 20
    assert rnd.seats[0].balance == 120
    assert_all_dealt(rnd)


def test_pot_of_gold_pays_on_dealer_22() -> None:
    """Doc 001 summary: "push 22 treating active bets as pushes" (the Pot of Gold wager still
    pays by its lammers)."""
    rnd = deal(POT_OF_GOLD, "6h 10s 4d 6c 8c 6h", balance=100, pot_of_gold=5)
    play(rnd, Action.FREE_DOUBLE)  # 18 against 22
    assert hand_nets(rnd) == [0]
    assert side_result(rnd, "Pot of Gold") == ("1 lammers", 15)
    assert rnd.seats[0].balance == 115
    assert_all_dealt(rnd)


def test_pot_of_gold_needs_the_main_wager() -> None:
    """Doc 001: "To receive cards you must make the standard blackjack wager. To play against the
    Pot of Gold paytable you must also make the Pot of Gold wager." """
    with pytest.raises(ValueError, match="main bet"):
        Bets(main=Fraction(0), pot_of_gold=Fraction(5))


def test_pot_of_gold_blackjack_pays_3_to_2() -> None:
    """Doc 001: "Blackjack pays per house rules"; RULINGS (pot-of-gold): "Blackjack pays 3:2." """
    assert POT_OF_GOLD.blackjack_pays == Fraction(3, 2)
    rnd = deal(POT_OF_GOLD, "Ah 9s Kd 8c", balance=100)
    assert hand_nets(rnd) == [15]
    assert rnd.seats[0].balance == 115
    assert_all_dealt(rnd)
