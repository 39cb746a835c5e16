"""Insurance: offered with an ace up only, half the main bet, pays 2:1, settled on its own."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.rules import Action, Bets, InsufficientBalanceError, Outcome, Phase, Seat

from .conftest import (
    EVOLUTION,
    POT_OF_GOLD,
    assert_all_dealt,
    deal,
    deal_seats,
    hand_nets,
    outcomes,
    play,
    snapshot,
)


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_insurance_offered_when_dealer_shows_ace(rules) -> None:
    """docs/rules/evolution.md#insurance: insurance is offered when the up card is an ace."""
    rnd = deal(rules, "10h As 7d 6h")
    assert rnd.phase is Phase.INSURANCE
    assert rnd.legal_actions() == {Action.INSURE, Action.NO_INSURANCE}


def test_insurance_offered_even_to_player_blackjack() -> None:
    """docs/rules/evolution.md#insurance: insurance is offered to a seat holding a blackjack too."""
    rnd = deal(EVOLUTION, "Ah As Kd 6h")
    assert rnd.phase is Phase.INSURANCE
    assert Action.INSURE in rnd.legal_actions()


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_no_insurance_with_ten_up(rules) -> None:
    """docs/rules/evolution.md#the-peek: with a ten-value up no insurance is offered."""
    rnd = deal(rules, "10h Ks 7d 9h")
    assert rnd.phase is Phase.PLAYER
    assert Action.INSURE not in rnd.legal_actions()


def test_insurance_costs_half_the_main_bet() -> None:
    """docs/rules/evolution.md#insurance: insurance costs half the main bet."""
    rnd = deal(EVOLUTION, "10h As 7d 6h", balance=100)
    play(rnd, Action.INSURE)
    assert rnd.seats[0].insurance == 5
    assert rnd.seats[0].balance == 85


def test_insurance_pays_2_to_1_on_dealer_blackjack() -> None:
    """docs/rules/evolution.md#insurance: insurance pays 2 to 1 when the dealer has a blackjack."""
    rnd = deal(EVOLUTION, "10h As 7d Kh", balance=100)
    play(rnd, Action.INSURE)
    result = rnd.results[0]
    assert result.insurance == 10
    assert hand_nets(rnd) == [-10]
    assert result.net == 0
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


def test_insurance_settled_separately_from_the_hand() -> None:
    """docs/rules/evolution.md#insurance: insurance is settled on its own, apart from the hands."""
    rnd = deal(EVOLUTION, "10h As 9d 6h", balance=100)
    play(rnd, Action.INSURE, Action.STAND)  # 19 beats the dealer's soft 17
    result = rnd.results[0]
    assert result.insurance == -5
    assert hand_nets(rnd) == [10]
    assert result.net == 5
    assert rnd.seats[0].balance == 105
    assert_all_dealt(rnd)


def test_insured_blackjack_against_dealer_blackjack() -> None:
    """docs/rules/evolution.md#insurance: offered to a blackjack too, half the main bet, paid 2
    to 1, settled on its own at the peek."""
    rnd = deal(EVOLUTION, "Ah As Kd Qh", balance=100)
    play(rnd, Action.INSURE)
    assert outcomes(rnd) == [Outcome.PUSH]
    assert rnd.results[0].insurance == 10
    assert rnd.seats[0].balance == 110
    assert_all_dealt(rnd)


def test_pot_of_gold_insurance_as_in_evolution() -> None:
    """docs/rules/pot-of-gold.md#insurance: insurance as at the live game."""
    rnd = deal(POT_OF_GOLD, "10h As 7d Kh", balance=100)
    assert rnd.phase is Phase.INSURANCE
    play(rnd, Action.INSURE)
    assert rnd.results[0].insurance == 10
    assert rnd.seats[0].balance == 100
    assert_all_dealt(rnd)


def test_insurance_unaffordable_is_not_offered() -> None:
    """docs/rules/evolution.md#time-and-balance: every bet must be covered by the balance
    (insurance needs half the main bet more)."""
    rnd = deal(EVOLUTION, "10h As 7d 6h", balance=14)
    assert rnd.legal_actions() == {Action.NO_INSURANCE}
    before = snapshot(rnd)
    with pytest.raises(InsufficientBalanceError):
        rnd.act(Action.INSURE)
    assert vars(rnd) == before


def test_every_seat_decides_insurance() -> None:
    """docs/rules/evolution.md#insurance: with an ace up each seat is offered insurance, and
    decides on its own."""
    rnd = deal_seats(EVOLUTION, "10h 9c As 7d 9d Kh",
                     [Seat(Bets(main=Fraction(10)), balance=Fraction(100)),
                      Seat(Bets(main=Fraction(20)), balance=Fraction(100))])
    assert rnd.current == (0, 0)
    play(rnd, Action.NO_INSURANCE)
    assert rnd.phase is Phase.INSURANCE
    assert rnd.current == (1, 0)
    play(rnd, Action.INSURE)
    assert rnd.results[0].insurance is None
    assert rnd.results[1].insurance == 20
    assert [s.balance for s in rnd.seats] == [90, 100]
    assert_all_dealt(rnd)
