"""The engine's tables offer what the round offers: every first decision and every split hand
of each preset's table lists exactly the actions a live round makes legal with those cards
(both ask trainer.rules.offers; this checks that nothing restates a rule)."""

from __future__ import annotations

import pytest

from strategy_charts.table_keys import hands_of, parse_table_key, split_card_of
from strategy_charts.tables import load_table
from trainer.rules import PRESETS, Action, Bets, Card, Phase, Rank, Round, Shoe, Suit, preset

HOLE = 5       # a hole card that never makes a dealer blackjack (another where the hand has 5s)


def _round(rules, values: list[int], up: int) -> Round:
    """A round dealing ``values[0]``, the up card, ``values[1]``, the hole card, then the rest
    of ``values`` in order, from a full shoe of the rules' decks (no card twice, so a single
    deck holds them)."""
    first, second, *rest = values
    dealt: dict[int, int] = {}

    def card(value: int) -> Card:
        n = dealt[value] = dealt.get(value, -1) + 1
        rank = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)[n // 4 % 4] if value == 10 else (
            Rank(value))
        return Card(rank, list(Suit)[n % 4])

    hole = next(v for v in (HOLE, 6, 4, 7, 3, 8, 2, 9) if v not in (*values, up))
    top = [card(first), card(up), card(second), card(hole), *(card(v) for v in rest)]
    rnd = Round(rules, Shoe.stacked(top, decks=rules.decks), Bets(main=10))
    if rnd.phase is Phase.INSURANCE:
        rnd.act(Action.NO_INSURANCE)
    return rnd


def _values(hand: tuple[int, ...]) -> list[int]:
    return [v for v in range(1, 11) for _ in range(hand[v - 1])]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_tables_offer_what_the_round_offers(name: str) -> None:
    rules = preset(name)
    checked = 0
    for key, entry in load_table(rules)["situations"].items():
        context, stakes, hand, up = parse_table_key(key)
        if context == "first":
            rnd = _round(rules, _values(hand), up)
        elif context == "split" and hands_of(key) == 2:
            pair = split_card_of(key)
            second = next(v for v in _values(hand) if v != pair) if max(hand) == 1 else pair
            rnd = _round(rules, [pair, pair, *([second] if stakes == "real" else
                                               [2 if pair != 2 else 3, second])], up)
            rnd.act(next(a for a in rnd.legal_actions() if a.is_split))
            if stakes == "free" and rnd.current[1] == 0:   # hand one decides (not split aces)
                rnd.act(Action.STAND)
        else:
            continue
        assert {a.value for a in rnd.legal_actions()} == set(entry["ev"]), key
        checked += 1
    assert checked > 500
