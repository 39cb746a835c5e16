"""Placing bets as at the live table: chips the balance covers, spots up to their maximum,
repeat and double on the space bar, x2, all side bets, undo and clear, and the table's refusals
(each in a player's words, nothing changed)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from trainer.drills.betting import MAIN, Betting, Placed, Spot, TableLimits
from trainer.rules import Bets, SideBet

CHIPS = tuple(Fraction(c) for c in (1, 5, 10, 25, 100, 500))
LIMITS = TableLimits(CHIPS, minimum=Fraction(10), maximum=Fraction(200),
                     side_maximum=Fraction(50))
OFFERED = (SideBet.PERFECT_PAIRS, SideBet.TWENTY_ONE_PLUS_THREE, SideBet.HOT_3)
PAIRS, HOT = Spot(SideBet.PERFECT_PAIRS), Spot(SideBet.HOT_3)


def table(balance: int | None = 1000) -> Betting:
    return Betting(LIMITS, OFFERED, None if balance is None else Fraction(balance))


def test_only_the_chips_the_balance_covers_are_enabled() -> None:
    betting = table(30)
    assert [betting.chip_enabled(i) for i in range(6)] == [True, True, True, True, False, False]
    refused = betting.select(4)
    assert not refused.done and refused.message == "Not enough balance for a 100 chip: 30 left."
    assert betting.selected == 0
    assert betting.select(3).done and betting.chip == 25
    assert betting.place(MAIN).done
    assert betting.available == 5
    assert [betting.chip_enabled(i) for i in range(3)] == [True, True, False]
    assert betting.chip == 5, "the 25 in hand is no longer covered: the 5 is taken instead"
    assert betting.place(MAIN).done and betting.stake(MAIN) == 30 and betting.available == 0
    assert not betting.place(MAIN).done and betting.stake(MAIN) == 30, "nothing left"
    assert table(None).chip_enabled(5), "an unlimited balance covers every chip"


def test_each_click_adds_the_chip_up_to_the_spots_maximum_with_a_message() -> None:
    betting = table()
    betting.select(4)                                   # 100
    assert betting.place(MAIN) == Placed(True)
    assert betting.place(MAIN) == Placed(True, "Main bet at the table maximum of 200.")
    assert betting.stake(MAIN) == 200
    again = betting.place(MAIN)
    assert not again.done and again.message == "Main bet at the table maximum of 200."
    betting.select(3)                                   # 25 on a side bet, up to 50
    betting.place(HOT)
    capped = betting.place(HOT)
    assert capped.done and betting.stake(HOT) == 50 and "Hot 3 at the table maximum of 50" in \
        capped.message
    with pytest.raises(ValueError, match="not a bet"):
        betting.place(Spot(SideBet.POT_OF_GOLD))


def test_undo_takes_back_one_placing_at_a_time_and_clear_all() -> None:
    betting = table()
    betting.select(2)
    betting.place(MAIN)
    betting.select(1)
    betting.place(MAIN)
    betting.place(PAIRS)
    assert betting.describe() == "Main bet 15 + Perfect Pairs 5" and betting.total == 20
    assert betting.undo().done and betting.describe() == "Main bet 15"
    assert betting.undo().done and betting.describe() == "Main bet 10"
    assert betting.undo().done and betting.total == 0
    assert betting.undo() == Placed(False, "No bet to undo.")


def test_clear_takes_everything_off() -> None:
    betting = table()
    betting.place(MAIN)
    betting.place(HOT)
    cleared = betting.clear()
    assert cleared.done and cleared.message == "Bets cleared." and betting.total == 0
    assert betting.available == 1000
    assert not betting.undo().done, "a clear leaves nothing to undo"
    assert betting.clear() == Placed(False, "No bet to clear.")


def test_space_repeats_the_last_rounds_bets_then_doubles_them() -> None:
    betting = table()
    assert not betting.space().done, "no round to repeat yet, nothing to double"
    betting.select(2)
    betting.place(MAIN)
    betting.select(1)
    betting.place(HOT)
    betting.dealt(Fraction(985))
    assert betting.total == 0 and betting.can_repeat
    assert betting.last == Bets(main=Fraction(10), hot_3=Fraction(5))
    repeated = betting.space()
    assert repeated.done and repeated.message == "Repeated: Main bet 10 + Hot 3 5."
    assert not betting.can_repeat, "repeat only before the first chip"
    doubled = betting.space()
    assert doubled.done and betting.describe() == "Main bet 20 + Hot 3 10"
    assert betting.undo().done and betting.describe() == "Main bet 10 + Hot 3 5", \
        "a double is one placing"
    assert betting.undo().done and betting.total == 0, "a repeat is one placing"


def test_x2_doubles_every_bet_only_if_the_balance_covers_all() -> None:
    betting = table(40)
    betting.select(2)
    betting.place(MAIN)
    betting.select(1)
    betting.place(HOT)
    betting.place(PAIRS)                       # 20 on the table, 20 left
    assert betting.double().done and betting.total == 40 and betting.available == 0
    refused = betting.double()
    assert not refused.done and betting.total == 40
    assert refused.message == "Not enough balance for doubling every bet (40 more): 0 left."
    rich = table()
    rich.select(4)
    rich.place(MAIN)                            # 100, then x2 to the maximum of 200
    assert rich.double().done and rich.stake(MAIN) == 200
    assert rich.double().message == "Every bet is at its maximum."


def test_all_side_bets_take_the_chip_once_the_main_bet_is_down() -> None:
    betting = table(28)
    betting.select(1)
    first = betting.all_side_bets()
    assert not first.done and first.message.startswith("Place the main bet first")
    betting.select(2)
    betting.place(MAIN)
    betting.select(1)
    assert betting.all_side_bets().done
    assert [betting.stake(s) for s in betting.spots] == [10, 5, 5, 5]
    assert betting.chip == 1, "3 left: the 5 gives way to the 1"
    assert betting.all_side_bets().done and betting.available == 0
    betting.selected = 1                       # the 5 taken back in hand, uncovered
    refused = betting.all_side_bets()
    assert not refused.done and "15 more on the side bets: 0 left" in refused.message
    assert Betting(LIMITS, (), Fraction(100)).all_side_bets().message == \
        "This table offers no side bets."


def test_the_deal_is_refused_in_plain_words_and_nothing_is_lost() -> None:
    betting = table()
    assert betting.problem() == "Place a main bet of at least 10 to be dealt in."
    betting.select(1)
    betting.place(HOT)
    assert betting.problem() == ("Place a main bet of at least 10 to be dealt in; side bets "
                                 "go with a main bet.")
    betting.place(MAIN)
    with pytest.raises(ValueError, match="The table minimum is 10: add 5 to the main bet"):
        betting.bets()
    assert betting.describe() == "Main bet 5 + Hot 3 5", "a refused deal keeps every chip"
    betting.place(MAIN)
    assert betting.bets() == Bets(main=Fraction(10), hot_3=Fraction(5))


def test_a_counters_bet_sets_the_main_bet_within_the_limits() -> None:
    betting = table(100)
    assert betting.set_main(Fraction(30)).done and betting.stake(MAIN) == 30
    assert not betting.set_main(Fraction(300)).done
    assert betting.set_main(Fraction(120)).message == ("Not enough balance for a main bet of "
                                                        "120: 70 left.")
    assert betting.undo().done and betting.stake(MAIN) == 0


@pytest.mark.parametrize(("chips", "low", "high", "words"), [
    ((), 10, 100, "the chips are one or more"),
    ((5, 1), 10, 100, "lowest first"),
    ((1, 5), 0, 100, "above 0"),
    ((1, 5), 200, 100, "at most the maximum"),
])
def test_limits_that_cannot_be_are_refused(chips, low, high, words) -> None:
    with pytest.raises(ValueError, match=words):
        TableLimits(tuple(Fraction(c) for c in chips), Fraction(low), Fraction(high),
                    Fraction(10))
