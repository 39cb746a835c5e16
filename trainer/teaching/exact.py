"""Exact EVs of one spot at any shoe composition, from the strategy engine ("perfect play").

The tables hold the engine's values at a full shoe; full-shoe practice can grade instead against
the shoe actually left: every card the player has seen is gone (the dealer's hole card is not
seen until it is turned). EVs are in units of the main bet and, where the dealer peeks, are
conditional on no dealer blackjack, exactly as in the tables.

A resplit (a split offered to a hand a split made) is valued by the engine's split values with
as many hands as the seat may still make, the hand keeping its own stakes.
"""

from __future__ import annotations

from strategy_charts.composition import Composition, add, full_shoe, of_values, subtract
from strategy_charts.hand_values import FREE, REAL, UpCardValues
from strategy_charts.up_card import live_hand
from trainer.rules import Action, RuleSet, offers
from trainer.rules.insurance import insurance_ev

from .situations import Context, Spot, StakeLabel

Evs = dict[str, float]


def best_of(evs: Evs, preferred: str | None = None) -> str:
    """The action with the highest EV (``preferred`` wins a tie to 10 decimals)."""
    top = max(round(ev, 10) for ev in evs.values())
    if preferred in evs and round(evs[preferred], 10) == top:
        return preferred
    return next(a for a, ev in evs.items() if round(ev, 10) == top)


def shoe_view(decks: int, seen: Composition) -> Composition:
    """The cards a player does not know to be gone: a full shoe less the ``seen`` cards."""
    return subtract(full_shoe(decks), seen)


def insurance_evs(unseen: Composition) -> Evs:
    """Insure (half a bet, pays 2:1) or not, given the cards the hole card can be."""
    p_ten = unseen[9] / sum(unseen)
    return {Action.INSURE.value: insurance_ev(p_ten), Action.NO_INSURANCE.value: 0.0}


def exact_evs(rules: RuleSet, spot: Spot, unseen: Composition) -> Evs:
    """EV of every legal action of ``spot`` when ``unseen`` are the cards not yet seen.

    ``unseen`` excludes the up card and the hand's own cards (and every other seen card).
    """
    s = spot.situation
    if s.context is Context.INSURANCE:
        return insurance_evs(unseen)
    shoe = add(unseen, spot.hand)   # the engine removes the hand itself
    card = live_hand(rules, shoe, s.up, spot.hand, can_split=spot.can_split)
    stakes = REAL if s.stakes is StakeLabel.REAL else FREE
    # a free stake is only ever a split hand's: after hits it plays as one (the tables' drawn
    # free-stake entries too), which matters where hands double after a hit
    after_split = s.context is Context.SPLIT or s.stakes is StakeLabel.FREE
    first = s.context is Context.FIRST
    evs = _divided(card.values, spot.hand, card.actions(
        spot.hand, stakes, after_split=after_split, can_split=first and spot.can_split))
    if s.context is Context.SPLIT and spot.can_split:
        pair = spot.hand.index(2) + 1
        action = offers.split_kind(rules, pair)
        value = card.split_value(pair, action is Action.FREE_SPLIT, stakes,
                                 rules.max_hands - spot.hands_in_seat + 1)
        evs[action.value] = value / card.values.mass(spot.hand)
    return evs


def full_shoe_evs(rules: RuleSet, spot: Spot) -> Evs:
    """Exact EVs at the full shoe (the tables' convention), for spots the table lacks."""
    seen = add(spot.hand, of_values([spot.situation.up]))
    return exact_evs(rules, spot, shoe_view(rules.decks, seen))


def _divided(values: UpCardValues, hand: Composition, numerators: dict[Action, float]) -> Evs:
    mass = values.mass(hand)
    return {a.value: x / mass for a, x in numerators.items()}
