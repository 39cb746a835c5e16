#!/usr/bin/env python3
"""Set up the project's virtual environment if needed, then start the app or run every check.

    python3 dev.py app [ARGS...]    install (first run only) and start the trainer
    python3 dev.py test [ARGS...]   install (first run only), lint with ruff, type-check the core
                                    with mypy (configured in pyproject.toml), run pytest

Needs only Python 3.11+ and pip. The environment lives in ``.venv`` beside this file and is
reinstalled when ``pyproject.toml`` changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"


def _wanted_stamp() -> str:
    """Return a fingerprint of what the environment must contain."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return f"{digest} {sys.version_info[:2]}"


def ensure_venv() -> None:
    """Create ``.venv`` and install the project with its test extras, unless already current."""
    if STAMP.exists() and STAMP.read_text() == _wanted_stamp() and PYTHON.exists():
        return
    if not PYTHON.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    print("Installing the trainer and its dependencies into .venv ...", flush=True)
    subprocess.run(
        [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-e", f"{ROOT}[test]"],
        check=True,
    )
    STAMP.write_text(_wanted_stamp())


def run(args: list[str]) -> int:
    """Run one command inside the environment and return its exit code."""
    return subprocess.run(args, cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    """Dispatch ``app`` or ``test``."""
    if not argv or argv[0] not in {"app", "test"}:
        print(__doc__)
        return 2
    ensure_venv()
    command, rest = argv[0], argv[1:]
    if command == "app":
        return run([str(BIN / "freebet-trainer"), *rest])
    for check in (["ruff", "check", "."], ["mypy"]):
        code = run([str(PYTHON), "-m", *check])
        if code:
            return code
    return run([str(PYTHON), "-m", "pytest", "-n", "2", *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
