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
    """Doc 000: "Your bet is returned when the dealer busts with a score of 22." (both hands of
    a free split of 8s push; the free hand returns nothing)"""
    rnd = deal(EVOLUTION, "8h 10s 8d 6c 10d 9c 6h", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 18 and 17; dealer 16 + 6
    assert outcomes(rnd) == [Outcome.PUSH_22, Outcome.PUSH_22]
    assert hand_nets(rnd) == [0, 0]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
@pytest.mark.parametrize("rank", NON_TEN_RANKS)
def test_free_split_on_all_pairs_except_ten_values(rules, rank) -> None:
    """Doc 000: "Free Split on all pairs except 10, J, Q, K." Doc 001: ""Free" splits on all
    pairs except 10 (10-10, J-J, Q-Q or K-K) value cards"."""
    rnd = deal(rules, f"{rank}h 10s {rank}d 7c")
    assert Action.FREE_SPLIT in rnd.legal_actions()
    assert Action.SPLIT not in rnd.legal_actions()


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
@pytest.mark.parametrize("pair", TEN_PAIRS)
def test_ten_value_pairs_split_with_money(rules, pair) -> None:
    """Doc 000: "If you decide to split your hand of 10s, Jacks, Queens, or Kings, the bet for
    your second hand will be equal to your main bet." Doc 001: "All normal splits allowed"."""
    first, second = pair.split()
    rnd = deal(rules, f"{first} 9s {second} 7c")
    assert Action.SPLIT in rnd.legal_actions()
    assert Action.FREE_SPLIT not in rnd.legal_actions()


def test_paid_split_of_jack_queen_in_evolution() -> None:
    """Doc 000: "Split initial cards of equal value."; RULINGS (evolution): "two cards of equal
    value (J-Q counts) ... ten-value pairs split with money"."""
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
    """Doc 000: "If your initial hand is a pair of cards of equal value, you can decide to
    Split"."""
    first, second = pair.split()
    rnd = deal(EVOLUTION, f"{first} 9s {second} 7c")
    assert not {Action.SPLIT, Action.FREE_SPLIT} & rnd.legal_actions()


def test_free_split_stakes_original_bet_and_free_bet() -> None:
    """Doc 000: "Your original bet will be placed for the first hand ... and the "Free Bet"
    placed for your second hand". RULINGS: "the new hand carries a free stake equal to the main
    bet and no real stake." """
    rnd = deal(EVOLUTION, "8h 10s 8d 7c 2c", balance=100)
    play(rnd, Action.FREE_SPLIT)
    assert stakes_in_bets(rnd) == [(1, 0), (0, 1)]
    assert rnd.seats[0].balance == 90


def test_free_split_win_matches_free_bet() -> None:
    """Doc 000: "If you win the game round, the value of the "Free Bet" will be matched to your
    original bet and you will be paid accordingly. No bet will be returned for the second
    hand." """
    rnd = deal(EVOLUTION, "8h 10s 8d 7c 10c 10d", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 18 and 18 against 17
    assert hand_nets(rnd) == [10, 10]
    assert rnd.seats[0].balance == 120
    assert_all_dealt(rnd)


def test_free_split_hand_loses_nothing() -> None:
    """Doc 000: "If you lose on your hand with the "Free Bet," you do not lose your bet." """
    rnd = deal(EVOLUTION, "8h 10s 8d 9c 10c 8c", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 18 and 16 against 19
    assert outcomes(rnd) == [Outcome.LOSE, Outcome.LOSE]
    assert hand_nets(rnd) == [-10, 0]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_free_split_hand_tie_returns_nothing() -> None:
    """Doc 000: "No bet will be returned if the game ends in a tie." (on the free hand)"""
    rnd = deal(EVOLUTION, "8h 10s 8d 8c 9c 10d", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)  # 17 and 18 against 18
    assert outcomes(rnd) == [Outcome.LOSE, Outcome.PUSH]
    assert hand_nets(rnd) == [-10, 0]
    assert rnd.seats[0].balance == 90
    assert_all_dealt(rnd)


def test_split_second_hand_gets_its_card_when_play_reaches_it() -> None:
    """Doc 000: "your cards are split into two individual hands" (the first hand is completed
    with the next card at once; the second gets its card when play reaches it)."""
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
    """Doc 000: "Only one Split per hand." RULINGS (evolution): "One split per round, no
    resplit"."""
    rnd = deal(EVOLUTION, "8h 10s 8d 7c 8c")
    play(rnd, Action.FREE_SPLIT)  # first hand 8 + 8 again
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}


def test_no_resplit_of_tens_in_evolution() -> None:
    """RULINGS (evolution): "One split per round, no resplit"."""
    rnd = deal(EVOLUTION, "Jh 9s Qd 7c Kc")
    play(rnd, Action.SPLIT)  # J + K
    assert rnd.legal_actions() == {Action.HIT, Action.STAND}


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_split_aces_get_one_card_each(rules) -> None:
    """Doc 000: "Single card dealt to each Split Ace." """
    rnd = deal(rules, "Ah 10s Ad 7c 5c 9d", balance=100)
    play(rnd, Action.FREE_SPLIT)
    assert rnd.phase is Phase.SETTLED  # no decision on either ace
    assert hand_cards(rnd) == ["A♥ 5♣", "A♦ 9♦"]
    assert hand_nets(rnd) == [-10, 10]  # soft 16 loses, soft 20 wins against 17
    assert_all_dealt(rnd)


def test_21_after_split_is_not_blackjack() -> None:
    """Doc 000: "A hand of 21 resulting from a split pair is not considered a Blackjack." """
    rnd = deal(EVOLUTION, "Ah 10s Ad 10c Kc 9d")
    play(rnd, Action.FREE_SPLIT)  # A + K = 21 and A + 9 = 20 against 20
    assert outcomes(rnd) == [Outcome.WIN, Outcome.PUSH]
    assert hand_nets(rnd) == [10, 0]  # 1:1, not 3:2
    assert_all_dealt(rnd)


def test_pot_of_gold_free_resplits_up_to_four_hands() -> None:
    """Doc 001: "Free re-splitting up to four hands is allowed." RULINGS (pot-of-gold): "Every
    hand a free split creates carries a free stake only." """
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
    """RULINGS (pot-of-gold): "Ten-value pairs split (and resplit) with money." """
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
    """RULINGS (pot-of-gold): "Split aces get one card each; aces are not resplit"."""
    rnd = deal(POT_OF_GOLD, "Ah 10s Ad 7c Ac 5d")
    play(rnd, Action.FREE_SPLIT)
    assert rnd.phase is Phase.SETTLED
    assert hand_cards(rnd) == ["A♥ A♣", "A♦ 5♦"]
    assert hand_nets(rnd) == [-10, 0]
    assert_all_dealt(rnd)


def test_resplit_aces_rule_field() -> None:
    """RULINGS (pot-of-gold): "aces are not resplit (a rule-set field; the variant that resplits
    aces is the one the Wizard of Odds analyses)"."""
    rules = replace(POT_OF_GOLD, resplit_aces=True)
    rnd = deal(rules, "Ah 10s Ad 7c Ac 5d 9h 8c")
    play(rnd, Action.FREE_SPLIT)
    assert rnd.legal_actions() == {Action.STAND, Action.FREE_SPLIT}
    play(rnd, Action.FREE_SPLIT)  # A + 5, A + 9, A + 8: one card each, no decision
    assert rnd.phase is Phase.SETTLED
    assert hand_cards(rnd) == ["A♥ 5♦", "A♣ 9♥", "A♦ 8♣"]
    assert_all_dealt(rnd)


def test_pot_of_gold_split_hands_won_or_lost_on_own_merit() -> None:
    """Doc 001: "Each split hand is won or lost on its own merit (Ex., player can lose original
    bet on first split hand and still win on the second or more free split hands.)" """
    rnd = deal(POT_OF_GOLD, "8h 10s 8d 7c 6c 10d 10c", balance=100)
    play(rnd, Action.FREE_SPLIT, Action.HIT, Action.STAND)  # 8 + 6 + 10 busts; 8 + 10 = 18
    assert outcomes(rnd) == [Outcome.BUST, Outcome.WIN]
    assert hand_nets(rnd) == [-10, 10]
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)
