"""Whether the cards left can run out before a round is finished.

Cards are counted by blackjack value (aces 1) as compositions: counts of A, 2, ..., 9, ten.
A player hand takes cards only while its hard total is at most 21, so it ends on a hard total
of at most 31; the dealer draws only below 17 (or on soft 17, a hard 7), so the dealer's hand
ends on a hard total of at most 26. Hence one round takes cards worth at most
:func:`round_points` from the shoe, and cards worth more than that always finish a round,
whatever is drawn (:func:`can_finish_round`): the bound the shoe's reshuffle rule uses.

For a hand already dealt from a small shoe (the engine's ``hand --shoe``),
:func:`first_decision_can_run_out` says exactly whether the dealer could be left without a card
after the player's first decision: the dealer's hole card and every card the dealer must draw,
against a stand, a hit or double (one card), or a split (two cards).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from .dealer import blackjack_hole, dealer_must_hit
from .ruleset import RuleSet

#: Highest hard total a player hand can end on (21 hit once more with a ten).
PLAYER_END = 31
#: Highest hard total the dealer's hand can end on (16 hit with a ten).
DEALER_END = 26

Composition = tuple[int, ...]


def points(composition: Sequence[int]) -> int:
    """What the cards of a composition are worth, aces counted 1."""
    return sum(count * value for value, count in enumerate(composition, start=1))


def round_points(rules: RuleSet, seats: int) -> int:
    """The most the cards one round takes from the shoe can be worth (aces 1): every seat's
    hands split to ``max_hands``, each ending on 31, and the dealer's hand ending on 26."""
    return seats * rules.max_hands * PLAYER_END + DEALER_END


def can_finish_round(rules: RuleSet, seats: int, composition: Sequence[int]) -> bool:
    """True when the cards left are sure to finish a round of ``seats`` seats, however it goes:
    they are worth more than the round can take (:func:`round_points`)."""
    return points(composition) > round_points(rules, seats)


def first_decision_can_run_out(rules: RuleSet, up: int, left: Sequence[int],
                               player_draws: int) -> bool:
    """True when, once the player has taken up to ``player_draws`` cards of ``left`` (the cards
    after the deal, hole card included), some order of the rest leaves the dealer (hole card,
    then every card the dealer must draw) without a card. Where the dealer peeks, the hole card
    is never one that makes a blackjack."""
    peeked = blackjack_hole(up) if rules.peek.peeks_on(up) else None
    return any(_dealer_runs_out(rules.dealer_hits_soft_17, peeked, (up,), rest)
               for drawn in range(player_draws + 1) for rest in _after_draws(tuple(left), drawn))


def _after_draws(left: Composition, draws: int) -> Iterator[Composition]:
    """Every composition left once ``draws`` cards are taken (none if there are too few)."""
    if draws == 0:
        yield left
        return
    seen: set[Composition] = set()
    for value, number in enumerate(left, start=1):
        if number:
            for rest in _after_draws(_take(left, value), draws - 1):
                if rest not in seen:
                    seen.add(rest)
                    yield rest
    if sum(left) < draws:
        yield tuple(0 for _ in left)   # the player's own draws already ran out


@cache
def _dealer_runs_out(hits_soft_17: bool, peeked: int | None, cards: tuple[int, ...],
                     left: Composition) -> bool:
    """Can the dealer, holding ``cards`` (up card first; the hole card still to come when it
    is alone), need a card when ``left`` holds none (or only hole cards the peek rules out)?"""
    hole = len(cards) == 1
    if not hole and not dealer_must_hit(cards, hits_soft_17):
        return False
    if hole and not any(n for value, n in enumerate(left, start=1) if value != peeked):
        return True   # no hole card the round can have (none left, or only blackjacks)
    if points(left) > DEALER_END - sum(cards):
        return False
    if not any(left):
        return True
    return any(number and not (hole and value == peeked)
               and _dealer_runs_out(hits_soft_17, peeked, (*cards, value), _take(left, value))
               for value, number in enumerate(left, start=1))


def _take(composition: Composition, value: int) -> Composition:
    counts = list(composition)
    counts[value - 1] -= 1
    return tuple(counts)


__all__ = ["DEALER_END", "PLAYER_END", "can_finish_round", "first_decision_can_run_out",
           "points", "round_points"]
