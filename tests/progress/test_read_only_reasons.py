"""Why a progress file may not be written, said for what it is: a file of one's own made
read-only (chmod u+w), another user's file (chmod is theirs to run, not the player's), a file
on a file system mounted read-only (no chmod helps). Before, each was told to "chmod u+w"."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from trainer.progress.errors import ReadOnlyError, translate_os

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX owners and mounts")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    found = tmp_path / "data" / "progress.sqlite3"
    found.parent.mkdir()
    found.write_bytes(b"")
    return found


def test_a_file_of_ones_own_is_told_to_chmod(path: Path) -> None:
    said = str(ReadOnlyError(path, path))
    assert f"({path} is read-only)" in said
    assert f"Answers cannot be saved there. Make it writable (chmod u+w {path})" in said


def test_another_users_file_is_said_to_be_theirs(path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    owner = path.stat().st_uid
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1)
    said = str(ReadOnlyError(path, path))
    assert f"({path} belongs to another user, " in said
    assert "and may not be written by you)" in said
    assert "chmod" not in said
    assert ("Ask that user (or an administrator) to let you write it, or choose a folder of "
            "your own with --data-dir (or in Settings)") in said


def test_a_folder_of_another_user_is_said_to_be_theirs(path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    owner = path.parent.stat().st_uid
    monkeypatch.setattr(os, "geteuid", lambda: owner + 1)
    said = str(ReadOnlyError(path, path.parent))
    assert f"({path.parent} belongs to another user" in said and "chmod" not in said


def test_a_read_only_mount_is_said_to_be_one(path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.statvfs

    def mounted_read_only(where: object) -> object:
        found = real(where)   # type: ignore[arg-type]
        return SimpleNamespace(f_flag=found.f_flag | os.ST_RDONLY)

    monkeypatch.setattr(os, "statvfs", mounted_read_only)
    for culprit in (path, path.parent):
        said = str(ReadOnlyError(path, culprit))
        assert f"({culprit} is on a file system mounted read-only" in said
        assert "chmod" not in said
        assert ("Answers cannot be saved there. Mount it read-write, or choose a folder on "
                "another disk with --data-dir (or in Settings)") in said


def test_the_system_saying_read_only_file_system_is_a_read_only_mount(path: Path) -> None:
    error = OSError(30, "Read-only file system", str(path))    # EROFS
    said = str(translate_os(path, error))
    assert "mounted read-only" in said and "chmod" not in said
