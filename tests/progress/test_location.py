"""The progress file's location: --data-dir, then $FREEBET_TRAINER_DATA, then platformdirs."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from trainer.progress.location import DATA_ENV, FILENAME, database_path


def test_the_argument_wins_over_the_environment(tmp_path: Path) -> None:
    env = {DATA_ENV: str(tmp_path / "env")}
    assert database_path(tmp_path / "arg", env) == tmp_path / "arg" / FILENAME


def test_the_environment_wins_over_the_user_data_dir(tmp_path: Path) -> None:
    env = {DATA_ENV: str(tmp_path / "env")}
    assert database_path(None, env) == tmp_path / "env" / "progress.sqlite3"


def test_by_default_the_platform_user_data_dir() -> None:
    expected = Path(platformdirs.user_data_dir("freebet-trainer")) / "progress.sqlite3"
    assert database_path(None, {}) == expected
    assert database_path("", {DATA_ENV: ""}) == expected


def test_home_is_expanded() -> None:
    assert database_path("~/fb", {}) == Path.home() / "fb" / FILENAME
