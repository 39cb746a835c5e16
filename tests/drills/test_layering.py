"""trainer/drills, trainer/scheduler and trainer/teaching are core: no Qt, and no dependency on the
progress store (callers wire them)."""

from __future__ import annotations

import re
from pathlib import Path

TRAINER = Path(__file__).resolve().parents[2] / "trainer"
CORE = [TRAINER / name for name in ("drills", "scheduler", "teaching")]


def test_the_core_imports_neither_qt_nor_progress() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+(PyQt|trainer\.progress|\.\.progress)",
                         re.MULTILINE)
    paths = [p for folder in CORE for p in folder.rglob("*.py")]
    assert len(paths) > 40
    offenders = [p.name for p in paths if pattern.search(p.read_text())]
    assert offenders == []
