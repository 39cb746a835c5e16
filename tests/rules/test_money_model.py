"""The money model: real and free stakes of every hand and how each outcome settles them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.rules import (
    DealerFinal,
    Hand,
    Outcome,
    StakeKind,
    Stakes,
    cards,
    settle_hand,
)

from .conftest import EVOLUTION, MAIN, POT_OF_GOLD

KINDS = [(1, 0), (0, 1), (2, 0), (1, 1), (0, 2)]


def hand_19(real: int, free: int) -> Hand:
    """A three-card hard 19 with stakes (real, free) in main bets."""
    return Hand(cards=tuple(cards("5h 4d 10c")), stakes=Stakes(MAIN * real, MAIN * free))


@pytest.mark.parametrize(("real", "free"), KINDS)
def test_win_pays_real_plus_free(real, free) -> None:
    """docs/rules/money.md#win-push-lose: a win is paid even money on the real and free stakes
    together, and the real stake comes back."""
    result = settle_hand(hand_19(real, free), DealerFinal(18, False), EVOLUTION)
    assert result.outcome is Outcome.WIN
    assert result.net == MAIN * (real + free)


@pytest.mark.parametrize(("real", "free"), KINDS)
def test_push_returns_real_removes_free(real, free) -> None:
    """docs/rules/money.md#win-push-lose: a push returns the real stake and takes the free stake
    away."""
    result = settle_hand(hand_19(real, free), DealerFinal(19, False), EVOLUTION)
    assert result.outcome is Outcome.PUSH
    assert result.net == 0


@pytest.mark.parametrize(("real", "free"), KINDS)
def test_loss_takes_real_removes_free(real, free) -> None:
    """docs/rules/money.md#win-push-lose: a loss takes the real stake and takes the free stake
    away."""
    result = settle_hand(hand_19(real, free), DealerFinal(20, False), EVOLUTION)
    assert result.outcome is Outcome.LOSE
    assert result.net == -MAIN * real


@pytest.mark.parametrize(("real", "free"), [(0, 1), (0, 2)])
@pytest.mark.parametrize("dealer", [DealerFinal(20, False), DealerFinal(21, True)])
def test_free_stake_only_hand_loses_nothing(real, free, dealer) -> None:
    """docs/rules/money.md#win-push-lose: a hand with only a free stake never costs the player
    anything."""
    assert settle_hand(hand_19(real, free), dealer, POT_OF_GOLD).net == 0
    bust = Hand(cards=tuple(cards("10h 4d 10c")), stakes=Stakes(Fraction(0), MAIN * free))
    assert settle_hand(bust, DealerFinal(20, False), POT_OF_GOLD).net == 0


@pytest.mark.parametrize(("real", "free"), KINDS)
def test_stake_kinds(real, free) -> None:
    """docs/rules/money.md#which-stakes-a-hand-can-carry: a hand's (real, free) stakes are (1,
    0), (0, 1), (2, 0), (1, 1) or (0, 2) main bets."""
    kind = Stakes(MAIN * real, MAIN * free).kind(MAIN)
    assert (kind.real, kind.free) == (real, free)


@pytest.mark.parametrize(("real", "free"), [(0, 0), (2, 1), (3, 0), (1, 2), (0, 3)])
def test_no_other_stake_kinds(real, free) -> None:
    """docs/rules/money.md#which-stakes-a-hand-can-carry: no hand carries other stakes than those
    five shapes."""
    with pytest.raises(ValueError):
        StakeKind.of(real, free)


def test_blackjack_pays_3_to_2_on_the_real_stake() -> None:
    """docs/rules/money.md#blackjack: 21 in the first two cards of the initial hand (never after
    a split) pays 3 to 2 and beats any other 21."""
    blackjack = Hand(cards=tuple(cards("Ah Kd")), stakes=Stakes(MAIN))
    result = settle_hand(blackjack, DealerFinal(21, False), EVOLUTION)
    assert result.outcome is Outcome.BLACKJACK
    assert result.net == Fraction(15)
    split_21 = Hand(cards=tuple(cards("Ah Kd")), stakes=Stakes(MAIN), from_split=True)
    assert not split_21.is_blackjack
    assert settle_hand(split_21, DealerFinal(21, False), EVOLUTION).outcome is Outcome.PUSH


@pytest.mark.parametrize("rules", [EVOLUTION, POT_OF_GOLD], ids=lambda r: r.name)
def test_presets_pay_blackjack_3_to_2(rules) -> None:
    """docs/rules/evolution.md#blackjack and docs/rules/pot-of-gold.md#blackjack: both presets
    pay a blackjack 3 to 2."""
    assert rules.blackjack_pays == Fraction(3, 2)
