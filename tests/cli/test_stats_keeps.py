"""``freebet-trainer stats`` keeps the picture of the player's memory it made (through the
process's one writer), so the next read replays only newer answers; a file it may not write
keeps nothing and reads the same."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tests.progress.history import count_study_rows, seed
from trainer.__main__ import main
from trainer.progress import study_store
from trainer.progress.store import ProgressStore
from trainer.scheduler.memory import MODEL


def stats(folder: Path) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["stats", "--data-dir", str(folder), "--assume", "classic"]) == 0
    return out.getvalue()


def picture(path: Path) -> object:
    with ProgressStore.open(path, read_only=True) as store:
        return store.load_picture("evolution", "classic", MODEL)


def test_stats_keeps_the_picture_it_made_so_the_next_replays_only_newer_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: stats read through a read-only connection and kept nothing, so every stats
    replayed every answer (seconds on a long history)."""
    path = tmp_path / "progress.sqlite3"
    seed(path)
    assert picture(path) is None
    first = stats(tmp_path)
    assert picture(path) is not None
    read = count_study_rows(monkeypatch)
    assert stats(tmp_path) == first
    assert read == [0]                            # nothing new since the picture kept


def test_stats_on_a_file_another_writer_holds_keeps_nothing_and_says_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.sqlite3"
    seed(path)
    monkeypatch.setattr(study_store, "KEEP_WAIT", 0.05)
    with ProgressStore.open(path) as writer, writer._transaction():   # another writer's turn
        locked = stats(tmp_path)
    assert picture(path) is None
    assert stats(tmp_path) == locked
