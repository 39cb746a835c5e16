"""Rules files: TOML load and save round-trip, presets as bases, errors that name the key."""

from __future__ import annotations

from dataclasses import fields, replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.rules import PRESETS, Peek, RuleSet, RuleSetError, preset, rules_file
from trainer.rules.ruleset import Surrender

from .conftest import EVOLUTION, POT_OF_GOLD


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_round_trips_through_text(name) -> None:
    """docs/rules/rulings.md#every-rule-a-field: every rule is a field of the rule set, so a
    variant is a rules file away (a written rule set reads back the same)."""
    rules = preset(name)
    assert rules_file.loads(rules_file.dumps(rules)) == rules


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_preset_round_trips_through_file(name, tmp_path: Path) -> None:
    """docs/rules/rulings.md#every-rule-a-field: every rule is a field of the rule set (save then
    load gives it back)."""
    path = tmp_path / f"{name}.toml"
    rules_file.save(preset(name), path)
    assert rules_file.load(path) == preset(name)
    assert [p.name for p in tmp_path.iterdir()] == [f"{name}.toml"]  # no temporary file left


def test_dumps_writes_every_rule() -> None:
    """docs/rules/rulings.md#every-rule-a-field: every rule is a field of the rule set, and a
    rules file writes every one."""
    text = rules_file.dumps(EVOLUTION)
    for field in fields(RuleSet):
        assert f"{field.name} =" in text


def test_base_preset_with_overrides() -> None:
    """docs/rules/pot-of-gold.md#splits: not resplitting aces is a rule-set field; a rules file
    can start from a preset and change one rule."""
    rules = rules_file.loads('base = "pot-of-gold"\nresplit_aces = true\nblackjack_pays = "6:5"\n')
    assert rules == replace(POT_OF_GOLD, resplit_aces=True, blackjack_pays=Fraction(6, 5))


def test_pot_of_gold_pay_table_2_from_file() -> None:
    """docs/rules/pot-of-gold.md#the-pot-of-gold-wager: pay table 1 by default, pay table 2 by
    choice."""
    assert rules_file.loads('base = "pot-of-gold"\npot_of_gold = 2\n').pot_of_gold == 2
    assert rules_file.loads('base = "pot-of-gold"\n').pot_of_gold == 1


def test_unknown_key_names_the_key() -> None:
    """Rules file contract: "An unknown key or a bad value raises RuleSetError naming the key"."""
    with pytest.raises(RuleSetError, match="'even_money'"):
        rules_file.loads("even_money = true\n")


@pytest.mark.parametrize(("text", "key"), [
    ("decks = 9", "decks"),
    ("decks = 0", "decks"),
    ('decks = "8"', "decks"),
    ("decks = true", "decks"),
    ("penetration = 0.95", "penetration"),
    ("penetration = 0.4", "penetration"),
    ('peek = "never"', "peek"),
    ('blackjack_pays = "x"', "blackjack_pays"),
    ('blackjack_pays = "3:0"', "blackjack_pays"),
    ('blackjack_pays = "-3:2"', "blackjack_pays"),
    ("dealer_hits_soft_17 = 1", "dealer_hits_soft_17"),
    ("max_hands = 5", "max_hands"),
    ("max_hands = 1", "max_hands"),
    ("pot_of_gold = 3", "pot_of_gold"),
    ("free_double_totals = [3]", "free_double_totals"),
    ('free_double_totals = "9"', "free_double_totals"),
    ("name = 5", "name"),
    ('surrender = "always"', "surrender"),
    ("surrender = true", "surrender"),
    ('free_split_pairs = ["B"]', "free_split_pairs"),
    ('free_split_pairs = "A"', "free_split_pairs"),
    ("free_split_pairs = [4]", "free_split_pairs"),
    ('free_split = "yes"', "free_split"),
    ("base = 3", "base"),
])
def test_bad_value_names_the_key(text, key) -> None:
    """Rules file contract: a bad value raises RuleSetError naming the key and what is allowed;
    docs/rules/rulings.md#the-cut-card: penetration from 50% to 90%."""
    with pytest.raises(RuleSetError, match=f"'{key}'"):
        rules_file.loads(text + "\n")


def toml_text(text: str) -> str:
    """``text`` as a TOML basic string, every control character escaped as TOML asks."""
    return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}"
                         for c in text) + '"'


@pytest.mark.parametrize("name", ["\x1b[2Jhouse", "two\nlines", "bell\a", "tab\there",
                                  "back\rspace", "csi\x9b2J", "del\x7f"])
def test_a_name_with_control_characters_is_refused(name: str) -> None:
    """The name is shown on the terminal and in the window: ESC [2J cleared the screen."""
    with pytest.raises(RuleSetError) as refused:
        rules_file.loads(f"name = {toml_text(name)}\n")
    said = str(refused.value)
    assert said.startswith("rule 'name' = ") and said.endswith(
        "is not allowed; expected text without control characters (such as ESC, a tab or a "
        "line break)")
    assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in said)


def test_a_name_of_any_printable_text_is_kept() -> None:
    name = "Casino ♠ Zürich — 6:5, «house» 🂡"
    assert rules_file.loads(f"name = {toml_text(name)}\n").name == name


def test_unknown_base_preset_lists_presets() -> None:
    """Rules file contract: "The optional key base names a preset to start from"."""
    with pytest.raises(RuleSetError, match="evolution"):
        rules_file.loads('base = "vegas"\n')


def test_invalid_toml_is_a_rules_error() -> None:
    """Rules file contract: a rules file is a TOML table."""
    with pytest.raises(RuleSetError, match="TOML"):
        rules_file.loads("decks = [\n")


def test_load_error_names_the_file(tmp_path: Path) -> None:
    """Rules file contract: "Read a rule set from a TOML file; errors name the file." """
    path = tmp_path / "bad.toml"
    path.write_text("decks = 12\n", encoding="utf-8")
    with pytest.raises(RuleSetError, match=r"bad\.toml.*'decks'"):
        rules_file.load(path)
    with pytest.raises(RuleSetError, match=r"missing\.toml"):
        rules_file.load(tmp_path / "missing.toml")


def test_fingerprint_covers_every_rule_of_play_and_pay() -> None:
    """docs/rules/rulings.md#every-rule-a-field: the fingerprint that keys strategy tables
    changes with every rule of play or payout, not with the name or the penetration."""
    base = EVOLUTION.fingerprint()
    assert replace(EVOLUTION, name="other", penetration=0.6).fingerprint() == base
    changed = [replace(EVOLUTION, decks=6), replace(EVOLUTION, dealer_hits_soft_17=True),
               replace(EVOLUTION, peek=Peek.ACE_OR_TEN), replace(EVOLUTION, push_22=False),
               replace(EVOLUTION, blackjack_pays=Fraction(6, 5)), replace(EVOLUTION, max_hands=4),
               replace(EVOLUTION, six_card_charlie=False), replace(EVOLUTION, pot_of_gold=1),
               replace(EVOLUTION, surrender=Surrender.LATE),
               replace(EVOLUTION, surrender=Surrender.EARLY),
               replace(EVOLUTION, free_split_pairs=frozenset({1, 2, 3, 5, 6, 7, 8, 9})),
               replace(EVOLUTION, free_split_pairs=frozenset(range(1, 11)))]
    assert base not in {rules.fingerprint() for rules in changed}
    assert len({rules.fingerprint() for rules in changed}) == len(changed)


def test_describe_names_the_main_rules() -> None:
    """docs/rules/evolution.md and docs/rules/pot-of-gold.md: evolution has 8 decks, S17 and a
    peek on an ace only; pot-of-gold 6 decks, H17 and a peek on an ace or a ten."""
    evolution = EVOLUTION.describe()
    assert evolution.startswith("8 decks, S17, peek on A,")
    assert "6-card Charlie" in evolution and "push 22" in evolution and "BJ 3:2" in evolution
    pot_of_gold = POT_OF_GOLD.describe()
    assert pot_of_gold.startswith("6 decks, H17, peek on A/10,")
    assert "4 hands max" in pot_of_gold and "DAS" in pot_of_gold
    assert "Charlie" not in pot_of_gold


rule_sets = st.builds(
    RuleSet,
    name=st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=1, max_size=20),
    decks=st.integers(1, 8),
    penetration=st.floats(0.5, 0.9),
    dealer_hits_soft_17=st.booleans(),
    peek=st.sampled_from(list(Peek)),
    insurance=st.booleans(),
    surrender=st.sampled_from(list(Surrender)),
    push_22=st.booleans(),
    blackjack_pays=st.builds(Fraction, st.integers(1, 9), st.integers(1, 9)),
    free_double_totals=st.frozensets(st.integers(4, 20)),
    free_double_after_split=st.booleans(),
    double_after_split=st.booleans(),
    free_double_after_hit=st.booleans(),
    double_after_hit=st.booleans(),
    free_split_pairs=st.frozensets(st.integers(1, 10)),
    max_hands=st.integers(2, 4),
    resplit_aces=st.booleans(),
    six_card_charlie=st.booleans(),
    auto_stand_21=st.booleans(),
    perfect_pairs=st.booleans(),
    twenty_one_plus_three=st.booleans(),
    hot_3=st.booleans(),
    pot_of_gold=st.none(),
).flatmap(lambda rules: st.sampled_from([None] if rules.free_double_after_hit else [None, 1, 2])
          .map(lambda table: replace(rules, pot_of_gold=table)))


@given(rule_sets)
def test_any_rule_set_round_trips(rules: RuleSet) -> None:
    """docs/rules/rulings.md#every-rule-a-field: every rule is a field of the rule set, so a
    variant is a rules file away (every valid rule set survives dumps then loads)."""
    assert rules_file.loads(rules_file.dumps(rules)) == rules
