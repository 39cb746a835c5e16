"""One mechanism for built data: shipped, else cached by fingerprint, else built and kept; a
damaged cache entry is built again, a damaged shipped file is said with its remedy."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from strategy_charts.artifacts import Artifact, Data, encode
from strategy_charts.counting.lab import LABS
from strategy_charts.tables import TABLES, TableError
from trainer.rules import PRESETS


class Fault(Exception):
    pass


def _kind(shipped: Path | None, built: list[str]) -> Artifact:
    def read(path: Path) -> Data:
        import gzip
        import json
        try:
            return json.loads(gzip.decompress(path.read_bytes()))
        except (OSError, ValueError) as exc:
            raise Fault(str(path)) from exc

    def check(data: Data, rules: object, source: str) -> Data:
        if data.get("for") != "these rules":
            raise Fault(f"{source} is for other rules")
        return data

    def build(rules: object, progress: object) -> Data:
        built.append("built")
        return {"for": "these rules", "n": len(built)}

    return Artifact("test data", "test", "1", lambda rules: shipped, check, read, build,
                    (Fault,))


def test_built_once_then_read_from_the_cache_and_rebuilt_when_damaged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FREEBET_TABLE_CACHE", str(tmp_path / "cache"))
    built: list[str] = []
    kind = _kind(None, built)
    rules = PRESETS["evolution"]
    assert not kind.ready(rules)
    assert kind.load_or_build(rules) == {"for": "these rules", "n": 1}
    assert kind.ready(rules) and kind.cached(rules).name == f"{rules.fingerprint()}-v1.json.gz"
    assert kind.load_or_build(rules)["n"] == 1 and built == ["built"]
    kind.cached(rules).write_bytes(b"half a file")            # damaged: built again
    assert kind.load_or_build(rules)["n"] == 2
    kind.cached(rules).write_bytes(encode({"for": "other rules"}))
    assert kind.load_or_build(rules)["n"] == 3


def test_a_shipped_file_is_used_and_a_bad_one_said(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FREEBET_TABLE_CACHE", str(tmp_path / "cache"))
    shipped = tmp_path / "shipped.json.gz"
    shipped.write_bytes(encode({"for": "these rules", "n": 0}))
    built: list[str] = []
    kind = _kind(shipped, built)
    assert kind.load_or_build(PRESETS["evolution"]) == {"for": "these rules", "n": 0}
    shipped.write_bytes(b"garbage")
    with pytest.raises(Fault):
        kind.load_or_build(PRESETS["evolution"])
    assert built == []


def test_tables_and_labs_are_two_kinds_of_the_same_mechanism() -> None:
    rules = PRESETS["pot-of-gold"]
    assert TABLES.ready(rules) and LABS.ready(rules)            # shipped
    custom = replace(rules, decks=5)
    assert TABLES.shipped(custom) is None and LABS.shipped(custom) is None
    assert TABLES.cached(custom).parent.name == "tables"
    assert LABS.cached(custom).parent.name == "counts"
    assert TABLES.faults == LABS.faults == (TableError,)
