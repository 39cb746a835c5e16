"""Project-wide checks: the core imports no Qt, and every package ships in the wheel."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ["trainer/rules", "strategy_charts"]


def test_the_core_imports_no_qt() -> None:
    """trainer/rules and strategy_charts never import PyQt (the UI calls them, not the reverse)."""
    offenders = [
        str(path.relative_to(ROOT))
        for folder in CORE for path in (ROOT / folder).rglob("*.py")
        if re.search(r"^\s*(from|import)\s+PyQt", path.read_text(), re.MULTILINE)
    ]
    assert offenders == []


def test_every_package_is_listed_for_the_wheel() -> None:
    """pyproject's package list names every folder with an __init__.py (data/ as freebet_data)."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("trainer", "strategy_charts") for init in (ROOT / top).rglob("__init__.py")
    }
    assert found | {"freebet_data"} == listed
