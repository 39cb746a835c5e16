"""No test touches the user's folders (tests/conftest.py): each test's data, settings and caches
are its own temporary folders, and a test that writes into the real ones fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from strategy_charts.tables import cache_dir
from trainer.progress.location import database_path

ROOT = Path(__file__).resolve().parent.parent


def test_a_tests_folders_are_its_own(private_folders: Path) -> None:
    assert database_path().is_relative_to(private_folders)
    for folder in (platformdirs.user_data_dir("freebet-trainer"),
                   platformdirs.user_config_dir("freebet-trainer"),
                   platformdirs.user_cache_dir("freebet-trainer")):
        assert Path(folder).is_relative_to(private_folders)
    assert not cache_dir().is_relative_to(Path.home() / ".cache")


def test_the_apps_settings_file_is_the_tests_own(private_folders: Path) -> None:
    from PyQt6.QtCore import QSettings

    from trainer.settings import Settings
    from trainer.ui.settings.carried import old_store
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                      str(private_folders / "config"))   # as the fixture does, once Qt is in
    assert Path(old_store().fileName()).is_relative_to(private_folders)
    assert Settings().path.is_relative_to(private_folders)


INNER_TESTS = '''
from conftest import REAL_FOLDERS

def test_writes_into_the_real_data_folder():
    REAL_FOLDERS[0].mkdir(parents=True, exist_ok=True)
    (REAL_FOLDERS[0] / "progress.sqlite3").write_text("nine sessions")

def test_keeps_to_its_own(private_folders):
    (private_folders / "data" / "progress.sqlite3").write_text("fine")
'''


@pytest.mark.slow
def test_a_test_that_writes_into_the_real_folders_fails(tmp_path: Path) -> None:
    """An inner test session whose "real" folders are this test's own temporary ones (they
    come from the environment, which the fixture has pointed here)."""
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_inner.py").write_text(INNER_TESTS)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-p", "no:xdist", "-p", "no:randomly", str(tmp_path)], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    # the writer fails at its teardown, and the session fails at its end (the last teardown)
    assert "2 passed, 2 errors" in run.stdout, run.stdout
    assert "ERROR at teardown of test_writes_into_the_real_data_folder" in run.stdout
    assert "the test changed the user's real folders" in run.stdout


KEPT_AT_IMPORT = '''
from pathlib import Path

import platformdirs

Path(platformdirs.user_cache_dir("freebet-trainer"), "kept").mkdir(parents=True)

def test_nothing_else():
    pass
'''

WRITTEN_AT_IMPORT = '''
from conftest import REAL_FOLDERS

REAL_FOLDERS[2].mkdir(parents=True, exist_ok=True)
(REAL_FOLDERS[2] / "kept").write_text("a catalog")

def test_nothing_else():
    pass
'''


@pytest.mark.slow
def test_collecting_the_tests_keeps_to_folders_of_its_own(tmp_path: Path) -> None:
    """A test module keeping work as it is imported (before any fixture) keeps it in
    collection's own folders; one writing into the real folders then fails the run."""
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    real_cache = Path(platformdirs.user_cache_dir("freebet-trainer"))

    def session(module: str) -> subprocess.CompletedProcess[str]:
        (tmp_path / "test_inner.py").write_text(module)
        return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               "-p", "no:xdist", "-p", "no:randomly", str(tmp_path)],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120,
                              env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})

    kept = session(KEPT_AT_IMPORT)
    assert kept.returncode == 0 and "1 passed" in kept.stdout, kept.stdout + kept.stderr
    assert not (real_cache / "kept").exists()
    written = session(WRITTEN_AT_IMPORT)
    assert written.returncode == pytest.ExitCode.TESTS_FAILED, written.stdout
    assert "the test run changed the user's real folders" in written.stderr
