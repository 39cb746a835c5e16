"""Exact values of standing, hitting and doubling a hand against one dealer up card.

All values are *numerators* in units of the main bet: E[net * 1{no dealer blackjack}] where the
dealer peeks at this up card, plain E[net] where it does not (see :mod:`dealer_probabilities`).
Divide by :meth:`UpCardValues.mass` of the decision's shoe to get the EV the player sees after the
peek. A hand is a composition of its cards; ``extra`` is any other cards known to be gone from
the shoe (the other pair cards of a split). Hands that can still hit are played with one of two
stakes, real (1, 0) or free-only (0, 1); a double ends the hand with its stakes grown.

Which hands still decide (not busted, not a Six Card Charlie, not a 21 that stands by itself)
is the rules core's :mod:`trainer.rules.offers`; the values are checked against an enumeration
that settles every hand by the core's ``settle_hand`` (``tests/engine/brute_force.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from trainer.rules import Action, RuleSet, Surrender, offers
from trainer.rules.dealer import blackjack_hole

from .composition import EMPTY, Composition, add, size, total, with_card
from .dealer_probabilities import COL_22, COL_BJ, COL_BUST, dealer_table

#: A hand's stakes in main bets: (real, free).
StakeUnits = tuple[int, int]
REAL: StakeUnits = (1, 0)
FREE: StakeUnits = (0, 1)
#: A fixed strategy: (hand, stakes) -> "stand", "hit" or "double".
Decide = Callable[[Composition, StakeUnits], str]
#: The stakes a double leaves on (hand, stakes), for fixed strategies that double.
DoubleStakes = Callable[[Composition, StakeUnits], "StakeUnits | None"]


def doubled_stakes(rules: RuleSet, hand: Composition, stakes: StakeUnits,
                   from_split: bool) -> StakeUnits | None:
    """The stakes the double this hand is offered leaves (a free double adds a free stake, a
    paid one a real stake), or None when it may not double
    (:func:`trainer.rules.offers.double_offered`)."""
    t, soft = total(hand)
    double = offers.double_offered(rules, size(hand), t, soft, from_split)
    if double is Action.FREE_DOUBLE:
        return (stakes[0], stakes[1] + 1)
    if double is Action.DOUBLE:
        return (stakes[0] + 1, stakes[1])
    return None


def hole_index(up: int) -> int | None:
    """The shoe index of the hole card that makes a dealer blackjack with ``up``
    (:func:`trainer.rules.dealer.blackjack_hole`)."""
    hole = blackjack_hole(up)
    return None if hole is None else hole - 1


@cache
def _outcome_vectors(push_22: bool) -> dict[int, tuple[list[float], list[float]]]:
    """Per player total 4..21: (net per unit of real stake, win indicator) per dealer column."""
    vectors = {}
    for player in range(4, 22):
        net, win = [0.0] * 8, [0.0] * 8
        for column, dealer in enumerate(range(17, 22)):
            if player > dealer:
                net[column], win[column] = 1.0, 1.0
            elif player < dealer:
                net[column] = -1.0
        net[COL_BUST] = win[COL_BUST] = 1.0
        if not push_22:
            net[COL_22] = win[COL_22] = 1.0
        net[COL_BJ] = -1.0
        vectors[player] = (net, win)
    return vectors


class UpCardValues:
    """Hand values against one up card, drawn from one shoe (the up card already removed)."""

    def __init__(self, rules: RuleSet, shoe: Composition, up: int) -> None:
        self.rules = rules
        self.shoe = shoe
        self.up = up
        self.peek = rules.peek.peeks_on(up)
        self._bj_index = hole_index(up) if self.peek else None
        self._dealer: dict[Composition, list[float]] = {}
        self._draws: dict[Composition, list[tuple[int, float]]] = {}
        self._stand: dict[Composition, tuple[float, float]] = {}
        self._best: dict[tuple[Composition, Composition, StakeUnits], float] = {}
        self._best_split: dict[tuple[Composition, Composition, StakeUnits], float] = {}
        self._vectors = _outcome_vectors(rules.push_22)
        self.charlie = offers.charlie_cards(rules)
        #: whether hands of three or more cards may double (the best play then weighs it)
        self.after_hit = offers.doubles_after_hit(rules)

    # ----- the shoe ---------------------------------------------------------------------------

    def draws(self, removed: Composition) -> list[tuple[int, float]]:
        """(card value, probability) of the next card once ``removed`` is gone from the shoe."""
        cached = self._draws.get(removed)
        if cached is None:
            left = [s - r for s, r in zip(self.shoe, removed, strict=True)]
            n = sum(left)
            cached = [(i + 1, c / n) for i, c in enumerate(left) if c > 0]
            self._draws[removed] = cached
        return cached

    def mass(self, removed: Composition) -> float:
        """P(no dealer blackjack) once ``removed`` is gone when the dealer peeks here, else 1."""
        if self._bj_index is None:
            return 1.0
        left = [s - r for s, r in zip(self.shoe, removed, strict=True)]
        return 1.0 - left[self._bj_index] / sum(left)

    def dealer_blackjack(self, removed: Composition) -> float:
        """P(dealer blackjack) once ``removed`` is gone from the shoe."""
        hole = hole_index(self.up)
        if hole is None:
            return 0.0
        left = [s - r for s, r in zip(self.shoe, removed, strict=True)]
        return left[hole] / sum(left)

    def surrender(self, removed: Composition) -> float:
        """Numerator of surrendering a hand of one real stake, once ``removed`` is gone
        (docs/rules/surrender.md#its-value): -1/2 after the peek; where the dealer did not
        peek, a late surrender loses the whole stake to a blackjack. An early surrender against
        an up card the dealer peeks on comes before the peek, where it is worth -1/2: its
        numerator adds back the blackjack chance that every numerator here leaves to the peek
        (the first hand's EV is the numerator less that chance, :func:`game.hand_ev`). Checked
        by an enumeration settling a surrendered hand by the rules core."""
        blackjack = self.dealer_blackjack(removed)
        early = self.rules.surrender is Surrender.EARLY
        if self.peek:
            return blackjack - 0.5 if early else -0.5 * (1.0 - blackjack)
        return -0.5 if early else -0.5 * (1.0 - blackjack) - blackjack

    def prepare(self, removals: Iterable[Composition]) -> None:
        """Batch the dealer outcome probabilities of every removal not yet known."""
        missing = sorted({r for r in removals if r not in self._dealer})
        shoes = [tuple(s - r for s, r in zip(self.shoe, rem, strict=True)) for rem in missing]
        table = dealer_table(self.up, self.rules.dealer_hits_soft_17, self.peek, shoes)
        for rem, shoe in zip(missing, shoes, strict=True):
            self._dealer[rem] = table[shoe].tolist()

    def reachable(self, hand: Composition, extra: Composition = EMPTY) -> set[Composition]:
        """Removals ``h + extra`` for every hand ``h`` hitting can make from ``hand`` that still
        needs the dealer's total (not bust, not a Charlie)."""
        found: set[Composition] = set()
        stack = [hand]
        seen = {hand}
        while stack:
            h = stack.pop()
            t, _ = total(h)
            if t > 21 or offers.is_charlie(self.rules, size(h), t):
                continue
            removed = add(h, extra)
            found.add(removed)
            if offers.stands_on(self.rules, size(h), t):
                continue
            for value, _ in self.draws(removed):
                nxt = with_card(h, value)
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return found

    # ----- values -----------------------------------------------------------------------------

    def stand_parts(self, hand: Composition, extra: Composition = EMPTY) -> tuple[float, float]:
        """(A, B) with stand value ``real * A + free * B``: A = P(win) - P(lose), B = P(win)."""
        removed = add(hand, extra)
        key = (*removed, total(hand)[0])
        cached = self._stand.get(key)
        if cached is None:
            if removed not in self._dealer:
                self.prepare([removed])
            dist = self._dealer[removed]
            net, win = self._vectors[max(total(hand)[0], 4)]
            cached = (sum(d * x for d, x in zip(dist, net, strict=True)),
                      sum(d * x for d, x in zip(dist, win, strict=True)))
            self._stand[key] = cached
        return cached

    def stand(self, hand: Composition, stakes: StakeUnits, extra: Composition = EMPTY) -> float:
        """Value of standing with these stakes."""
        a, b = self.stand_parts(hand, extra)
        return stakes[0] * a + stakes[1] * b

    def settled(self, hand: Composition, stakes: StakeUnits, extra: Composition) -> float | None:
        """Value of a hand that takes no decision (bust, Charlie, a 21 that stands), or None if
        it decides (:func:`trainer.rules.offers.stands_on`)."""
        t, _ = total(hand)
        if t > 21:
            return -stakes[0] * self.mass(add(hand, extra))
        cards = size(hand)
        if offers.is_charlie(self.rules, cards, t):
            return (stakes[0] + stakes[1]) * self.mass(add(hand, extra))
        if offers.stands_on(self.rules, cards, t):
            return self.stand(hand, stakes, extra)
        return None

    def best(self, hand: Composition, stakes: StakeUnits, extra: Composition = EMPTY,
             from_split: bool = False) -> float:
        """Value of the best play from here on: hit or stand, and a double where a hand of
        three or more cards is offered one (a split hand's offer with ``from_split``; no
        split)."""
        split = from_split and self.after_hit       # else both are the same play
        memo = self._best_split if split else self._best
        key = (hand, extra, stakes)
        cached = memo.get(key)
        if cached is not None:
            return cached
        value = self.settled(hand, stakes, extra)
        if value is None:
            value = max(self.stand(hand, stakes, extra), self.hit(hand, stakes, extra, split))
            if self.after_hit and size(hand) > 2:
                grown = doubled_stakes(self.rules, hand, stakes, from_split=split)
                if grown is not None:
                    value = max(value, self.double(hand, grown, extra))
        memo[key] = value
        return value

    def hit(self, hand: Composition, stakes: StakeUnits, extra: Composition = EMPTY,
            from_split: bool = False) -> float:
        """Value of taking one card, then playing best (:meth:`best`)."""
        removed = add(hand, extra)
        return sum(p * self.best(with_card(hand, v), stakes, extra, from_split)
                   for v, p in self.draws(removed))

    def double(self, hand: Composition, stakes: StakeUnits, extra: Composition = EMPTY) -> float:
        """Value of taking exactly one more card with these (already grown) stakes."""
        removed = add(hand, extra)
        value = 0.0
        for v, p in self.draws(removed):
            nxt = with_card(hand, v)
            settled = self.settled(nxt, stakes, extra)
            value += p * (settled if settled is not None else self.stand(nxt, stakes, extra))
        return value


def play_fixed(values: UpCardValues, hand: Composition, stakes: StakeUnits, extra: Composition,
               decide: Decide, memo: dict[tuple[Composition, StakeUnits, Composition], float],
               double_stakes: DoubleStakes | None = None) -> float:
    """Numerator of a hand played from here by a fixed strategy (``decide``), not optimally.

    Used for the post-split strategy and the chart strategy, whose values are exact for the
    strategy they follow. ``memo`` caches by (hand, stakes, extra) for one strategy.
    """
    key = (hand, stakes, extra)
    cached = memo.get(key)
    if cached is not None:
        return cached
    value = values.settled(hand, stakes, extra)
    if value is None:
        choice = decide(hand, stakes)
        doubled = double_stakes(hand, stakes) if double_stakes and choice == "double" else None
        if choice == "stand":
            value = values.stand(hand, stakes, extra)
        elif doubled is not None:
            value = values.double(hand, doubled, extra)
        else:
            value = sum(p * play_fixed(values, with_card(hand, c), stakes, extra, decide, memo,
                                       double_stakes)
                        for c, p in values.draws(add(hand, extra)))
    memo[key] = value
    return value
