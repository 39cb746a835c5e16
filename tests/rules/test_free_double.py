"""Doubles: the free double on two-card hard 9/10/11, paid doubles, and doubles after splits."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.rules import Action, Outcome

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


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
@pytest.mark.parametrize("two_cards", ["5h 4d", "6h 4d", "7h 4d", "2c 7s", "3c 8d"])
def test_free_double_on_two_card_hard_9_10_11(rules, two_cards) -> None:
    """docs/rules/evolution.md#doubles: a two-card hard 9, 10 or 11 gets the free double, the
    only double offered there."""
    first, second = two_cards.split()
    rnd = deal(rules, f"{first} 9s {second} 8c")
    assert rnd.legal_actions() == {Action.HIT, Action.STAND, Action.FREE_DOUBLE}


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
@pytest.mark.parametrize("two_cards", ["Ah 8d", "Ah 9d", "Ah 7d", "Ah 2d"])
def test_no_free_double_on_soft_hands(rules, two_cards) -> None:
    """docs/rules/evolution.md#doubles: only a hard 9, 10 or 11 doubles free; soft hands double
    with money (A-8 counts 9 with the ace as 1: still soft)."""
    first, second = two_cards.split()
    rnd = deal(rules, f"{first} 9s {second} 8c")
    assert Action.FREE_DOUBLE not in rnd.legal_actions()
    assert Action.DOUBLE in rnd.legal_actions()


@pytest.mark.parametrize("two_cards", ["5h 3d", "7h 5d", "10h 7d", "10h 2d", "4h 2d"])
def test_double_on_any_two_initial_cards(two_cards) -> None:
    """docs/rules/evolution.md#doubles: any two-card hand of the initial deal may double (with
    money where no free double is given)."""
    first, second = two_cards.split()
    rnd = deal(EVOLUTION, f"{first} 9s {second} 8c")
    assert Action.DOUBLE in rnd.legal_actions()
    assert Action.FREE_DOUBLE not in rnd.legal_actions()


def test_free_double_win_matches_free_bet() -> None:
    """docs/rules/money.md#doubles and docs/rules/money.md#win-push-lose: a free double adds a
    main bet of free stake; won, it is paid as much as the original bet."""
    rnd = deal(EVOLUTION, "6h 9s 4d 8c 10c", balance=100)
    play(rnd, Action.FREE_DOUBLE)  # 20 against 17
    assert stakes_in_bets(rnd) == [(1, 1)]
    assert hand_nets(rnd) == [20]
    assert rnd.seats[0].balance == 120
    assert_all_dealt(rnd)


def test_free_double_loss_loses_only_original_bet() -> None:
    """docs/rules/money.md#win-push-lose: a free double that loses costs only the original bet."""
    rnd = deal(EVOLUTION, "6h 10s 4d 9c 2c", balance=100)
    play(rnd, Action.FREE_DOUBLE)  # 12 against 19
    assert outcomes(rnd) == [Outcome.LOSE]
    assert hand_nets(rnd) == [-10]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_free_double_tie_returns_only_original_bet() -> None:
    """docs/rules/money.md#win-push-lose: a free double that ties returns only the original bet."""
    rnd = deal(EVOLUTION, "6h 10s 4d 9c 9d", balance=100)
    play(rnd, Action.FREE_DOUBLE)  # 19 against 19
    assert outcomes(rnd) == [Outcome.PUSH]
    assert hand_nets(rnd) == [0]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


def test_double_deals_exactly_one_card() -> None:
    """docs/rules/evolution.md#doubles: a double gets exactly one more card."""
    rnd = deal(EVOLUTION, "2h 9s 3d 8c 2c")
    play(rnd, Action.DOUBLE)  # hard 5 + 2 = 7, and no further decision
    assert len(rnd.seats[0].hands[0].cards) == 3
    assert hand_nets(rnd) == [-20]
    assert_all_dealt(rnd)


def test_paid_double_doubles_real_stake() -> None:
    """docs/rules/money.md#doubles: a paid double doubles the hand's real stake."""
    rnd = deal(EVOLUTION, "7h 10s 5d 7c 8c", balance=100)
    play(rnd, Action.DOUBLE)  # 20 against 17
    assert stakes_in_bets(rnd) == [(2, 0)]
    assert hand_nets(rnd) == [20]
    assert rnd.seats[0].balance == 120
    assert_all_dealt(rnd)


def test_paid_double_on_soft_hand() -> None:
    """docs/rules/evolution.md#doubles: any other two-card hand, soft hands included, may double
    with money."""
    rnd = deal(EVOLUTION, "Ah 10s 7d 7c 2c", balance=100)
    play(rnd, Action.DOUBLE)  # soft 18 + 2 = soft 20 against 17
    assert hand_nets(rnd) == [20]
    assert rnd.seats[0].balance == 120
    assert_all_dealt(rnd)


def test_double_only_on_initial_two_cards() -> None:
    """docs/rules/evolution.md#doubles: only the first two cards of the initial hand double."""
    rnd = deal(EVOLUTION, "5h 10s 3d 7c 2c")
    play(rnd, Action.HIT)  # hard 10 on three cards
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}


def test_free_double_needs_no_money() -> None:
    """docs/rules/money.md#doubles: a free double is the casino's money: the player pays nothing."""
    rnd = deal(EVOLUTION, "6h 9s 4d 8c 10c", balance=10)
    assert rnd.seats[0].balance == 0
    assert Action.FREE_DOUBLE in rnd.legal_actions()
    play(rnd, Action.FREE_DOUBLE)
    assert rnd.seats[0].balance == 30
    assert_all_dealt(rnd)


def test_no_double_after_split_in_evolution() -> None:
    """docs/rules/evolution.md#splits: a hand made by a split does not double."""
    rnd = deal(EVOLUTION, "4h 10s 4d 7c 5c")
    play(rnd, Action.FREE_SPLIT)  # first hand 4 + 5 = hard 9
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}


def test_pot_of_gold_free_double_after_free_split() -> None:
    """docs/rules/pot-of-gold.md#doubles: a hard 9, 10 or 11 doubles free also on a hand made by
    a split."""
    rnd = deal(POT_OF_GOLD, "4h 10s 4d 7c 5c 10c 6d 9h", balance=100)
    play(rnd, Action.FREE_SPLIT)
    assert Action.FREE_DOUBLE in rnd.legal_actions()
    play(rnd, Action.FREE_DOUBLE)  # 4 + 5 + 10 = 19
    assert Action.FREE_DOUBLE in rnd.legal_actions()  # the free hand: 4 + 6 = 10
    play(rnd, Action.FREE_DOUBLE)  # 4 + 6 + 9 = 19 against 17
    assert stakes_in_bets(rnd) == [(1, 1), (0, 2)]
    assert hand_nets(rnd) == [20, 20]
    assert rnd.seats[0].balance == 140
    assert_all_dealt(rnd)


def test_free_double_after_paid_split() -> None:
    """docs/rules/pot-of-gold.md#doubles: the free double after a split is given after a paid
    split too (a paid split of 4-4 needs the pot-of-gold rules without free splits)."""
    rules = replace(POT_OF_GOLD, free_split_pairs=frozenset())
    rnd = deal(rules, "4h 10s 4d 7c 5c")
    play(rnd, Action.SPLIT)
    assert Action.FREE_DOUBLE in rnd.legal_actions()


def test_pot_of_gold_paid_double_after_split() -> None:
    """docs/rules/pot-of-gold.md#doubles: any other two-card hand doubles with money, also after
    a split."""
    rnd = deal(POT_OF_GOLD, "8h 10s 8d 7c 4c 9c 5d 7h", balance=100)
    play(rnd, Action.FREE_SPLIT)
    assert Action.DOUBLE in rnd.legal_actions()  # 8 + 4 = 12
    play(rnd, Action.DOUBLE)  # 21
    play(rnd, Action.DOUBLE)  # the free hand: 8 + 5 + 7 = 20
    assert stakes_in_bets(rnd) == [(2, 0), (1, 1)]
    assert hand_nets(rnd) == [20, 20]
    assert rnd.seats[0].balance == 140
    assert_all_dealt(rnd)


def test_pot_of_gold_regular_double_on_two_card_hands() -> None:
    """docs/rules/pot-of-gold.md#doubles: two-card hands may double with money."""
    rnd = deal(POT_OF_GOLD, "10h 9s 6d 8c 3c")
    assert Action.DOUBLE in rnd.legal_actions()
    play(rnd, Action.DOUBLE)  # 19 against 17
    assert hand_nets(rnd) == [20]
    assert_all_dealt(rnd)
