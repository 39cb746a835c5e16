"""A split pair is graded by the table entry for the hands its seat holds (issue 15)."""

from __future__ import annotations

from fractions import Fraction

from trainer.rules import Card, Hand, Stakes, cards, preset
from trainer.teaching.catalog import catalog
from trainer.teaching.situations import hand_spot


def test_a_pair_in_a_seat_of_three_uses_the_three_hand_entry() -> None:
    rules = preset("pot-of-gold")
    eights = Hand(tuple(cards("8c 8d")), Stakes(Fraction(0), Fraction(10)), from_split=True)
    two = hand_spot(rules, eights, Card.parse("6h"), hands_in_seat=2)
    three = hand_spot(rules, eights, Card.parse("6h"), hands_in_seat=3)
    assert two.situation == three.situation                 # one situation in the history
    assert (two.table_key, three.table_key) == ("split:free:8,8:v6", "split:free:8,8:v6:h3")
    table = catalog(rules)
    evs_two, _ = table.evs(two)
    evs_three, _ = table.evs(three)
    assert evs_three == table.entries["split:free:8,8:v6:h3"]["ev"]
    assert evs_three["free_split"] < evs_two["free_split"]  # the resplit makes fewer hands
    four = hand_spot(rules, eights, Card.parse("6h"), hands_in_seat=4)   # no split offered
    assert four.table_key == "split:free:8,8:v6" and "free_split" not in table.evs(four)[0]


def test_three_hand_entries_are_spots_of_their_pair_situation() -> None:
    table = catalog(preset("pot-of-gold"))
    spots = table.spots["pot-of-gold|split|free|pair8|2|v6"]
    assert sorted(s.hands_in_seat for s in spots) == [2, 3]
    assert {s.table_key for s in spots} == {"split:free:8,8:v6", "split:free:8,8:v6:h3"}
