"""A progress file (or a folder on its way) that is a symbolic link to nothing, or a loop of
links. Before: the drill said "could not be written (unable to open database file)", stats said
"No decisions yet", a link to a missing file in an existing folder started a new history there
unasked, and a data folder linked to nothing was "a file, not a folder". Now each is refused,
nothing written, the link named, with what it is and what to do."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from trainer.__main__ import main
from trainer.progress.errors import BrokenLinkError
from trainer.progress.store import ProgressStore

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX symbolic links")


def _refused(folder: Path, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What drill, stats and export say of ``folder`` (each exits 1)."""
    said = []
    for args in (["drill", "--count", "1"], ["stats"],
                 ["export", "--csv", str(folder.parent / "all.csv")]):
        monkeypatch.setattr("sys.stdin", io.StringIO("h\n"))
        capsys.readouterr()
        assert main([*args, "--data-dir", str(folder)]) == 1, args
        found = capsys.readouterr()
        assert "No decisions yet" not in found.out and "Traceback" not in found.err
        said.append(found.err)
    return said


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


@pytest.mark.parametrize("target_folder", [False, True])
def test_a_progress_file_linked_to_nothing_is_refused_naming_both(
        tmp_path: Path, target_folder: bool, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The target's folder missing (a drive not mounted) or there (a file moved away)."""
    data, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    data.mkdir()
    if target_folder:
        elsewhere.mkdir()
    link = data / "progress.sqlite3"
    link.symlink_to(elsewhere / "progress.sqlite3")
    before = _tree(tmp_path)
    for said in _refused(data, capsys, monkeypatch):
        assert said == (
            f"freebet-trainer: The progress file {link} cannot be used: it is a symbolic link "
            f"to {elsewhere / 'progress.sqlite3'}, which does not exist (a drive not "
            "connected, or the file moved or deleted?). Nothing was changed. Connect the "
            "drive, or point the link at your progress file (ln -sfn FILE "
            f"{link}), or remove the link to begin a new history there; or choose another "
            "folder with --data-dir (or in Settings).\n")
    assert _tree(tmp_path) == before            # no history started at the link's target


def test_a_loop_of_links_is_refused_as_a_loop(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    data.mkdir()
    link, other = data / "progress.sqlite3", data / "other.sqlite3"
    link.symlink_to(other)
    other.symlink_to(link)
    for said in _refused(data, capsys, monkeypatch):
        assert said == (
            f"freebet-trainer: The progress file {link} cannot be used: it is a symbolic link "
            f"in a loop of links ({link} → {other} → {link}), which leads to no file. Nothing "
            f"was changed. Point the link at your progress file (ln -sfn FILE {link}), or "
            "remove it to begin a new history there; or choose another folder with --data-dir "
            "(or in Settings).\n")


def test_a_data_folder_linked_to_nothing_is_named_as_such(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    data.symlink_to(tmp_path / "gone")
    for said in _refused(data, capsys, monkeypatch):
        assert f"cannot be used: the folder {data} on its path is a symbolic link to " \
               f"{tmp_path / 'gone'}, which does not exist" in said
        assert "is a file, not a folder" not in said
    assert _tree(tmp_path) == ["data"]


def test_a_link_to_a_real_progress_file_is_used(tmp_path: Path) -> None:
    """Links that lead somewhere are followed as before (the real file holds the history)."""
    real = tmp_path / "real" / "progress.sqlite3"
    with ProgressStore.open(real):
        pass
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "progress.sqlite3").symlink_to(real)
    os.symlink(tmp_path / "data", tmp_path / "linked")
    with ProgressStore.open(tmp_path / "linked" / "progress.sqlite3") as store:
        assert store.tuples("SELECT COUNT(*) FROM decisions") == [(0,)]


def test_the_store_refuses_a_broken_link_with_its_own_error(tmp_path: Path) -> None:
    link = tmp_path / "progress.sqlite3"
    link.symlink_to(tmp_path / "gone.sqlite3")
    for read_only in (False, True):
        with pytest.raises(BrokenLinkError) as refused:
            ProgressStore.open(link, read_only=read_only)
        assert refused.value.path == link and refused.value.link == link
    assert not (tmp_path / "gone.sqlite3").exists()
