"""Whole-game expected value: the first hand from a shoe, every up card and starting hand.

Composition-dependent play ("cd") takes the best action for each exact pair of cards; the
post-split play is the fixed strategy of :mod:`splits` asked for (:class:`post_split.PostSplit`,
CDZ- by default). Insurance is never taken (it is a
separate decision, valued in the tables).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from trainer.rules import Action, RuleSet

from .composition import (
    Composition,
    fits,
    full_shoe,
    of_values,
    subtract,
    total,
    unbusted_hands,
)
from .hand_values import UpCardValues
from .initial_hand import action_values
from .post_split import PostSplit
from .up_card import UpCard, dealer_cache


@dataclass(frozen=True)
class StartingHand:
    """One up card and two player cards, with the probability of that deal."""

    up: int
    first: int
    second: int
    probability: float

    @property
    def hand(self) -> Composition:
        """The player's two cards as a composition."""
        return of_values([self.first, self.second])


def starting_hands(shoe: Composition) -> Iterator[StartingHand]:
    """Every (up card, unordered player pair) with its probability from ``shoe``."""
    n = sum(shoe)
    for up in range(1, 11):
        p_up = shoe[up - 1] / n
        if not p_up:
            continue
        rest = list(shoe)
        rest[up - 1] -= 1
        m = n - 1
        for first in range(1, 11):
            for second in range(first, 11):
                a = rest[first - 1] / m
                rest[first - 1] -= 1
                b = rest[second - 1] / (m - 1)
                rest[first - 1] += 1
                prob = p_up * a * b * (1 if first == second else 2)
                if prob:
                    yield StartingHand(up, first, second, prob)


@dataclass
class GameResult:
    """Whole-game EV and its parts."""

    ev: float
    by_up: dict[int, float] = field(default_factory=dict)
    hands: dict[tuple[int, int, int], dict[Action, float]] = field(default_factory=dict)

    @property
    def rtp(self) -> float:
        """Return to player: 1 + EV."""
        return 1.0 + self.ev


def up_card_values(rules: RuleSet, shoe: Composition, up: int) -> UpCardValues:
    """Values against ``up`` (one hand at a time) with the dealer probabilities of every
    unsplit hand batched in; a split's are batched when it is valued."""
    values = UpCardValues(rules, subtract(shoe, of_values([up])), up)
    hands = unbusted_hands(6 if rules.six_card_charlie else 21)
    left = values.shoe
    values.prepare(h for h in hands if sum(h) >= 2 and fits(h, left))
    return values


Chooser = Callable[[StartingHand, dict[Action, float]], Action]


def best_action(_: StartingHand, actions: dict[Action, float]) -> Action:
    """Composition-dependent choice: the action with the highest value."""
    return max(actions, key=lambda a: actions[a])


def hand_ev(values: UpCardValues, deal: StartingHand, choose: Chooser = best_action,
            numerators: dict[Action, float] | None = None) -> tuple[float, dict[Action, float]]:
    """Unconditional EV of one deal and the (post-peek) EV of each action (from
    ``numerators``, the first actions' values, when given)."""
    hand = deal.hand
    bj_prob = values.dealer_blackjack(hand)
    t, _ = total(hand)
    if t == 21:
        return float(values.rules.blackjack_pays) * (1.0 - bj_prob), {}
    if numerators is None:
        numerators = action_values(values, hand)
    chosen = numerators[choose(deal, {a: x / values.mass(hand) for a, x in numerators.items()})]
    ev = chosen - (bj_prob if values.peek else 0.0)
    mass = values.mass(hand)
    return ev, {a: x / mass for a, x in numerators.items()}


#: One up card's valued deals: the up card's values and, per deal, the deal, its unconditional
#: EV under the chooser and the (post-peek) EV of each first action (empty for a 21).
UpCardDeals = tuple[UpCard, list[tuple[StartingHand, float, dict[Action, float]]]]


def first_decisions(rules: RuleSet, shoe: Composition, choose: Chooser = best_action,
                    post_split: PostSplit = PostSplit.CDZ) -> Iterator[UpCardDeals]:
    """Every up card's deals from ``shoe``, valued: what :func:`game_ev` sums, up card by up
    card, for callers that need more than the sum (the count lab); split hands play
    ``post_split``."""
    by_up: dict[int, list[StartingHand]] = {}
    for deal in starting_hands(shoe):
        by_up.setdefault(deal.up, []).append(deal)
    dealer = dealer_cache(rules, shoe)
    for up, deals in by_up.items():
        card = UpCard(rules, shoe, up, dealer, post_split=post_split)
        valued = []
        for deal in deals:
            ev, actions = hand_ev(card.values, deal, choose, card.first_actions(deal.hand))
            valued.append((deal, ev, actions))
        yield card, valued


def game_ev(rules: RuleSet, shoe: Composition | None = None, choose: Chooser = best_action,
            post_split: PostSplit = PostSplit.CDZ) -> GameResult:
    """Expected value of the first hand from ``shoe`` (a full shoe of the rule set's decks),
    split hands playing ``post_split``."""
    shoe = shoe or full_shoe(rules.decks)
    result = GameResult(ev=0.0)
    for card, deals in first_decisions(rules, shoe, choose, post_split):
        up_total = 0.0
        for deal, ev, actions in deals:
            up_total += deal.probability * ev
            result.hands[(card.up, deal.first, deal.second)] = actions
        result.by_up[card.up] = up_total
        result.ev += up_total
    return result


__all__ = ["GameResult", "StartingHand", "UpCardDeals", "best_action", "first_decisions", "game_ev",
           "hand_ev", "starting_hands", "up_card_values"]
