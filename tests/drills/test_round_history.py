"""A played round as the round history keeps it: every hand's cards, the dealer's, each decision
with its grade, each bet's result (the side bets apart, settled at the deal), through JSON and
back exactly; a decision said as what was done, what was best, what it cost."""

from __future__ import annotations

import json
from fractions import Fraction

from trainer.drills.catalog import Catalog
from trainer.drills.records import GradedDecision, Mode, Verdict
from trainer.drills.round_history import RoundDetail, decision_words, hand_words, round_detail
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import Action, Shoe, SideBet, cards, preset


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
