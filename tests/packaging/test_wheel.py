"""The wheel and sdist carry the tables and icons; a non-editable install runs on its own.

One slow test, as CI needs it: copy the project (without its venv or git), ``python -m build``
an sdist and a wheel from it, check what they hold, install the wheel into a new virtual
environment, and run the installed ``freebet-trainer --version``, ``--self-test`` and
``freebet-charts ev`` from a folder where the source is not importable.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TABLES = sorted(p.name for p in (ROOT / "data").glob("*.json.gz"))
LEFT_OUT = shutil.ignore_patterns(".venv", ".git", "screenshots", "__pycache__", "build",
                                  "dist", "*.egg-info", ".pytest_cache", ".ruff_cache",
                                  ".hypothesis")


def run(*command: str | Path, cwd: Path, timeout: float = 600) -> str:
    """Run a command with a clean environment (no PYTHONPATH); its stdout, or fail with its
    output."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the sdist and the wheel built from it."""
    work = tmp_path_factory.mktemp("build")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    run(sys.executable, "-m", "build", "--outdir", work / "dist", source, cwd=work)
    return work / "dist"


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


@pytest.mark.slow
@pytest.mark.timeout(1800)   # a build, a new environment and the wheel's dependencies installed
def test_the_installed_wheel_runs_its_self_test(built: Path, tmp_path: Path) -> None:
    wheels = list(built.glob("*.whl"))
    sdists = list(built.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1

    names = set(zipfile.ZipFile(wheels[0]).namelist())
    for table in TABLES:
        assert f"freebet_data/{table}" in names
    icons = [n for n in names if n.startswith("trainer/ui/icon-theme/hicolor/")]
    assert any(n.endswith(".svg") for n in icons) and any(n.endswith(".png") for n in icons)
    assert not any(n.startswith(("tests/", "bench/", "packaging/")) for n in names)
    with tarfile.open(sdists[0]) as sdist:
        inside = {Path(*Path(n).parts[1:]).as_posix() for n in sdist.getnames()}
    assert {f"data/{table}" for table in TABLES} <= inside

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    run(bin_dir / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        wheels[0], cwd=tmp_path)

    where = run(bin_dir / "python", "-c",
                "import trainer, freebet_data; print(trainer.__file__, freebet_data.__file__)",
                cwd=tmp_path)
    assert all(Path(p).is_relative_to(venv) for p in where.split())      # not the source tree
    assert run(bin_dir / "freebet-trainer", "--version", cwd=tmp_path).strip() == (
        f"freebet-trainer {version()}")
    assert "self-test passed" in run(bin_dir / "freebet-trainer", "--self-test", cwd=tmp_path)
    ev = json.loads(run(bin_dir / "freebet-charts", "ev", "--preset", "evolution", "--json",
                        cwd=tmp_path))
    assert round(100 * ev["rtp"], 2) == 98.45                 # the published return
