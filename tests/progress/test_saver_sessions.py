"""A saver never drops an answer for want of a session, and forgets an old file's fault and
count when it goes on in another (a new data folder)."""

from __future__ import annotations

from pathlib import Path

from tests.progress.factories import decision
from trainer.progress.saving import SessionSaver
from trainer.progress.store import ProgressStore
from trainer.teaching.records import Mode


def test_an_answer_after_the_sessions_end_is_saved_in_a_session_like_the_last(
        db_path: Path) -> None:
    """Before: it was dropped without a word (``decision`` returned None)."""
    saver = SessionSaver(lambda: ProgressStore.open(db_path))
    saver.start("evolution", Mode.SHOE, {"decks": 8})
    saver.decision(decision())
    saver.end()
    assert saver.decision(decision()) is not None
    saver.close()
    with ProgressStore.open(db_path) as store:
        sessions = store.tuples("SELECT id, preset, mode, settings FROM sessions ORDER BY id")
        assert [row[1:] for row in sessions] == [("evolution", "shoe", '{"decks": 8}')] * 2
        assert [row[0] for row in store.tuples("SELECT session_id FROM decisions ORDER BY id")
                ] == [sessions[0][0], sessions[1][0]]


def test_a_saver_goes_on_in_another_file_with_nothing_of_the_old_one(tmp_path: Path) -> None:
    where = [tmp_path / "one" / "progress.sqlite3"]
    saver = SessionSaver(lambda: ProgressStore.open(where[0]))
    saver.start("evolution", Mode.FLASHCARDS, {})
    saver.decision(decision())
    assert saver.close().saved_answers == 1
    where[0] = tmp_path / "two" / "progress.sqlite3"
    saver.elsewhere()
    assert saver.state.saved_answers == 0
    saver.decision(decision())
    assert saver.close().saved_answers == 1
    for folder in ("one", "two"):
        with ProgressStore.open(tmp_path / folder / "progress.sqlite3") as store:
            assert len(list(store.decisions())) == 1
