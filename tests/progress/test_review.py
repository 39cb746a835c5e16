"""Review queries on a small synthetic history, checked against answers worked out by hand.

History (preset evolution unless said; A, B, C are situations with weights 0.02, 0.05, 0.005):

    session 1, flashcards, 2026-03-01 10:00:00..40  A wrong .2 (1000 ms), B right (2000),
                                                   A right (3000), C acceptable .00005 (4000),
                                                   B wrong .1 (5000)
    session 2, flashcards, 2026-03-02 09:00:00..10  A wrong .2 (1500), B right (2500)
    session 3, shoe,       2026-03-04 10:00:00..30  A right (1000), C wrong .3 (timed out),
                                                   A wrong .2 (3000), B right (2500)
    session 4, shoe, pot-of-gold, 2026-03-04 11:00  D wrong 1.0, weight 0.5 (800)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import astuple
from datetime import date
from pathlib import Path

import pytest

from tests.progress.factories import FIXED_NOW, decision
from trainer.progress import review
from trainer.progress.filters import Filter
from trainer.progress.store import ProgressStore
from trainer.teaching.records import Mode, Verdict

W = {"A": 0.02, "B": 0.05, "C": 0.005, "D": 0.5}
RIGHT, OK, WRONG = Verdict.CORRECT, Verdict.ACCEPTABLE, Verdict.WRONG
HISTORY = [  # session, time, key, verdict, ev_loss, response_ms, timed_out
    (1, "2026-03-01T10:00:00Z", "A", WRONG, 0.2, 1000, False),
    (1, "2026-03-01T10:00:10Z", "B", RIGHT, 0.0, 2000, False),
    (1, "2026-03-01T10:00:20Z", "A", RIGHT, 0.0, 3000, False),
    (1, "2026-03-01T10:00:30Z", "C", OK, 0.00005, 4000, False),
    (1, "2026-03-01T10:00:40Z", "B", WRONG, 0.1, 5000, False),
    (2, "2026-03-02T09:00:00Z", "A", WRONG, 0.2, 1500, False),
    (2, "2026-03-02T09:00:10Z", "B", RIGHT, 0.0, 2500, False),
    (3, "2026-03-04T10:00:00Z", "A", RIGHT, 0.0, 1000, False),
    (3, "2026-03-04T10:00:10Z", "C", WRONG, 0.3, 9000, True),
    (3, "2026-03-04T10:00:20Z", "A", WRONG, 0.2, 3000, False),
    (3, "2026-03-04T10:00:30Z", "B", RIGHT, 0.0, 2500, False),
    (4, "2026-03-04T11:00:00Z", "D", WRONG, 1.0, 800, False),
]
SESSIONS = {1: ("evolution", Mode.FLASHCARDS), 2: ("evolution", Mode.FLASHCARDS),
            3: ("evolution", Mode.SHOE), 4: ("pot-of-gold", Mode.SHOE)}
EVOLUTION = Filter(preset="evolution")


def _record(store: ProgressStore, history: list[tuple]) -> ProgressStore:
    """``store`` after recording the sessions and then ``history`` in the order given."""
    for number, (preset, mode) in SESSIONS.items():
        assert store.start_session(preset, mode, {}) == number
    for session, moment, key, verdict, loss, ms, timed_out in history:
        preset, mode = SESSIONS[session]
        store.record_decision(session, decision(
            time=moment, situation_key=key, verdict=verdict, ev_loss=loss, response_ms=ms,
            timed_out=timed_out, weight=W[key], preset=preset, mode=mode))
    return store


@pytest.fixture
def history(store: ProgressStore) -> ProgressStore:
    """The store holding HISTORY, recorded in time order."""
    return _record(store, HISTORY)


def test_accuracy_and_ev_lost_per_day(history: ProgressStore) -> None:
    days = review.by_day(history, EVOLUTION)
    assert [(d.day, d.decisions, d.right) for d in days] == [
        ("2026-03-01", 5, 3), ("2026-03-02", 2, 1), ("2026-03-04", 4, 2)]
    assert [d.accuracy for d in days] == [0.6, 0.5, 0.5]
    assert [d.ev_lost for d in days] == pytest.approx([0.30005, 0.2, 0.5])


def test_days_can_be_local_days(history: ProgressStore) -> None:
    """Ten hours behind UTC, the 09:00 UTC answers of March 2nd belong to March 1st."""
    days = review.by_day(history, EVOLUTION, utc_offset_minutes=-600)
    assert [(d.day, d.decisions) for d in days] == [("2026-03-01", 7), ("2026-03-04", 4)]


def test_filters_by_mode_and_date(history: ProgressStore) -> None:
    shoe = review.by_day(history, Filter(mode=Mode.SHOE))
    assert [(d.day, d.decisions, d.right) for d in shoe] == [("2026-03-04", 5, 2)]
    later = review.by_day(history, Filter(preset="evolution", since=date(2026, 3, 2)))
    assert [d.day for d in later] == ["2026-03-02", "2026-03-04"]


def test_accuracy_and_ev_lost_per_session(history: ProgressStore) -> None:
    sessions = review.by_session(history)
    assert [(s.session_id, s.mode, s.decisions, s.right) for s in sessions] == [
        (1, "flashcards", 5, 3), (2, "flashcards", 2, 1), (3, "shoe", 4, 2), (4, "shoe", 1, 0)]
    assert [s.ev_lost for s in sessions] == pytest.approx([0.30005, 0.2, 0.5, 1.0])
    assert sessions[3].preset == "pot-of-gold"


def test_per_situation(history: ProgressStore) -> None:
    situations = {s.situation_key: s for s in review.by_situation(history, EVOLUTION)}
    a, b, c = situations["A"], situations["B"], situations["C"]
    assert (a.decisions, a.right, b.decisions, b.right, c.decisions, c.right) == (
        5, 2, 4, 3, 2, 1)
    assert a.accuracy == 0.4 and b.accuracy == 0.75 and c.accuracy == 0.5
    assert (a.ev_lost, a.mean_ev_loss) == pytest.approx((0.6, 0.12))
    assert (c.ev_lost, c.mean_ev_loss) == pytest.approx((0.30005, 0.150025))
    assert (a.mean_response_ms, b.mean_response_ms) == (1900, 3000)
    assert c.mean_response_ms == 4000  # the timed-out answer does not count
    assert list(situations) == ["A", "B", "C"]


def test_leaks_are_ranked_by_cost_per_100_hands_of_natural_play(history: ProgressStore) -> None:
    """A: .12 × .02 × 100 = .24; B: .025 × .05 × 100 = .125; C: .150025 × .005 × 100 = .0750125.

    C loses more per try and more in total than B, but B is met ten times as often.
    """
    ranked = review.leaks(history, EVOLUTION)
    assert [s.situation_key for s in ranked] == ["A", "B", "C"]
    assert [s.leak_per_100 for s in ranked] == pytest.approx([0.24, 0.125, 0.0750125])
    everything = review.leaks(history, limit=2)
    assert [s.situation_key for s in everything] == ["D", "A"]  # D: 1.0 × .5 × 100 = 50
    assert everything[0].leak_per_100 == pytest.approx(50.0)


def test_recent_leaks_read_the_latest_answers_among_the_filtered_decisions(
        history: ProgressStore) -> None:
    """A's last five (newest first): wrong .2, right, wrong .2, right, wrong .2 → .12 × .02 ×
    100 = .24; B: .025 × .05 × 100 = .125; C: .150025 × .005 × 100. Of the last two only:
    A .1 × .02 × 100 = .2, B none (both right). In the shoe: A (right, wrong .2), C (.3) and D
    (pot-of-gold)."""
    every = review.recent_leaks(history, EVOLUTION)
    assert [(s.situation, s.answers) for s in every] == [("A", 5), ("B", 4), ("C", 2)]
    assert [s.per_100 for s in every] == pytest.approx([0.24, 0.125, 0.0750125])
    assert every[0].worst_loss == 0.2 and every[0].played == {"hit": 5}
    last_two = review.recent_leaks(history, EVOLUTION, per_situation=2)
    assert [s.per_100 for s in last_two] == pytest.approx([0.2, 0.0750125])
    shoe = review.recent_leaks(history, Filter(mode=Mode.SHOE))
    assert [(s.situation, s.answers) for s in shoe] == [("D", 1), ("A", 2), ("C", 1)]
    assert [s.per_100 for s in shoe] == pytest.approx([50, 0.2, 0.15])
    assert [s.worth_listing for s in shoe] == [True, True, True]   # D and C: blunders


def test_a_situation_without_loss_is_no_leak(store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.FLASHCARDS, {})
    store.record_decision(session, decision(weight=0.3))
    assert review.leaks(store) == []


def test_retention_after_a_gap_apart_from_in_session(history: ProgressStore) -> None:
    """After a day or more: A right (Mar 4, last seen Mar 2), C wrong, B right -> 2 of 3.

    In session: A right, B wrong (session 1), A wrong (session 3) -> 1 of 3.
    Between sessions under a day apart (Mar 1 10:00 -> Mar 2 09:00): A wrong, B right.
    """
    kept = review.retention(history, EVOLUTION)
    assert (kept.after_gap.tries, kept.after_gap.right) == (3, 2)
    assert (kept.in_session.tries, kept.in_session.right) == (3, 1)
    assert (kept.between_sessions.tries, kept.between_sessions.right) == (2, 1)
    assert (kept.first.tries, kept.first.right) == (3, 2)
    assert kept.after_gap.accuracy == pytest.approx(2 / 3)


def test_retention_scores_the_filtered_tries_against_the_whole_history(
        history: ProgressStore) -> None:
    kept = review.retention(history, Filter(preset="evolution", mode=Mode.SHOE))
    assert (kept.after_gap.tries, kept.after_gap.right) == (3, 2)
    assert (kept.in_session.tries, kept.in_session.right) == (1, 0)
    assert kept.first.tries == 0 and kept.first.accuracy is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_retention_does_not_depend_on_recording_order(
        open_store: Callable[..., ProgressStore], tmp_path: Path, seed: int) -> None:
    """Tries recorded out of time order (an import, a clock fix) are linked as if in order."""
    shuffled = HISTORY.copy()
    random.Random(seed).shuffle(shuffled)
    in_order = review.retention(_record(open_store(), HISTORY))
    with ProgressStore.open(tmp_path / "shuffled.sqlite3") as other:
        assert review.retention(_record(other, shuffled)) == in_order


def test_a_gap_of_exactly_a_day_counts(store: ProgressStore) -> None:
    one = store.start_session("evolution", Mode.FLASHCARDS, {})
    two = store.start_session("evolution", Mode.FLASHCARDS, {})
    for session, moment, key in [(one, "2026-03-01T10:00:00Z", "day"),
                                 (two, "2026-03-02T10:00:00Z", "day"),
                                 (one, "2026-03-01T10:00:01Z", "short"),
                                 (two, "2026-03-02T10:00:00Z", "short")]:
        store.record_decision(session, decision(time=moment, situation_key=key))
    kept = review.retention(store)
    assert (kept.after_gap.tries, kept.between_sessions.tries) == (1, 1)


def test_response_time_trend(history: ProgressStore) -> None:
    days = review.response_times(history, EVOLUTION)
    assert [(d.day, d.decisions, d.median_ms) for d in days] == [
        ("2026-03-01", 5, 3000), ("2026-03-02", 2, 2000), ("2026-03-04", 3, 2500)]
    assert [d.mean_ms for d in days] == pytest.approx([3000, 2000, 6500 / 3])


def test_a_row_whose_ev_lost_no_decision_can_have_is_in_no_review(
        history: ProgressStore, tmp_path: Path) -> None:
    """Before, ``ev_loss = 1e308`` was added up: an EV lost of 1e308 (inf once summed) and a
    leak to match. The reviews leave such rows out, as if they were not stored."""
    with ProgressStore.open(tmp_path / "damaged.sqlite3", clock=lambda: FIXED_NOW) as damaged:
        _record(damaged, [*HISTORY, (1, "2026-03-01T10:00:50Z", "A", WRONG, 1e308, 700, False),
                          (3, "2026-03-04T10:00:40Z", "B", WRONG, 100.0, 900, False),
                          (2, "2026-03-02T09:00:20Z", "C", WRONG, float("inf"), 600, False)])
        for only in (Filter(), EVOLUTION, Filter(mode=Mode.SHOE)):
            assert review.by_day(damaged, only) == review.by_day(history, only)
            assert review.by_session(damaged, only) == review.by_session(history, only)
            assert review.by_situation(damaged, only) == review.by_situation(history, only)
            assert review.recent_leaks(damaged, only) == review.recent_leaks(history, only)
            assert review.response_times(damaged, only) == review.response_times(history, only)
        assert review.recent_answers(damaged, "evolution") == review.recent_answers(
            history, "evolution")
        assert len(list(damaged.decisions(Filter(with_damaged=True)))) == len(HISTORY) + 3


def test_empty_history_gives_empty_reviews(store: ProgressStore) -> None:
    assert review.by_day(store) == review.by_session(store) == review.by_situation(store) == []
    assert review.response_times(store) == []
    assert review.retention(store).after_gap == review.Tally(0, 0)


def same(seen: review.Overview, store: ProgressStore, only: Filter, offset: int) -> bool:
    """The overview equals the four reviews (sums of EV lost to rounding: added in another
    order)."""
    def plain(values: list) -> list:
        return [tuple(pytest.approx(v, rel=1e-12) if isinstance(v, float) else v
                      for v in astuple(value)) for value in values]
    return (plain(seen.days) == plain(review.by_day(store, only, utc_offset_minutes=offset))
            and plain(seen.sessions) == plain(review.by_session(store, only))
            and seen.retention == review.retention(store, only)
            and seen.response == review.response_times(store, only,
                                                       utc_offset_minutes=offset))


@pytest.mark.parametrize("only", [Filter(), EVOLUTION, Filter(mode=Mode.SHOE),
                                  Filter(since=date(2026, 3, 2)),
                                  Filter(preset="pot-of-gold", until=date(2026, 3, 1))])
@pytest.mark.parametrize("offset", [0, -600, 330])
def test_the_one_pass_overview_equals_the_four_reviews(history: ProgressStore, only: Filter,
                                                       offset: int) -> None:
    assert same(review.overview(history, only, utc_offset_minutes=offset), history, only,
                offset)


def test_the_overview_of_a_random_history_equals_the_four_reviews(store: ProgressStore) -> None:
    rng = random.Random(11)
    sessions = [store.start_session(rng.choice(["evolution", "pot-of-gold"]),
                                    rng.choice(list(Mode)), {}) for _ in range(12)]
    for i in range(600):       # sessions interleave and cross midnight; times stay ordered
        day, second = divmod(i * 1733, 86400)
        store.record_decision(rng.choice(sessions), decision(
            time=f"2026-04-{1 + day:02d}T{second // 3600:02d}:{second // 60 % 60:02d}:"
                 f"{second % 60:02d}Z",
            situation_key=rng.choice("ABCD"), verdict=rng.choice(list(Verdict)),
            ev_loss=rng.random() / 4, response_ms=rng.randrange(300, 9000),
            timed_out=rng.random() < 0.1, weight=0.01))
    for offset in (0, 90, -300):
        seen = review.overview(store, utc_offset_minutes=offset)
        assert same(seen, store, Filter(), offset)
        assert sum(d.decisions for d in seen.days) == 600
