"""The memory model: the forgetting curve, what an answer does to stability, and its gain."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from trainer.scheduler.memory import (
    EXPONENTIAL,
    RUN,
    RUN_GAP,
    MemoryParams,
    Trace,
    day_of,
    due_day,
    gain,
    learn,
    recall,
)
from trainer.teaching.answers import Answer

PARAMS = MemoryParams(first=0.02, growth=10.0, lapse=0.3)


def test_recall_is_ninety_percent_after_one_stability() -> None:
    trace = Trace(stability=2.0, last=10.0)
    assert recall(trace, 10.0) == 1.0
    assert recall(trace, 12.0) == pytest.approx(0.9)
    assert recall(trace, 10.0 + 18.0) == pytest.approx(0.5)      # t = 9 S: one in two
    assert recall(None, 12.0) == 0.0
    assert due_day(trace, 0.9) == pytest.approx(12.0)
    assert due_day(trace, 0.5) == pytest.approx(28.0)


def test_the_first_answer_sets_the_first_stability() -> None:
    assert learn(PARAMS, None, Answer("k", 3.0, False, 0.0)) == Trace(0.02, 3.0, misses=1)
    assert learn(PARAMS, None, Answer("k", 3.0, True, 0.5)) == Trace(0.02, 3.0)


def test_recall_grows_stability_more_when_nearly_forgotten() -> None:
    trace = Trace(1.0, 0.0)
    soon = learn(PARAMS, trace, Answer("k", 1.0, True, 0.0))        # R = 0.9
    late = learn(PARAMS, trace, Answer("k", 9.0, True, 0.0))        # R = 0.5
    assert soon.stability == pytest.approx(1.0 * (1 + 10 * 0.1) + 0.02)
    assert late.stability == pytest.approx(1.0 * (1 + 10 * 0.5) + 0.02)
    assert late.last == 9.0


def test_a_miss_cuts_stability_but_not_below_the_first() -> None:
    assert learn(PARAMS, Trace(1.0, 0.0), Answer("k", 9.0, False, 0.0)).stability == 0.3
    assert learn(PARAMS, Trace(0.05, 0.0), Answer("k", 1.0, False, 0.0)).stability == 0.02


def test_a_right_answer_that_may_be_a_guess_counts_by_its_posterior() -> None:
    """Right at R = 0.5 with a one-in-two guess: recalled with chance 0.5 / 0.75 = 2/3; the
    stability is the geometric mean of the two outcomes weighted so."""
    trace = Trace(1.0, 0.0)
    got = learn(PARAMS, trace, Answer("k", 9.0, True, 0.5))
    recalled, missed = 1.0 * (1 + 10 * 0.5) + 0.02, 0.3
    assert got.stability == pytest.approx(math.exp(
        (2 / 3) * math.log(recalled) + (1 / 3) * math.log(missed)))
    sure = learn(PARAMS, trace, Answer("k", 9.0, True, 0.0))
    assert sure.stability == pytest.approx(recalled)
    assert missed < got.stability < sure.stability


def test_the_gain_of_an_answer_is_its_expected_rise_in_tomorrows_recall() -> None:
    trace = Trace(0.5, 0.0)
    now, tomorrow = 1.0, 2.0
    r = recall(trace, now)
    hit = Trace(PARAMS.first + 0.5 * (1 + 10 * (1 - r)), now)
    miss = Trace(max(0.02, 0.15), now)
    expected = r * recall(hit, tomorrow) + (1 - r) * recall(miss, tomorrow) - recall(
        trace, tomorrow)
    assert gain(PARAMS, trace, now, tomorrow) == pytest.approx(expected)
    assert gain(PARAMS, None, now, tomorrow) == pytest.approx(recall(Trace(0.02, now), tomorrow))
    firm = Trace(500.0, 0.0)
    assert gain(PARAMS, firm, now, tomorrow) < 0.001 < gain(PARAMS, trace, now, tomorrow)


def test_the_exponential_curve_falls_away_past_one_stability() -> None:
    """R = 0.9^(t/S): ninety percent at t = S as on the power curve, 0.9^9 (39%) at 9 S where
    the power curve still holds one in two."""
    trace = Trace(stability=2.0, last=10.0)
    assert recall(trace, 12.0, EXPONENTIAL) == pytest.approx(0.9)
    assert recall(trace, 28.0, EXPONENTIAL) == pytest.approx(0.9 ** 9)
    assert recall(trace, 28.0, EXPONENTIAL) < recall(trace, 28.0)
    assert recall(trace, 11.0, EXPONENTIAL) == pytest.approx(0.9 ** 0.5)
    assert due_day(trace, 0.9, EXPONENTIAL) == pytest.approx(12.0)
    assert due_day(trace, 0.5, EXPONENTIAL) == pytest.approx(10.0 + 2.0 * math.log(0.5)
                                                             / math.log(0.9))
    quick = MemoryParams(0.02, 10.0, 0.3, curve=EXPONENTIAL)
    late = learn(quick, Trace(1.0, 0.0), Answer("k", 9.0, True, 0.0))   # R = 0.9^9
    assert late.stability == pytest.approx(1.0 * (1 + 10 * (1 - 0.9 ** 9)) + 0.02)


def test_a_new_card_that_one_answer_cannot_hold_is_worth_a_run_of_answers() -> None:
    """On the exponential curve a first answer at S = 0.02 leaves 0.9^50 (half a percent)
    for tomorrow; answered again every :data:`RUN_GAP` it builds stability, and its gain is
    the best run's rise in tomorrow's recall per answer, recomputed here by hand."""
    quick = MemoryParams(0.02, 10.0, 0.3, curve=EXPONENTIAL)
    now, tomorrow = 1.0, 2.0
    single = 0.9 ** (1.0 / 0.02)
    stability, best = 0.02, single
    for length in range(2, RUN + 1):
        r = 0.9 ** (RUN_GAP / stability)
        stability = stability * (1 + 10 * (1 - r)) + 0.02
        at = now + (length - 1) * RUN_GAP
        best = max(best, 0.9 ** ((tomorrow - at) / stability) / length)
    assert gain(quick, None, now, tomorrow) == pytest.approx(best)
    assert best > 5 * single
    # on the power curve one answer of the same card is its best run
    assert gain(PARAMS, None, now, tomorrow) == pytest.approx(recall(Trace(0.02, now),
                                                                     tomorrow))


def test_misses_in_a_row_are_read_as_forgetting_not_slips() -> None:
    """A firm card (S = 100 days) missed once under an 8% slip chance keeps nearly all its
    stability: likely a slip. Missed again on each of the next days, each miss is read with
    one more power of the slip chance, so the run cuts it ever faster (under a tenth of it
    after four); a right answer ends the run."""
    slipping = MemoryParams(0.02, 10.0, 0.3, slip=0.08, curve=EXPONENTIAL)
    trace = Trace(100.0, 0.0)
    kept = []
    for day in range(1, 5):
        before = trace.stability
        trace = learn(slipping, trace, Answer("k", float(day), False, 0.0))
        kept.append(trace.stability / before)
        assert trace.misses == day
    assert kept[0] > 0.99 and kept == sorted(kept, reverse=True)
    assert trace.stability < 0.15 * 100.0
    assert learn(slipping, trace, Answer("k", 5.0, True, 0.0)).misses == 0


def test_days_are_counted_from_a_fixed_epoch() -> None:
    moment = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
    assert day_of(moment + timedelta(hours=6)) - day_of(moment) == pytest.approx(0.25)
