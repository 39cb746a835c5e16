"""Side bets of the evolution game: Perfect Pairs, 21+3 and Hot 3."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.rules import Action, Bets, IllegalActionError, Phase, Round, Shoe, cards
from trainer.rules.side_bets.hot_3 import Hot3
from trainer.rules.side_bets.hot_3 import evaluate as hot_3
from trainer.rules.side_bets.perfect_pairs import PerfectPairs
from trainer.rules.side_bets.perfect_pairs import evaluate as perfect_pairs
from trainer.rules.side_bets.twenty_one_plus_three import TwentyOnePlusThree as T213
from trainer.rules.side_bets.twenty_one_plus_three import evaluate as twenty_one_plus_three

from .conftest import EVOLUTION, POT_OF_GOLD, assert_all_dealt, deal, hand_nets, play, side_result

# ----- Perfect Pairs ---------------------------------------------------------------------------


def test_perfect_pair_same_suit_pays_25_to_1() -> None:
    """docs/rules/evolution.md#perfect-pairs: two cards of one rank and one suit are a Perfect
    Pair, paid 25 to 1."""
    assert perfect_pairs(*cards("As As")) is PerfectPairs.PERFECT
    rnd = play(deal(EVOLUTION, "Qh 9s Qh 8c", perfect_pairs=5), Action.STAND)
    assert side_result(rnd, "Perfect Pairs") == ("Perfect Pair", 125)
    assert_all_dealt(rnd)


@pytest.mark.parametrize("pair", ["2d 2h", "2c 2s", "Kh Kd", "10s 10c"])
def test_colored_pair_pays_12_to_1(pair) -> None:
    """docs/rules/evolution.md#perfect-pairs: one rank in two suits of one colour is a Colored
    Pair, paid 12 to 1."""
    assert perfect_pairs(*cards(pair)) is PerfectPairs.COLORED
    first, second = pair.split()
    rnd = play(deal(EVOLUTION, f"{first} 9s {second} 8c", perfect_pairs=5), Action.STAND)
    assert side_result(rnd, "Perfect Pairs") == ("Colored Pair", 60)


@pytest.mark.parametrize("pair", ["10h 10c", "2d 2s", "Ac Ah", "7s 7d"])
def test_mixed_pair_pays_6_to_1(pair) -> None:
    """docs/rules/evolution.md#perfect-pairs: one rank in two colours is a Mixed Pair, paid 6 to
    1."""
    assert perfect_pairs(*cards(pair)) is PerfectPairs.MIXED


@pytest.mark.parametrize("two", ["Jh Qh", "10s Ks", "2h 3h", "Ah Kh"])
def test_perfect_pairs_needs_same_rank(two) -> None:
    """docs/rules/rulings.md#pairs: Perfect Pairs needs the same rank (J-Q splits as a pair, but
    wins nothing here)."""
    assert perfect_pairs(*cards(two)) is None


def test_perfect_pairs_jack_queen_loses_in_round() -> None:
    """docs/rules/rulings.md#pairs: a jack and a queen are no Perfect Pairs pair, so the bet
    loses in a round."""
    rnd = play(deal(EVOLUTION, "Jh 9s Qh 8c", perfect_pairs=5), Action.STAND)
    assert side_result(rnd, "Perfect Pairs") == (None, -5)
    assert_all_dealt(rnd)


# ----- 21+3 ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("trio", "category"), [
    ("Qh Qh Qh", T213.SUITED_TRIPS),
    ("10d Jd Qd", T213.STRAIGHT_FLUSH),
    ("Ks Kh Kd", T213.THREE_OF_A_KIND),
    ("2s 3c 4h", T213.STRAIGHT),
    ("2c 6c 10c", T213.FLUSH),
])
def test_21_plus_3_categories(trio, category) -> None:
    """docs/rules/evolution.md#twenty-one-plus-three: the three cards as a poker hand: Suited
    Trips (one rank, one suit), Straight Flush, Three of a Kind, Straight, Flush."""
    assert twenty_one_plus_three(*cards(trio)) is category


@pytest.mark.parametrize(("category", "pays"), [
    (T213.SUITED_TRIPS, 100), (T213.STRAIGHT_FLUSH, 40), (T213.THREE_OF_A_KIND, 30),
    (T213.STRAIGHT, 10), (T213.FLUSH, 5),
])
def test_21_plus_3_pay_table(category, pays) -> None:
    """docs/rules/evolution.md#twenty-one-plus-three: Suited Trips 100 to 1, Straight Flush 40,
    Three of a Kind 30, Straight 10, Flush 5."""
    assert category.pays == pays


def test_21_plus_3_queen_king_ace_is_straight() -> None:
    """docs/rules/rulings.md#side-bets: Q-K-A is a straight (in a round: player Q-K, dealer shows
    A)."""
    assert twenty_one_plus_three(*cards("Qh Kd As")) is T213.STRAIGHT
    rnd = deal(EVOLUTION, "Qh As Kd 7c", twenty_one_plus_three=5)
    play(rnd, Action.NO_INSURANCE, Action.STAND)  # 20 against soft 18
    assert side_result(rnd, "21+3") == ("Straight", 50)
    assert_all_dealt(rnd)


def test_21_plus_3_ace_two_three_is_straight() -> None:
    """docs/rules/rulings.md#side-bets: A-2-3 is a straight (the ace low)."""
    assert twenty_one_plus_three(*cards("Ah 2d 3s")) is T213.STRAIGHT
    assert twenty_one_plus_three(*cards("3c Ac 2c")) is T213.STRAIGHT_FLUSH


@pytest.mark.parametrize(("trio", "category"), [
    ("Kh Ad 2s", None), ("Kh Ah 2h", T213.FLUSH), ("Qh Ad 2s", None), ("Jh Qd As", None),
])
def test_21_plus_3_king_ace_two_is_no_straight(trio, category) -> None:
    """docs/rules/rulings.md#side-bets: K-A-2 is no straight (the ace never turns the corner)."""
    assert twenty_one_plus_three(*cards(trio)) is category


def test_21_plus_3_pays_only_best_category() -> None:
    """docs/rules/rulings.md#side-bets: only the best category pays (a straight flush is also a
    straight and a flush; suited trips are also trips and a flush)."""
    rnd = play(deal(EVOLUTION, "10d Qd Jd 7c", twenty_one_plus_three=5), Action.STAND)
    assert side_result(rnd, "21+3") == ("Straight Flush", 200)
    rnd = play(deal(EVOLUTION, "Qh Qh Qh 7c", twenty_one_plus_three=5), Action.STAND)
    assert side_result(rnd, "21+3") == ("Suited Trips", 500)


def test_21_plus_3_losing_hand() -> None:
    """docs/rules/evolution.md#twenty-one-plus-three: three cards making none of the categories
    lose the bet."""
    assert twenty_one_plus_three(*cards("2c 6d 10c")) is None
    rnd = play(deal(EVOLUTION, "2c 10c 6d 7h 5h", twenty_one_plus_three=5), Action.STAND)
    assert side_result(rnd, "21+3") == (None, -5)


# ----- Hot 3 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("trio", "category"), [
    ("8h 2d 9s", Hot3.TOTAL_19),
    ("8h 2d 10s", Hot3.TOTAL_20),
    ("9d 2d 10d", Hot3.SUITED_21),
    ("9h 2d 10s", Hot3.TOTAL_21),
    ("7h 7c 7d", Hot3.SEVEN_SEVEN_SEVEN),
])
def test_hot_3_categories(trio, category) -> None:
    """docs/rules/evolution.md#hot-3: the three cards' blackjack total: 19, 20, 21 in one suit,
    21 otherwise, and three sevens."""
    assert hot_3(*cards(trio)) is category


@pytest.mark.parametrize(("category", "pays"), [
    (Hot3.SEVEN_SEVEN_SEVEN, 100), (Hot3.SUITED_21, 20), (Hot3.TOTAL_21, 4),
    (Hot3.TOTAL_20, 2), (Hot3.TOTAL_19, 1),
])
def test_hot_3_pay_table(category, pays) -> None:
    """docs/rules/evolution.md#hot-3: 7-7-7 pays 100 to 1, 21 in one suit 20, 21 otherwise 4, 20
    pays 2, 19 pays 1."""
    assert category.pays == pays


def test_hot_3_seven_seven_seven_any_suits_pays_100() -> None:
    """docs/rules/rulings.md#side-bets: 7-7-7 pays 100 to 1 whatever the suits (a suited 7-7-7 is
    also a suited 21: only the best pays)."""
    assert hot_3(*cards("7s 7s 7s")) is Hot3.SEVEN_SEVEN_SEVEN
    rnd = play(deal(EVOLUTION, "7h 7c 7d 10s", hot_3=5), Action.STAND)  # 14 against 17
    assert side_result(rnd, "Hot 3") == ("7-7-7", 500)


@pytest.mark.parametrize(("trio", "category"), [
    ("Ah 9d 10s", Hot3.TOTAL_20),   # 11 + 9 + 10 passes 21: the ace counts 1
    ("Ah Kd 10s", Hot3.TOTAL_21),   # 1 + 10 + 10
    ("Ah 5d 5s", Hot3.TOTAL_21),    # 11 + 5 + 5
    ("Ah Ad 9s", Hot3.TOTAL_21),    # 11 + 1 + 9
    ("Ah 8d 10s", Hot3.TOTAL_19),   # 1 + 8 + 10
    ("As 8s Qs", Hot3.TOTAL_19),    # suited, but only 21 has a suited category
    ("Ah Ad As", None),             # 13
])
def test_hot_3_ace_counts_11_unless_past_21(trio, category) -> None:
    """docs/rules/rulings.md#side-bets: in Hot 3 an ace counts 11 unless that passes 21."""
    assert hot_3(*cards(trio)) is category


def test_hot_3_ace_nine_with_ten_up_in_round() -> None:
    """docs/rules/rulings.md#side-bets: an ace counts 11 unless that passes 21 (A-9 with a ten
    up: 1 + 9 + 10 = 20, paid 2 to 1, not 21)."""
    rnd = deal(EVOLUTION, "Ah 10s 9d 7c", hot_3=5)
    play(rnd, Action.STAND)  # soft 20 against 17
    assert side_result(rnd, "Hot 3") == ("Total 20", 10)
    assert_all_dealt(rnd)


@pytest.mark.parametrize("trio", ["10h 10d 10s", "2h 3d 4s", "9h 9d 10s", "8h 2d 8s",
                                  "Ah 7d 10s", "7h 7d 8s"])
def test_hot_3_other_totals_lose(trio) -> None:
    """docs/rules/evolution.md#hot-3: totals other than 19, 20 and 21 (and no 7-7-7) lose the
    bet."""
    assert hot_3(*cards(trio)) is None


# ----- all side bets in a round ----------------------------------------------------------------


def test_side_bets_win_whatever_happens_to_main_bet() -> None:
    """docs/rules/evolution.md#side-bets: a side bet is settled on its cards whatever becomes of
    the main bet."""
    rnd = deal(EVOLUTION, "8h 10s 8d 9c", balance=100, perfect_pairs=5)
    play(rnd, Action.STAND)  # 16 loses to 19
    assert hand_nets(rnd) == [-10]
    assert side_result(rnd, "Perfect Pairs") == ("Colored Pair", 60)
    assert rnd.results[0].net == 50
    assert rnd.seats[0].balance == 150
    assert_all_dealt(rnd)


def test_side_bets_settled_when_dealer_blackjack_ends_round() -> None:
    """docs/rules/evolution.md#side-bets: the side bets are settled on the first cards even when
    a dealer blackjack ends the round."""
    rnd = deal(EVOLUTION, "Qh As Kh 10c", balance=100,
               perfect_pairs=5, twenty_one_plus_three=5, hot_3=5)
    play(rnd, Action.NO_INSURANCE)
    assert hand_nets(rnd) == [-10]
    assert side_result(rnd, "Perfect Pairs") == (None, -5)
    assert side_result(rnd, "21+3") == ("Straight", 50)
    assert side_result(rnd, "Hot 3") == ("Total 21 unsuited", 20)
    assert rnd.results[0].net == 55
    assert rnd.seats[0].balance == 155
    assert_all_dealt(rnd)


def test_side_bets_are_paid_at_the_deal_before_the_first_decision() -> None:
    """docs/rules/evolution.md#side-bets: the card side bets are settled and paid as the cards
    come out; the balance holds their pay before any decision, and the main bet settles at the
    end."""
    rnd = deal(EVOLUTION, "8h 10s 8d 6c 3h 10d 5c", balance=100, perfect_pairs=5,
               twenty_one_plus_three=5)
    seat = rnd.seats[0]
    assert rnd.phase is Phase.PLAYER and seat.result is None
    assert [(s.bet.title, s.category, s.net) for s in seat.dealt_side_bets] == [
        ("Perfect Pairs", "Colored Pair", 60), ("21+3", None, -5)]
    assert seat.balance == 100 - 20 + 65, "the pair's pay and stake are back at once"
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)
    assert [s.bet.title for s in rnd.results[0].side_bets] == ["Perfect Pairs", "21+3"]
    assert rnd.results[0].net == 55 + sum(hand_nets(rnd))
    assert seat.balance == 100 + rnd.results[0].net
    assert_all_dealt(rnd)


def test_a_side_bet_paid_at_the_deal_can_pay_for_a_double() -> None:
    """docs/rules/evolution.md#side-bets and #time-and-balance: the pay of a side bet is in the
    balance at once, so it covers a paid double of the same round that the balance left after
    the bets could not."""
    rnd = deal(EVOLUTION, "Ah 2s 7h 10c 3d 5c", balance=15, hot_3=5)   # A 7 with a 2 up: 20
    assert side_result_at_deal(rnd) == [("Total 20", 10)]
    assert rnd.seats[0].balance == 15
    assert Action.DOUBLE in rnd.legal_actions()
    play(rnd, Action.DOUBLE)                 # soft 18 doubles to 21; the dealer 12, 17
    assert hand_nets(rnd) == [20] and rnd.seats[0].balance == 45
    assert_all_dealt(rnd)


def side_result_at_deal(rnd: Round) -> list[tuple[str | None, Fraction]]:
    """The category and net of each side bet the deal settled (seat 0)."""
    return [(s.category, s.net) for s in rnd.seats[0].dealt_side_bets]


def test_side_bets_use_first_two_cards_after_split() -> None:
    """docs/rules/evolution.md#side-bets: settled on the seat's first two cards (a split does not
    change them)."""
    rnd = deal(EVOLUTION, "8h 10s 8h 7c 3c 10d", perfect_pairs=5)
    play(rnd, Action.FREE_SPLIT, Action.STAND, Action.STAND)
    assert side_result(rnd, "Perfect Pairs") == ("Perfect Pair", 125)
    assert_all_dealt(rnd)


def test_side_bets_placed_with_main_bet_only() -> None:
    """docs/rules/evolution.md#side-bets: side bets are placed with a main bet, never alone."""
    with pytest.raises(ValueError, match="main bet"):
        Bets(main=Fraction(0), perfect_pairs=Fraction(5))


@pytest.mark.parametrize(("rules", "bet"), [
    (POT_OF_GOLD, "perfect_pairs"), (POT_OF_GOLD, "twenty_one_plus_three"),
    (POT_OF_GOLD, "hot_3"), (EVOLUTION, "pot_of_gold"),
])
def test_side_bet_not_offered_is_refused(rules, bet) -> None:
    """docs/rules/evolution.md#side-bets and docs/rules/pot-of-gold.md#the-pot-of-gold-wager:
    each game offers only its own side bets."""
    bets = Bets(main=Fraction(10), **{bet: Fraction(5)})
    with pytest.raises(IllegalActionError, match="not offered"):
        Round(rules, Shoe.stacked(cards("10h 9s 8d 7c")), bets)
