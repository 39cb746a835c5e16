#!/usr/bin/env python3
"""Set up the project's virtual environment if needed, then start the app or run every check.

    python3 dev.py app [ARGS...]    install what the app needs (first run only), start the trainer
    python3 dev.py test [ARGS...]   add the test tools to the same environment (first run only),
                                    lint with ruff, type-check the core with mypy (configured in
                                    pyproject.toml), run pytest

Needs only Python 3.11+ and pip. The environment lives in ``.venv`` beside this file: ``app``
installs the trainer and its own dependencies only; ``test`` adds the ``test`` extra (pytest,
ruff, mypy, hypothesis, build, fsrs) to it. What is installed is recorded in ``.venv/.installed``
and installed again when ``pyproject.toml`` or the Python version changes.
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
#: The extras each command needs in the environment (pyproject's optional dependencies).
EXTRAS: dict[str, frozenset[str]] = {"app": frozenset(), "test": frozenset({"test"})}


def _base_stamp() -> str:
    """A fingerprint of the project's declared dependencies and this Python."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return f"{digest} {sys.version_info[:2]}"


def installed_extras() -> frozenset[str] | None:
    """The extras installed for the current ``pyproject.toml`` and Python (an empty set: the
    app's dependencies only), or None when the environment is missing or out of date.

    The stamp's first line is :func:`_base_stamp`, its second the extras, comma-separated (a
    stamp of one line, from before the app and the tests were set up apart, had the tests')."""
    if not PYTHON.exists() or not STAMP.exists():
        return None
    base, newline, extras = STAMP.read_text().partition("\n")
    if base != _base_stamp():
        return None
    if not newline:
        return frozenset({"test"})
    return frozenset(name for name in extras.strip().split(",") if name)


def ensure_venv(extras: frozenset[str] = frozenset()) -> None:
    """Create ``.venv`` and install the project with ``extras``, unless they are in already
    (an environment with more extras serves a command that needs fewer)."""
    have = installed_extras()
    if have is not None and extras <= have:
        return
    if not PYTHON.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    wanted = extras | (have or frozenset())
    what = "the trainer and its dependencies" if not wanted else \
        f"the trainer with its {', '.join(sorted(wanted))} tools"
    print(f"Installing {what} into .venv ...", flush=True)
    target = f"{ROOT}[{','.join(sorted(wanted))}]" if wanted else str(ROOT)
    subprocess.run(
        [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-e", target],
        check=True,
    )
    prepare_first_launch()
    STAMP.write_text(f"{_base_stamp()}\n{','.join(sorted(wanted))}\n")


def prepare_first_launch() -> None:
    """What the trainer's first launch would otherwise do while the player waits: compile its
    modules to bytecode, and build matplotlib's font cache (its charts' fonts)."""
    print("Preparing the first launch (bytecode, matplotlib's font cache) ...", flush=True)
    subprocess.run([str(PYTHON), "-m", "compileall", "-q", "trainer", "strategy_charts"],
                   check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    subprocess.run([str(PYTHON), "-c", "import matplotlib.font_manager"], check=True,
                   cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run(args: list[str]) -> int:
    """Run one command inside the environment and return its exit code."""
    return subprocess.run(args, cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    """Dispatch ``app`` or ``test``."""
    if not argv or argv[0] not in EXTRAS:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    ensure_venv(EXTRAS[command])
    if command == "app":
        return run([str(BIN / "freebet-trainer"), *rest])
    for check in (["ruff", "check", "."], ["mypy"]):
        code = run([str(PYTHON), "-m", *check])
        if code:
            return code
    return run([str(PYTHON), "-m", "pytest", "-n", "2", *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
