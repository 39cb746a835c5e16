"""A stored answer keeps what its rules were: each session holds its rules' fingerprint, and a
preset whose rules change in a later release files new answers apart from the old ones, which
the reviews then name by their release ("evolution, rules of version 0.1")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from sqlite_utils import Database

from tests.progress.factories import decision
from trainer.progress import review, schema
from trainer.progress.dashboard import preset_title
from trainer.progress.filters import Filter
from trainer.progress.store import ProgressStore
from trainer.rules import PRESETS, releases
from trainer.rules.releases import Release
from trainer.teaching.records import Mode
from trainer.teaching.situations import label_fingerprint, preset_label


def test_every_preset_is_released_with_its_current_rules_of_play() -> None:
    """Change how a preset is played and this fails until its release list has the new entry;
    a side bet offered, withdrawn or paid otherwise takes none (each release is a change of
    play: no two share a history identity)."""
    assert set(releases.RELEASES) == set(PRESETS)
    for name, rules in PRESETS.items():
        assert releases.RELEASES[name][-1].history == rules.history_fingerprint(), name
        versions = [r.version for r in releases.RELEASES[name]]
        histories = [r.history for r in releases.RELEASES[name]]
        assert len(set(versions)) == len(versions) and len(set(histories)) == len(histories)


def test_a_side_bet_of_a_preset_keeps_its_label_and_its_rules_known(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A preset that stops offering a side bet files its answers where it did."""
    changed = replace(PRESETS["evolution"], hot_3=False)
    monkeypatch.setitem(PRESETS, "evolution", changed)
    assert preset_label(changed) == "evolution"
    assert releases.known_rules("evolution") == changed
    assert preset_title("evolution") == "evolution"


def test_the_upgrade_step_fills_sessions_with_the_rules_first_released() -> None:
    """The step's frozen fingerprints are the presets of the first release (version 0.1);
    presets first released later had no sessions before it."""
    first = {name: entries[0].fingerprint for name, entries in releases.RELEASES.items()
             if entries[0].version == "0.1"}
    assert first == schema._FIRST_RELEASED


def test_old_sessions_get_their_rules_fingerprint(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with Database(db_path) as db:
        schema.migrate(db, upto=schema.STEPS.index("session_rules"))
        for preset in ("evolution", "pot-of-gold-8d", "custom-0123456789abcdef", "someone's"):
            db.execute("INSERT INTO sessions (started, preset, mode, settings) VALUES "
                       "('2026-11-01T10:00:00Z', ?, 'flashcards', '{}')", [preset])
    with ProgressStore.open(db_path) as store:
        assert store.backup is not None               # backed up before the step
        assert store.tuples("SELECT preset, rules FROM sessions ORDER BY id") == [
            ("evolution", "8d5ec15c6387eead"), ("pot-of-gold-8d", "7df75976b7fd98fe"),
            ("custom-0123456789abcdef", "0123456789abcdef"), ("someone's", None)]


def test_a_new_session_keeps_its_rules(store: ProgressStore) -> None:
    custom = replace(PRESETS["evolution"], name="mine", decks=6)
    for label in ("evolution", preset_label(custom)):
        store.start_session(label, Mode.FLASHCARDS, {})
    assert [row[0] for row in store.tuples("SELECT rules FROM sessions ORDER BY id")] == [
        PRESETS["evolution"].fingerprint(), custom.fingerprint()]
    assert label_fingerprint("nobody's") is None


@pytest.fixture
def evolution_changed(monkeypatch: pytest.MonkeyPatch):
    """As if release 0.2 changed evolution's rules (six decks): the preset and its entry."""
    changed = replace(PRESETS["evolution"], decks=6)
    monkeypatch.setitem(PRESETS, "evolution", changed)
    monkeypatch.setitem(releases.RELEASES, "evolution", (
        *releases.RELEASES["evolution"], Release("0.2", changed.fingerprint(),
                                                changed.history_fingerprint())))
    return changed


def test_a_changed_preset_files_its_answers_apart_and_the_reviews_name_both(
        store: ProgressStore, evolution_changed) -> None:
    old = store.start_session("evolution", Mode.FLASHCARDS, {})       # graded by 0.1's rules
    store.record_decision(old, decision(situation_key="evolution|first|real|hard16|2|v10"))
    label = preset_label(evolution_changed)
    assert label == "evolution@0.2"
    new = store.start_session(label, Mode.FLASHCARDS, {})
    for _ in range(2):
        store.record_decision(new, decision(preset=label,
                                            situation_key=f"{label}|first|real|hard16|2|v10"))
    assert store.presets() == ["evolution", "evolution@0.2"]
    assert [preset_title(p) for p in store.presets()] == ["evolution, rules of version 0.1",
                                                           "evolution"]
    assert store.tuples("SELECT rules FROM sessions ORDER BY id") == [
        ("8d5ec15c6387eead",), (evolution_changed.fingerprint(),)]
    assert len(store.answer_rows("evolution")) == 1 and len(store.answer_rows(label)) == 2
    tries = {s.situation_key: s.decisions
             for s in review.by_situation(store, Filter(preset=label))}
    assert tries == {f"{label}|first|real|hard16|2|v10": 2}
    # a rules file with the old rules still finds the old history
    assert preset_label(replace(evolution_changed, decks=8)) == "evolution"


def test_only_the_rules_this_version_knows_are_named_by_their_label(evolution_changed) -> None:
    assert releases.known_rules("evolution@0.2") == evolution_changed
    assert releases.known_rules("evolution") is None          # 0.1's rules: not known now
    assert releases.known_rules("pot-of-gold") == PRESETS["pot-of-gold"]
    assert releases.known_rules("custom-0123456789abcdef") is None
