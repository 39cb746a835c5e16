"""The rule-set fields added after the first release (surrender, the free-split pairs): every
rule set the first release could state keeps its identities (pinned by value in
test_rule_identity.py), and older rules files still read.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.rules import Action, RuleSetError, offers, rules_file
from trainer.rules.plain_rules import from_plain
from trainer.rules.ruleset import (
    ALL_BUT_TENS,
    Surrender,
    canonical_plain,
    to_plain,
)

from .conftest import EVOLUTION, POT_OF_GOLD

NO_FOURS = frozenset({1, 2, 3, 5, 6, 7, 8, 9})


def test_new_fields_at_their_defaults_leave_the_canonical_form_as_it_was() -> None:
    """No surrender is left out; free splits the older keys can say are said with them."""
    plain = canonical_plain(EVOLUTION)
    assert "surrender" not in plain and "free_split_pairs" not in plain
    assert (plain["free_split"], plain["free_split_tens"]) == (True, False)
    standard = canonical_plain(EVOLUTION.standard_counterpart())
    assert (standard["free_split"], standard["free_split_tens"]) == (False, False)
    tens = canonical_plain(replace(EVOLUTION, free_split_pairs=frozenset(range(1, 11))))
    assert (tens["free_split"], tens["free_split_tens"]) == (True, True)


def test_a_new_rule_is_in_the_canonical_form_and_moves_the_fingerprint() -> None:
    late = replace(POT_OF_GOLD, surrender=Surrender.LATE)
    assert canonical_plain(late)["surrender"] == "late"
    no_fours = replace(POT_OF_GOLD, free_split_pairs=NO_FOURS)
    plain = canonical_plain(no_fours)
    assert plain["free_split_pairs"] == ["A", "2", "3", "5", "6", "7", "8", "9"]
    assert "free_split" not in plain and "free_split_tens" not in plain
    fingerprints = {r.fingerprint() for r in (POT_OF_GOLD, late, no_fours)}
    assert len(fingerprints) == 3


def test_a_rules_file_writes_the_new_keys() -> None:
    """Every field is written out, the older keys are not."""
    text = rules_file.dumps(EVOLUTION)
    assert 'free_split_pairs = [\n    "A",\n' in text
    assert 'surrender = "none"' in text and "free_split =" not in text
    assert to_plain(EVOLUTION)["free_split_pairs"] == ["A", "2", "3", "4", "5", "6", "7", "8",
                                                       "9"]


@pytest.mark.parametrize(("text", "pairs"), [
    ("free_split = true\nfree_split_tens = false\n", ALL_BUT_TENS),
    ("free_split = true\nfree_split_tens = true\n", frozenset(range(1, 11))),
    ("free_split = false\nfree_split_tens = false\n", frozenset()),
    ("free_split = false\n", frozenset()),
    ("free_split_tens = true\n", frozenset(range(1, 11))),
    ('base = "pot-of-gold"\nfree_split = false\nfree_split_tens = true\n', frozenset()),
])
def test_older_rules_files_still_read(text: str, pairs: frozenset[int]) -> None:
    """The first release's keys say the same free splits they said then."""
    assert rules_file.loads(text).free_split_pairs == pairs


def test_older_keys_apply_over_the_base_pairs() -> None:
    """Adding tens to a table that splits fours with money keeps the fours paid."""
    base = replace(POT_OF_GOLD, free_split_pairs=NO_FOURS)
    assert from_plain({"free_split_tens": True}, base).free_split_pairs == NO_FOURS | {10}
    assert from_plain({"free_split": True}, replace(base, free_split_pairs=frozenset())
                      ).free_split_pairs == ALL_BUT_TENS


def test_older_and_newer_keys_together_are_refused() -> None:
    with pytest.raises(RuleSetError, match="not both"):
        rules_file.loads('free_split = true\nfree_split_pairs = ["A"]\n')


def test_free_split_pairs_read_by_card() -> None:
    rules = rules_file.loads('free_split_pairs = ["A", "2", "3", "5", "6", "7", "8", "9"]\n')
    assert rules.free_split_pairs == NO_FOURS
    assert rules_file.loads('surrender = "early"\n').surrender is Surrender.EARLY


@pytest.mark.parametrize("pair", range(1, 11))
def test_a_pair_splits_free_exactly_when_listed(pair: int) -> None:
    """docs/rules/rule-set.md: pairs among free_split_pairs split free, the others with money."""
    rules = replace(POT_OF_GOLD, free_split_pairs=NO_FOURS)
    expected = Action.FREE_SPLIT if pair in NO_FOURS else Action.SPLIT
    assert offers.split_kind(rules, pair) is expected
    assert rules.free_split and not rules.free_split_tens


def test_describe_names_the_pairs_left_out_and_the_surrender() -> None:
    rules = replace(POT_OF_GOLD, free_split_pairs=NO_FOURS, surrender=Surrender.LATE)
    text = rules.describe()
    assert "free split except 4/10" in text and "late surrender" in text
    assert "surrender" not in POT_OF_GOLD.describe()
