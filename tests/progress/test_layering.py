"""trainer/progress stays a core package: no Qt, and nothing from the UI layer above it."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "trainer" / "progress"


def test_the_progress_store_imports_no_qt_and_no_ui() -> None:
    offenders = [
        path.name for path in PACKAGE.rglob("*.py")
        if re.search(r"^\s*(from|import)\s+(PyQt|PySide|trainer\.ui)", path.read_text(),
                     re.MULTILINE)
    ]
    assert offenders == []
