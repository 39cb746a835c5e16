"""Finding 2: a lock or a full disk during a session loses no answer. SQLite's busy timeout
bounds the wait, the answers the file cannot take wait in memory and are saved, in order, once
it can; the player is told; four writers at once lose nothing."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.__main__ import main
from trainer.progress.errors import DatabaseLockedError, DiskFullError
from trainer.progress.saving import SessionSaver
from trainer.progress.store import ProgressStore
from trainer.teaching.records import Mode

from .conftest import ROOT
from .locks import LockHolder, give_up_on_locks_quickly


@pytest.fixture
def quick_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every store gives up waiting for a lock after 0.2 s (instead of 5 s)."""
    give_up_on_locks_quickly(monkeypatch)


def keys(store: ProgressStore) -> list[str]:
    return [s.decision.situation_key for s in store.decisions()]


def test_answers_given_while_another_process_holds_the_lock_are_saved_after(
        db_path: Path, quick_store: None) -> None:
    saver = SessionSaver(lambda: ProgressStore.open(db_path))
    saver.start("evolution", Mode.FLASHCARDS, {"seed": 1})
    saver.decision(decision(situation_key="before"))
    assert saver.save().saved
    with LockHolder(db_path):
        rows = []
        for number in range(1, 4):
            rows.append(saver.decision(decision(situation_key=f"locked {number}")))
            state = saver.save()
            assert isinstance(state.problem, DatabaseLockedError)
            assert state.answers == number and not state.stopped
        assert "3 answers are not saved yet: the progress file is locked" in state.text()
        saver.undo(rows[1])                         # taken back before it was even saved
        saver.fit("evolution", {"first": 0.02, "growth": 10.0, "lapse": 0.3, "cards": "facts",
                                "log_likelihood": -1.0, "answers": 5})
        assert not saver.save().saved
    saver.decision(decision(situation_key="after"))
    assert saver.save().saved and saver.state.text() == ""
    assert saver.close().saved
    with ProgressStore.open(db_path) as store:
        assert keys(store) == ["before", "locked 1", "locked 3", "after"]
        undone = store.tuples("SELECT situation_key FROM decisions WHERE undone = 1")
        assert undone == [("locked 2",)]
        assert store.load_fit("evolution")["answers"] == 5
        assert store.rows("SELECT ended FROM sessions")[0]["ended"] is not None


def test_a_file_locked_when_practice_starts_costs_nothing(db_path: Path,
                                                          quick_store: None) -> None:
    with ProgressStore.open(db_path):
        pass
    saver = SessionSaver(lambda: ProgressStore.open(db_path))
    with LockHolder(db_path):
        saver.start("evolution", Mode.FLASHCARDS, {})
        saver.decision(decision(situation_key="first"))
        assert isinstance(saver.save().problem, DatabaseLockedError)
    assert saver.close().saved
    with ProgressStore.open(db_path) as store:
        assert keys(store) == ["first"]


def test_a_full_disk_keeps_the_answers_until_there_is_room(db_path: Path) -> None:
    """SQLite's own SQLITE_FULL: the file may not grow past its pages (max_page_count)."""
    store = ProgressStore.open(db_path)
    saver = SessionSaver.with_store(store)
    saver.start("evolution", Mode.FLASHCARDS, {})
    assert saver.save().saved
    pages = store.tuples("PRAGMA page_count")[0][0]
    store.tuples(f"PRAGMA max_page_count = {pages}")
    for number in range(40):
        saver.decision(decision(situation_key=f"answer {number}", cards="x" * 400))
        state = saver.save()
    assert isinstance(state.problem, DiskFullError) and state.answers > 0
    assert "not saved yet: the disk is full" in state.text()
    store.tuples(f"PRAGMA max_page_count = {pages * 100}")   # space freed
    assert saver.close().saved
    with ProgressStore.open(db_path) as reopened:
        assert keys(reopened) == [f"answer {number}" for number in range(40)]


class Keyboard(io.StringIO):
    """Lines typed at the drill, with something done just before a given line is read."""

    def __init__(self, lines: list[str], before: dict[int, Callable[[], None]]) -> None:
        super().__init__("".join(line + "\n" for line in lines))
        self.before, self.read = before, 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        action = self.before.get(self.read)
        if action is not None:
            action()
        self.read += 1
        return super().readline(size)


@pytest.mark.parametrize("release_at_the_end", [True, False])
def test_the_terminal_drill_tells_and_saves_or_tells_what_is_lost(
        tmp_path: Path, quick_store: None, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], release_at_the_end: bool) -> None:
    """Another process takes the lock after the first answer. Before: the answer given under
    the lock was lost with a double traceback and the session never marked ended. Now the
    drill says what waits, and at the end saves it (retry) or keeps it for the next start (quit)."""
    folder = tmp_path / "data"
    path = folder / "progress.sqlite3"
    holder = LockHolder(path)
    # lines read: the 5 answers (0-4), then the end's retry question (5)
    lines = ["s"] * 5 + (["r"] if release_at_the_end else ["q"])
    before = {1: holder.__enter__}
    if release_at_the_end:
        before[5] = holder.release
    monkeypatch.setattr("sys.stdin", Keyboard(lines, before))
    try:
        code = main(["drill", "--mode", "all", "--count", "5", "--seed", "3",
                     "--data-dir", str(folder)])
    finally:
        holder.release()
    said = capsys.readouterr()
    assert "Traceback" not in said.err
    assert "not saved yet: the progress file is locked by another program" in said.err
    assert "[R]etry (Enter), or [Q]uit (they are kept and saved the next time" in said.out
    with ProgressStore.open(path) as store:
        stored = keys(store)
        [session] = store.rows("SELECT ended FROM sessions")
    if release_at_the_end:
        assert code == 0 and len(stored) == 5 and session["ended"] is not None
    else:   # kept beside the file, and saved by the next program to open it (this one)
        assert code == 1 and len(stored) == 5 and session["ended"] is not None
        assert "4 answers were not saved (the progress file is locked" in said.err
        assert "they are kept in" in said.err


WRITER = """
import sys
from tests.progress.factories import decision
from trainer.teaching.records import Mode
from trainer.progress.saving import SessionSaver
from trainer.progress.store import ProgressStore

saver = SessionSaver(lambda: ProgressStore.open(sys.argv[1]))
saver.start("evolution", Mode.FLASHCARDS, {"writer": sys.argv[2]})
for number in range(150):
    saver.decision(decision(situation_key=f"{sys.argv[2]} {number}"))
    saver.save()
state = saver.close()
print("saved" if state.saved else state.text(), flush=True)
"""


def test_four_drills_writing_one_file_at_once_lose_nothing(db_path: Path) -> None:
    with ProgressStore.open(db_path):
        pass
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(db_path), f"w{n}"], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for n in range(4)]
    results = [writer.communicate(timeout=120) for writer in writers]
    assert [out.strip() for out, _ in results] == ["saved"] * 4, results
    with ProgressStore.open(db_path) as store:
        stored = keys(store)
        assert len(store.rows("SELECT id FROM sessions WHERE ended IS NOT NULL")) == 4
    for n in range(4):
        assert [key for key in stored if key.startswith(f"w{n} ")] == [
            f"w{n} {number}" for number in range(150)]


def test_a_write_queued_after_a_decision_finds_its_row(db_path: Path, quick_store: None) -> None:
    """Any write can join the queue (``write``) and refer to a row queued before it (a
    decision's ``Row``), even when both waited for a lock."""
    with ProgressStore.open(db_path):
        pass
    saver = SessionSaver(lambda: ProgressStore.open(db_path))
    with LockHolder(db_path):
        saver.start("evolution", Mode.FLASHCARDS, {})
        row = saver.decision(decision(situation_key="taken back"))
        assert row is not None
        seen: list[int] = []
        saver.write(lambda store: seen.append(row.saved_id()))
        assert isinstance(saver.save().problem, DatabaseLockedError) and row.id is None
        # opening takes the write lock (a locked file is found at once): reads give the default
        assert saver.read(lambda store: store.presets(), ["unread"]) == ["unread"]
    assert saver.close().saved
    with ProgressStore.open(db_path) as store:
        assert seen == [s.id for s in store.decisions()]


def test_an_io_fault_lets_go_of_the_connection_and_the_next_save_reopens(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a connection that met a disk I/O error was kept, and Try again never recovered."""
    from trainer.progress.errors import StorageError

    saver = SessionSaver(lambda: ProgressStore.open(db_path))
    saver.start("evolution", Mode.FLASHCARDS, {})
    saver.decision(decision(situation_key="first"))
    assert saver.save().saved_answers == 1
    broken = saver.store
    real = ProgressStore.record_decision

    def failing(store: ProgressStore, *args: object) -> int:
        if store is broken:
            raise StorageError(db_path, "disk I/O error")
        return real(store, *args)   # type: ignore[arg-type]
    monkeypatch.setattr(ProgressStore, "record_decision", failing)
    saver.decision(decision(situation_key="second"))
    state = saver.save()
    assert isinstance(state.problem, StorageError) and state.answers == 1
    assert state.saved_answers == 1 and saver.store is None     # let go, answer kept
    state = saver.save()
    assert state.saved and state.saved_answers == 2 and saver.store is not broken
    assert saver.close().saved
    with ProgressStore.open(db_path) as store:
        assert keys(store) == ["first", "second"]


def test_a_damaged_file_stops_the_tries_but_try_again_saves_every_answer_kept(
        db_path: Path) -> None:
    from trainer.progress.errors import CorruptDatabaseError

    damaged = [True]

    def opener() -> ProgressStore:
        if damaged[0]:
            raise CorruptDatabaseError(db_path, "it is damaged (test)")
        return ProgressStore.open(db_path)
    saver = SessionSaver(opener)
    saver.start("evolution", Mode.FLASHCARDS, {})
    for number in range(3):
        saver.decision(decision(situation_key=f"kept {number}"))
        state = saver.save()
    assert state.stopped and state.answers == 3 and state.saved_answers == 0
    assert "3 answers are kept" in state.text()
    damaged[0] = False                   # the player restored a backup
    assert saver.save().stopped          # not retried by itself...
    state = saver.try_again()            # ...but by Try again
    assert state.saved and state.problem is None and state.saved_answers == 3
    assert saver.close().saved
    with ProgressStore.open(db_path) as store:
        assert keys(store) == ["kept 0", "kept 1", "kept 2"]
