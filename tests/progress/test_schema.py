"""Schema migrations: a new file, an upgrade with a backup first; newer, foreign files refused."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from sqlite_utils import Database

from tests.progress.factories import FIXED_NOW, decision
from trainer.progress import opening, schema
from trainer.progress.errors import CorruptDatabaseError, NewerDatabaseError, ProgressStoreError
from trainer.progress.store import ProgressStore


def _pragma(path: Path, name: str) -> object:
    """One PRAGMA value of the file at ``path``."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        conn.close()


def _tables(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


def _dump(path: Path) -> list[str]:
    """The file's whole content as SQL text (schema, rows, nothing about page layout)."""
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def _make_v1(path: Path) -> None:
    """A file as version 1 of the trainer left it, with one session and one decision."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with Database(path) as db:
        assert schema.migrate(db, upto=1) == ["create_sessions_decisions_cards"]
        db.enable_wal()
        db.execute("INSERT INTO sessions (started, preset, mode, settings) "
                   "VALUES ('2026-02-01T10:00:00Z', 'evolution', 'flashcards', '{}')")
        db.execute("INSERT INTO decisions (session_id, time, preset, mode, situation_key, cards, "
                   "dealer_up, action, best_action, verdict, ev_loss, response_ms, evs, weight, "
                   "timed_out) VALUES (1, '2026-02-01T10:00:05Z', 'evolution', 'flashcards', "
                   "'k', 'A 7', '9', 'stand', 'hit', 'wrong', 0.25, 900, '{}', 0.01, 0)")


def test_there_is_more_than_one_step_and_names_are_unique() -> None:
    assert schema.SCHEMA_VERSION == len(schema.STEPS) >= 2
    assert len(set(schema.STEPS)) == len(schema.STEPS)


def test_a_new_file_gets_every_step_recorded_and_no_backup(
        store: ProgressStore, db_path: Path) -> None:
    assert store.backup is None
    applied = store.rows("SELECT name FROM _sqlite_migrations ORDER BY id")
    assert [row["name"] for row in applied] == list(schema.STEPS)
    assert store.rows("PRAGMA user_version")[0]["user_version"] == schema.SCHEMA_VERSION
    assert store.rows("PRAGMA journal_mode")[0]["journal_mode"] == "wal"
    assert {"sessions", "decisions", "memory_fits", "shoe_rounds"} <= _tables(db_path)
    assert "cards" not in _tables(db_path)
    indexed = {row["name"] for row in store.rows("PRAGMA index_list(decisions)")}
    assert {"idx_decisions_time", "idx_decisions_situation_key", "idx_decisions_session_id",
            "idx_decisions_preset_situation"} <= indexed


def test_reopening_a_current_file_changes_nothing(
        open_store: Callable[..., ProgressStore], db_path: Path) -> None:
    open_store().close()
    again = open_store()
    assert again.backup is None
    assert len(again.rows("SELECT * FROM _sqlite_migrations")) == schema.SCHEMA_VERSION
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name, *(
        f"{db_path.name}-{s}" for s in ("shm", "wal"))]


def test_an_older_file_is_backed_up_then_upgraded(
        open_store: Callable[..., ProgressStore], db_path: Path) -> None:
    _make_v1(db_path)
    before = _dump(db_path)
    store = open_store()
    backup = db_path.with_name("progress.sqlite3.bak-v1-20260301T120000Z")
    assert store.backup == backup
    assert _pragma(backup, "user_version") == 1
    assert "shoe_rounds" not in _tables(backup)
    assert _dump(backup) == before  # the file's content exactly as it was
    assert _pragma(backup, "quick_check") == "ok"
    assert store.rows("PRAGMA user_version")[0]["user_version"] == schema.SCHEMA_VERSION
    [kept] = list(store.decisions())
    assert (kept.decision.situation_key, kept.decision.ev_loss) == ("k", 0.25)
    store.record_round(1, 1, bets={"main": 10.0}, net_result=10.0, expected_result=-0.5,
                       cards="A♠ K♦ | 9 7")
    assert store.rounds(1)[0].bets == {"main": 10.0}


def test_a_version_2_file_keeps_its_answers_and_drops_the_fsrs_cards(
        open_store: Callable[..., ProgressStore], db_path: Path) -> None:
    """Version 4 replaces the derived fsrs cards by the memory fit; the backup keeps them."""
    _make_v1(db_path)
    with Database(db_path) as db:
        schema.migrate(db, upto=2)
        db.execute("INSERT INTO cards (preset, situation_key, card, updated) VALUES "
                   "('evolution', 'k', '{}', '2026-02-01T10:00:06Z')")
    store = open_store()
    assert store.backup is not None and "cards" in _tables(store.backup)
    assert "cards" not in _tables(db_path) and "memory_fits" in _tables(db_path)
    assert store.answer_rows("evolution") == [
        ("2026-02-01T10:00:05Z", "k", "A 7", "wrong", 0.25)]
    for index in ("idx_decisions_time", "idx_decisions_preset_situation"):
        columns = [row["name"] for row in store.rows(f"PRAGMA index_info({index})")]
        assert columns[-2:] == ["undone", "apart"]


def test_an_existing_backup_is_never_overwritten(
        open_store: Callable[..., ProgressStore], db_path: Path) -> None:
    _make_v1(db_path)
    taken = db_path.with_name("progress.sqlite3.bak-v1-20260301T120000Z")
    taken.write_bytes(b"an older backup")
    store = open_store()
    assert store.backup == taken.with_name(taken.name + "-2")
    assert taken.read_bytes() == b"an older backup"
    assert not list(db_path.parent.glob("*.partial"))


def test_an_upgrade_killed_after_its_backup_makes_no_second_one(
        open_store: Callable[..., ProgressStore], db_path: Path) -> None:
    """Before: an upgrade killed once its backup was complete left two identical backups (two
    of 181 MB in the fault run) after the next open."""
    _make_v1(db_path)
    first = opening._backup(db_path, 1, 5.0, lambda: FIXED_NOW)   # the killed upgrade's copy
    store = open_store()
    assert store.backup == first
    assert sorted(p.name for p in db_path.parent.glob("*.bak-*")) == [first.name]
    assert store.rows("PRAGMA user_version")[0]["user_version"] == schema.SCHEMA_VERSION


def test_a_backup_of_other_content_is_not_taken_for_this_one(
        open_store: Callable[..., ProgressStore], db_path: Path) -> None:
    _make_v1(db_path)
    earlier = opening._backup(db_path, 1, 5.0, lambda: FIXED_NOW - timedelta(days=1))
    with Database(db_path) as db:      # an answer given since that copy
        db.execute("UPDATE decisions SET ev_loss = 0.5")
    store = open_store()
    assert store.backup is not None and store.backup != earlier
    assert _pragma(store.backup, "user_version") == 1
    assert len(list(db_path.parent.glob("*.bak-*"))) == 2


def _refused_untouched(db_path: Path, error: type[ProgressStoreError]) -> ProgressStoreError:
    """Open must raise ``error`` and leave the folder byte-for-byte as it was."""
    before = {p.name: p.read_bytes() for p in db_path.parent.iterdir()}
    with pytest.raises(error) as caught:
        ProgressStore.open(db_path)
    assert {p.name: p.read_bytes() for p in db_path.parent.iterdir()} == before
    assert str(db_path) in str(caught.value)
    assert caught.value.path == db_path
    return caught.value


def _written_then(db_path: Path, sql: str) -> None:
    """A current file with one decision, then ``sql`` run on it by another program."""
    with ProgressStore.open(db_path) as store:
        session = store.start_session("evolution", decision().mode, {})
        store.record_decision(session, decision())
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        conn.execute(sql)
    finally:
        conn.close()


def test_a_file_from_a_newer_version_is_refused_untouched(db_path: Path) -> None:
    _written_then(db_path, f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    error = _refused_untouched(db_path, NewerDatabaseError)
    assert isinstance(error, NewerDatabaseError)
    assert (error.found, error.known) == (schema.SCHEMA_VERSION + 1, schema.SCHEMA_VERSION)
    assert "Update the trainer" in str(error) and "has not been changed" in str(error)


def test_a_file_with_an_unknown_recorded_step_is_refused_untouched(db_path: Path) -> None:
    _written_then(db_path, "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
                           f"VALUES ('{schema.MIGRATION_SET}', 'from_the_future', 'x')")
    _refused_untouched(db_path, NewerDatabaseError)


def test_another_programs_database_is_refused_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    conn = sqlite3.connect(db_path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
    conn.commit()
    conn.close()
    _refused_untouched(db_path, CorruptDatabaseError)


def test_stored_time_outs_read_as_misses_after_the_upgrade(
        open_store: Callable[..., ProgressStore], db_path: Path) -> None:
    """Before, a time-out kept the grade of the table's auto-decision (hard 19 v 10 left to
    run out: "correct"). Upgraded (a backup first), it reads as a miss everywhere: the reviews,
    the study queue, the leaks; an answer in time keeps its grade."""
    from trainer.progress import review

    _make_v1(db_path)
    with Database(db_path) as db:
        schema.migrate(db, upto=schema.STEPS.index("timeouts_are_misses"))
        for time, timed_out in (("2026-02-01T10:00:06Z", 1), ("2026-02-01T10:00:07Z", 0)):
            db.execute(
                "INSERT INTO decisions (session_id, time, preset, mode, situation_key, cards, "
                "dealer_up, action, best_action, verdict, ev_loss, response_ms, evs, weight, "
                f"timed_out) VALUES (1, '{time}', 'evolution', 'timed', 't', '10 9', '10', "
                f"'stand', 'stand', 'correct', 0.0, 8000, '{{}}', 0.01, {timed_out})")
    store = open_store()
    assert store.backup is not None
    rows = [(d.decision.timed_out, d.decision.verdict.value, d.decision.right)
            for d in store.decisions() if d.decision.situation_key == "t"]
    assert rows == [(True, "wrong", False), (False, "correct", True)]
    assert [r[3] for r in store.answer_rows("evolution") if r[1] == "t"] == ["wrong", "correct"]
    [tally] = [s for s in review.by_situation(store) if s.situation_key == "t"]
    assert (tally.decisions, tally.right) == (2, 1)
    assert review.latest_tries(store, "evolution")["t"][1][1:] == (False, "timeout")
