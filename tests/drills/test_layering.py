"""trainer/drills is core: no Qt, and no dependency on the progress store (callers wire them)."""

from __future__ import annotations

import re
from pathlib import Path

DRILLS = Path(__file__).resolve().parents[2] / "trainer" / "drills"


def test_drills_import_neither_qt_nor_progress() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+(PyQt|trainer\.progress|\.\.progress)",
                         re.MULTILINE)
    offenders = [p.name for p in DRILLS.rglob("*.py") if pattern.search(p.read_text())]
    assert offenders == []
