#!/usr/bin/env python3
"""Build the desktop bundle with PyInstaller and prove that it runs.

    python packaging/build_bundle.py [--dist DIR] [--work DIR]

Run it with the project's environment (``.venv/bin/python packaging/build_bundle.py``). It
installs PyInstaller into that environment if it is missing (the ``bundle`` extra of
pyproject.toml), builds ``packaging/freebet-trainer.spec`` into ``DIR/freebet-trainer``
(``dist/`` by default), checks that the strategy tables and the icons are inside, and runs the
bundled ``freebet-trainer --self-test`` offscreen. Any failure exits non-zero with the reason.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "freebet-trainer.spec"
NAME = "freebet-trainer"
#: Files the bundle must hold, by name: the tables of every preset (and of its standard
#: counterpart) and the icon.
REQUIRED = ("evolution.json.gz", "pot-of-gold.json.gz", "pot-of-gold-8d.json.gz",
            "evolution.standard.json.gz", "pot-of-gold.standard.json.gz",
            "pot-of-gold-8d.standard.json.gz",
            "io.github.freebettrainer.FreeBetTrainer.png",
            "io.github.freebettrainer.FreeBetTrainer.svg")


class BundleError(Exception):
    """A step failed; the message says which and why."""


def pyinstaller_requirement() -> str:
    """The ``bundle`` extra's requirement, from pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        extras = tomllib.load(file)["project"]["optional-dependencies"]
    [requirement] = extras["bundle"]
    return requirement


def ensure_pyinstaller() -> None:
    """Install PyInstaller into this environment unless it is there already."""
    if importlib.util.find_spec("PyInstaller") is not None:
        return
    if sys.prefix == sys.base_prefix:
        raise BundleError("PyInstaller is missing and this Python is no virtual environment: "
                          "run this script with the project's .venv/bin/python")
    requirement = pyinstaller_requirement()
    print(f"Installing {requirement} into {sys.prefix} ...", flush=True)
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                           "--disable-pip-version-check", requirement], check=False)
    if done.returncode:
        raise BundleError(f"pip could not install {requirement}")


def build(dist: Path, work: Path) -> float:
    """Run PyInstaller on the spec; returns the seconds it took."""
    if importlib.util.find_spec("trainer") is None:
        raise BundleError("the trainer is not installed in this environment (python3 dev.py "
                          "test sets it up)")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                           "--log-level", "WARN", "--distpath", str(dist),
                           "--workpath", str(work), str(SPEC)], cwd=ROOT, check=False)
    if done.returncode:
        raise BundleError(f"PyInstaller failed (exit code {done.returncode})")
    return time.monotonic() - started


def check_contents(bundle: Path) -> None:
    """The tables and the icon are in the bundle."""
    names = {path.name for path in bundle.rglob("*") if path.is_file()}
    missing = [name for name in REQUIRED if name not in names]
    if missing:
        raise BundleError(f"the bundle lacks {', '.join(missing)}")


def self_test(program: Path) -> str:
    """Run the bundled program's --self-test offscreen; returns what it printed."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    try:
        done = subprocess.run([str(program), "--self-test"], env=env, capture_output=True,
                              text=True, timeout=300, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BundleError(f"the bundled program did not run: {exc}") from exc
    if done.returncode or "self-test passed" not in done.stdout:
        raise BundleError(f"the bundle's self-test failed (exit code {done.returncode}):\n"
                          f"{done.stdout}{done.stderr}")
    return done.stdout.strip()


def folder_size(folder: Path) -> int:
    """Bytes of all files under ``folder`` (links not counted twice)."""
    return sum(path.lstat().st_size for path in folder.rglob("*")
               if path.is_file() and not path.is_symlink())


def main(argv: list[str] | None = None) -> int:
    """Build, check and self-test the bundle; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the bundle folder goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "bundle",
                        help="PyInstaller's working folder (default: build/bundle/)")
    args = parser.parse_args(argv)
    bundle = args.dist.resolve() / NAME
    program = bundle / (f"{NAME}.exe" if os.name == "nt" else NAME)
    try:
        ensure_pyinstaller()
        seconds = build(args.dist.resolve(), args.work.resolve())
        if not program.is_file():
            raise BundleError(f"PyInstaller made no {program}")
        check_contents(bundle)
        report = self_test(program)
    except BundleError as exc:
        print(f"build_bundle: FAILED: {exc}", file=sys.stderr)
        return 1
    print(report)
    print(f"bundle: {bundle} ({folder_size(bundle) / 2**20:.0f} MiB, built in {seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
