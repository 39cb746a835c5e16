"""Finding 3: a read-only progress file or folder. Stats and export read it without writing
anything; the drill says it cannot save and why, before asking anything; nothing is left
behind (before: a traceback, and a read-only ``-shm`` that broke drill and stats for good).

The commands run as a user whom file permissions bind (see ``conftest.run``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from trainer.progress.store import ProgressStore

from .conftest import history, run

pytestmark = pytest.mark.usefixtures("read_only_works")


def listing(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_size, p.stat().st_mode) for p in folder.iterdir()}


def drill(folder: Path) -> tuple[int, str]:
    out = run(["trainer", "drill", "--mode", "hard", "--count", "2", "--seed", "1",
               "--data-dir", str(folder)], stdin="s\ns\n", as_user=True)
    assert "Traceback" not in out.stderr
    return out.returncode, out.stderr


@pytest.mark.slow
def test_a_read_only_file_is_read_but_never_written(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    path = history(folder)
    path.chmod(0o444)
    before = listing(folder)
    code, said = drill(folder)
    assert code == 1
    assert f"{path} could not be written ({path} is read-only)" in said
    assert "Answers cannot be saved there. Make it writable" in said
    stats = run(["trainer", "stats", "--data-dir", str(folder)], as_user=True)
    assert stats.returncode == 0 and "\n3 decisions" in stats.stdout, stats.stderr
    target = tmp_path / "out.csv"
    export = run(["trainer", "export", "--csv", str(target), "--data-dir", str(folder)],
                 as_user=True)
    assert export.returncode == 0 and "wrote 3 decisions" in export.stdout, export.stderr
    assert listing(folder) == before, "nothing beside the file, and the file unchanged"
    path.chmod(0o644)
    assert drill(folder)[0] == 0
    with ProgressStore.open(path) as store:
        assert len(list(store.decisions())) == 5


@pytest.mark.slow
def test_a_read_only_folder_is_read_but_never_written(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    history(folder)
    folder.chmod(0o555)
    try:
        before = listing(folder)
        code, said = drill(folder)
        assert code == 1 and f"({folder} is read-only)" in said
        stats = run(["trainer", "stats", "--data-dir", str(folder)], as_user=True)
        assert stats.returncode == 0 and "\n3 decisions" in stats.stdout, stats.stderr
        assert listing(folder) == before
    finally:
        folder.chmod(0o755)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="only root can give a file to another user")
def test_another_users_file_is_said_to_be_theirs(tmp_path: Path) -> None:
    """Before: "chmod u+w", which only its owner may run."""
    folder = tmp_path / "data"
    path = history(folder)
    os.chown(path, 65534, 65534)       # nobody's
    code, said = drill(folder)
    assert code == 1
    assert f"({path} belongs to another user, " in said and "chmod" not in said
    assert "Ask that user (or an administrator) to let you write it" in said


def test_a_read_only_file_left_beside_it_is_named(tmp_path: Path) -> None:
    """What the old trainer left after a read-only run: the next drill names that file."""
    folder = tmp_path / "data"
    path = history(folder)
    shm = folder / "progress.sqlite3-shm"
    shm.write_bytes(bytes(32768))
    shm.chmod(0o444)
    code, said = drill(folder)
    assert code == 1 and f"({shm} is read-only)" in said
    assert path.stat().st_mode & 0o200


def test_stats_on_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "nothing here"
    stats = run(["trainer", "stats", "--data-dir", str(folder)], as_user=True)
    assert stats.returncode == 0 and "No decisions yet" in stats.stdout
    assert not folder.exists()


def test_a_build_into_a_read_only_folder_stops_before_the_work(tmp_path: Path) -> None:
    """Before: it failed only after the build's 10 s (now the folder is checked first: only
    that check says "the folder ... is read-only")."""
    out = tmp_path / "tables"
    out.mkdir()
    out.chmod(0o555)
    try:
        built = run(["strategy_charts", "build", "--preset", "evolution", "--out", str(out)],
                    as_user=True)
    finally:
        out.chmod(0o755)
    assert built.returncode == 1 and "Traceback" not in built.stderr
    assert f"the folder {out} is read-only" in built.stderr
    assert list(out.iterdir()) == []
