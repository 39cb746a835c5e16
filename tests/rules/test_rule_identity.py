"""A rule set's two identities, derived from what each field declares it changes: the table
identity (strategy tables, caches) hashes play and side bets as it always did; the history
identity (a player's answers) hashes the play alone, so a side bet never moves a history."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction

import pytest

from trainer.rules import PRESETS, Peek, RuleSet, Surrender, rules_file
from trainer.rules.former_labels import KEYS_THEN, label_then
from trainer.rules.releases import history_label
from trainer.rules.ruleset import Effect, _declared, canonical_plain
from trainer.rules.side_bets import SIDE_BETS

#: Every preset's table identity and its standard counterpart's, by literal value, as they were
#: before the identities were declared apart: the tables in data/ and every user's caches are
#: keyed by them.
TABLES = {
    "evolution": ("8d5ec15c6387eead", "cfb8451d00934244"),
    "pot-of-gold": ("d7585231ad7f29ba", "89f02756640c3ce0"),
    "pot-of-gold-8d": ("7df75976b7fd98fe", "88ed529ef3122742"),
    "golden-nugget-2012": ("13e64779d701c9c4", "2880fdadbda4207b"),
    "golden-nugget-1d-6to5": ("fc61edee5ce2f5ea", "fe7043604961cbe4"),
    "uk-6d": ("dbe1105399a355f6", "2880fdadbda4207b"),
}
#: Rules files, with their table identity and the label their answers were filed under before
#: (both by literal value, as the trainer worked them out then), and their label now.
FILES = {
    'base = "pot-of-gold"\nname = "pot-of-gold, resplit aces"\nresplit_aces = true\n':
        ("a778263939879d6d", "custom-a778263939879d6d", "custom-57dd6f09959a8e41"),
    'base = "evolution"\nhot_3 = false\n':
        ("063b810303298f74", "custom-063b810303298f74", "evolution"),
    'name = "six decks"\ndecks = 6\n':
        ("f51790bf3ccffc41", "custom-f51790bf3ccffc41", "custom-f51790bf3ccffc41"),
    'name = "mine"\nperfect_pairs = false\ntwenty_one_plus_three = false\nhot_3 = false\n':
        ("47f368a1251dc621", "custom-47f368a1251dc621", "custom-8d5ec15c6387eead"),
    'base = "pot-of-gold"\npot_of_gold = 2\n':
        ("3e1f2dba727c1385", "custom-3e1f2dba727c1385", "pot-of-gold"),
}
DECLARED = {field.name: field.metadata["effect"] for field in fields(RuleSet)}
SIDE_BET_FIELDS = sorted(name for name, effect in DECLARED.items() if effect is Effect.SIDE_BET)


def test_every_field_declares_what_it_changes() -> None:
    """The declarations are the fields' own (no list to fall behind), and the side-bet fields
    are exactly those the side-bet registry names."""
    assert all(isinstance(effect, Effect) for effect in DECLARED.values())
    assert sorted(spec.rule_field for spec in SIDE_BETS) == SIDE_BET_FIELDS
    assert {n for n, e in DECLARED.items() if e is Effect.NONE} == {"name", "penetration"}
    for each in fields(RuleSet):
        assert set(each.metadata) <= {"effect", "doc", "unstated", "older_form"}, each.name


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_preset_keeps_its_table_identity(name: str) -> None:
    rules = PRESETS[name]
    assert (rules.fingerprint(), rules.standard_counterpart().fingerprint()) == TABLES[name]


@pytest.mark.parametrize("text", sorted(FILES))
def test_a_rules_file_keeps_its_table_identity_and_its_former_label(text: str) -> None:
    rules = rules_file.loads(text)
    table, then, now = FILES[text]
    assert (rules.fingerprint(), label_then(rules), history_label(rules)) == (table, then, now)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_preset_keeps_its_label(name: str) -> None:
    """Before and now: a preset's answers are under its name."""
    assert label_then(PRESETS[name]) == history_label(PRESETS[name]) == name


def _side_bets_changed(rules: RuleSet) -> list[RuleSet]:
    """``rules`` with each side bet offered or withdrawn, and Pot of Gold's pay tables."""
    flipped = [replace(rules, **{name: not getattr(rules, name)})
               for name in SIDE_BET_FIELDS if name != "pot_of_gold"]
    return [*flipped, *(replace(rules, pot_of_gold=t) for t in (None, 1, 2)),
            replace(rules, perfect_pairs=False, twenty_one_plus_three=False, hot_3=False)]


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_side_bet_leaves_the_history_where_it_is(name: str) -> None:
    rules = PRESETS[name]
    for changed in _side_bets_changed(rules):
        assert changed.history_fingerprint() == rules.history_fingerprint()
        assert history_label(changed) == name
    assert len({r.fingerprint() for r in _side_bets_changed(rules)}) > 1    # tables apart


def test_a_rules_file_of_side_bets_only_shares_its_history() -> None:
    mine = rules_file.loads('name = "mine"\nresplit_aces = true\n')
    for changed in _side_bets_changed(mine):
        assert history_label(changed) == history_label(mine)


PLAY_CHANGES = [
    {"decks": 6}, {"dealer_hits_soft_17": True}, {"peek": Peek.ACE_OR_TEN},
    {"insurance": False}, {"surrender": Surrender.LATE}, {"surrender": Surrender.EARLY},
    {"push_22": False}, {"blackjack_pays": Fraction(6, 5)}, {"free_double_totals": frozenset()},
    {"free_double_after_split": True}, {"double_after_split": True},
    {"free_double_after_hit": True}, {"double_after_hit": True},
    {"free_split_pairs": frozenset({1, 2, 3, 5, 6, 7, 8, 9})}, {"max_hands": 4},
    {"resplit_aces": True}, {"six_card_charlie": False}, {"auto_stand_21": False}]


def test_every_rule_of_play_moves_the_history() -> None:
    assert {next(iter(c)) for c in PLAY_CHANGES} == {
        n for n, e in DECLARED.items() if e is Effect.PLAY}
    base = PRESETS["evolution"]
    histories = {replace(base, **change).history_fingerprint() for change in PLAY_CHANGES}
    assert len(histories) == len(PLAY_CHANGES) and base.history_fingerprint() not in histories
    assert {history_label(replace(base, **change)) for change in PLAY_CHANGES} == {
        f"custom-{h}" for h in histories}
    renamed = replace(base, name="other", penetration=0.6)
    assert renamed.history_fingerprint() == base.history_fingerprint()


@dataclass(frozen=True)
class _WithANewBet(RuleSet):
    """A rule set as it would be with one more side bet, declared as every side bet is."""

    lucky_ladies: bool = field(default=False, metadata=_declared(
        Effect.SIDE_BET, "Lucky Ladies side bet offered.", unstated=False))


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_new_side_bet_field_moves_no_history(name: str) -> None:
    """The issue's case: a side bet added to the rule set leaves every preset's history
    identity as it was, offered or not (and its table identity too where it is not offered)."""
    rules = PRESETS[name]
    values = {f.name: getattr(rules, f.name) for f in fields(RuleSet)}
    for offered in (False, True):
        grown = _WithANewBet(**values, lucky_ladies=offered)
        assert grown.history_fingerprint() == rules.history_fingerprint()
        assert (grown.fingerprint() == rules.fingerprint()) is not offered


def test_the_canonical_form_then_had_these_keys() -> None:
    """The frozen keys of the former labels are those a rule set could state then, and now."""
    stated = set()
    for rules in PRESETS.values():
        for changed in (rules, replace(rules, surrender=Surrender.LATE, pot_of_gold=1),
                        replace(rules, free_split_pairs=frozenset({1, 4}))):
            stated |= canonical_plain(changed).keys()
    assert stated == KEYS_THEN
    assert label_then(_WithANewBet(lucky_ladies=True)) is None


def test_evolution_is_the_defaults() -> None:
    assert PRESETS["evolution"] == RuleSet(name="evolution")


def _rule_sets(count: int) -> list[RuleSet]:
    """``count`` rule sets drawn with a seed: every preset's, their names and side bets
    varied, and rules of play changed."""
    rng = random.Random(5)
    drawn = []
    for _ in range(count):
        base = rng.choice(list(PRESETS.values()))
        changes = rng.choice([{}, *PLAY_CHANGES])
        bets = rng.choice([*_side_bets_changed(base), base])
        # (no Pot of Gold wager where free doubles follow a hit: not dealt together)
        alone = {"pot_of_gold": None} if "free_double_after_hit" in changes else {}
        drawn.append(replace(bets, **changes, **alone, name=rng.choice([*PRESETS, "mine"])))
    return drawn


def test_a_former_label_moves_to_one_label_and_is_no_label_now() -> None:
    """What the progress store moves never lands on another rule set's history: a former label
    that moves is the label of no rule set now, and rule sets of one name and one former label
    have one label now. (Names apart, a file named as a preset and of its rules of play joins the
    preset's history: one former label may go to the preset's or to a custom label, whichever
    rule set is practised first; every answer is kept under it.)"""
    drawn = _rule_sets(2000)
    now = {history_label(rules) for rules in drawn}
    moving: dict[tuple[str, str], set[str]] = {}
    for rules in drawn:
        then = label_then(rules)
        # a rule the first releases could not state (a double after a hit) had no label then
        assert (then is None) is not (canonical_plain(rules).keys() <= KEYS_THEN)
        if then is None:
            continue
        if then != history_label(rules):
            moving.setdefault((then, rules.name), set()).add(history_label(rules))
    assert moving and all(len(labels) == 1 for labels in moving.values())
    assert not {then for then, _ in moving} & now
