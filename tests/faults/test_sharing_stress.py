"""A small run of bench/sharing.py: processes writing one file at once, with random read-only
opens and reopens between answers, lose nothing and leave the file intact."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tests.scripts import load_script


def _bench() -> ModuleType:
    return load_script("bench/sharing.py", "sharing_bench")


def test_three_processes_at_once_lose_nothing(tmp_path: Path) -> None:
    outcome = _bench().run(tmp_path, processes=3, answers=25, seed=7)
    assert outcome.integrity == "ok"
    assert outcome.stored == outcome.expected == 75
    assert outcome.read_only_opens > 0 and outcome.reopens > 0
