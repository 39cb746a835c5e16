"""Every registered side bet, through every layer that knows side bets (one parametrised test).

For each spec of :data:`trainer.rules.side_bets.SIDE_BETS`, at a preset that offers it:

* the rules core: stacked-shoe rounds settle it as its pay table says. A card bet is dealt
  cards making each of its categories (and a losing set), placed in the positions it reads; a
  lammer bet is played through shuffled shoes taking every free double and free split, its
  lammers counted here from the actions taken;
* the engine: its probabilities sum to 1 and its return matches what the engine was not
  written from: a card bet's distribution equals brute force over every ordered deal of a small
  shoe; a lammer bet's lammer counts and return match rounds simulated through the rules core
  (the engine's play, the core's dealing and settlement), and the strategy table holds it;
* the count lab: its wager is valued at a shoe (the card bets as the exact sum, the lammer bets
  as the table) and titled, and a preset's shipped lab table holds it;
* the seat: bets place it and refuse a negative stake, a rule set without it refuses it, the
  table shows its spot, and the app's seat panel has its spin box, shown only where offered.

A new side bet is tested here as soon as it is registered; nothing here names one.
"""

from __future__ import annotations

import math
import os
import re
import statistics
from dataclasses import fields, replace
from fractions import Fraction
from itertools import permutations, product

import numpy as np
import pytest

from strategy_charts.composition import full_shoe, of_values
from strategy_charts.counting.cells import WAGER, Cell
from strategy_charts.counting.lab import file_name, load_lab
from strategy_charts.counting.shoes import TYPE_VALUE
from strategy_charts.counting.values import TableCharts, shoe_values
from strategy_charts.game import first_decisions
from strategy_charts.hand_values import FREE, REAL
from strategy_charts.pot_of_gold import deal_lammers, rtp_from_lammers
from strategy_charts.side_bets import (
    CARD_TYPES,
    category_probabilities,
    full_type_counts,
    side_bet_ev,
    side_bet_rtp,
)
from strategy_charts.table_keys import table_key
from strategy_charts.tables import load_or_build
from strategy_charts.up_card import UpCard, dealer_cache
from trainer.rules import (
    PRESETS,
    Action,
    Bets,
    Card,
    IllegalActionError,
    Rank,
    Round,
    RuleSet,
    Shoe,
    SideBet,
    Suit,
)
from trainer.rules.side_bets import (
    SIDE_BETS,
    CardSideBet,
    LammerSideBet,
    SideBetSpec,
    bet_of,
    offered_side_bets,
)
from trainer.rules.side_bets.spec import Seen
from trainer.ui.table.model import side_bet_views

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # the seat panel, before Qt starts

STAKE = Fraction(5)


def offering(spec: SideBetSpec) -> RuleSet:
    """The first preset that offers the bet, else evolution with its (bool) field on."""
    for rules in PRESETS.values():
        if spec.offered(rules):
            return rules
    return replace(PRESETS["evolution"], **{spec.rule_field: True})


def not_offering(spec: SideBetSpec) -> RuleSet | None:
    """A preset that does not offer the bet, if there is one."""
    return next((r for r in PRESETS.values() if not spec.offered(r)), None)


def play_out(rnd: Round, choose) -> Round:
    """Play every decision of the round with ``choose``."""
    while rnd.legal_actions():
        rnd.act(choose(rnd))
    return rnd


def stand(rnd: Round) -> Action:
    """Decline insurance, stand on everything."""
    return Action.NO_INSURANCE if Action.NO_INSURANCE in rnd.legal_actions() else Action.STAND


# --- the rules core ---------------------------------------------------------------------------


def card_examples(spec: CardSideBet) -> dict[object, tuple[Card, ...]]:
    """For each category (and None: a loss), cards in the order of ``spec.reads`` making it."""
    found: dict[object, tuple[Card, ...]] = {}
    wanted = {*spec.categories, None}
    for cards in product(CARD_TYPES, repeat=len(spec.reads)):
        category = spec.category(cards)
        found.setdefault(category, cards)
        if len(found) == len(wanted):
            break
    assert set(found) == wanted, f"{spec.title}: no cards make {wanted - set(found)}"
    return found


def stacked_deal(rules: RuleSet, spec: CardSideBet, cards: tuple[Card, ...]) -> Round:
    """A one-seat round whose seat cards and up card are ``cards`` where ``spec`` reads them
    (a 5 of clubs elsewhere), the hole card a 5 (no dealer blackjack), the rest a real shoe."""
    at = dict(zip(spec.reads, cards, strict=True))
    five = Card(Rank.FIVE, Suit.CLUBS)
    top = [at.get(Seen.FIRST, five), at.get(Seen.UP, five), at.get(Seen.SECOND, five), five]
    bets = Bets.placing(Fraction(10), {bet_of(spec): STAKE})
    return Round(rules, Shoe.stacked(top, decks=rules.decks), bets)


def settles_card_bet(rules: RuleSet, spec: CardSideBet) -> None:
    for category, cards in card_examples(spec).items():
        rnd = play_out(stacked_deal(rules, spec, cards), stand)
        [result] = rnd.results[0].side_bets
        if category is None:
            assert (result.category, result.net) == (None, -STAKE), cards
        else:
            assert (result.category, result.net) == (category.label, STAKE * category.pays)
        views = {v.title: v for v in side_bet_views(rnd, 0)}
        assert views[spec.title].settled and views[spec.title].net == result.net


class FreePlay:
    """Takes every free split and free double (else stands), declines insurance, and counts
    the lammers those actions earn."""

    def __init__(self) -> None:
        self.lammers = 0

    def __call__(self, rnd: Round) -> Action:
        legal = rnd.legal_actions()
        for action in (Action.FREE_SPLIT, Action.FREE_DOUBLE):
            if action in legal:
                self.lammers += 1
                return action
        return stand(rnd)


def settles_lammer_bet(rules: RuleSet, spec: LammerSideBet) -> None:
    table = spec.table(rules)
    assert table is not None
    seen: set[int] = set()
    for seed in range(400):
        policy = FreePlay()
        bets = Bets.placing(Fraction(10), {bet_of(spec): STAKE})
        rnd = play_out(Round(rules, Shoe.shuffled(rules.decks, seed=seed), bets), policy)
        [result] = rnd.results[0].side_bets
        assert rnd.results[0].lammers == policy.lammers
        pays = None if rnd.dealer_blackjack else spec.pays(policy.lammers, table)
        assert result.net == (STAKE * pays if pays else -STAKE), (seed, policy.lammers)
        assert (result.category is None) == (not pays)
        seen.add(policy.lammers if pays else 0)
    assert {0, 1, 2} <= seen                                    # lost, and paid on 1 and 2


# --- the engine -------------------------------------------------------------------------------


def small_shoe() -> dict[Card, int]:
    """Six ranks, 0 to 3 of each card (36 cards, 42,840 ordered deals of three): pairs of each
    kind, straights with an ace, trips of one card and totals 19 to 21 all occur."""
    ranks = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.SEVEN, Rank.QUEEN, Rank.KING)
    return {Card(rank, suit): (int(rank) + s) % 4
            for rank in ranks for s, suit in enumerate(Suit) if (int(rank) + s) % 4}


def brute_force(spec: CardSideBet, shoe: dict[Card, int]) -> dict[object, Fraction]:
    """Each category's chance over every ordered deal of physical cards: seat card, up card,
    seat card (a bet reads the ones it names)."""
    physical = [card for card, count in shoe.items() for _ in range(count)]
    tally: dict[object, int] = {}
    deals = 0
    for first, up, second in permutations(physical, 3):
        dealt = {Seen.FIRST: first, Seen.UP: up, Seen.SECOND: second}
        category = spec.category(tuple(dealt[seen] for seen in spec.reads))
        tally[category] = tally.get(category, 0) + 1
        deals += 1
    return {category: Fraction(n, deals) for category, n in tally.items()}


def values_card_bet(rules: RuleSet, spec: CardSideBet) -> None:
    full = full_type_counts(rules.decks)
    distribution = category_probabilities(spec, full)
    assert list(distribution) == [*spec.categories, None]
    assert sum(distribution.values()) == 1
    shoe = small_shoe()
    brute = brute_force(spec, shoe)
    exact = category_probabilities(spec, shoe)
    assert {c: p for c, p in exact.items() if p} == brute
    rtp = side_bet_rtp(spec, shoe)
    assert rtp == sum((p * (c.pays + 1) for c, p in brute.items() if c), Fraction(0))
    counts = [shoe.get(card, 0) for card in CARD_TYPES]
    assert side_bet_ev(spec, counts) == pytest.approx(float(rtp - 1), abs=1e-12)
    table = load_or_build(rules)["side_bets"][spec.name]
    assert table == round(float(side_bet_rtp(spec, full)), 10)


def engine_lammers(rules: RuleSet) -> dict[int, float]:
    """P(lammers = k, no dealer blackjack) of the first round from a full shoe, by the engine."""
    lammers: dict[int, float] = {}
    for card, deals in first_decisions(rules, full_shoe(rules.decks)):
        for deal, _, actions in deals:
            for count, p in deal_lammers(card, deal, actions).items():
                lammers[count] = lammers.get(count, 0.0) + deal.probability * p
    return lammers


class EnginePlay:
    """The play the engine's lammer counts assume: the first decision the table's best, a
    split's every resplit, split hands doubling by the post-split strategy, stand after."""

    def __init__(self, rules: RuleSet) -> None:
        self.situations = load_or_build(rules)["situations"]
        shoe = full_shoe(rules.decks)
        dealer = dealer_cache(rules, shoe)
        self.cards = {up: UpCard(rules, shoe, up, dealer) for up in range(1, 11)}

    def __call__(self, rnd: Round) -> Action:
        legal, hand, up = rnd.legal_actions(), rnd.hand, rnd.dealer_up.points
        if Action.NO_INSURANCE in legal or hand.card_count > 2:
            return stand(rnd)
        cards = of_values(hand.points)
        if not hand.from_split:
            return Action(self.situations[table_key("first", "real", cards, up)]["best"])
        splits = [a for a in (Action.FREE_SPLIT, Action.SPLIT) if a in legal]
        if splits:
            return splits[0]
        play = self.cards[up].cdz_choice(cards, REAL if hand.stakes.real else FREE)
        doubles = [a for a in (Action.FREE_DOUBLE, Action.DOUBLE) if a in legal]
        if play == "double" and doubles:
            return doubles[0]
        return Action.HIT if play != "stand" else Action.STAND


def values_lammer_bet(rules: RuleSet, spec: LammerSideBet) -> None:
    table = spec.table(rules)
    assert table is not None
    lammers = engine_lammers(rules)
    cards = 52 * rules.decks
    dealer_blackjack = 2 * (4 * rules.decks) * (16 * rules.decks) / (cards * (cards - 1))
    assert sum(lammers.values()) + dealer_blackjack == pytest.approx(1.0, abs=1e-12)
    rtp = rtp_from_lammers(lammers, spec, rules)
    assert load_or_build(rules)["side_bets"][spec.name] == round(rtp, 10)
    rounds, play = 20_000, EnginePlay(rules)
    counts: dict[int, int] = {}
    returns = []
    for seed in range(rounds):
        bets = Bets.placing(Fraction(1), {bet_of(spec): Fraction(1)})
        rnd = play_out(Round(rules, Shoe.shuffled(rules.decks, seed=seed), bets), play)
        if not rnd.dealer_blackjack:
            counts[rnd.results[0].lammers] = counts.get(rnd.results[0].lammers, 0) + 1
        returns.append(1 + float(rnd.results[0].side_bets[0].net))
    for count, p in lammers.items():            # each count's frequency is binomial
        sd = math.sqrt(rounds * p * (1 - p))
        assert abs(counts.get(count, 0) - rounds * p) <= 5 * sd + 1, count
    error = statistics.pstdev(returns) / rounds**0.5
    assert abs(statistics.fmean(returns) - rtp) < 4 * error


# --- the count lab ----------------------------------------------------------------------------


def lab_values(rules: RuleSet, spec: SideBetSpec) -> None:
    table = load_or_build(rules)
    types = np.array(full_type_counts(rules.decks))
    types[[i for i, card in enumerate(CARD_TYPES) if card.points == 10][:5]] -= 1
    types[[i for i, card in enumerate(CARD_TYPES) if card.points == 5][:2]] -= 1
    shoe = tuple(int(n) for n in np.bincount(TYPE_VALUE, types, 10))
    at_full = shoe_values(rules, full_shoe(rules.decks), TableCharts(rules, table["charts"]),
                          np.array(full_type_counts(rules.decks)))
    if isinstance(spec, CardSideBet):
        values = shoe_values(rules, shoe, TableCharts(rules, table["charts"]), types)
        exact = side_bet_rtp(spec, [int(n) for n in types]) - 1
        assert values.wagers[spec.name] == pytest.approx(float(exact), abs=1e-12)
    else:
        assert at_full.wagers[spec.name] == pytest.approx(table["side_bets"][spec.name] - 1,
                                                          abs=1e-9)
    assert Cell(WAGER, 0, 0, spec.name).describe() == spec.title
    if file_name(rules) is not None:                # a preset's lab table ships: it holds it
        shipped = load_lab(rules)["effects"]["wagers"][spec.name]
        assert shipped["ev"] == pytest.approx(at_full.wagers[spec.name], abs=1e-9)
        assert len(shipped["effects"]) == 10


# --- the seat ---------------------------------------------------------------------------------


def seat_places(rules: RuleSet, spec: SideBetSpec, qtbot) -> None:
    from trainer.drills.betting import MAIN, Betting, Spot, TableLimits
    from trainer.ui.practice.shoe_seat import bets_text

    bet = bet_of(spec)
    bets = Bets.placing(Fraction(10), {bet: STAKE})
    assert bets.side(bet) == STAKE and bets.total == 10 + STAKE
    assert f"{spec.title} 5" in bets_text(bets)
    with pytest.raises(ValueError, match="negative"):
        Bets.placing(Fraction(10), {bet: Fraction(-1)})
    assert bet in offered_side_bets(rules)
    limits = TableLimits((Fraction(5), Fraction(10)), Fraction(10), Fraction(100),
                         Fraction(50))
    table = Betting(limits, offered_side_bets(rules), Fraction(100))
    assert Spot(bet) in table.spots and Spot(bet).title == spec.title
    table.select(1)
    table.place(MAIN)
    table.select(0)
    assert table.place(Spot(bet)).done and table.bets() == bets
    other = not_offering(spec)
    if other is not None:
        with pytest.raises(IllegalActionError, match=re.escape(spec.title)):
            Round(other, Shoe.shuffled(other.decks, seed=1), bets)
        elsewhere = Betting(limits, offered_side_bets(other), Fraction(100))
        assert Spot(bet) not in elsewhere.spots
        with pytest.raises(ValueError, match="not a bet at this table"):
            elsewhere.place(Spot(bet))


# --- the one test -----------------------------------------------------------------------------


def test_the_registry_matches_the_enum_the_bets_and_the_rule_set() -> None:
    assert [bet_of(spec) for spec in SIDE_BETS] == list(SideBet)
    assert [f.name for f in fields(Bets)] == ["main", *(s.bet_field for s in SIDE_BETS)]
    rule_fields = {f.name for f in fields(RuleSet)}
    assert all(spec.rule_field in rule_fields for spec in SIDE_BETS)
    assert len({spec.title for spec in SIDE_BETS}) == len(SIDE_BETS)


@pytest.mark.slow
@pytest.mark.parametrize("spec", SIDE_BETS, ids=[spec.name for spec in SIDE_BETS])
def test_every_side_bet(spec: SideBetSpec, qtbot) -> None:
    rules = offering(spec)
    if isinstance(spec, CardSideBet):
        settles_card_bet(rules, spec)
        values_card_bet(rules, spec)
    else:
        settles_lammer_bet(rules, spec)
        values_lammer_bet(rules, spec)
    lab_values(rules, spec)
    seat_places(rules, spec, qtbot)
