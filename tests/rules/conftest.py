"""Shared helpers for the rules-core tests.

Every scenario test deals from a stacked shoe holding exactly the cards it lists, in dealing
order: seat card 1 (each seat), the dealer's up card, seat card 2 (each seat), the dealer's hole
card, then cards in play order (a split's first hand gets its second card at once, the next hand
when play reaches it), then the dealer's draws. Drawing past the listed cards raises
:class:`ShoeEmptyError`, and :func:`assert_all_dealt` checks that every listed card was used, so
a scenario cannot silently deal other cards than the test says.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from trainer.rules import (
    Action,
    Bets,
    Outcome,
    Phase,
    Round,
    RuleSet,
    Seat,
    Shoe,
    cards,
    preset,
)

EVOLUTION = preset("evolution")
POT_OF_GOLD = preset("pot-of-gold")
#: The main bet of every scenario unless a test says otherwise.
MAIN = Fraction(10)


def rules_of(rules: RuleSet | str) -> RuleSet:
    """A rule set given directly or by preset name."""
    return preset(rules) if isinstance(rules, str) else rules


def deal(rules: RuleSet | str, text: str, *, main: Fraction | int = MAIN,
         balance: Fraction | int | None = None, **side_bets: Fraction | int) -> Round:
    """A one-seat round dealt from a shoe holding exactly the cards in ``text``."""
    seat = Seat(Bets(main=Fraction(main), **side_bets),
                balance=None if balance is None else Fraction(balance))
    return Round(rules_of(rules), Shoe.stacked(cards(text)), [seat])


def deal_seats(rules: RuleSet | str, text: str, seats: Sequence[Seat]) -> Round:
    """A round for several seats dealt from a shoe holding exactly the cards in ``text``."""
    return Round(rules_of(rules), Shoe.stacked(cards(text)), list(seats))


def play(rnd: Round, *actions: Action) -> Round:
    """Take ``actions`` one after another; returns the round."""
    for action in actions:
        rnd.act(action)
    return rnd


def assert_all_dealt(rnd: Round) -> None:
    """The round is settled and used every card of its stacked shoe, no more, no less."""
    assert rnd.phase is Phase.SETTLED
    assert rnd.shoe.remaining == 0, f"{rnd.shoe.remaining} stacked cards were never dealt"


def hand_nets(rnd: Round, seat: int = 0) -> list[Fraction]:
    """Net money result of each hand of one seat."""
    return [h.net for h in rnd.results[seat].hands]


def outcomes(rnd: Round, seat: int = 0) -> list[Outcome]:
    """How each hand of one seat ended."""
    return [h.outcome for h in rnd.results[seat].hands]


def stakes_in_bets(rnd: Round, seat: int = 0) -> list[tuple[Fraction, Fraction]]:
    """Each hand's (real, free) stakes of one seat, in units of the main bet."""
    main = rnd.seats[seat].bets.main
    return [(h.stakes.real / main, h.stakes.free / main) for h in rnd.seats[seat].hands]


def hand_cards(rnd: Round, seat: int = 0) -> list[str]:
    """Each hand's cards as text, e.g. ``['8♥ 10♦', '8♦ 9♣']``."""
    return [" ".join(map(str, h.cards)) for h in rnd.seats[seat].hands]


def snapshot(rnd: Round) -> dict[str, Any]:
    """A deep copy of the round's whole state, to compare before and after an action."""
    return copy.deepcopy(vars(rnd))


def side_result(rnd: Round, title: str, seat: int = 0) -> tuple[str | None, Fraction]:
    """(category, net) of the side bet with this title, e.g. '21+3'."""
    for result in rnd.results[seat].side_bets:
        if result.bet.title == title:
            return result.category, result.net
    raise AssertionError(f"no {title} side bet was settled")
