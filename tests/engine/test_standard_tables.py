"""Each preset's standard-blackjack counterpart ships its table too, loaded, never rebuilt."""

from __future__ import annotations

import pytest

from strategy_charts import tables
from trainer.rules import PRESETS, preset


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_standard_tables_load_from_data_without_a_build(name, monkeypatch, tmp_path) -> None:
    """load_or_build(standard counterpart) and load_standard read data/NAME.standard.json.gz."""
    monkeypatch.setenv("FREEBET_TABLE_CACHE", str(tmp_path))
    monkeypatch.setattr(tables, "build_table", lambda *_: pytest.fail("rebuilt"))
    rules = preset(name)
    standard = rules.standard_counterpart()
    assert tables.file_name(standard) == f"{name}.standard.json.gz"
    table = tables.load_or_build(standard)
    assert table["fingerprint"] == standard.fingerprint()
    assert tables.load_standard(rules)["fingerprint"] == standard.fingerprint()
    assert tables.load_table(standard)["game"] == table["game"]
    assert not list(tmp_path.iterdir())                      # nothing built or cached
    free = {"free_double", "free_split"}
    assert not any(free & set(entry["ev"]) for entry in table["situations"].values())


def test_the_shipped_rule_sets_are_the_presets_and_their_standard_games() -> None:
    names = [tables.file_name(r) for r in tables.shipped_rules()]
    assert names == [f"{n}{kind}.json.gz" for n in PRESETS for kind in ("", ".standard")]
    assert all((tables.data_dir() / n).exists() for n in names)


def test_rebuilding_the_evolution_standard_table_is_byte_identical() -> None:
    rules = preset("evolution").standard_counterpart()
    shipped = (tables.data_dir() / "evolution.standard.json.gz").read_bytes()
    assert tables.encode(tables.build_table(rules)) == shipped
