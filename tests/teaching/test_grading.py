"""Verdicts with the acceptable band, EV lost, explanations, table and perfect-play graders."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from strategy_charts.composition import of_values
from trainer.rules import Action, Card, cards, preset
from trainer.teaching.catalog import Catalog
from trainer.teaching.exact import exact_evs, shoe_view
from trainer.teaching.grading import (
    ACCEPTABLE_BAND,
    Asked,
    PerfectPlayGrader,
    TableGrader,
    grade,
    record,
)
from trainer.teaching.records import Mode, Verdict

EVS = {"hit": -0.280, "stand": -0.301, "double": -0.560}


def test_the_best_action_is_correct() -> None:
    result = grade(Action.HIT, EVS)
    assert (result.verdict, result.best, result.ev_loss) == (Verdict.CORRECT, "hit", 0.0)


def test_a_worse_action_is_wrong_with_its_ev_lost() -> None:
    result = grade("stand", EVS)
    assert result.verdict is Verdict.WRONG
    assert result.ev_loss == pytest.approx(0.021)
    assert result.explanation() == (
        "Hit: −0.280, Stand: −0.301, Double: −0.560 — standing costs 2.1% of your bet")


@pytest.mark.parametrize(("gap", "verdict"), [
    (0.0, Verdict.ACCEPTABLE),          # a tie with the table's chosen best
    (0.00005, Verdict.ACCEPTABLE),
    (0.0001, Verdict.ACCEPTABLE),       # the band's edge: 0.0001 of a bet, as docs/history.md says
    (0.00015, Verdict.WRONG),
    (0.001, Verdict.WRONG),
    (0.009, Verdict.WRONG),
])
def test_the_acceptable_band(gap: float, verdict: Verdict) -> None:
    """Literal gaps: a band built from ACCEPTABLE_BAND itself would follow any change of it."""
    evs = {"stand": 0.1, "hit": 0.1 - gap}
    result = grade("hit", evs, best="stand")
    assert result.verdict is verdict
    assert result.ev_loss == pytest.approx(gap)


def test_the_band_is_a_ten_thousandth_of_a_bet() -> None:
    assert ACCEPTABLE_BAND == 0.0001


def test_grading_only_among_legal_actions() -> None:
    # The balance cannot cover the double: hitting is then the best play on offer.
    evs = {"hit": 0.1, "stand": -0.2, "double": 0.2}
    assert grade("hit", evs, best="double", legal=[Action.HIT, Action.STAND]).verdict is (
        Verdict.CORRECT)
    with pytest.raises(ValueError, match="not among"):
        grade("double", evs, legal=[Action.HIT, Action.STAND])


def test_correct_explanation_names_the_margin() -> None:
    text = grade("hit", {"hit": -0.280, "stand": -0.301}).explanation()
    assert text == ("Hit: −0.280, Stand: −0.301 — hitting is best, 2.1% of your bet better "
                    "than standing")


def test_table_grader_and_record(evolution: Catalog) -> None:
    spot = evolution.spots["evolution|first|real|hard12|2|v4"][0]
    evs, best = TableGrader(evolution).evs(spot)
    assert best == "hit" and set(evs) == {"hit", "stand", "double"}
    result = grade("stand", evs, best)
    when = datetime(2026, 11, 29, 13, 50, 26, tzinfo=UTC)
    asked = Asked(spot, tuple(cards("10s 2d")), Card.parse("4h"),
                  evolution.weight_of(spot.situation))
    decision = record(result, asked, Mode.FLASHCARDS, when, 1234)
    assert decision.time == "2026-11-29T13:50:26Z"
    assert (decision.situation_key, decision.cards, decision.dealer_up) == (
        "evolution|first|real|hard12|2|v4", "10♠ 2♦", "4")
    assert (decision.action, decision.best_action, decision.verdict) == (
        "stand", "hit", Verdict.WRONG)
    assert decision.ev_loss == pytest.approx(evs["hit"] - evs["stand"])
    assert decision.weight > 0 and decision.response_ms == 1234 and not decision.timed_out


@pytest.mark.parametrize("key", [
    "evolution|first|real|pair8|2|v10", "evolution|first|real|soft17|2|v3",
    "evolution|drawn|real|hard16|3|v10", "evolution|drawn|free|hard16|5|v7",
])
def test_perfect_play_at_the_full_shoe_is_the_table(evolution: Catalog, key: str) -> None:
    rules = preset("evolution")
    spot = evolution.spots[key][0]
    table, _ = evolution.evs(spot)
    seen = of_values([spot.situation.up] + [v for v in range(1, 11)
                                            for _ in range(spot.hand[v - 1])])
    exact = exact_evs(rules, spot, shoe_view(rules.decks, seen))
    assert exact == pytest.approx(table, abs=1e-9)


def test_perfect_play_follows_the_live_shoe(evolution: Catalog) -> None:
    rules = preset("evolution")
    spot = evolution.spots["evolution|insurance|real|any|2|vA"][0]
    grader = PerfectPlayGrader(rules, TableGrader(evolution))
    rich = shoe_view(rules.decks, of_values([1] * 20 + [2, 3, 4, 5, 6, 7, 8, 9] * 12))
    evs, best = grader.evs(spot, rich)
    assert best == "insure" and evs["insure"] > 0
    assert grader.evs(spot)[1] == "no_insurance"     # without a live shoe: the table
