"""Bets behind (docs/rules/bet-behind.md): money on a seat's hand, settled with that hand,
following its paid doubles and splits as the options say, never on a free stake."""

from __future__ import annotations

import copy
import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from trainer.rules import Action, Outcome, Phase, Round, Surrender
from trainer.rules.bet_behind import BetBehind, settle_behind

from .conftest import EVOLUTION, MAIN, POT_OF_GOLD, deal, play

FIVE = Fraction(5)


def behind(rnd: Round, bet: BetBehind) -> tuple[Fraction, Fraction]:
    """The bet's (staked, net) on seat 0 of the settled ``rnd``."""
    settled = settle_behind(bet, rnd.seats[0].bets.main, rnd.results[0].hands)
    return settled.staked, settled.net


@pytest.mark.parametrize("follows", [False, True])
def test_a_paid_double_is_followed_only_when_chosen(follows: bool) -> None:
    """Soft 17 doubled with money wins 20 for the seat; a bet behind of 5 wins 10 following
    the double, 5 staying at its size."""
    rnd = play(deal(EVOLUTION, "Ah 6c 6d 10s 4h 10c", main=MAIN), Action.DOUBLE)
    assert rnd.results[0].hands[0].net == 20
    staked, net = behind(rnd, BetBehind(0, FIVE, follows_doubles=follows))
    assert (staked, net) == ((10, 10) if follows else (5, 5))


@pytest.mark.parametrize("follows", [False, True])
def test_a_free_double_never_gives_a_bet_behind_a_free_bet(follows: bool) -> None:
    """Hard 10 takes the free double and wins 20 on a real 10; the bet behind of 5 wins 5,
    following or not: it rides on the real stake only."""
    rnd = play(deal(EVOLUTION, "6h 6c 4d 10s 10h 10c", main=MAIN), Action.FREE_DOUBLE)
    assert rnd.results[0].hands[0].net == 20
    assert behind(rnd, BetBehind(0, FIVE, follows_doubles=follows)) == (5, 5)


@pytest.mark.parametrize("follows", [False, True])
def test_a_free_split_hand_carries_none_of_a_bet_behind(follows: bool) -> None:
    """8s split free against a 6: both hands win (the seat wins 20); the free hand has no real
    stake, so the bet behind rides only on the first hand, following splits or not."""
    rnd = play(deal(EVOLUTION, "8h 6c 8d 10s 10h 10c 10d"), Action.FREE_SPLIT,
               Action.STAND, Action.STAND)
    assert [h.net for h in rnd.results[0].hands] == [10, 10]
    assert behind(rnd, BetBehind(0, FIVE, follows_splits=follows)) == (5, 5)


@pytest.mark.parametrize("follows", [False, True])
def test_a_paid_split_is_followed_only_when_chosen(follows: bool) -> None:
    """Tens split with money against a 6: the first hand makes 21 and wins, the second stands
    on 17 and loses (the dealer makes 19). Following, the bet behind has 5 on each (net 0);
    not following, it stays on the first hand at its size (+5)."""
    rnd = play(deal(EVOLUTION, "10h 6c 10d 10s Ah 7c 3d"), Action.SPLIT, Action.STAND)
    assert [h.outcome for h in rnd.results[0].hands] == [Outcome.WIN, Outcome.LOSE]
    staked, net = behind(rnd, BetBehind(0, FIVE, follows_splits=follows))
    assert (staked, net) == ((10, 0) if follows else (5, 5))


def test_a_blackjack_pays_a_bet_behind_three_to_two() -> None:
    rnd = deal(EVOLUTION, "Ah 9c Kd 10s")
    assert rnd.results[0].hands[0].outcome is Outcome.BLACKJACK
    assert behind(rnd, BetBehind(0, FIVE)) == (5, Fraction(15, 2))


def test_a_push_22_pushes_a_bet_behind() -> None:
    rnd = play(deal(EVOLUTION, "10h 6c 8d 6s Kh"), Action.STAND)
    assert rnd.results[0].hands[0].outcome is Outcome.PUSH_22
    assert behind(rnd, BetBehind(0, FIVE)) == (5, 0)


def test_a_surrender_gives_a_bet_behind_half_back() -> None:
    rules = replace(EVOLUTION, surrender=Surrender.EARLY)
    rnd = play(deal(rules, "10h 10c 6d 7s"), Action.SURRENDER)
    assert rnd.results[0].hands[0].outcome is Outcome.SURRENDER
    assert behind(rnd, BetBehind(0, FIVE)) == (5, Fraction(-5, 2))


def test_a_six_card_charlie_wins_a_bet_behind_whatever_the_dealer_holds() -> None:
    """A Charlie made before a dealer blackjack turned over with a ten up has already won."""
    rnd = play(deal(EVOLUTION, "2h 10c 2d As 2s 2c 3h 4d"), *[Action.HIT] * 4)
    assert rnd.results[0].hands[0].outcome is Outcome.CHARLIE
    assert behind(rnd, BetBehind(0, FIVE)) == (5, 5)


def test_a_bet_behind_is_more_than_nothing_on_a_seat() -> None:
    with pytest.raises(ValueError, match="more than 0"):
        BetBehind(1, Fraction(0))
    with pytest.raises(ValueError, match="numbered from 0"):
        BetBehind(-1, FIVE)


def test_the_most_a_bet_behind_can_come_to() -> None:
    """The live game splits once and never doubles after it: a paid double or a paid split,
    twice the bet at most. The table game: four hands, each doubled with money."""
    bet = BetBehind(0, FIVE, follows_doubles=True, follows_splits=True)
    assert bet.most(EVOLUTION) == 10 and bet.most(POT_OF_GOLD) == 40
    assert BetBehind(0, FIVE, follows_splits=True).most(POT_OF_GOLD) == 20
    assert BetBehind(0, FIVE, follows_doubles=True).most(POT_OF_GOLD) == 10
    assert BetBehind(0, FIVE).most(POT_OF_GOLD) == 5


# ----- the money, by brute force ------------------------------------------------------------

#: Tiny cases: a pair against a small up card, with cards enough for any play.
SHOES = {
    "evolution 8s": (EVOLUTION, "8h 6c 8d 10s 3h 2c 10d 9h 5s 7c 10c 4d 2s"),
    "evolution tens": (EVOLUTION, "10h 5c Kd 10s 6h 2c 10d 9h"),
    "evolution soft": (EVOLUTION, "Ah 5c 6d 10s 5h 10d 4c 9h"),
    "pot-of-gold 5s": (POT_OF_GOLD, "5h 6c 5d 10s 5c 4h 5s 6d 10c 2h 3d 9c 7s 10h 8d"),
    "pot-of-gold tens": (POT_OF_GOLD, "10h 5c Qd 6s 10c Jh Kd Ac 9h 2d 10s 3h 7c"),
}
#: Tens after each case's cards, so every play (hitting to a bust) has its cards.
PAD = " 10c" * 12
RATE = {Outcome.WIN: 1, Outcome.CHARLIE: 1, Outcome.BLACKJACK: Fraction(3, 2),
        Outcome.PUSH: 0, Outcome.PUSH_22: 0, Outcome.SURRENDER: Fraction(-1, 2),
        Outcome.LOSE: -1, Outcome.BUST: -1}


Step = tuple[int, Action]     # the hand played (its index) and the action taken


def every_play(rnd: Round, prefix: tuple[Step, ...] = ()) -> list[tuple[Round, tuple[Step, ...]]]:
    """Every way to play the seat's hands of ``rnd`` to the end (each on a copy)."""
    if rnd.phase is Phase.SETTLED:
        return [(rnd, prefix)]
    plays = []
    for action in sorted(rnd.legal_actions(), key=lambda a: a.value):
        child = copy.deepcopy(rnd)
        child.act(action)
        plays += every_play(child, (*prefix, (rnd.current[1], action)))
    return plays


def ledger(steps: tuple[Step, ...], bet: BetBehind) -> list[Fraction]:
    """The bet behind's stake on each hand, kept step by step as a dealer would: placed on
    the first hand; a followed paid split puts it on the new hand, a followed paid double adds
    it again; a free double or split adds nothing."""
    stakes = [bet.amount]
    for index, action in steps:
        if action is Action.SPLIT:
            stakes.insert(index + 1, bet.amount if bet.follows_splits else Fraction(0))
        elif action is Action.FREE_SPLIT:
            stakes.insert(index + 1, Fraction(0))
        elif action is Action.DOUBLE and bet.follows_doubles and (
                index == 0 or bet.follows_splits):
            stakes[index] += bet.amount
    return stakes


@pytest.mark.parametrize("case", sorted(SHOES))
def test_every_play_of_tiny_cases_settles_a_bet_behind_as_a_dealer_would(case: str) -> None:
    rules, text = SHOES[case]
    text += PAD
    plays = every_play(deal(rules, text))
    assert len(plays) > 3
    for (rnd, steps), doubles, splits, amount in itertools.product(
            plays, (False, True), (False, True), (FIVE, Fraction(25))):
        bet = BetBehind(0, amount, doubles, splits)
        stakes = ledger(steps, bet)
        hands = rnd.results[0].hands
        settled = settle_behind(bet, MAIN, hands)
        assert settled.staked == sum(stakes) <= bet.most(rules)
        assert settled.net == sum(s * RATE[h.outcome] for s, h in zip(stakes, hands,
                                                                     strict=True))
        if doubles and splits:     # as the seat's real stakes scale: its nets less free wins
            free = sum(h.hand.stakes.free for h in hands if h.net > 0)
            seat = sum(h.net for h in hands) - free
            assert settled.net == seat * amount / MAIN
