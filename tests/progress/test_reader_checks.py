"""A reader pays for the whole-file check once per change of the file: the Progress page opens
the file three times for one look, and on a long history each check takes about a second."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.progress import judging
from trainer.progress.errors import CorruptDatabaseError
from trainer.progress.store import ProgressStore
from trainer.teaching.records import Mode


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files whose whole-file check ran, in order."""
    ran: list[Path] = []
    real = judging.quick_check

    def counted(conn: object, path: Path) -> None:
        ran.append(path)
        real(conn, path)  # type: ignore[arg-type]
    monkeypatch.setattr(judging, "quick_check", counted)
    return ran


def _answered(path: Path, key: str) -> None:
    """Another program (a terminal drill, say) saves one answer and closes."""
    subprocess.run([sys.executable, "-c", (
        "from pathlib import Path\n"
        "from tests.progress.factories import decision\n"
        "from trainer.teaching.records import Mode\n"
        "from trainer.progress.store import ProgressStore\n"
        f"with ProgressStore.open(Path({str(path)!r})) as store:\n"
        "    session = store.start_session('evolution', Mode.FLASHCARDS, {})\n"
        f"    store.record_decision(session, decision(situation_key={key!r}))\n")],
        check=True, cwd=Path(__file__).resolve().parents[2])


def test_an_unchanged_file_is_checked_once_and_a_changed_one_again(
        db_path: Path, checks: list[Path]) -> None:
    _answered(db_path, "first")
    for _ in range(3):                                   # one look at the Progress page
        with ProgressStore.open(db_path, read_only=True) as store:
            assert len(list(store.decisions())) == 1
    assert len(checks) == 1                              # and none when a reader closes
    _answered(db_path, "second")
    with ProgressStore.open(db_path, read_only=True) as store:
        assert len(list(store.decisions())) == 2
    assert len(checks) == 2


def test_a_file_damaged_after_its_check_is_refused_at_the_next_open(
        db_path: Path, checks: list[Path]) -> None:
    _answered(db_path, "first")
    with ProgressStore.open(db_path, read_only=True):
        pass
    size = db_path.stat().st_size
    with open(db_path, "r+b") as handle:   # (no connection is open in this process)
        handle.seek(size // 2)
        handle.write(b"\xff" * (size // 2))
    with pytest.raises(CorruptDatabaseError):
        ProgressStore.open(db_path, read_only=True)
    assert len(checks) == 2


def test_a_writer_still_checks_the_file_when_it_closes(db_path: Path,
                                                       checks: list[Path]) -> None:
    with ProgressStore.open(db_path) as store:
        store.record_decision(store.start_session("evolution", Mode.FLASHCARDS, {}),
                              decision(situation_key="x"))
    assert checks == [db_path]
