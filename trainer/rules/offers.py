"""What the rules offer a hand: its double (free or paid), its split (free or paid, and how many
hands the split may grow to), its surrender, and whether it takes a decision at all.

Each of these rules is stated here once. The round (:class:`~trainer.rules.round.Round`) builds
its legal actions from them; the engine (``strategy_charts``) values exactly the actions they
offer and lets a hand play on exactly when they say it decides; the drills ask them whether a
situation offers a split; the UI, what a flashcard's split hands hold. The functions take plain
facts about a hand (card count, total, softness, whether a split made it, the pair's card
value), so the engine, which counts cards by value, and the round, which holds
:class:`~trainer.rules.hand.Hand` objects, ask the same questions.
"""

from __future__ import annotations

from .actions import Action
from .hand import Hand
from .ruleset import RuleSet, Surrender

#: Cards that make a Six Card Charlie (where the rule set has it).
CHARLIE_CARDS = 6
#: The card value of a pair of aces (ten-values are 10).
ACES = 1


def double_offered(rules: RuleSet, cards: int, total: int, soft: bool,
                   from_split: bool) -> Action | None:
    """The double a hand is offered: FREE_DOUBLE, DOUBLE or None.

    A hard total among ``free_double_totals`` doubles free: on two cards, or on three or more
    (after a hit) with ``free_double_after_hit``; on a hand made by a split only with
    ``free_double_after_split``. Any other hand doubles paid: on two cards, or on three or more
    with ``double_after_hit`` ("DAN"); on a hand made by a split only with
    ``double_after_split`` (docs/rules/rulings.md#doubles-after-a-hit).
    """
    if cards < 2:
        return None
    after_hit = cards > 2
    if (not soft and total in rules.free_double_totals
            and (not from_split or rules.free_double_after_split)
            and (not after_hit or rules.free_double_after_hit)):
        return Action.FREE_DOUBLE
    if (not from_split or rules.double_after_split) and (not after_hit or rules.double_after_hit):
        return Action.DOUBLE
    return None


def doubles_after_hit(rules: RuleSet) -> bool:
    """True when some hand of three or more cards may double (free or paid)."""
    return rules.double_after_hit or (rules.free_double_after_hit and rules.has_free_double)


def split_kind(rules: RuleSet, pair: int) -> Action:
    """How a pair of card value ``pair`` (1 = aces, 10 = ten-values) splits: free when it is
    among ``free_split_pairs``, else with money."""
    return Action.FREE_SPLIT if pair in rules.free_split_pairs else Action.SPLIT


def surrender_offered(rules: RuleSet, cards: int, from_split: bool) -> bool:
    """Whether a hand may surrender: with surrender in the rule set, only the first decision of
    the seat's own two cards (never a hand made by a split, nor after a hit or a double), so a
    surrendered hand never holds a free stake or a lammer (docs/rules/surrender.md)."""
    return rules.surrender.offered and cards == 2 and not from_split


def surrender_before_peek(rules: RuleSet, up_points: int) -> bool:
    """True when the seats' first decisions come before the dealer looks at the hole card:
    early surrender against an up card the dealer peeks on (docs/rules/surrender.md#early)."""
    return rules.surrender is Surrender.EARLY and rules.peek.peeks_on(up_points)


def surrender_loses_to_blackjack(rules: RuleSet) -> bool:
    """True when a surrendered hand still loses its whole stake to a dealer blackjack: late
    surrender, met only where the dealer did not peek (docs/rules/surrender.md#late)."""
    return rules.surrender is Surrender.LATE


def split_limit(rules: RuleSet, pair: int) -> int:
    """The most hands a split of this pair can make: ``max_hands``, but two for aces unless
    ``resplit_aces``."""
    return rules.max_hands if (pair != ACES or rules.resplit_aces) else 2


def split_offered(rules: RuleSet, pair: int | None, hands_in_seat: int,
                  split_aces: bool = False) -> Action | None:
    """The split a hand is offered: FREE_SPLIT, SPLIT or None.

    ``pair`` is the card value of a two-card pair (None for any other hand), ``hands_in_seat``
    how many hands the seat holds, ``split_aces`` whether a split of aces made this hand. A
    seat holding ``max_hands`` splits no more, and aces are resplit only with
    ``resplit_aces``.
    """
    if pair is None or hands_in_seat >= rules.max_hands:
        return None
    if split_aces and not rules.resplit_aces:
        return None
    return split_kind(rules, pair)


def resplit_offered(rules: RuleSet, pair: int, hands_in_seat: int = 2) -> bool:
    """Whether a hand made by splitting ``pair`` that is dealt the pair card again may split
    once more while the seat holds ``hands_in_seat`` hands."""
    return split_offered(rules, pair, hands_in_seat, split_aces=pair == ACES) is not None


def pair_of(hand: Hand) -> int | None:
    """The card value of a two-card pair (J-Q is a pair of ten-values), or None."""
    return hand.cards[0].points if hand.is_pair else None


def draws_after_split(pair: int) -> bool:
    """Whether a hand made by splitting ``pair`` may hit and double: split aces get one card
    each, and only a resplit is offered to them."""
    return pair != ACES


def hand_draws(hand: Hand) -> bool:
    """:func:`draws_after_split` for a live hand (a split hand holds its split card first)."""
    return not hand.from_split or draws_after_split(hand.cards[0].points)


def charlie_cards(rules: RuleSet) -> int | None:
    """Cards that win at once as a Six Card Charlie (None without the rule)."""
    return CHARLIE_CARDS if rules.six_card_charlie else None


def is_charlie(rules: RuleSet, cards: int, total: int) -> bool:
    """True when the rule set has Six Card Charlie and a hand of ``cards`` cards totalling
    ``total`` has made it."""
    return rules.six_card_charlie and cards >= CHARLIE_CARDS and total <= 21


def stands_on(rules: RuleSet, cards: int, total: int) -> bool:
    """True when an unbusted hand takes no decision: a Six Card Charlie (won at once) or a 21
    with ``auto_stand_21``. A busted hand and a blackjack take none either."""
    return is_charlie(rules, cards, total) or (total == 21 and rules.auto_stand_21)


def decides(rules: RuleSet, cards: int, total: int, from_split: bool) -> bool:
    """True when a hand of ``cards`` cards and best ``total`` gets a decision: not busted, not
    a blackjack (two cards making 21, never after a split) and not standing by itself
    (:func:`stands_on`)."""
    if total > 21 or (cards == 2 and total == 21 and not from_split):
        return False
    return not stands_on(rules, cards, total)


def hand_double(rules: RuleSet, hand: Hand) -> Action | None:
    """:func:`double_offered` for a live hand."""
    return double_offered(rules, hand.card_count, hand.total, hand.is_soft, hand.from_split)


def hand_split(rules: RuleSet, hand: Hand, hands_in_seat: int) -> Action | None:
    """:func:`split_offered` for a live hand in a seat of ``hands_in_seat`` hands."""
    return split_offered(rules, pair_of(hand), hands_in_seat, hand.split_aces)


def hand_surrender(rules: RuleSet, hand: Hand) -> bool:
    """:func:`surrender_offered` for a live hand."""
    return surrender_offered(rules, hand.card_count, hand.from_split)


def hand_decides(rules: RuleSet, hand: Hand) -> bool:
    """:func:`decides` for a live hand."""
    return decides(rules, hand.card_count, hand.total, hand.from_split)


__all__ = ["ACES", "CHARLIE_CARDS", "charlie_cards", "decides", "double_offered",
           "doubles_after_hit",
           "draws_after_split", "hand_decides", "hand_double", "hand_draws", "hand_split",
           "hand_surrender", "is_charlie", "pair_of", "resplit_offered", "split_kind",
           "split_limit", "split_offered", "stands_on", "surrender_before_peek",
           "surrender_loses_to_blackjack", "surrender_offered"]
