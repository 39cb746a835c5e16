"""Test-wide configuration: hypothesis profiles, shared fixtures (a clock moved by hand, so tests
never wait on the real one; a seeded progress history; the presets' catalogs, which the
teaching, scheduler and drill tests share), and no test ever touches the user's folders.

Hypothesis: 'ci' by default, 'long' for deep runs; pick one with the environment variable
``HYPOTHESIS_PROFILE``, e.g. ``HYPOTHESIS_PROFILE=long pytest tests/rules/test_properties.py``.

The user's folders: every test runs with its progress data, settings (QSettings) and XDG data,
config and cache folders in temporary folders of its own, and the strategy tables built on
demand in one temporary cache shared by the session (and its xdist workers, whose base folders
sit in the session's), so a standard-counterpart table is built once. The user's real folders
(as found when the session started) are compared before and after each test: a test that
creates, changes or removes anything there fails. Collecting the tests runs with folders of its
own too (a test module may work out a catalog, and keep it, as it is imported), and the real
folders as found before it are compared at the session's end: a change made then fails the run.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from trainer.teaching.catalog import Catalog

settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("long", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

APP = "freebet-trainer"


def _real_folders() -> list[Path]:
    """The user's folders the trainer writes to, by the rules the product itself follows."""
    folders = [Path(platformdirs.user_data_dir(APP)), Path(platformdirs.user_config_dir(APP)),
               Path(platformdirs.user_cache_dir(APP))]
    for variable in ("FREEBET_TRAINER_DATA", "FREEBET_TABLE_CACHE"):
        if os.environ.get(variable):
            folders.append(Path(os.environ[variable]).expanduser())
    return folders


REAL_FOLDERS = _real_folders()   # read at import, before any fixture changes the environment


def _snapshot(folder: Path) -> dict[str, tuple[int, int]] | None:
    """Every file under ``folder`` with its size and modification time (None: no folder)."""
    if not folder.exists():
        return None
    found = {}
    for path in folder.rglob("*"):
        try:
            info = path.lstat()
        except FileNotFoundError:
            continue
        found[str(path.relative_to(folder))] = (info.st_size, info.st_mtime_ns)
    return found


def _point_at(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Set the data, config and cache folders (XDG, the trainer's own variables, QSettings)
    to folders inside ``home``."""
    for variable, name in (("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"),
                           ("XDG_CACHE_HOME", "cache"), ("FREEBET_TRAINER_DATA", "progress")):
        (home / name).mkdir(exist_ok=True)
        monkeypatch.setenv(variable, str(home / name))
    if "PyQt6.QtCore" in sys.modules:   # Qt reads XDG_CONFIG_HOME once per process
        from PyQt6.QtCore import QSettings
        for kind in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
            QSettings.setPath(kind, QSettings.Scope.UserScope, str(home / "config"))


_AT_IMPORT = {folder: _snapshot(folder) for folder in REAL_FOLDERS}   # before collection
_COLLECTING = pytest.MonkeyPatch()
_COLLECTION_HOME = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    """Collection's own folders: what a test module keeps as it is imported goes there."""
    home = Path(tempfile.mkdtemp(prefix="freebet-collecting-"))
    config.stash[_COLLECTION_HOME] = home
    _point_at(home, _COLLECTING)
    _COLLECTING.setenv("FREEBET_TABLE_CACHE", str(home / "cache" / "tables"))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The run fails if the user's real folders changed since the tests were first imported
    (collection included, which no fixture watches)."""
    changed = [str(folder) for folder, seen in _AT_IMPORT.items() if _snapshot(folder) != seen]
    if changed:
        sys.stderr.write(f"the test run changed the user's real folders: {', '.join(changed)}\n")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_unconfigure(config: pytest.Config) -> None:
    _COLLECTING.undo()
    shutil.rmtree(config.stash[_COLLECTION_HOME], ignore_errors=True)


def _unchanged(before: dict[Path, dict[str, tuple[int, int]] | None]) -> None:
    changed = [str(folder) for folder, seen in before.items() if _snapshot(folder) != seen]
    if changed:
        pytest.fail(f"the test changed the user's real folders: {', '.join(changed)}",
                    pytrace=False)


@pytest.fixture(scope="session", autouse=True)
def private_session_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The session's own folders (session fixtures build tables and open files before any
    test's own folders exist), and one table cache shared with its xdist workers."""
    before = {folder: _snapshot(folder) for folder in REAL_FOLDERS}
    base = tmp_path_factory.getbasetemp()
    cache = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "table-cache"
    cache.mkdir(parents=True, exist_ok=True)
    with pytest.MonkeyPatch.context() as monkeypatch:
        _point_at(tmp_path_factory.mktemp("session-user"), monkeypatch)
        monkeypatch.setenv("FREEBET_TABLE_CACHE", str(cache))
        yield cache
    _unchanged(before)


@pytest.fixture(autouse=True)
def private_folders(tmp_path_factory: pytest.TempPathFactory,
                    monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test's own data, settings and cache folders; it fails if the real ones change."""
    before = {folder: _snapshot(folder) for folder in REAL_FOLDERS}
    home = tmp_path_factory.mktemp("user")
    _point_at(home, monkeypatch)
    yield home
    _unchanged(before)


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time on."""
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> FakeClock:
    """A fresh hand-moved clock."""
    return FakeClock()


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder holding a seeded progress file (shared by a module: its tests only read
    it); see :mod:`tests.progress.history`."""
    from tests.progress.history import seed

    folder = tmp_path_factory.mktemp("seeded")
    seed(folder / "progress.sqlite3")
    return folder


@pytest.fixture(scope="session")
def evolution() -> Catalog:
    """The evolution preset's catalog (loaded from data/ once; imported here, not at the top, so
    collecting a test that needs no catalog loads no engine)."""
    from trainer.rules import preset
    from trainer.teaching.catalog import catalog

    return catalog(preset("evolution"))


@pytest.fixture(scope="session")
def pot_of_gold() -> Catalog:
    """The pot-of-gold preset's catalog."""
    from trainer.rules import preset
    from trainer.teaching.catalog import catalog

    return catalog(preset("pot-of-gold"))


@pytest.fixture(scope="session")
def evolution_differences(evolution: Catalog) -> frozenset[str]:
    """Where evolution differs from its standard counterpart (built once per session)."""
    return evolution.differences()
