"""Reviews of counting answers: accuracy, miss and speed by day and drill; index plays missed
and what missing them costs per 100 rounds."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from strategy_charts.counting.lab import load_lab
from trainer.progress import counting
from trainer.progress.store import ProgressStore
from trainer.rules import preset
from trainer.teaching.records import GradedDecision, Mode, Verdict

from .factories import decision


def _count(key: str, typed: int, right: int, time: str, ms: int = 2000) -> GradedDecision:
    return decision(situation_key=key, mode=Mode.COUNT, cards="5♠ K♦", dealer_up="",
                    action=f"{typed:+d}", best_action=f"{right:+d}", time=time,
                    verdict=Verdict.CORRECT if typed == right else Verdict.WRONG,
                    ev_loss=0.0, response_ms=ms, evs={}, weight=0.0)


def test_count_days_by_drill_with_speed(tmp_path: Path) -> None:
    with ProgressStore.open(tmp_path / "p.sqlite3") as store:
        running = store.start_session("evolution", Mode.COUNT, {
            "drill": "running", "at_once": 2, "seconds": 0.5, "count": "hilo"})
        for typed, right, ms in ((3, 3, 1000), (4, 3, 3000), (-2, -2, 2000)):
            store.record_decision(running, _count("evolution|count|hilo|c2", typed, right,
                                                  "2026-03-01T12:00:00Z", ms))
        true = store.start_session("evolution", Mode.COUNT, {"drill": "true"})
        store.record_decision(true, _count("evolution|truecount|hilo|d3.5", 1, 2,
                                           "2026-03-02T08:00:00Z"))
        store.record_decision(true, _count("evolution|truecount|freebet|d3.5", 1, 1,
                                           "2026-03-02T08:00:00Z"))
        store.record_decision(true, decision(time="2026-03-02T08:00:00Z"))  # a play, not a count
        days = counting.count_days(store, "evolution", "hilo")
    assert [(d.day, d.drill, d.answers, d.right) for d in days] == [
        ("2026-03-01", "running", 3, 2), ("2026-03-02", "true", 1, 0)]
    first = days[0]
    assert first.accuracy == pytest.approx(2 / 3) and first.mean_error == pytest.approx(1 / 3)
    assert first.median_ms == 2000 and first.cards_per_second == pytest.approx(4.0)
    assert days[1].cards_per_second is None and days[1].mean_error == 1


def test_index_answers_missed_and_their_cost(tmp_path: Path) -> None:
    lab = load_lab(preset("evolution"))["counts"]["hilo"]
    top = lab["indices"][0]
    key = f"evolution|index|hilo|{top['cell']}"
    base, play = top["base"], top["play"]
    evs = {base: 0.0, play: 0.01}
    with ProgressStore.open(tmp_path / "p.sqlite3") as store:
        session = store.start_session("evolution", Mode.INDEX, {"drill": "index"})
        answers = [(base, play), (base, play), (play, play), (play, base), (play, play),
                   (play, play)]
        for i, (given, best) in enumerate(answers):
            right = given == best
            store.record_decision(session, decision(
                situation_key=key, mode=Mode.INDEX, action=given, best_action=best, evs=evs,
                verdict=Verdict.CORRECT if right else Verdict.WRONG,
                ev_loss=0.0 if right else 0.01, time=f"2026-03-01T12:00:0{i}Z"))
        store.record_decision(session, decision(     # an EV lost no answer has: left out
            situation_key=key, mode=Mode.INDEX, action=base, best_action=play, evs=evs,
            verdict=Verdict.WRONG, ev_loss=1e308, time="2026-03-01T11:59:00Z"))
        record = counting.index_record(store, "evolution", "hilo", lab)
    [answered] = record.plays
    assert (answered.answers, answered.wrong, answered.missed, answered.deviated) == (6, 3, 2, 1)
    assert answered.ev_lost == pytest.approx(0.03)
    # the latest five: one missed, one wrong deviation: 2/5 of what the cell's plays add
    cell_gain = sum(p["gain_per_100"] for p in lab["indices"] if p["cell"] == top["cell"])
    assert answered.leak_per_100 == pytest.approx(0.4 * cell_gain)
    assert record.leak_per_100 == pytest.approx(answered.leak_per_100)


def test_a_version_4_file_is_backed_up_then_takes_counting_answers(tmp_path: Path) -> None:
    """Main's last step is 4; the counting step (5) upgrades such a file after a backup, keeps
    its answers, and then stores and reviews counting answers beside them."""
    from sqlite_utils import Database

    from trainer.progress import schema
    path = tmp_path / "data" / "progress.sqlite3"
    path.parent.mkdir()
    with Database(path) as db:
        assert schema.migrate(db, upto=4)[-1] == "memory_fits_replace_cards"
        db.execute("INSERT INTO sessions (started, preset, mode, settings) "
                   "VALUES ('2026-11-01T10:00:00Z', 'evolution', 'flashcards', '{}')")
        db.execute("INSERT INTO decisions (session_id, time, preset, mode, situation_key, "
                   "cards, dealer_up, action, best_action, verdict, ev_loss, response_ms, evs, "
                   "weight, timed_out, undone) VALUES (1, '2026-11-01T10:00:05Z', 'evolution', "
                   "'flashcards', 'k', 'A 7', '9', 'stand', 'hit', 'wrong', 0.25, 900, '{}', "
                   "0.01, 0, 0)")
    with ProgressStore.open(path) as store:
        assert store.backup is not None and store.backup.name.startswith(
            "progress.sqlite3.bak-v4-")
        assert store.rows("PRAGMA user_version")[0]["user_version"] == schema.SCHEMA_VERSION
        assert "counting_drills" in schema.STEPS[4:]
        assert [d.decision.situation_key for d in store.decisions()] == ["k"]
        session = store.start_session("evolution", Mode.COUNT, {"drill": "true"})
        store.record_decision(session, _count("evolution|truecount|hilo|d3", 2, 2,
                                              "2026-12-01T10:00:00Z"))
        [day] = counting.count_days(store, "evolution", "hilo")
        assert (day.drill, day.right) == ("true", 1)


def test_index_answers_read_back_for_the_memory_model(tmp_path: Path) -> None:
    """Oldest first, right unless wrong, the guess one over the plays offered; other counts,
    other rules, plain plays and undone answers left out."""
    key = "evolution|index|hilo|hard:12:4"
    index = {"situation_key": key, "mode": Mode.INDEX, "weight": 0.0,
             "evs": {"hit": 0.1, "stand": 0.2}}
    with ProgressStore.open(tmp_path / "p.sqlite3") as store:
        session = store.start_session("evolution", Mode.INDEX, {"drill": "index"})
        store.record_decision(session, decision(**index, time="2026-03-02T08:00:00Z",
                                                verdict=Verdict.WRONG))
        store.record_decision(session, decision(**index, time="2026-03-01T08:00:00Z"))
        store.record_decision(session, decision(
            **{**index, "situation_key": "evolution|index|freebet|hard:12:4"},
            time="2026-03-01T09:00:00Z"))
        store.record_decision(session, decision(time="2026-03-01T10:00:00Z"))
        answers = counting.skill_answers(store, "evolution", "index", "hilo")
    assert [(a.situation, a.right, a.guess) for a in answers] == [
        (key, True, 0.5), (key, False, 0.5)]
    assert answers[1].day - answers[0].day == pytest.approx(1.0)


def test_running_and_true_counts_read_back_for_the_memory_model(tmp_path: Path) -> None:
    """Each context's answers, oldest first, right unless wrong, with the drill's guess; a
    true-count drill spaced by them finds the detail missed yesterday due and the one answered
    right on five days not."""
    from tests.conftest import FakeClock
    from trainer.drills.counting.keys import RUNNING, TRUE
    from trainer.drills.counting.spacing import GUESS
    from trainer.drills.counting.true_count import TrueCountDrill

    clock = FakeClock()
    with ProgressStore.open(tmp_path / "p.sqlite3") as store:
        session = store.start_session("evolution", Mode.COUNT, {"drill": "true"})
        for ago in (9, 8, 6, 3, 1):
            day = (clock() - timedelta(days=ago)).strftime("%Y-%m-%dT%H:%M:%SZ")
            store.record_decision(session, _count("evolution|truecount|hilo|d4", 2, 2, day))
            store.record_decision(session, _count("evolution|truecount|hilo|d5",
                                                  1 + (ago == 1), 1, day))
        store.record_decision(session, _count("evolution|count|hilo|c2", 3, 3,
                                              "2026-11-20T10:00:00Z"))
        store.record_decision(session, _count("evolution|count|hilo|shoe", 3, 4,
                                              "2026-11-19T10:00:00Z"))
        store.record_decision(session, _count("evolution|truecount|freebet|d4", 1, 1,
                                              "2026-11-19T10:00:00Z"))
        store.record_decision(session, _count("pot-of-gold|count|hilo|c2", 1, 1,
                                              "2026-11-19T10:00:00Z"))
        true = counting.skill_answers(store, "evolution", TRUE, "hilo")
        running = counting.skill_answers(store, "evolution", RUNNING, "hilo")
        with pytest.raises(ValueError, match="no skill"):
            counting.skill_answers(store, "evolution", "bet", "hilo")
    assert [(a.situation, a.right, a.guess) for a in running] == [
        ("evolution|count|hilo|shoe", False, GUESS[RUNNING]),
        ("evolution|count|hilo|c2", True, GUESS[RUNNING])]
    assert len(true) == 10 and {a.guess for a in true} == {GUESS[TRUE]}
    assert [a.right for a in true if a.situation.endswith("d5")] == [True] * 4 + [False]
    assert [a.day for a in true] == sorted(a.day for a in true)
    drill = TrueCountDrill(preset("evolution"), "hilo", clock=clock, history=true)
    assert 5 in drill.due() and 4 not in drill.due()
