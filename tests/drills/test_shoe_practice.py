"""Full-shoe practice: a seeded shoe to the cut card, every decision graded, money conserved."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from trainer.drills.shoe_practice import (
    HandCategory,
    RoundRecord,
    ShoePractice,
    ShoeSettings,
    table_policy,
)
from trainer.rules import Action, SideBet, preset
from trainer.teaching.catalog import Catalog
from trainer.teaching.grading import PerfectPlayGrader, TableGrader
from trainer.teaching.records import GradedDecision, Mode
from trainer.teaching.situations import Spot, round_spot


def sloppy(seed: int, catalog: Catalog):  # type: ignore[no-untyped-def]
    """A player who plays the table but picks a random legal action one time in five."""
    rng = random.Random(seed)
    policy = table_policy(TableGrader(catalog))

    def choose(practice: ShoePractice) -> Action:
        assert practice.round is not None
        legal = sorted(practice.round.legal_actions(), key=lambda a: a.value)
        return rng.choice(legal) if rng.random() < 0.2 else policy(practice.round)
    return choose


@pytest.mark.parametrize("name", ["evolution", "pot-of-gold"])
def test_a_seeded_shoe_to_the_cut_card(name: str, evolution: Catalog,
                                       pot_of_gold: Catalog) -> None:
    table = evolution if name == "evolution" else pot_of_gold
    rules = preset(name)
    side = {SideBet.PERFECT_PAIRS: Fraction(1)} if name == "evolution" else {
        SideBet.POT_OF_GOLD: Fraction(1)}
    settings = ShoeSettings(bet=Fraction(10), bankroll=Fraction(5000), side_bets=side,
                            computer_seats=2, seat=1)
    decisions: list[GradedDecision] = []
    rounds: list[RoundRecord] = []
    practice = ShoePractice(rules, settings, seed=20261129, table=table,
                            on_decision=decisions.append, on_round=rounds.append)
    asked = 0
    choose = sloppy(1, table)
    while not practice.finished:
        practice.deal()
        while practice.awaiting:
            practice.answer(choose(practice))
            asked += 1
    report = practice.report()
    assert practice.shoe.cut_card_out
    assert practice.shoe.position <= len(practice.shoe.cards)
    # Every human decision graded, and handed to the hook as it happened.
    assert asked == report.decisions == len(decisions) == len(practice.decisions) > 20
    assert all(d.mode is Mode.SHOE and d.situation_key.startswith(f"{name}|")
               and d.action in d.evs for d in decisions)
    assert report.errors == sum(d.verdict.value == "wrong" for d in decisions) > 0
    assert report.ev_lost == pytest.approx(sum(d.ev_loss for d in decisions))
    # Money is conserved: the bankroll moves by exactly the settled results.
    assert rounds == practice.rounds and report.rounds == len(rounds) > 10
    assert practice.balance == settings.bankroll + report.net
    assert report.net == sum((r.result.net for r in rounds), Fraction(0))
    assert all(r.balance is not None for r in rounds)
    assert float(report.net) == pytest.approx(report.expected - report.skill_cost + report.luck)
    assert report.skill_cost == pytest.approx(report.ev_lost * 10)


def test_perfect_play_grades_against_the_live_shoe(evolution: Catalog) -> None:
    """The grade against the cards not yet seen is kept apart (``shoe``); the decision's own
    grade is the chart's."""
    rules = preset("evolution")
    practice = ShoePractice(rules, ShoeSettings(perfect_play=True, bankroll=None), seed=5,
                            table=evolution)
    policy = table_policy(practice.table_grader)
    pairs = []
    for _ in range(4):
        practice.deal()
        while practice.awaiting:
            assert practice.round is not None
            table_evs, _ = evolution.evs(round_spot(practice.round))
            legal = {a.value for a in practice.round.legal_actions()}
            graded = practice.answer(policy(practice.round))
            offered = {a: ev for a, ev in table_evs.items() if a in legal}
            assert graded.evs == offered and graded.shoe is not None
            assert graded.apart is (graded.shoe.best != graded.best_action)
            pairs.append((offered, graded.shoe.evs))
    assert pairs
    for table_evs, live_evs in pairs:
        assert set(live_evs) == set(table_evs)
        assert live_evs == pytest.approx(table_evs, abs=0.05)     # a few cards gone
    assert any(live != pytest.approx(table, abs=1e-9) for table, live in pairs)


def test_a_perfect_play_grade_is_started_as_the_decision_is_dealt(
        evolution: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """The live shoe's grade of each decision is started when it is dealt (the player's answer
    picks it up: :mod:`trainer.teaching.ahead`), for the decision and shoe then awaited, and
    the decisions are what they are when every grade is worked out at the answer."""
    rules = preset("evolution")
    started: list[tuple[str, tuple[int, ...]]] = []
    prepare = PerfectPlayGrader.prepare

    def decisions(ahead: bool) -> list[GradedDecision]:
        practice = ShoePractice(rules, ShoeSettings(perfect_play=True, bankroll=None), seed=5,
                                table=evolution)
        assert isinstance(practice.grader, PerfectPlayGrader)

        def noted(grader: PerfectPlayGrader, spot: Spot, unseen: tuple[int, ...]) -> None:
            started.append((spot.situation.key, tuple(unseen)))
            if ahead:
                prepare(grader, spot, unseen)
        monkeypatch.setattr(PerfectPlayGrader, "prepare", noted)
        policy = table_policy(practice.table_grader)
        for _ in range(6):
            practice.deal()
            while practice.awaiting:
                assert practice.round is not None
                assert started[-1] == (round_spot(practice.round).situation.key,
                                       practice.unseen())
                practice.answer(policy(practice.round))
        return practice.decisions

    picked_up = decisions(True)
    worked_out_then = decisions(False)
    assert picked_up and [d.shoe for d in picked_up] == [d.shoe for d in worked_out_then]
    assert [d.evs for d in picked_up] == [d.evs for d in worked_out_then]


def test_the_bankroll_can_end_the_shoe(evolution: Catalog) -> None:
    settings = ShoeSettings(bet=Fraction(100), bankroll=Fraction(100))
    practice = ShoePractice(preset("evolution"), settings, seed=2, table=evolution)
    report = practice.play(lambda p: Action.STAND if Action.STAND in p.round.legal_actions()
                           else Action.NO_INSURANCE)  # type: ignore[union-attr]
    assert practice.finished and report.rounds >= 1
    assert practice.balance is not None and practice.balance >= 0
    assert practice.balance == Fraction(100) + report.net
    with pytest.raises(RuntimeError, match="finished"):
        practice.deal()


def test_changed_bets_apply_from_the_next_round(evolution: Catalog) -> None:
    """A change made while a round is in play leaves that round's bets alone; the next round is
    dealt with the new ones, and the report weighs each round by its own main bet."""
    rules = preset("evolution")
    practice = ShoePractice(rules, ShoeSettings(bet=Fraction(10), bankroll=None), seed=4,
                            table=evolution)
    stand = table_policy(TableGrader(evolution))
    practice.deal()
    assert practice.change_bets(Fraction(20), {SideBet.HOT_3: Fraction(5)})
    assert practice.round_bets.main == 10 and practice.round_bets.hot_3 == 0
    while practice.awaiting:
        assert practice.round is not None
        practice.answer(stand(practice.round))
    practice.deal()
    assert practice.round_bets.main == 20 and practice.round_bets.hot_3 == 5
    assert not practice.change_bets(Fraction(20), {SideBet.HOT_3: Fraction(5)})
    while practice.awaiting:
        assert practice.round is not None
        practice.answer(stand(practice.round))
    first, second = practice.rounds
    assert (first.bets.main, second.bets.main, second.bets.hot_3) == (10, 20, 5)
    assert second.expected == pytest.approx(
        20 * evolution.table["game"]["cd"]["ev"]
        + 5 * (evolution.table["side_bets"]["hot_3"] - 1))
    report = practice.report()
    assert report.net == first.net + second.net
    # the main game in main bets, each round over its own; the side bet on a line of its own
    assert report.net_bets == pytest.approx(float(first.main_net / 10 + second.main_net / 20))
    assert report.expected_bets == pytest.approx(first.main_expected / 10
                                                 + second.main_expected / 20)
    assert report.net_bets == pytest.approx(
        report.expected_bets - report.ev_lost + report.luck_bets)
    (hot,) = report.side_bets
    assert (hot.bet, hot.placed, hot.staked) == (SideBet.HOT_3, 1, 5)
    assert hot.net == second.side_net and report.net == report.main_net + hot.net
    assert hot.expected == pytest.approx(5 * (evolution.table["side_bets"]["hot_3"] - 1))
    assert report.expected == pytest.approx(report.main_expected + hot.expected)
    with pytest.raises(ValueError, match="main bet"):
        practice.change_bets(Fraction(0), {})


def test_the_report_counts_skill_by_category_of_hand(evolution: Catalog) -> None:
    rules = preset("evolution")
    practice = ShoePractice(rules, ShoeSettings(bankroll=None), seed=11, table=evolution)
    report = practice.play(sloppy(2, evolution))
    by = {c.category: c for c in report.by_category}
    assert sum(c.decisions for c in by.values()) == report.decisions
    assert sum(c.errors for c in by.values()) == report.errors
    assert sum(c.ev_lost for c in by.values()) == pytest.approx(report.ev_lost)
    assert HandCategory.HARD in by
    for d in practice.decisions:
        kind = d.situation_key.split("|")[3]
        category = HandCategory.of(d.situation_key)
        if "|insurance|" in d.situation_key:
            assert category is HandCategory.INSURANCE
        elif "|free|" in d.situation_key:
            assert category is HandCategory.FREE
        else:
            assert category.name == {"p": "PAIRS", "s": "SOFT", "h": "HARD"}[kind[0]]


def test_side_bets_pay_at_the_deal_and_the_balance_off_the_table_says_so(
        evolution: Catalog) -> None:
    """The bets leave the balance when the round is dealt, a side bet's pay comes back at the
    deal (before any decision), and the round's record keeps its decisions and its main game
    apart from its side bets."""
    from trainer.rules import Shoe, cards

    practice = ShoePractice(preset("evolution"), ShoeSettings(
        bet=Fraction(10), bankroll=Fraction(100),
        side_bets={SideBet.PERFECT_PAIRS: Fraction(5)}), seed=1, table=evolution)
    practice.shoe = Shoe.stacked(cards("8h 10s 8d 6c 3h 10d 5c 9c"), decks=8)
    assert practice.available == 100
    practice.deal()
    assert practice.awaiting and practice.available == 100 - 15 + 65   # a colored pair
    assert practice.balance == 100, "the settled balance moves when the round settles"
    practice.answer(Action.FREE_SPLIT)
    while practice.awaiting:
        practice.answer(Action.STAND)
    (record,) = practice.rounds
    assert [d.action for d in record.decisions] == ["free_split", "stand", "stand"]
    assert record.side_net == 60 and record.main_net == record.net - 60
    assert practice.available == practice.balance == 100 + record.net


def test_the_table_minimum_ends_the_shoe_not_the_last_bets(evolution: Catalog) -> None:
    """With a table minimum, the shoe goes on while the balance covers it, whatever the last
    round's bets were."""
    settings = ShoeSettings(bet=Fraction(50), bankroll=Fraction(40), minimum=Fraction(10))
    practice = ShoePractice(preset("evolution"), settings, seed=2, table=evolution)
    assert not practice.finished
    assert ShoePractice(preset("evolution"), replace(settings, minimum=None), seed=2,
                        table=evolution).finished
    practice.balance = Fraction(9)
    assert practice.finished
