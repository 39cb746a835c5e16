"""A small run of bench/sharing.py: processes writing one file at once, with random read-only
opens and reopens between answers, lose nothing and leave the file intact."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sharing_bench", ROOT / "bench" / "sharing.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_three_processes_at_once_lose_nothing(tmp_path: Path) -> None:
    outcome = _bench().run(tmp_path, processes=3, answers=25, seed=7)
    assert outcome.integrity == "ok"
    assert outcome.stored == outcome.expected == 75
    assert outcome.read_only_opens > 0 and outcome.reopens > 0
