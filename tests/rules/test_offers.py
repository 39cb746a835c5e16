"""What the rules offer a hand, stated once in trainer.rules.offers: doubles, splits, resplits,
and which hands take a decision (the round, the engine, the drills and the UI ask it)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.rules import Action, Hand, Stakes, cards, offers
from trainer.rules.offers import decides, double_offered, split_limit, split_offered

from .conftest import EVOLUTION, POT_OF_GOLD

NO_AUTO_STAND = replace(EVOLUTION, auto_stand_21=False)


@pytest.mark.parametrize(("rules", "cards_", "total", "soft", "from_split", "offered"), [
    (EVOLUTION, 2, 11, False, False, Action.FREE_DOUBLE),   # hard 9-11 double free
    (EVOLUTION, 2, 11, True, False, Action.DOUBLE),         # soft 11 (A,A) only paid
    (EVOLUTION, 2, 12, False, False, Action.DOUBLE),
    (EVOLUTION, 3, 11, False, False, None),                 # two cards only
    (EVOLUTION, 2, 10, False, True, None),                  # no double after a split
    (POT_OF_GOLD, 2, 10, False, True, Action.FREE_DOUBLE),  # free double after split
    (POT_OF_GOLD, 2, 13, False, True, Action.DOUBLE),       # paid double after split
    (replace(EVOLUTION, free_double_totals=frozenset()), 2, 10, False, False, Action.DOUBLE),
])
def test_the_double_a_hand_is_offered(rules, cards_, total, soft, from_split, offered) -> None:
    assert double_offered(rules, cards_, total, soft, from_split) is offered


def test_ten_value_pairs_split_paid_unless_the_rules_say_free() -> None:
    assert offers.split_kind(EVOLUTION, 8) is Action.FREE_SPLIT
    assert offers.split_kind(EVOLUTION, 10) is Action.SPLIT
    every_pair = replace(EVOLUTION, free_split_pairs=frozenset(range(1, 11)))
    assert offers.split_kind(every_pair, 10) is Action.FREE_SPLIT
    assert offers.split_kind(replace(EVOLUTION, free_split_pairs=frozenset()), 8) is Action.SPLIT


def test_splits_stop_at_the_seats_most_hands_and_aces_resplit_only_when_allowed() -> None:
    assert split_offered(EVOLUTION, 8, hands_in_seat=1) is Action.FREE_SPLIT
    assert split_offered(EVOLUTION, 8, hands_in_seat=2) is None          # one split only
    assert split_offered(POT_OF_GOLD, 8, hands_in_seat=3) is Action.FREE_SPLIT
    assert split_offered(POT_OF_GOLD, 8, hands_in_seat=4) is None
    assert split_offered(POT_OF_GOLD, 1, hands_in_seat=2, split_aces=True) is None
    assert split_offered(replace(POT_OF_GOLD, resplit_aces=True), 1, 2, split_aces=True) \
        is Action.FREE_SPLIT
    assert split_offered(EVOLUTION, None, hands_in_seat=1) is None
    assert split_limit(POT_OF_GOLD, 8) == 4 and split_limit(POT_OF_GOLD, 1) == 2
    assert not offers.draws_after_split(1) and offers.draws_after_split(8)


@pytest.mark.parametrize(("rules", "cards_", "total", "from_split", "decision"), [
    (EVOLUTION, 2, 21, False, False),        # a blackjack is paid at once
    (EVOLUTION, 2, 21, True, False),         # a 21 stands by itself
    (NO_AUTO_STAND, 2, 21, True, True),      # ... unless auto_stand_21 is off
    (NO_AUTO_STAND, 2, 21, False, False),    # a blackjack all the same
    (EVOLUTION, 5, 21, False, False),
    (NO_AUTO_STAND, 5, 21, False, True),     # A,A,A,A,7: a sixth card is a Charlie
    (EVOLUTION, 6, 18, False, False),        # Six Card Charlie
    (POT_OF_GOLD, 6, 18, False, True),       # no Charlie at the Pot of Gold table
    (EVOLUTION, 3, 22, False, False),        # busted
])
def test_which_hands_decide(rules, cards_, total, from_split, decision) -> None:
    assert decides(rules, cards_, total, from_split) is decision


def test_the_hand_functions_read_a_live_hand() -> None:
    split_ace = Hand(tuple(cards("Ah As")), Stakes(10), from_split=True, split_aces=True)
    assert offers.pair_of(split_ace) == 1
    assert not offers.hand_draws(split_ace)
    assert offers.hand_split(POT_OF_GOLD, split_ace, 2) is None
    nine_two = Hand(tuple(cards("9h 2s")), Stakes(10))
    assert offers.hand_double(EVOLUTION, nine_two) is Action.FREE_DOUBLE
    assert offers.hand_decides(EVOLUTION, nine_two)
