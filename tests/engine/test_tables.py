"""The shipped tables: right rules, right engine, values equal to the engine, deterministic."""

from __future__ import annotations

import gzip
import shutil
from dataclasses import replace

import pytest

from strategy_charts.composition import full_shoe, of_values
from strategy_charts.initial_hand import action_values
from strategy_charts.table_keys import table_key
from strategy_charts.tables import (
    TableError,
    TableMismatchError,
    build_table,
    data_dir,
    encode,
    file_name,
    load_table,
)
from trainer.rules import PRESETS, preset

from .conftest import values_for


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_has_a_table_for_its_rules(name) -> None:
    """Each preset's table loads and carries its fingerprint and RTP."""
    table = load_table(preset(name))
    assert table["fingerprint"] == preset(name).fingerprint()
    assert 0.97 < table["game"]["cd"]["rtp"] < 1.0
    assert table["game"]["td"]["rtp"] <= table["game"]["cd"]["rtp"]


def test_a_table_refuses_other_rules(tmp_path) -> None:
    """The evolution table put where changed rules look for theirs is refused clearly."""
    other = replace(preset("evolution"), dealer_hits_soft_17=True)
    shutil.copy(data_dir() / "evolution.json.gz", tmp_path / file_name(other))
    with pytest.raises(TableMismatchError, match="other rules"):
        load_table(other, tmp_path)


def test_only_a_presets_own_rules_take_its_file_name() -> None:
    """Changed rules keep the preset's name but not its file: a build can never replace a
    shipped table, and a name cannot lead outside the folder."""
    evolution = preset("evolution")
    assert file_name(evolution) == "evolution.json.gz"
    changed = replace(evolution, dealer_hits_soft_17=True)
    assert file_name(changed) == f"custom-{changed.fingerprint()}.json.gz"
    assert file_name(replace(evolution, penetration=0.8)).startswith("custom-")
    assert file_name(replace(evolution, name="../../evil")).startswith("custom-")


def test_a_corrupt_table_is_a_table_error(tmp_path) -> None:
    """A damaged file raises TableError naming it, not a crash."""
    (tmp_path / "evolution.json.gz").write_bytes(b"not gzip")
    with pytest.raises(TableError, match=r"evolution\.json\.gz"):
        load_table(preset("evolution"), tmp_path)


def test_rebuilding_evolution_is_byte_identical() -> None:
    """Tables are data: the same engine and rules give the same bytes."""
    shipped = (data_dir() / "evolution.json.gz").read_bytes()
    steps: list[tuple[int, int]] = []
    assert encode(build_table(preset("evolution"), lambda *step: steps.append(step))) == shipped
    assert gzip.decompress(shipped)  # readable gzip
    assert steps == [(done, 11) for done in range(1, 12)]   # each up card, then the side bets


def test_table_values_equal_the_engine() -> None:
    """A first decision in the table equals a direct engine computation."""
    rules = preset("evolution")
    table = load_table(rules)
    hand = of_values([7, 5])
    values = values_for(rules, full_shoe(8), 4, hand)
    direct = {a.value: x / values.mass(hand) for a, x in action_values(values, hand).items()}
    entry = table["situations"][table_key("first", "real", hand, 4)]
    assert entry["ev"] == pytest.approx(direct, abs=1e-9)
    assert entry["best"] == max(direct, key=direct.get)


def test_tables_hold_every_context() -> None:
    """First decisions, insurance, split hands (real and free) and drawn hands are present."""
    situations = load_table(preset("pot-of-gold"))["situations"]
    assert table_key("first", "real", of_values([8, 8]), 10) in situations
    assert table_key("insurance", "real", of_values([10, 10]), 1) in situations
    assert table_key("split", "free", of_values([8, 3]), 6, split_card=8) in situations
    assert table_key("split", "real", of_values([8, 3]), 6, split_card=8) in situations
    assert table_key("drawn", "free", of_values([5, 4, 3]), 10) in situations
    free_split_hand = situations[table_key("split", "free", of_values([8, 3]), 6, split_card=8)]
    assert "free_double" in free_split_hand["ev"]


def test_side_bet_returns_in_the_evolution_table_are_the_published_ones() -> None:
    """Perfect Pairs 95.90%, 21+3 96.30%, Hot 3 94.60%; no Pot of Gold there."""
    bets = load_table(preset("evolution"))["side_bets"]
    assert round(bets["perfect_pairs"] * 100, 2) == 95.90
    assert round(bets["twenty_one_plus_three"] * 100, 2) == 96.30
    assert round(bets["hot_3"] * 100, 2) == 94.60
    assert bets["pot_of_gold"] is None


def test_custom_rules_build_once_and_come_from_the_cache(tmp_path, monkeypatch) -> None:
    """A custom rule set's table is built on demand, cached by fingerprint, then reused."""
    from strategy_charts import tables

    monkeypatch.setenv("FREEBET_TABLE_CACHE", str(tmp_path))
    rules = replace(preset("evolution"), name="evolution-6d", decks=6)
    first = tables.load_or_build(rules)
    cached = list((tmp_path / "tables").glob("*.json.gz"))
    assert len(cached) == 1 and rules.fingerprint() in cached[0].name
    monkeypatch.setattr(tables, "build_table", lambda *_: pytest.fail("rebuilt"))
    assert tables.load_or_build(rules)["fingerprint"] == first["fingerprint"]


def test_resplits_are_valued_only_where_the_rules_allow_them() -> None:
    """pot-of-gold resplits to four hands, evolution never resplits."""
    eights = of_values([8, 8])
    resplit = load_table(preset("pot-of-gold"))["situations"][
        table_key("split", "free", eights, 6, split_card=8)]
    assert "free_split" in resplit["ev"]
    no_resplit = load_table(preset("evolution"))["situations"][
        table_key("split", "real", eights, 6, split_card=8)]
    assert not any("split" in action for action in no_resplit["ev"])


def test_a_table_follows_the_offers_of_custom_rules() -> None:
    """With auto_stand_21 off a 21 is a decision with its own entry; with resplit_aces a split
    ace dealt another ace may only stand or split again, and one dealt anything else takes no
    decision (split aces get one card)."""
    rules = replace(preset("pot-of-gold"), name="offers", decks=1, auto_stand_21=False,
                    resplit_aces=True)
    situations = build_table(rules)["situations"]
    sevens = table_key("drawn", "real", of_values([7, 7, 7]), 10)
    assert set(situations[sevens]["ev"]) == {"stand", "hit"}
    assert sevens not in load_table(preset("pot-of-gold"))["situations"]
    aces = situations[table_key("split", "real", of_values([1, 1]), 6, split_card=1)]
    assert set(aces["ev"]) == {"stand", "free_split"}
    assert table_key("split", "real", of_values([1, 5]), 6, split_card=1) not in situations
