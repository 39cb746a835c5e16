"""Issue 22, finding 6: a data folder whose name is longer than the file system allows (over
255 bytes). Before: an OSError [Errno 36] traceback from every command that opens the progress
file. Now each says it as the store's fault, naming the folder and what to do (exit 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.__main__ import main

#: A folder name of 300 bytes: no common file system takes it.
LONG = "a" * 300


@pytest.mark.parametrize("command", [["drill", "--count", "1"], ["stats"],
                                     ["export", "--csv", "{tmp}/history.csv"], ["count", "stats"],
                                     ["count", "true", "--questions", "1"]])
def test_a_data_folder_name_too_long_is_named_with_what_to_do(
        tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / LONG
    argv = [part.replace("{tmp}", str(tmp_path)) for part in command]
    assert main([*argv, "--data-dir", str(folder)]) == 1
    said = capsys.readouterr().err
    assert "Traceback" not in said and "Errno" not in said
    assert said.startswith(f"freebet-trainer: The progress file {folder / 'progress.sqlite3'} "
                           "cannot be used: the folder name aaaaaaaaaaaaaaaaaaaaaaaa… in its "
                           "path is 300 bytes long, more than a file system allows (255).")
    assert "Choose another folder with --data-dir" in said
    assert list(tmp_path.iterdir()) == []


def test_a_path_too_long_as_a_whole_is_said_so() -> None:
    """No name over 255 bytes, but more than the system's longest path (4096 bytes on Linux)."""
    import errno

    from trainer.progress.errors import LocationError, translate_os
    deep = Path("/data", *["folder"] * 700)
    error = translate_os(deep / "progress.sqlite3",
                         OSError(errno.ENAMETOOLONG, "File name too long", str(deep)))
    assert isinstance(error, LocationError) and error.retry
    assert "cannot be used: its path is longer than the file system allows" in str(error)
