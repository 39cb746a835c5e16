"""The table's view model read off a live Round: cards, hole card, totals, stakes, results."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.rules import Action, Bets, Outcome, Round, Shoe, cards, preset
from trainer.ui.table.model import (
    HIDDEN,
    money_text,
    outcome_text,
    signed_money,
    view_from_round,
)

EVOLUTION = preset("evolution")


def split_round() -> Round:
    """8,8 against a 10: free split; hand one draws a 3 (11), hand two waits with its 8."""
    shoe = Shoe.stacked(cards("8h 10s 8d 6c 3h 10d 5c 9c"))
    rnd = Round(EVOLUTION, shoe, Bets(main=Fraction(10)))
    rnd.act(Action.FREE_SPLIT)
    return rnd


def test_split_round_shows_both_hands_with_their_stakes() -> None:
    view = view_from_round(split_round())
    assert len(view.hands) == 2
    one, two = view.hands
    assert [c.rank_text + c.suit_symbol for c in one.cards] == ["8♥", "3♥"]
    assert one.total_text == "11"
    assert (one.real_stake, one.free_stake, one.lammers) == (10, 0, 0)
    assert [c.rank_text for c in two.cards] == ["8"]
    assert (two.real_stake, two.free_stake, two.lammers) == (0, 10, 1)
    assert view.current == 0
    assert view.message == "Hand 1 of 2: your move"
    assert view.cards_left == 3 and not view.cut_card_out


def test_the_hole_card_is_not_in_the_view_until_turned() -> None:
    view = view_from_round(split_round())
    assert view.hole_hidden
    assert view.dealer_cards[1] == HIDDEN
    assert "6" not in repr(view.dealer_cards)
    assert view.dealer_total_text == "shows 10"


def test_red_suits_are_red() -> None:
    view = view_from_round(split_round())
    assert view.hands[0].cards[0].red
    assert not view.dealer_cards[0].red


def test_settled_round_shows_outcomes_and_dealer_total() -> None:
    rnd = split_round()
    rnd.act(Action.HIT)        # 8 3 10 = 21 stands itself; hand two gets the 5
    rnd.act(Action.STAND)      # 13; dealer 10 6 9 busts with 25
    view = view_from_round(rnd)
    assert not view.hole_hidden and view.current is None
    assert [c.rank_text for c in view.dealer_cards] == ["10", "6", "9"]
    assert view.dealer_total_text == "Bust (25)"
    assert [h.outcome_text for h in view.hands] == ["Win +10", "Win +10"]
    assert view.message == "You win 20"


def test_soft_totals_and_blackjack_in_words() -> None:
    rnd = Round(EVOLUTION, Shoe.stacked(cards("Ah 9s 7d 6c 2h")), Bets(main=Fraction(5)))
    assert view_from_round(rnd).hands[0].total_text == "soft 18"
    rnd = Round(EVOLUTION, Shoe.stacked(cards("Ah 9s Kd 6c 2h 5h")), Bets(main=Fraction(5)))
    view = view_from_round(rnd)
    assert view.hands[0].total_text == "Blackjack"
    assert view.hands[0].outcome_text == "Blackjack +7.50"


def test_insurance_phase_asks() -> None:
    rnd = Round(EVOLUTION, Shoe.stacked(cards("9h As 7d 6c 2h 3h")), Bets(main=Fraction(5)))
    view = view_from_round(rnd)
    assert view.message == "Insurance?" and view.current is None


@pytest.mark.parametrize(("amount", "text", "signed"), [
    (Fraction(10), "10", "+10"), (Fraction(15, 2), "7.50", "+7.50"),
    (Fraction(-10), "-10", "−10"), (Fraction(0), "0", "0"),
])
def test_money_text(amount: Fraction, text: str, signed: str) -> None:
    assert money_text(amount) == text
    assert signed_money(amount) == signed


@pytest.mark.parametrize(("outcome", "net", "text"), [
    (Outcome.WIN, Fraction(20), "Win +20"), (Outcome.LOSE, Fraction(-10), "Lose −10"),
    (Outcome.BUST, Fraction(0), "Bust (free bet)"), (Outcome.PUSH_22, Fraction(0),
                                                     "Push (dealer 22)"),
    (Outcome.CHARLIE, Fraction(10), "Six Card Charlie +10"),
])
def test_outcomes_in_words(outcome: Outcome, net: Fraction, text: str) -> None:
    assert outcome_text(outcome, net) == text
