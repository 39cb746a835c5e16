"""A reader that keeps the picture of the player's memory it made (``stats``, the Progress
page) keeps nothing when, between its read and its keeping, another connection changed an
answer the picture took in (an undo, a reset, an answer stored before its last one): the
file's triggers drop a kept picture then, but could not drop one not kept yet. An answer
stored after it leaves the picture as right, so it is kept."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.progress.history import CARDS, keys, seed
from trainer.progress import study_store
from trainer.progress.store import ProgressStore
from trainer.progress.study_store import StudyHistory, flashcards_due, keep_made, keep_read
from trainer.progress.study_store import load_study as load
from trainer.rules import preset
from trainer.scheduler.memory import MODEL
from trainer.teaching.curriculum import Prior, curriculum
from trainer.teaching.records import GradedDecision, Mode, Verdict

#: A week after the seeded history's last answer.
NOW = datetime(2026, 10, 27, 18, 0, tzinfo=UTC)
COURSE = curriculum(preset("evolution"), Prior.CLASSIC)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    found = tmp_path / "progress.sqlite3"
    seed(found)
    return found


def _answer(store: ProgressStore, at: datetime, count: int = 1) -> list[int]:
    """``count`` right answers from ``at``, 20 s apart."""
    session = store.start_session("evolution", Mode.FLASHCARDS, {}, at=at)
    key = keys()[0]
    return [store.record_decision(session, GradedDecision(
        time=(at + timedelta(seconds=20 * i)).strftime("%Y-%m-%dT%H:%M:%SZ"),
        preset="evolution", mode=Mode.FLASHCARDS, situation_key=key,
        cards=CARDS[key.split("|")[3]], dealer_up=key.rsplit("|v", 1)[1], action="hit",
        best_action="hit", verdict=Verdict.CORRECT, ev_loss=0.0, response_ms=1200,
        weight=0.002)) for i in range(count)]


def _read(path: Path, now: datetime = NOW) -> StudyHistory:
    """What a reader (a read-only connection) makes of the file."""
    with ProgressStore.open(path, read_only=True) as reader:
        return load(reader, COURSE, now)


def _kept(path: Path) -> tuple[str, int, int, bytes] | None:
    with ProgressStore.open(path, read_only=True) as store:
        return store.load_picture("evolution", "classic", MODEL)


def _first_id(store: ProgressStore) -> int:
    return int(store.tuples("SELECT MIN(id) FROM decisions")[0][0])


def _situation(path: Path, decision: int) -> str:
    with ProgressStore.open(path, read_only=True) as store:
        return str(store.tuples("SELECT situation_key FROM decisions WHERE id = ?",
                                (decision,))[0][0])


#: What another process does between the read and the keeping: name -> (change, still right).
CHANGES: dict[str, tuple[Callable[[ProgressStore, tuple[str, int]], object], bool]] = {
    "nothing": (lambda store, upto: None, True),
    "an answer after it": (lambda store, upto: _answer(store, NOW - timedelta(hours=1)), True),
    "undo of its last answer": (lambda store, upto: store.undo_decision(upto[1]), False),
    "undo of its first answer": (lambda store, upto: store.undo_decision(_first_id(store)),
                                 False),
    "an answer stored before its last": (
        lambda store, upto: _answer(store, datetime(2026, 10, 2, 9, 5, tzinfo=UTC)), False),
    "a reset": (lambda store, upto: store.mark_cards("evolution", [keys()[1]], "reset",
                                                     at=NOW - timedelta(hours=1)), False),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_stats_keeps_its_picture_only_if_what_it_took_in_is_still_there(
        path: Path, change: str) -> None:
    made = _read(path)
    assert made.keep is not None
    act, right = CHANGES[change]
    with ProgressStore.open(path) as other:         # another process, between the two
        act(other, made.keep.upto)
    assert keep_read(path, made) is right
    assert (_kept(path) is not None) is right


def test_an_undo_before_the_kept_picture_it_started_from_keeps_nothing(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The read started from a kept picture and took in newer answers; an answer the kept
    picture covers is undone: the triggers drop the kept picture, and the newer one, made from
    it, is not kept either."""
    monkeypatch.setattr(study_store, "KEEP_AFTER", 5)
    assert keep_read(path, _read(path))
    with ProgressStore.open(path) as writer:
        _answer(writer, NOW - timedelta(hours=2), count=6)
    made = _read(path)
    assert made.keep is not None and made.keep.upto > _kept(path)[:2]   # type: ignore[index]
    with ProgressStore.open(path) as other:
        other.undo_decision(_first_id(other))
    assert not keep_read(path, made)
    assert _kept(path) is None


def test_the_progress_page_keeps_nothing_after_an_undo_of_what_it_took_in(
        path: Path) -> None:
    with ProgressStore.open(path, read_only=True) as reader:
        due = flashcards_due(reader, ["evolution"], Prior.CLASSIC, NOW)
    assert due.pictures
    with ProgressStore.open(path) as other:
        other.undo_decision(due.pictures[0].upto[1])
    keep_made(path, due)
    assert _kept(path) is None


def test_the_next_read_after_an_undo_counts_the_answer_out(path: Path) -> None:
    """What the race cost before: the next read started from the stale picture and still
    counted the undone answer, unlike a read of every answer."""
    made = _read(path)
    assert made.keep is not None
    with ProgressStore.open(path) as other:
        other.undo_decision(made.keep.upto[1])
    keep_read(path, made)
    again = _read(path)
    with ProgressStore.open(path) as writer, writer._transaction() as conn:
        conn.execute("DELETE FROM memory_pictures")
    every = _read(path)
    undone = _situation(path, made.keep.upto[1])
    assert every.queue.tried[undone].answers == made.queue.tried[undone].answers - 1
    assert again.queue.tried == every.queue.tried
    assert again.queue.traces == every.queue.traces
