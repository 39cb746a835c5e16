"""Findings 5 and 9, and 11's last: every round can finish, a refused round charges nobody, and a
round refuses what is not an action with its own error."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import (
    Action,
    Bets,
    IllegalActionError,
    InsufficientBalanceError,
    Round,
    Seat,
    Shoe,
    ShoeEmptyError,
    cards,
    preset,
)
from trainer.rules.running_out import (
    can_finish_round,
    first_decision_can_run_out,
    points,
    round_points,
)
from trainer.teaching.catalog import catalog

ONE_DECK = replace(preset("evolution"), name="one deck", decks=1, penetration=0.9)
#: The order a card-hungry player prefers: every card it can take, as long as it can.
HUNGRY = (Action.FREE_SPLIT, Action.SPLIT, Action.HIT, Action.NO_INSURANCE, Action.STAND)


def hungry(rnd: Round) -> Action:
    """Take as many cards as the rules allow: split, then hit until it must stop."""
    legal = rnd.legal_actions()
    return next(action for action in HUNGRY if action in legal)


@pytest.mark.parametrize("computer_seats", [0, 3])
def test_a_one_deck_shoe_never_runs_out_mid_round(computer_seats: int) -> None:
    """1 deck, cut card at 90%: before, 11 of 300 shoes alone (218 with three computer seats)
    ran out mid-round. Every seat here takes every card it can; grades come from the 8-deck
    evolution table, which is all this test needs of them (it is about cards)."""
    table = catalog(preset("evolution"))
    rounds = 0
    for seed in range(60):
        practice = ShoePractice(ONE_DECK, ShoeSettings(computer_seats=computer_seats,
                                                       bankroll=None), seed=seed, table=table)
        while not practice.finished:
            assert can_finish_round(ONE_DECK, computer_seats + 1, practice.shoe.composition())
            practice.deal()
            while practice.awaiting:
                practice.answer(hungry(practice.round))
        rounds += practice.report().rounds
        assert practice.shoe.remaining > 0
    assert rounds >= 60


def test_a_table_that_cannot_finish_a_round_is_refused_plainly() -> None:
    """One deck cannot be sure to finish a round of four seats that may split to four hands
    (16 hands of up to 31 points each, 522 points, against the deck's 340)."""
    rules = replace(preset("pot-of-gold"), name="one deck pot", decks=1)
    assert round_points(rules, 4) == 4 * 4 * 31 + 26
    with pytest.raises(ValueError, match="1 deck cannot be sure to finish a round for 4 seats"):
        ShoePractice(rules, ShoeSettings(computer_seats=3),
                     table=catalog(preset("pot-of-gold")))


def test_the_points_bound_is_what_a_round_can_take_at_most() -> None:
    """Worst cases reach the bound's parts: a hand of 21 in aces and small cards hit with a ten
    ends on 31; a dealer 16 hit with a ten ends on 26."""
    deck = Shoe.shuffled(1, seed=1).composition()
    assert points(deck) == 4 * 45 + 16 * 10 == 340
    assert can_finish_round(ONE_DECK, 1, deck)
    assert not can_finish_round(ONE_DECK, 1, (0, 0, 0, 0, 0, 0, 0, 0, 0, 8))   # 80 < 88


def test_a_refused_seat_charges_no_seat() -> None:
    """Seat 1 cannot cover its bets: seat 0 keeps its balance (it was charged 10 before)."""
    first = Seat(Bets(Fraction(10)), balance=Fraction(100))
    short = Seat(Bets(Fraction(10)), balance=Fraction(5))
    with pytest.raises(InsufficientBalanceError, match="seat 1"):
        Round(preset("evolution"), Shoe.shuffled(8, seed=1), [first, short])
    assert first.balance == 100 and short.balance == 5


def test_a_side_bet_not_offered_at_seat_1_charges_no_seat() -> None:
    first = Seat(Bets(Fraction(10)), balance=Fraction(100))
    second = Seat(Bets(Fraction(10), pot_of_gold=Fraction(1)), balance=Fraction(100))
    with pytest.raises(IllegalActionError, match="seat 1: Pot of Gold"):
        Round(preset("evolution"), Shoe.shuffled(8, seed=1), [first, second])
    assert first.balance == 100 and second.balance == 100


def test_a_shoe_too_short_to_deal_charges_no_seat() -> None:
    """Two seats need six cards for the deal; five are left."""
    first = Seat(Bets(Fraction(10)), balance=Fraction(100))
    second = Seat(Bets(Fraction(10)), balance=Fraction(100))
    shoe = Shoe.stacked(cards("8h 10s 8d 6c 9h"))
    with pytest.raises(ShoeEmptyError, match="5 cards left"):
        Round(preset("evolution"), shoe, [first, second])
    assert first.balance == 100 and second.balance == 100 and shoe.position == 0


@pytest.mark.parametrize("not_an_action", ["hit", None, 3, "stand"])
def test_something_that_is_not_an_action_is_an_illegal_action(not_an_action: object) -> None:
    rnd = Round(preset("evolution"), Shoe.stacked(cards("10h 7s 6d 10c 5h 8s")),
                Bets(Fraction(10)))
    with pytest.raises(IllegalActionError, match="is not an action"):
        rnd.act(not_an_action)  # type: ignore[arg-type]
    assert rnd.legal_actions() >= {Action.HIT, Action.STAND}


@pytest.mark.parametrize(("left", "draws", "runs_out"), [
    ((0,) * 10, 1, True),                             # no hole card at all
    ((0, 0, 0, 0, 0, 0, 0, 0, 0, 1), 1, True),        # hole 10: 14 must hit, nothing left
    ((0, 0, 0, 0, 0, 0, 0, 0, 0, 4), 1, False),       # tens only: 14 busts, the hand busts
    ((0, 0, 0, 0, 0, 0, 0, 0, 0, 2), 1, True),        # the player's hit takes the second ten
    ((0, 2, 4, 2, 0, 0, 1, 0, 0, 7), 2, False),       # the published tiny shoe, 2,2 v 7
])
def test_the_first_decision_check_against_a_4(left: tuple[int, ...], draws: int,
                                              runs_out: bool) -> None:
    rules = preset("evolution")
    up = 7 if draws == 2 else 4
    assert first_decision_can_run_out(rules, up, left, draws) is runs_out
