"""The Pot of Gold wager's distribution: the chance of each lammer count the round ends with,
as the engine plays (:data:`strategy_charts.pot_of_gold.PLAY`), equal to a whole-round
enumeration with Fractions on tiny shoes, summing to one and giving the wager's return."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from strategy_charts.composition import Composition, full_shoe, of_values
from strategy_charts.game import StartingHand, best_action, first_decisions
from strategy_charts.hand_values import FREE, REAL
from strategy_charts.pot_of_gold import (
    MOST_LAMMERS,
    LammerChances,
    deal_lammers,
    rtp_from_lammers,
)
from strategy_charts.tables import TableMismatchError, check, lammer_chances, load_or_build
from strategy_charts.up_card import UpCard, dealer_cache
from trainer.rules import Action, Bets, Peek, Round, RuleSet, Shoe, preset
from trainer.rules.side_bets import bet_of
from trainer.rules.side_bets.pot_of_gold import SPEC

from . import brute_lammers as bl

#: The presets that offer the Pot of Gold wager.
WAGER_PRESETS = ("pot-of-gold", "pot-of-gold-8d")


def engine_chances(rules: RuleSet, shoe: Composition) -> LammerChances:
    """The engine's chances of the first round from ``shoe``: each deal's first decision the
    best, summed as a table build sums them."""
    lammers: dict[int, float] = {}
    for card, deals in first_decisions(rules, shoe):
        for deal, _, actions in deals:
            for count, p in deal_lammers(card, deal, actions).items():
                lammers[count] = lammers.get(count, 0.0) + deal.probability * p
    return LammerChances.of(lammers)


def brute_chances(rules: RuleSet, shoe: Composition) -> tuple[dict[int, Fraction], Fraction]:
    """The same play enumerated card by card: the engine's first decisions and post-split
    strategy at ``shoe``, everything else the table's."""
    cards, choices = {}, {}
    for card, deals in first_decisions(rules, shoe):
        cards[card.up] = card
        for deal, _, actions in deals:
            pair = (min(deal.first, deal.second), max(deal.first, deal.second))
            choices[pair, deal.up] = best_action(deal, actions) if actions else Action.STAND
    return bl.round_lammers(
        rules, tuple(shoe), lambda hand, up: choices[hand, up],
        lambda up, values, stakes: cards[up].cdz_choice(of_values(list(values)), stakes))


TINY = [
    # (rules, shoe A..ten): four eights to split to four hands, twos and threes to double free
    # on them, and no round that can run the shoe out (each takes 10-30 s of Fractions)
    ("pot-of-gold", (1, 1, 1, 1, 1, 1, 1, 4, 1, 8)),
    # a hole card unseen until the end (the engine once missed its blackjacks after a split)
    ("pot-of-gold-no-peek", (1, 1, 1, 1, 1, 1, 1, 4, 1, 8)),
    pytest.param("pot-of-gold", (2, 2, 1, 1, 1, 1, 1, 3, 1, 8), marks=pytest.mark.slow),
    pytest.param("pot-of-gold-two-hands", (1, 2, 2, 1, 1, 1, 1, 2, 1, 8),
                 marks=pytest.mark.slow),
]


def rules_named(name: str) -> RuleSet:
    """The Pot of Gold table, with no peek, or with no resplit."""
    rules = preset("pot-of-gold")
    if name.endswith("-no-peek"):
        return replace(rules, peek=Peek.NONE)
    if name.endswith("-two-hands"):
        return replace(rules, max_hands=2)
    return rules


@pytest.mark.parametrize(("name", "shoe"), TINY)
def test_the_engines_chances_equal_a_whole_round_enumerated(name, shoe) -> None:
    """Each count's chance and the dealer's blackjack equal the enumeration with Fractions
    (to float precision), and the enumeration's chances sum to exactly one."""
    rules = rules_named(name)
    exact, blackjack = brute_chances(rules, shoe)
    assert sum(exact.values()) == 1
    engine = engine_chances(rules, shoe)
    assert engine.by_count == pytest.approx(
        [float(exact.get(k, 0)) for k in range(MOST_LAMMERS + 1)], abs=1e-13)
    assert engine.dealer_blackjack == pytest.approx(float(blackjack), abs=1e-13)
    assert max(exact) >= 3      # the shoe gives splits and free doubles something to count


@pytest.mark.parametrize("name", WAGER_PRESETS)
def test_a_tables_chances_sum_to_one_and_make_its_return(name) -> None:
    """The table's chances sum to one, its dealer blackjack is the cards' own chance, and the
    pay table over the chances gives the wager's return the table states."""
    rules = preset(name)
    table = load_or_build(rules)
    chances = LammerChances.in_table(table)
    assert chances is not None and len(chances.by_count) == MOST_LAMMERS + 1
    assert sum(chances.by_count) == pytest.approx(1.0, abs=1e-12)
    cards = 52 * rules.decks
    tens, aces = 16 * rules.decks, 4 * rules.decks
    assert chances.dealer_blackjack == pytest.approx(2 * aces * tens / (cards * (cards - 1)),
                                                     abs=1e-12)
    assert chances.rtp(SPEC, rules) == pytest.approx(table["side_bets"][SPEC.name], abs=1e-10)


def test_the_chances_give_the_return_of_the_joint_counts() -> None:
    """:meth:`LammerChances.rtp` and :func:`rtp_from_lammers` agree on the same counts, on
    either pay table."""
    lammers = {0: 0.8, 1: 0.1, 2: 0.04, 3: 0.005, 7: 0.001}
    for table in (1, 2):
        rules = replace(preset("pot-of-gold"), pot_of_gold=table)
        assert LammerChances.of(lammers).rtp(SPEC, rules) == pytest.approx(
            rtp_from_lammers(lammers, SPEC, rules), abs=1e-15)


def test_a_table_without_the_wager_keeps_no_chances() -> None:
    assert LammerChances.in_table(load_or_build(preset("evolution"))) is None


def test_a_count_beyond_the_pay_table_is_refused() -> None:
    with pytest.raises(ValueError, match="0 to 7 lammers"):
        LammerChances.of({8: 0.1})


def test_the_full_shoe_sums_as_the_table_build_does() -> None:
    """The engine's chances at the Pot of Gold table's full shoe are the table's."""
    rules = preset("pot-of-gold")
    kept = LammerChances.in_table(load_or_build(rules))
    assert kept is not None
    assert engine_chances(rules, full_shoe(rules.decks)).by_count == pytest.approx(
        kept.by_count, abs=1e-14)


class EnginePlay:
    """The engine's play through the rules core: the best first decision for the deal's cards
    (:func:`best_action` of the engine's values, as the chances assume), a split's every
    resplit, split hands played by the fixed post-split strategy; an unsplit hand that has hit
    stands (it can win no more lammers)."""

    def __init__(self, rules: RuleSet) -> None:
        shoe = full_shoe(rules.decks)
        dealer = dealer_cache(rules, shoe)
        self.cards = {up: UpCard(rules, shoe, up, dealer) for up in range(1, 11)}
        self.first: dict[tuple[Composition, int], Action] = {}

    def __call__(self, rnd: Round) -> Action:
        legal, hand, up = rnd.legal_actions(), rnd.hand, rnd.dealer_up.points
        if Action.NO_INSURANCE in legal:
            return Action.NO_INSURANCE
        cards, card = of_values(list(hand.points)), self.cards[up]
        if not hand.from_split:
            if hand.card_count > 2:
                return Action.STAND
            if (cards, up) not in self.first:
                deal = StartingHand(up, hand.points[0], hand.points[1], 0.0)
                self.first[cards, up] = best_action(deal, card.first_actions(cards))
            return self.first[cards, up]
        splits = [a for a in (Action.FREE_SPLIT, Action.SPLIT) if a in legal]
        if splits:
            return splits[0]
        play = card.cdz_choice(cards, REAL if hand.stakes.real else FREE)
        doubles = [a for a in (Action.FREE_DOUBLE, Action.DOUBLE) if a in legal]
        if play == "double" and doubles:
            return doubles[0]
        return Action.HIT if play != "stand" and Action.HIT in legal else Action.STAND


def simulated_counts(rules: RuleSet, rounds: int) -> dict[int, int]:
    """How many of ``rounds`` seeded first rounds of a shuffled shoe, played by
    :class:`EnginePlay` through the rules core, end with each lammer count (a dealer blackjack
    counted with none); each wager is settled as its count's pay says."""
    play, table = EnginePlay(rules), SPEC.table(rules)
    assert table is not None
    counts: dict[int, int] = {}
    for seed in range(rounds):
        bets = Bets.placing(Fraction(1), {bet_of(SPEC): Fraction(1)})
        rnd = Round(rules, Shoe.shuffled(rules.decks, seed=seed), bets)
        while rnd.legal_actions():
            rnd.act(play(rnd))
        result = rnd.results[0]
        count = 0 if rnd.dealer_blackjack else result.lammers
        counts[count] = counts.get(count, 0) + 1
        assert result.side_bets[0].net == (SPEC.pays(count, table) or -1)
    return counts


@pytest.mark.slow
def test_rounds_played_through_the_rules_core_agree_within_three_standard_errors() -> None:
    """Each count's frequency over seeded rounds is within 3 standard errors of its chance;
    the rarest counts, expected fewer than 10 times, are taken together ("k or more")."""
    rules, rounds = preset("pot-of-gold"), 40_000
    chances = engine_chances(rules, full_shoe(rules.decks)).by_count
    counts = simulated_counts(rules, rounds)
    tail = next(k for k in range(len(chances)) if rounds * sum(chances[k:]) < 10)
    groups = [[k] for k in range(tail - 1)] + [list(range(tail - 1, len(chances)))]
    for group in groups:
        p, seen = sum(chances[k] for k in group), sum(counts.get(k, 0) for k in group)
        error = math.sqrt(p * (1 - p) / rounds)
        assert abs(seen / rounds - p) <= 3 * error, (group, seen, rounds * p)


def test_the_docs_figures_are_the_engines() -> None:
    """docs/rules/pot-of-gold.md#the-wagers-distribution: each count's chance at each preset
    as the table keeps it, to the figures printed."""
    docs = Path(__file__).parents[2] / "docs" / "rules" / "pot-of-gold.md"
    rows = {int(m[1]): re.findall(r"([\d.]+)%", m[2])
            for m in re.finditer(r"^\| (\d) \|(.*)$", docs.read_text(), re.MULTILINE)}
    assert sorted(rows) == list(range(MOST_LAMMERS + 1))
    for column, name in enumerate(WAGER_PRESETS):
        chances = LammerChances.in_table(load_or_build(preset(name)))
        assert chances is not None
        said = [f"{p * 100:#.4g}" for p in chances.by_count]
        assert [rows[k][2 * column if k == 0 else column] for k in rows] == said, name
        assert rows[0][2 * column + 1] == f"{chances.dealer_blackjack * 100:#.4g}"


def test_a_table_kept_from_before_the_chances_is_not_used() -> None:
    """A table of rules with a lammer bet but no chances (kept by an earlier version) is
    refused, so a cached one is built again and a shipped one names its remedy."""
    rules = preset("pot-of-gold")
    table = dict(load_or_build(rules))
    del table["lammers"]
    with pytest.raises(TableMismatchError, match="chance of each lammer count"):
        check(table, rules, "old.json.gz")
    assert lammer_chances(preset("evolution")) is None
