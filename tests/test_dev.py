"""dev.py: ``app`` installs the trainer's own dependencies only, ``test`` adds the test extra to
the same environment, and neither installs again what is in already."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def dev(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, list[list[str]]]:
    """dev.py with its environment in ``tmp_path`` and pip's runs recorded, not run."""
    module = load_script("dev.py", "dev_under_test")
    venv = tmp_path / ".venv"
    monkeypatch.setattr(module, "VENV", venv)
    monkeypatch.setattr(module, "PYTHON", venv / "bin" / "python")
    monkeypatch.setattr(module, "STAMP", venv / ".installed")
    runs: list[list[str]] = []

    def create(self: object, folder: Path) -> None:
        (Path(folder) / "bin").mkdir(parents=True)
        (Path(folder) / "bin" / "python").write_text("")

    monkeypatch.setattr(module.venv.EnvBuilder, "create", create)

    def pip(args: list[str], check: bool, **where: object) -> subprocess.CompletedProcess[str]:
        if "pip" in args:          # the first launch's preparation is checked apart
            runs.append(list(args))
        return subprocess.CompletedProcess(args, 0)

    monkeypatch.setattr(module.subprocess, "run", pip)
    return module, runs


def test_app_installs_the_trainer_without_its_test_tools(dev) -> None:
    module, runs = dev
    module.ensure_venv(module.EXTRAS["app"])
    [pip] = runs
    assert pip[-2:] == ["-e", str(module.ROOT)]          # no [test]
    assert module.installed_extras() == frozenset()
    module.ensure_venv(module.EXTRAS["app"])
    assert len(runs) == 1                                  # in already


def test_test_adds_its_tools_to_the_apps_environment_once(dev) -> None:
    module, runs = dev
    module.ensure_venv(module.EXTRAS["app"])
    module.ensure_venv(module.EXTRAS["test"])
    assert runs[-1][-2:] == ["-e", f"{module.ROOT}[test]"]
    assert module.installed_extras() == frozenset({"test"})
    module.ensure_venv(module.EXTRAS["test"])
    module.ensure_venv(module.EXTRAS["app"])              # the app runs in the larger one
    assert len(runs) == 2


def test_a_changed_pyproject_or_an_old_stamp(dev) -> None:
    module, runs = dev
    module.ensure_venv(module.EXTRAS["app"])
    module.STAMP.write_text(f"{module._base_stamp()}")    # before app and tests were apart
    assert module.installed_extras() == frozenset({"test"})
    module.STAMP.write_text("another pyproject (3, 11)\n\n")
    assert module.installed_extras() is None
    module.ensure_venv(module.EXTRAS["app"])
    assert len(runs) == 2


def test_an_unknown_command_prints_the_usage(dev, capsys) -> None:
    module, runs = dev
    assert module.main(["lint"]) == 2 and runs == []
    assert "python3 dev.py app" in capsys.readouterr().out
    assert sys.version_info >= (3, 11)


def test_the_set_up_prepares_the_first_launch(dev, monkeypatch: pytest.MonkeyPatch) -> None:
    """The project's bytecode and matplotlib's font cache are made while setting up, not while
    the player waits for the first window."""
    module, _ = dev
    ran: list[list[str]] = []
    monkeypatch.setattr(module.subprocess, "run", lambda args, check, **where: ran.append(
        list(args)) or subprocess.CompletedProcess(args, 0))
    module.ensure_venv(module.EXTRAS["app"])
    assert any(args[1:3] == ["-m", "compileall"] and "trainer" in args for args in ran)
    assert any("import matplotlib.font_manager" in args for args in ran)
