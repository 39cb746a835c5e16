"""The store's API: sessions, decisions (committed at once, undone kept), filters, memory fits,
shoe rounds."""

from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.progress.errors import StoreClosedError
from trainer.progress.filters import Filter
from trainer.progress.store import ProgressStore
from trainer.scheduler.memory_fit import Fit
from trainer.teaching.records import Mode, Verdict


def test_a_decision_comes_back_exactly(store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.TIMED, {"seconds": 5})
    original = decision(mode=Mode.TIMED, cards="8♠ 8♦", dealer_up="A", action="free_split",
                        best_action="free_split",
                        evs={"free_split": 0.1234567890123, "hit": -1 / 3},
                        weight=1 / 7, ev_loss=0.1 + 0.2, verdict=Verdict.ACCEPTABLE,
                        timed_out=True)
    row_id = store.record_decision(session, original)
    [stored] = list(store.decisions())
    assert (stored.id, stored.session_id, stored.decision) == (row_id, session, original)


def test_each_decision_is_committed_before_record_returns(
        store: ProgressStore, db_path: Path) -> None:
    session = store.start_session("evolution", Mode.FLASHCARDS, {})
    store.record_decision(session, decision())
    other = sqlite3.connect(db_path)  # another reader sees it while the store is still open
    try:
        assert other.execute("SELECT COUNT(*) FROM decisions").fetchone()[0] == 1
    finally:
        other.close()


def test_times_are_stored_in_utc_with_a_z(store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.FLASHCARDS, {})
    store.record_decision(session, decision(time="2026-03-01T14:00:00+02:00"))
    with pytest.raises(ValueError, match="no time zone"):
        store.record_decision(session, decision(time="2026-03-01T14:00:00"))
    assert [s.decision.time for s in store.decisions()] == ["2026-03-01T12:00:00Z"]


def test_sessions_start_and_end(store: ProgressStore) -> None:
    session = store.start_session("pot-of-gold", Mode.SHOE, {"bet": 10, "decks": 6})
    store.end_session(session, at=datetime(2026, 3, 1, 13, 0, tzinfo=UTC))
    [row] = store.rows("SELECT * FROM sessions")
    assert row == {"id": session, "started": "2026-03-01T12:00:00Z",
                   "ended": "2026-03-01T13:00:00Z", "preset": "pot-of-gold", "mode": "shoe",
                   "settings": '{"bet": 10, "decks": 6}', "rules": "d7585231ad7f29ba"}
    with pytest.raises(ValueError, match="no session 99"):
        store.end_session(99)


def test_a_decision_needs_a_real_session(store: ProgressStore) -> None:
    with pytest.raises(ValueError):
        store.record_decision(42, decision())
    assert list(store.decisions()) == []


def test_filters_pick_preset_mode_and_time_range(store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.FLASHCARDS, {})
    times = ["2026-03-01T23:59:59Z", "2026-03-02T00:00:00Z", "2026-03-02T00:00:00.5Z",
             "2026-03-02T23:59:59.9Z", "2026-03-03T00:00:00Z"]
    for i, moment in enumerate(times):
        store.record_decision(session, decision(time=moment, situation_key=str(i),
                                                mode=Mode.SHOE if i % 2 else Mode.FLASHCARDS,
                                                preset="pot-of-gold" if i == 4 else "evolution"))

    def keys(only: Filter) -> list[str]:
        return [s.decision.situation_key for s in store.decisions(only)]

    day = Filter(since=date(2026, 3, 2), until=date(2026, 3, 3))
    assert keys(day) == ["1", "2", "3"]
    assert keys(Filter(since="2026-03-02T00:00:00Z", until=datetime(2026, 3, 2, 0, 0, 1))) == [
        "1", "2"]
    assert keys(Filter(mode=Mode.SHOE)) == ["1", "3"]
    assert keys(Filter(preset="pot-of-gold")) == ["4"]
    assert keys(Filter(preset="evolution", mode=Mode.FLASHCARDS, since=date(2026, 3, 2))) == ["2"]


def test_listing_crosses_batches(store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.FLASHCARDS, {})
    for i in range(2345):
        store.record_decision(session, decision(response_ms=i))
    assert [s.decision.response_ms for s in store.decisions()] == list(range(2345))


def test_memory_fits_are_kept_per_preset(store: ProgressStore) -> None:
    fit = {"first": 0.02, "growth": 10.0, "lapse": 0.3, "cards": "facts",
           "log_likelihood": -12.5, "answers": 400}
    assert store.load_fit("evolution") is None
    store.save_fit("evolution", {**fit, "answers": 100})
    store.save_fit("evolution", fit)                       # replaces
    store.save_fit("pot-of-gold", {**fit, "cards": "situations"})
    unset = {"share": None, "prior": None, "health": None, "slip": None,   # before they were
             "curve": None, "fsrs6": None}
    assert store.load_fit("evolution") == {**fit, **unset}
    assert store.load_fit("pot-of-gold") == {**fit, **unset, "cards": "situations"}
    store.save_fit("evolution", {**fit, "share": 0.5, "prior": "novice", "slip": 0.03,
                                 "curve": "exponential",
                                 "health": {"answers": 80, "model": 0.41}})
    assert store.load_fit("evolution") == {**fit, "share": 0.5, "prior": "novice",
                                           "slip": 0.03, "curve": "exponential",
                                           "health": '{"answers": 80, "model": 0.41}',
                                           "fsrs6": None}
    # FSRS-6's parameters where the fit chose it: kept as JSON, read back by the fit
    w = [0.2 + i / 100 for i in range(21)]
    store.save_fit("evolution", {**fit, "fsrs6": w})
    assert Fit.from_plain(store.load_fit("evolution") or {}).fsrs == tuple(w)


def test_an_undone_answer_is_kept_but_left_out(store: ProgressStore) -> None:
    """Undo marks the row: it stays in the file and the export, not in the reviews, the study
    queue's rows or the retention links."""
    session = store.start_session("evolution", Mode.FLASHCARDS, {})
    times = ["2026-03-01T10:00:00Z", "2026-03-01T10:00:10Z", "2026-03-01T10:00:20Z"]
    ids = [store.record_decision(session, decision(time=t)) for t in times]
    store.undo_decision(ids[1])
    assert [s.id for s in store.decisions()] == [ids[0], ids[2]]
    assert [r[0] for r in store.answer_rows("evolution")] == [times[0], times[2]]
    assert store.tuples("SELECT COUNT(*) FROM decisions")[0][0] == 3
    links = store.tuples("SELECT id, previous_time FROM decisions ORDER BY id")
    assert links == [(ids[0], None), (ids[1], times[0]), (ids[2], times[0])]
    assert [row[-1] for row in store.decision_rows(Filter(with_undone=True))] == [0, 1, 0]
    with pytest.raises(ValueError, match="no decision 99"):
        store.undo_decision(99)


def test_answer_rows_are_one_presets_in_time_order(store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.FLASHCARDS, {})
    store.record_decision(session, decision(time="2026-03-02T10:00:00Z", verdict=Verdict.WRONG,
                                            ev_loss=0.25))
    store.record_decision(session, decision(time="2026-03-01T10:00:00Z"))
    store.record_decision(session, decision(time="2026-03-03T10:00:00Z", preset="pot-of-gold"))
    assert store.answer_rows("evolution") == [
        ("2026-03-01T10:00:00Z", decision().situation_key, decision().cards, "correct", 0.0),
        ("2026-03-02T10:00:00Z", decision().situation_key, decision().cards, "wrong", 0.25)]


def test_shoe_rounds_keep_their_money(store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.SHOE, {"bankroll": 1000})
    store.record_round(session, 1, bets={"main": 10.0, "perfect_pairs": 1.0}, net_result=-11.0,
                       expected_result=-0.42, cards="player 10 6 | dealer 10 7")
    store.record_round(session, 2, bets={"main": 10.0}, net_result=15.0, expected_result=2.5,
                       cards="player A K | dealer 9 8")
    rounds = store.rounds(session)
    assert [(r.round, r.net_result, r.expected_result) for r in rounds] == [
        (1, -11.0, -0.42), (2, 15.0, 2.5)]
    assert rounds[0].bets == {"main": 10.0, "perfect_pairs": 1.0}
    with pytest.raises(ValueError):  # a round number is recorded once per session
        store.record_round(session, 2, bets={}, net_result=0, expected_result=0, cards="")


def test_the_round_history_reads_every_shoe_newest_first_with_its_detail(
        store: ProgressStore) -> None:
    """Rounds keep their detail (plain JSON); the history lists the rounds of every session,
    the latest first, with their shoe's preset and start, and leaves out the session asked."""
    times = iter(datetime(2026, 3, 1, 10, m, tzinfo=UTC) for m in range(10))
    first = store.start_session("evolution", Mode.SHOE, {}, at=next(times))
    detail = {"hands": [["8♥ 8♦", "stake 10", "win", "10"]], "note": "kept as given"}
    for number in (1, 2):
        store.record_round(first, number, bets={"main": 10.0}, net_result=10.0,
                           expected_result=-0.1, cards="8♥ 8♦ | dealer 10♠ 7♣",
                           detail=detail if number == 2 else None, at=next(times))
    second = store.start_session("pot-of-gold", Mode.TIMED, {}, at=next(times))
    store.record_round(second, 1, bets={"main": 20.0}, net_result=-20.0, expected_result=-0.2,
                       cards="10 6 | dealer 10 10", detail=detail, at=next(times))
    history = store.round_history()
    assert [(h.preset, h.round.session_id, h.round.round) for h in history] == [
        ("pot-of-gold", second, 1), ("evolution", first, 2), ("evolution", first, 1)]
    assert history[1].round.detail == detail and history[2].round.detail is None
    assert history[1].shoe_started == "2026-03-01T10:00:00Z"
    assert [h.round.round for h in store.round_history(limit=1)] == [1]
    assert {h.round.session_id for h in store.round_history(leave_out=second)} == {first}
    assert store.rounds(first)[1].detail == detail


def test_a_detail_that_cannot_be_read_is_left_out(store: ProgressStore, db_path: Path) -> None:
    session = store.start_session("evolution", Mode.SHOE, {})
    store.record_round(session, 1, bets={"main": 10.0}, net_result=0.0, expected_result=0.0,
                       cards="", detail={"a": 1})
    other = sqlite3.connect(db_path)
    try:
        other.execute("UPDATE shoe_rounds SET detail = 'not json {'")
        other.commit()
    finally:
        other.close()
    assert store.rounds(session)[0].detail is None


def test_the_store_works_from_a_worker_thread(store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.FLASHCARDS, {})
    counts: list[int] = []

    def work() -> None:
        store.record_decision(session, decision())
        counts.append(len(list(store.decisions())))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(counts) == 4 and min(counts) >= 1
    assert len(list(store.decisions())) == 4


def test_a_closed_store_refuses_work(db_path: Path) -> None:
    store = ProgressStore.open(db_path)
    store.close()
    store.close()  # twice is harmless
    with pytest.raises(StoreClosedError, match="closed"):
        store.start_session("evolution", Mode.FLASHCARDS, {})


def test_presets_lists_every_preset_with_a_session(store: ProgressStore) -> None:
    assert store.presets() == []
    store.start_session("pot-of-gold", Mode.SHOE, {})
    store.start_session("evolution", Mode.FLASHCARDS, {})
    store.start_session("evolution", Mode.TIMED, {})
    store.start_session("custom-00ff", Mode.FLASHCARDS, {})
    assert store.presets() == ["custom-00ff", "evolution", "pot-of-gold"]
