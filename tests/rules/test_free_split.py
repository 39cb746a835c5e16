"""Splits: free splits of non-ten pairs, paid splits of ten-values, resplits and split aces."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.rules import Action, Outcome, Phase

from .conftest import (
    EVOLUTION,
    POT_OF_GOLD,
    assert_all_dealt,
    deal,
    hand_cards,
    hand_nets,
    outcomes,
    play,
    stakes_in_bets,
)

NON_TEN_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9"]
TEN_PAIRS = ["10h 10d", "Jh Jd", "Qh Qc", "Kh Ks", "Jh Qd", "10c Kd"]


def test_free_split_8s_against_dealer_22_pushes() -> None:
    """docs/rules/evolution.md#dealer-22: a dealer 22 pushes every hand in play (both hands of a
    free split of 8s push; the free hand returns nothing)."""
    rnd = deal(EVOLUTION, "8h 10s 8d 6c 10d 9c 6h", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 18 and 17; dealer 16 + 6
    assert outcomes(rnd) == [Outcome.PUSH_22, Outcome.PUSH_22]
    assert hand_nets(rnd) == [0, 0]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
@pytest.mark.parametrize("rank", NON_TEN_RANKS)
def test_free_split_on_all_pairs_except_ten_values(rules, rank) -> None:
    """docs/rules/evolution.md#splits and docs/rules/pot-of-gold.md#splits: every pair but
    ten-values splits free."""
    rnd = deal(rules, f"{rank}h 10s {rank}d 7c")
    assert Action.FREE_SPLIT in rnd.legal_actions()
    assert Action.SPLIT not in rnd.legal_actions()


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
@pytest.mark.parametrize("pair", TEN_PAIRS)
def test_ten_value_pairs_split_with_money(rules, pair) -> None:
    """docs/rules/evolution.md#splits and docs/rules/pot-of-gold.md#splits: ten-value pairs split
    with money, the new hand's bet being the main bet."""
    first, second = pair.split()
    rnd = deal(rules, f"{first} 9s {second} 7c")
    assert Action.SPLIT in rnd.legal_actions()
    assert Action.FREE_SPLIT not in rnd.legal_actions()


def test_paid_split_of_jack_queen_in_evolution() -> None:
    """docs/rules/rulings.md#pairs: two cards of equal value split, so J-Q splits, with money as
    every ten-value pair."""
    rnd = deal(EVOLUTION, "Jh 9s Qd 8c 9c 8d", balance=100)
    play(rnd, Action.SPLIT)
    assert rnd.seats[0].balance == 80
    assert stakes_in_bets(rnd) == [(1, 0), (1, 0)]
    play(rnd, Action.STAND, Action.STAND)  # 19 and 18 against 17
    assert hand_nets(rnd) == [10, 10]
    assert rnd.seats[0].balance == 120
    assert_all_dealt(rnd)


@pytest.mark.parametrize("pair", ["2h 3d", "Ah Kd", "9h 10d", "5h 6d"])
def test_no_split_of_unequal_cards(pair) -> None:
    """docs/rules/evolution.md#splits: only two cards of the same value split."""
    first, second = pair.split()
    rnd = deal(EVOLUTION, f"{first} 9s {second} 7c")
    assert not {Action.SPLIT, Action.FREE_SPLIT} & rnd.legal_actions()


def test_free_split_stakes_original_bet_and_free_bet() -> None:
    """docs/rules/money.md#splits: after a free split the first hand keeps the original real
    stake, the new one carries a main bet of free stake and no real stake."""
    rnd = deal(EVOLUTION, "8h 10s 8d 7c 2c", balance=100)
    play(rnd, Action.FREE_SPLIT)
    assert stakes_in_bets(rnd) == [(1, 0), (0, 1)]
    assert rnd.seats[0].balance == 90


def test_free_split_win_matches_free_bet() -> None:
    """docs/rules/money.md#win-push-lose: the free hand of a split, won, is paid as much as the
    main bet, and no stake comes back for it."""
    rnd = deal(EVOLUTION, "8h 10s 8d 7c 10c 10d", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 18 and 18 against 17
    assert hand_nets(rnd) == [10, 10]
    assert rnd.seats[0].balance == 120
    assert_all_dealt(rnd)


def test_free_split_hand_loses_nothing() -> None:
    """docs/rules/money.md#win-push-lose: the free hand of a split costs nothing when it loses."""
    rnd = deal(EVOLUTION, "8h 10s 8d 9c 10c 8c", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 18 and 16 against 19
    assert outcomes(rnd) == [Outcome.LOSE, Outcome.LOSE]
    assert hand_nets(rnd) == [-10, 0]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_free_split_hand_tie_returns_nothing() -> None:
    """docs/rules/money.md#win-push-lose: the free hand of a split returns nothing on a tie."""
    rnd = deal(EVOLUTION, "8h 10s 8d 8c 9c 10d", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 17 and 18 against 18
    assert outcomes(rnd) == [Outcome.LOSE, Outcome.PUSH]
    assert hand_nets(rnd) == [-10, 0]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_split_second_hand_gets_its_card_when_play_reaches_it() -> None:
    """docs/rules/evolution.md#splits: the first hand is played first (it gets its second card at
    once; the second hand gets its card when play reaches it)."""
    rnd = deal(EVOLUTION, "8h 10s 8d 7c 2c 3d 10h")
    play(rnd, Action.FREE_SPLIT)
    assert hand_cards(rnd) == ["8♥ 2♣", "8♦"]
    play(rnd, Action.HIT)
    assert hand_cards(rnd) == ["8♥ 2♣ 3♦", "8♦"]
    play(rnd, Action.STAND)
    assert hand_cards(rnd) == ["8♥ 2♣ 3♦", "8♦ 10♥"]
    assert rnd.current == (0, 1)
    play(rnd, Action.STAND)  # 13 and 18 against 17
    assert hand_nets(rnd) == [-10, 10]
    assert_all_dealt(rnd)


def test_only_one_split_in_evolution() -> None:
    """docs/rules/rulings.md#one-split-per-round: the live game allows one split per round."""
    rnd = deal(EVOLUTION, "8h 10s 8d 7c 8c")
    play(rnd, Action.FREE_SPLIT)  # first hand 8 + 8 again
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}


def test_no_resplit_of_tens_in_evolution() -> None:
    """docs/rules/rulings.md#one-split-per-round: no resplit at the live game, tens neither."""
    rnd = deal(EVOLUTION, "Jh 9s Qd 7c Kc")
    play(rnd, Action.SPLIT)  # J + K
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_split_aces_get_one_card_each(rules) -> None:
    """docs/rules/evolution.md#splits: split aces get one card each and stand."""
    rnd = deal(rules, "Ah 10s Ad 7c 5c 9d", balance=100)
    play(rnd, Action.FREE_SPLIT)
    assert rnd.phase is Phase.SETTLED  # no decision on either ace
    assert hand_cards(rnd) == ["A♥ 5♣", "A♦ 9♦"]
    assert hand_nets(rnd) == [-10, 10]  # soft 16 loses, soft 20 wins against 17
    assert_all_dealt(rnd)


def test_21_after_split_is_not_blackjack() -> None:
    """docs/rules/evolution.md#blackjack: a 21 made after a split is not a blackjack."""
    rnd = deal(EVOLUTION, "Ah 10s Ad 10c Kc 9d")
    play(rnd, Action.FREE_SPLIT)  # A + K = 21 and A + 9 = 20 against 20
    assert outcomes(rnd) == [Outcome.WIN, Outcome.PUSH]
    assert hand_nets(rnd) == [10, 0]  # 1:1, not 3:2
    assert_all_dealt(rnd)


def test_pot_of_gold_free_resplits_up_to_four_hands() -> None:
    """docs/rules/pot-of-gold.md#splits: free resplits up to four hands, every hand a free split
    makes carrying a free stake only."""
    rnd = deal(POT_OF_GOLD, "8h 10s 8d 7c 8c 8s 8h 10h 8s 10c", balance=100)
    for _ in range(3):
        assert Action.FREE_SPLIT in rnd.legal_actions()
        play(rnd, Action.FREE_SPLIT)
    assert len(rnd.seats[0].hands) == 4
    assert Action.FREE_SPLIT not in rnd.legal_actions()  # 8 + 8 again, four hands already
    assert stakes_in_bets(rnd) == [(1, 0), (0, 1), (0, 1), (0, 1)]
    assert rnd.seats[0].balance == 90
    play(rnd, Action.STAND, Action.STAND)
    assert Action.FREE_SPLIT not in rnd.legal_actions()  # the third hand is 8 + 8
    play(rnd, Action.STAND, Action.STAND)  # 16, 18, 16, 18 against 17
    assert hand_nets(rnd) == [-10, 10, 0, 10]
    assert rnd.seats[0].balance == 110
    assert_all_dealt(rnd)


def test_pot_of_gold_ten_pairs_resplit_with_money() -> None:
    """docs/rules/pot-of-gold.md#splits: ten-value pairs split, and resplit, with money."""
    rnd = deal(POT_OF_GOLD, "10h 9s Kd 8c Qc Jd 9c 10c", balance=100)
    play(rnd, Action.SPLIT)
    assert Action.SPLIT in rnd.legal_actions()  # 10 + Q
    play(rnd, Action.SPLIT)
    assert Action.SPLIT in rnd.legal_actions()  # 10 + J, three hands so far
    assert stakes_in_bets(rnd) == [(1, 0), (1, 0), (1, 0)]
    assert rnd.seats[0].balance == 70
    play(rnd, Action.STAND, Action.STAND, Action.STAND)  # 20, 19, 20 against 17
    assert hand_nets(rnd) == [10, 10, 10]
    assert rnd.seats[0].balance == 130
    assert_all_dealt(rnd)


def test_pot_of_gold_split_aces_not_resplit() -> None:
    """docs/rules/pot-of-gold.md#splits: split aces get one card each and are not split again."""
    rnd = deal(POT_OF_GOLD, "Ah 10s Ad 7c Ac 5d")
    play(rnd, Action.FREE_SPLIT)
    assert rnd.phase is Phase.SETTLED
    assert hand_cards(rnd) == ["A♥ A♣", "A♦ 5♦"]
    assert hand_nets(rnd) == [-10, 0]
    assert_all_dealt(rnd)


def test_resplit_aces_rule_field() -> None:
    """docs/rules/pot-of-gold.md#splits: not resplitting aces is a rule-set field (resplit_aces);
    the variant that resplits them is another rule set."""
    rules = replace(POT_OF_GOLD, resplit_aces=True)
    rnd = deal(rules, "Ah 10s Ad 7c Ac 5d 9h 8c")
    play(rnd, Action.FREE_SPLIT)
    assert rnd.legal_actions() == {Action.STAND, Action.FREE_SPLIT}
    play(rnd, Action.FREE_SPLIT)  # A + 5, A + 9, A + 8: one card each, no decision
    assert rnd.phase is Phase.SETTLED
    assert hand_cards(rnd) == ["A♥ 5♦", "A♣ 9♥", "A♦ 8♣"]
    assert_all_dealt(rnd)


def test_pot_of_gold_split_hands_won_or_lost_on_own_merit() -> None:
    """docs/rules/pot-of-gold.md#splits: each hand of a split wins or loses on its own (the first
    may lose while the free ones win)."""
    rnd = deal(POT_OF_GOLD, "8h 10s 8d 7c 6c 10d 10c", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.HIT, Action.STAND)  # 8 + 6 + 10 busts; 8 + 10 = 18
    assert outcomes(rnd) == [Outcome.BUST, Outcome.WIN]
    assert hand_nets(rnd) == [-10, 10]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)
