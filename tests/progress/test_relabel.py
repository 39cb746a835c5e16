"""Answers filed under a rule set's former label (by its table identity, side bets included) are
found under its label now (by its rules of play) once the rules are used: moved in one
transaction, every answer, mark and link kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.progress import review
from trainer.progress.filters import Filter
from trainer.progress.relabel import Moved, adopt
from trainer.progress.saving import SessionSaver
from trainer.progress.store import ProgressStore
from trainer.rules import rules_file
from trainer.rules.releases import history_label
from trainer.teaching.records import Mode

#: A rules file whose side bets are the Pot of Gold table's: its label moved.
POT_OF_GOLD_RESPLIT = rules_file.loads(
    'base = "pot-of-gold"\nname = "pot-of-gold, resplit aces"\nresplit_aces = true\n')
#: Its label then, by literal value (as the trainer before worked it out), and now.
THEN, NOW = "custom-a778263939879d6d", "custom-57dd6f09959a8e41"
#: A rules file of evolution's rules without Hot 3: filed apart then, with evolution's now.
NO_HOT_3 = rules_file.loads('base = "evolution"\nhot_3 = false\n')
NO_HOT_3_THEN = "custom-063b810303298f74"

SITUATIONS = ("first|real|hard16|2|v10", "first|real|soft18|2|vA", "split|free|pair8|2|v9")


def _history(store: ProgressStore, label: str, day: int, *, seconds: int = 0) -> int:
    """A session of ``label`` on March ``day`` answering each situation twice; its id."""
    session = store.start_session(label, Mode.FLASHCARDS, {})
    for n, situation in enumerate(SITUATIONS * 2):
        store.record_decision(session, decision(
            preset=label, situation_key=f"{label}|{situation}",
            time=f"2026-03-{day:02d}T10:{n:02d}:{seconds:02d}Z"))
    return session


def _counts(store: ProgressStore, label: str) -> dict[str, int]:
    """Each situation's tries under ``label``, as the reviews count them, by its key's rest."""
    return {s.situation_key.partition("|")[2]: s.decisions
            for s in review.by_situation(store, Filter(preset=label))}


def _links(store: ProgressStore, label: str) -> list[tuple[object, ...]]:
    return store.tuples("SELECT substr(situation_key, length(preset) + 2), time, "
                        "previous_time, previous_session IS NULL FROM decisions "
                        "WHERE preset = ? ORDER BY situation_key, time", (label,))


def test_the_labels_are_as_the_history_was_written() -> None:
    assert history_label(POT_OF_GOLD_RESPLIT) == NOW
    assert history_label(NO_HOT_3) == "evolution"


def test_a_history_written_under_the_former_label_is_found_after(store: ProgressStore) -> None:
    first = _history(store, THEN, 2)
    _history(store, THEN, 3)
    store.mark_cards(THEN, [f"{THEN}|{SITUATIONS[0]}"], "suspend")
    store.save_fit(THEN, {"first": 1.0, "growth": 2.0, "lapse": 0.5, "cards": "x",
                          "log_likelihood": -3.0, "answers": 12})
    before, links = _counts(store, THEN), _links(store, THEN)
    total = store.tuples("SELECT count(*) FROM decisions")
    assert adopt(store, POT_OF_GOLD_RESPLIT) == Moved(sessions=2, answers=12, marks=1)
    assert _counts(store, NOW) == before and _counts(store, THEN) == {}
    assert _links(store, NOW) == links                      # every try linked as it was
    assert store.tuples("SELECT count(*) FROM decisions") == total
    assert store.presets() == [NOW]
    assert store.card_marks(NOW).suspended == {f"{NOW}|{SITUATIONS[0]}"}
    assert store.load_fit(NOW) is not None and store.load_fit(THEN) is None
    # each session keeps the identity of the rules it was graded by
    assert store.tuples("SELECT rules FROM sessions WHERE id = ?", (first,)) == [
        ("a778263939879d6d",)]
    assert adopt(store, POT_OF_GOLD_RESPLIT) == Moved()     # once


def test_a_side_bet_file_joins_its_base_and_the_tries_are_linked_in_order(
        store: ProgressStore, open_store: Callable[..., ProgressStore], tmp_path: Path) -> None:
    """Tries of evolution and of the file without Hot 3, on alternate days, are one history
    afterwards, linked as if every answer had been filed under evolution."""
    for day in (2, 4):
        _history(store, "evolution", day)
    for day in (3, 5):
        _history(store, NO_HOT_3_THEN, day)
    assert adopt(store, NO_HOT_3) == Moved(sessions=2, answers=12, marks=0)
    assert _counts(store, "evolution") == {s: 8 for s in SITUATIONS}
    expected = ProgressStore.open(tmp_path / "expected.sqlite3")
    try:
        for day in (2, 3, 4, 5):
            _history(expected, "evolution", day)
        assert _links(store, "evolution") == _links(expected, "evolution")
    finally:
        expected.close()


def test_a_rules_file_whose_label_stays_moves_nothing(store: ProgressStore) -> None:
    six_decks = rules_file.loads('name = "six decks"\ndecks = 6\n')
    label = history_label(six_decks)
    _history(store, label, 2)
    assert adopt(store, six_decks) == Moved()
    assert len(store.answer_rows(label)) == 6


def test_a_reader_moves_nothing(store: ProgressStore,
                                open_store: Callable[..., ProgressStore]) -> None:
    _history(store, THEN, 2)
    reader = open_store(read_only=True)
    assert adopt(reader, POT_OF_GOLD_RESPLIT) == Moved()
    assert store.presets() == [THEN]


def test_a_session_adopts_its_rules_before_it_reads(store: ProgressStore) -> None:
    _history(store, THEN, 2)
    saver = SessionSaver.with_store(store)
    assert saver.adopt(POT_OF_GOLD_RESPLIT).answers == 6
    assert store.presets() == [NOW]


@pytest.mark.parametrize("key", ["custom-a778263939879d6d-other|x", "elsewhere|x"])
def test_a_key_not_under_the_label_keeps_its_text(store: ProgressStore, key: str) -> None:
    """Keys start with their label; one that does not (written by hand) moves as it is."""
    session = store.start_session(THEN, Mode.FLASHCARDS, {})
    store.record_decision(session, decision(preset=THEN, situation_key=key))
    adopt(store, POT_OF_GOLD_RESPLIT)
    assert store.tuples("SELECT preset, situation_key FROM decisions") == [(NOW, key)]
