"""A played round as the round history keeps it: every hand's cards, the dealer's, each decision
with its grade, each bet's result (the side bets apart, settled at the deal), through JSON and
back exactly; a decision said as what was done, what was best, what it cost."""

from __future__ import annotations

import json
from fractions import Fraction

from trainer.drills.round_history import (
    DecisionLine,
    RoundDetail,
    decision_words,
    hand_words,
    round_detail,
)
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import Action, Shoe, SideBet, cards, preset
from trainer.teaching.catalog import Catalog
from trainer.teaching.records import GradedDecision, Mode, ShoeGrade, Verdict


def test_a_split_round_with_side_bets_is_kept_whole(evolution: Catalog) -> None:
    practice = ShoePractice(preset("evolution"), ShoeSettings(
        bankroll=Fraction(1000), side_bets={SideBet.PERFECT_PAIRS: Fraction(5),
                                            SideBet.HOT_3: Fraction(5)}), seed=1,
        table=evolution)
    practice.shoe = Shoe.stacked(cards("8h 10s 8d 6c 3h 10d 5c 9c"), decks=8)
    practice.deal()
    practice.answer(Action.FREE_SPLIT)
    while practice.awaiting:
        practice.answer(Action.STAND)
    detail = round_detail(practice.rounds[-1], count_bet="Bet, against the ramp: right")
    assert [h.cards for h in detail.hands] == ["8♥ 3♥", "8♦ 10♦"]
    assert [h.stakes for h in detail.hands] == ["stake 10", "free bet 10"]
    assert detail.dealer == "10♠ 6♣ 5♣"
    titles = [(b.title, b.result, b.net, b.at_deal) for b in detail.bets]
    assert titles[0][0] == "Main bet" and not titles[0][3]
    assert titles[1:] == [("Perfect Pairs", "Colored Pair, pays 12 to 1", 60, True),
                          ("Hot 3", "no win", -5, True)]
    assert detail.net == practice.rounds[-1].net
    assert [d.action for d in detail.decisions] == ["free_split", "stand", "stand"]
    again = RoundDetail.from_plain(json.loads(json.dumps(detail.plain())))
    assert again == detail


def test_a_decision_says_what_was_done_what_was_best_and_what_it_cost() -> None:
    wrong = GradedDecision("2026-11-29T12:00:00Z", "evolution", Mode.SHOE,
                           "evolution|first|real|hard16|2|v10", "10♠ 6♦", "10", "stand", "hit",
                           Verdict.WRONG, 0.0412, 900)
    assert decision_words(wrong) == "Hard 16 v 10: you stood, hit was best, \u22120.041 main bets"
    right = GradedDecision("2026-11-29T12:00:00Z", "evolution", Mode.SHOE,
                           "evolution|first|real|pair8|2|v10", "8♥ 8♦", "10", "free_split",
                           "free_split", Verdict.CORRECT, 0.0, 900)
    assert decision_words(right) == "Pair of 8s v 10: you took the free split, right"
    assert hand_words("evolution|insurance|real|any|2|vA") == "Insurance"
    assert hand_words("evolution|split|free|soft18|2|v6") == "Soft 18 (free stake)"


def test_a_time_out_and_a_grade_kept_apart_are_said_as_such_and_kept() -> None:
    """A time-out says what the table played; a grade at a depleted shoe whose best play
    differs from the chart's says both; the round history keeps both through JSON, and reads a
    round kept before (seven values a decision)."""
    timed = GradedDecision("2026-11-29T12:00:00Z", "evolution", Mode.TIMED,
                           "evolution|first|real|hard19|2|v10", "10♠ 9♦", "10", "stand",
                           "stand", Verdict.WRONG, 0.0, 8000, timed_out=True)
    assert decision_words(timed) == "Hard 19 v 10: time out, the table stood, stand was best"
    shoe = ShoeGrade("stand", Verdict.WRONG, 0.0212, {"stand": -0.47, "hit": -0.4912})
    apart = GradedDecision("2026-11-29T12:00:00Z", "golden-nugget-1d-6to5", Mode.SHOE,
                           "golden-nugget-1d-6to5|first|real|hard16|2|v10", "7♣ 9♥", "J", "hit",
                           "hit", Verdict.CORRECT, 0.0, 900, shoe=shoe, apart=True)
    assert decision_words(apart) == ("Hard 16 v J: you hit, stand was best, \u22120.021 main "
                                      "bets (at that shoe: stand; the chart: hit)")
    lines = (DecisionLine.of(timed), DecisionLine.of(apart))
    assert [(d.verdict, d.timed_out, d.chart) for d in lines] == [
        (Verdict.WRONG, True, ""), (Verdict.WRONG, False, "hit")]
    assert [d.words for d in lines] == [decision_words(timed), decision_words(apart)]
    detail = RoundDetail((), "10♠ 7♦", (), lines, None)
    assert RoundDetail.from_plain(json.loads(json.dumps(detail.plain()))) == detail
    older = detail.plain()
    older["decisions"] = [d[:7] for d in older["decisions"]]
    assert [d.words for d in RoundDetail.from_plain(older).decisions][1] == (
        "Hard 16 v J: you hit, stand was best, \u22120.021 main bets")
