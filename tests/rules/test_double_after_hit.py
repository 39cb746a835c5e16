"""Doubles after a hit (docs/rules/rulings.md#doubles-after-a-hit): the free double on a hard
total among the free-double totals of three or more cards (``free_double_after_hit``), the paid
double on any hand of three or more cards (``double_after_hit``), first and split hands alike,
dealt, charged and settled by the round."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.rules import Action, Outcome, RuleSetError, offers, rules_file

from .conftest import (
    EVOLUTION,
    POT_OF_GOLD,
    assert_all_dealt,
    deal,
    hand_nets,
    outcomes,
    play,
    stakes_in_bets,
)

FREE_AFTER_HIT = replace(EVOLUTION, free_double_after_hit=True)
PAID_AFTER_HIT = replace(EVOLUTION, double_after_hit=True)
BOTH_AFTER_HIT = replace(EVOLUTION, free_double_after_hit=True, double_after_hit=True)


def test_off_by_default_no_double_after_a_hit() -> None:
    """Every preset doubles two cards only, as before the rule."""
    rnd = play(deal(EVOLUTION, "5h 9s 2d 8c 3c"), Action.HIT)     # 5 2 3: hard 10
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}
    assert not EVOLUTION.free_double_after_hit and not EVOLUTION.double_after_hit


def test_free_double_on_a_three_card_hard_10_wins_both_stakes() -> None:
    rnd = play(deal(FREE_AFTER_HIT, "5h 9s 2d 8c 3c 10d", balance=100), Action.HIT)
    assert rnd.legal_actions() == {Action.HIT, Action.STAND, Action.FREE_DOUBLE}
    play(rnd, Action.FREE_DOUBLE)                   # 20 against the dealer's 17
    assert_all_dealt(rnd)
    assert stakes_in_bets(rnd) == [(1, 1)]
    assert rnd.results[0].lammers == 1
    assert (outcomes(rnd), hand_nets(rnd)) == ([Outcome.WIN], [20])
    assert rnd.seats[0].balance == 120


@pytest.mark.parametrize("cards", ["5h 9s 2d 8c 6c", "Ah 9s 2d 8c 6c", "5h 9s 2d 8c 3c 2h"])
def test_no_free_double_off_its_totals_or_without_the_paid_rule(cards) -> None:
    """Hard 13, soft 19, a four-card hard 12: no double with the free rule alone."""
    rnd = deal(FREE_AFTER_HIT, cards)
    while rnd.shoe.remaining:
        play(rnd, Action.HIT)
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}


def test_paid_double_after_a_hit_charges_a_main_bet() -> None:
    rnd = play(deal(PAID_AFTER_HIT, "5h 9s 2d 8c 6c 7d", balance=100), Action.HIT)  # hard 13
    assert rnd.legal_actions() == {Action.HIT, Action.STAND, Action.DOUBLE}
    play(rnd, Action.DOUBLE)                        # 20 against 17
    assert_all_dealt(rnd)
    assert stakes_in_bets(rnd) == [(2, 0)]
    assert (hand_nets(rnd), rnd.seats[0].balance, rnd.results[0].lammers) == ([20], 120, 0)


@pytest.mark.parametrize(("rules", "double"), [(PAID_AFTER_HIT, Action.DOUBLE),
                                               (BOTH_AFTER_HIT, Action.FREE_DOUBLE)],
                         ids=["paid-only", "both"])
def test_a_three_card_hard_10_doubles_free_where_free_doubles_follow_a_hit(rules, double) -> None:
    rnd = play(deal(rules, "5h 9s 2d 8c 3c"), Action.HIT)
    assert rnd.legal_actions() == {Action.HIT, Action.STAND, double}


def test_paid_double_after_a_hit_falls_back_to_a_hit_when_unaffordable() -> None:
    rnd = play(deal(PAID_AFTER_HIT, "5h 9s 2d 8c 6c 4d 10h", balance=10), Action.HIT)
    assert Action.DOUBLE not in rnd.legal_actions()
    assert rnd.request(Action.DOUBLE) is Action.HIT


def test_a_free_split_hand_free_doubles_after_a_hit_where_split_hands_double_free() -> None:
    """pot-of-gold doubles split hands free: a free-split hand's three-card 9 doubles to two
    free stakes; the other hand stands and loses only its free stake."""
    rules = replace(POT_OF_GOLD, free_double_after_hit=True, pot_of_gold=None)
    rnd = play(deal(rules, "2h 9s 2d 8c 3c 4d 10c 10h"), Action.FREE_SPLIT, Action.HIT)
    assert rnd.current == (0, 0) and rnd.hand.card_count == 3
    assert Action.FREE_DOUBLE in rnd.legal_actions()
    play(rnd, Action.FREE_DOUBLE, Action.STAND)     # 2 3 4 10 = 19; 2 10 = 12
    assert_all_dealt(rnd)
    assert stakes_in_bets(rnd) == [(1, 1), (0, 1)]
    assert (outcomes(rnd), hand_nets(rnd)) == ([Outcome.WIN, Outcome.LOSE], [20, 0])
    assert rnd.results[0].lammers == 2


def test_a_split_hand_doubles_after_a_hit_only_where_split_hands_double() -> None:
    """evolution doubles no split hand: with both rules a split hand's three-card 9 only hits
    or stands; the first hand of the seat does double."""
    rnd = play(deal(BOTH_AFTER_HIT, "2h 9s 2d 8c 3c 4d"), Action.FREE_SPLIT, Action.HIT)
    assert rnd.hand.from_split and rnd.legal_actions() == {Action.HIT, Action.STAND}


@pytest.mark.parametrize(("cards", "total", "soft", "split", "expected"), [
    (2, 10, False, False, Action.FREE_DOUBLE), (3, 10, False, False, Action.FREE_DOUBLE),
    (5, 11, False, False, Action.FREE_DOUBLE), (3, 10, False, True, None),
    (3, 12, False, False, Action.DOUBLE), (4, 18, True, False, Action.DOUBLE),
    (1, 10, False, True, None)])
def test_the_offer_by_cards_total_and_split(cards, total, soft, split, expected) -> None:
    assert offers.double_offered(BOTH_AFTER_HIT, cards, total, soft, split) is expected


def test_the_summary_names_the_rules() -> None:
    assert "free double 9/10/11 any cards" in FREE_AFTER_HIT.describe()
    assert "DAN" in PAID_AFTER_HIT.describe() and "DAN" not in EVOLUTION.describe()
    assert not BOTH_AFTER_HIT.standard_counterpart().free_double_after_hit
    assert BOTH_AFTER_HIT.standard_counterpart().double_after_hit


def test_no_pot_of_gold_wager_where_free_doubles_follow_a_hit() -> None:
    """The wager's lammer chances are worked out for two-card free doubles only: a rules file
    asking for both is refused, naming the rule."""
    with pytest.raises(RuleSetError, match=r"pot_of_gold.*free_double_after_hit"):
        replace(POT_OF_GOLD, free_double_after_hit=True)
    with pytest.raises(RuleSetError, match="pot_of_gold"):
        rules_file.loads('base = "pot-of-gold"\nfree_double_after_hit = true\n')
    assert replace(POT_OF_GOLD, double_after_hit=True).pot_of_gold == 1
