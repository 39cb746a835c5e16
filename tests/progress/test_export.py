"""CSV export: every decision, one row each under a header, round-trips exactly, atomically."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest

from tests.progress.factories import decision
from trainer.progress import export
from trainer.progress.filters import Filter
from trainer.progress.store import ProgressStore, StoredDecision
from trainer.teaching.records import GradedDecision, Mode, ShoeGrade, Verdict


def _history(store: ProgressStore) -> list[StoredDecision]:
    """A few decisions of both presets and several modes, awkward values included."""
    drill = store.start_session("evolution", Mode.FLASHCARDS, {})
    shoe = store.start_session("pot-of-gold", Mode.SHOE, {})
    store.record_decision(drill, decision())
    store.record_decision(drill, decision(cards='8♠ 8♦, "quoted"', verdict=Verdict.WRONG,
                                          action="stand", ev_loss=0.1 + 0.2, weight=1 / 3))
    store.record_decision(shoe, decision(preset="pot-of-gold", mode=Mode.SHOE, evs={},
                                         timed_out=True, verdict=Verdict.WRONG,
                                         situation_key="line\nbreak"))
    at_shoe = ShoeGrade("stand", Verdict.CORRECT, 0.0, {"stand": -0.47, "hit": -0.49})
    store.record_decision(shoe, decision(preset="pot-of-gold", mode=Mode.SHOE, action="stand",
                                         verdict=Verdict.WRONG, ev_loss=0.0283, shoe=at_shoe,
                                         apart=True))
    return list(store.decisions(export.ALL_KEPT))


def test_export_round_trips_every_decision(store: ProgressStore, tmp_path: Path) -> None:
    stored = _history(store)
    target = tmp_path / "decisions.csv"
    assert export.export_csv(store, target) == 4
    assert list(export.read_csv(target)) == stored
    with target.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["id", "session_id", "time", "preset", "mode", "situation_key", "cards",
                       "dealer_up", "action", "best_action", "verdict", "ev_loss",
                       "response_ms", "evs", "weight", "timed_out", "shoe_best",
                       "shoe_verdict", "shoe_ev_loss", "shoe_evs", "apart", "undone"]
    assert len(rows) == 5
    assert rows[2][11] == "0.30000000000000004"
    assert rows[3][15:] == ["1", "", "", "", "", "0", "0"]   # timed out, not undone
    assert rows[4][16:19] == ["stand", "correct", "0.0"] and rows[4][-2:] == ["1", "0"]


def test_an_undone_answer_is_exported_and_marked(store: ProgressStore, tmp_path: Path) -> None:
    stored = _history(store)
    store.undo_decision(stored[1].id)
    target = tmp_path / "decisions.csv"
    assert export.export_csv(store, target) == 4
    with target.open(encoding="utf-8-sig", newline="") as handle:
        assert [row["undone"] for row in csv.DictReader(handle)] == ["0", "1", "0", "0"]


def test_the_columns_are_the_record_fields_in_order() -> None:
    """The grade at a depleted shoe (``shoe``) is written as its four fields."""
    shoe = [f"shoe_{f.name}" for f in fields(ShoeGrade)]
    assert ["id", "session_id", *(c for f in fields(GradedDecision)
                                  for c in (shoe if f.name == "shoe" else [f.name])),
            "undone"] == export.HEADER


def test_export_can_be_filtered(store: ProgressStore, tmp_path: Path) -> None:
    _history(store)
    target = tmp_path / "shoe.csv"
    assert export.export_csv(store, target, Filter(mode=Mode.SHOE)) == 1   # not the apart
    assert [s.decision.preset for s in export.read_csv(target)] == ["pot-of-gold"]


def test_an_empty_history_exports_a_header(store: ProgressStore, tmp_path: Path) -> None:
    target = tmp_path / "empty.csv"
    assert export.export_csv(store, target) == 0
    assert target.read_text(encoding="utf-8-sig").splitlines() == [",".join(export.HEADER)]


def test_a_failed_export_leaves_the_old_file_and_no_temporary(
        store: ProgressStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _history(store)
    target = tmp_path / "decisions.csv"
    target.write_text("the previous export")
    rows = list(store.decision_rows())

    def failing(only: Filter) -> Iterator[tuple[object, ...]]:
        yield rows[0]
        raise OSError("disk full")

    monkeypatch.setattr(store, "decision_rows", failing)
    with pytest.raises(OSError, match="disk full"):
        export.export_csv(store, target)
    assert target.read_text() == "the previous export"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_failed_export_names_the_file_and_the_remedy() -> None:
    """Before: "Not exported: No space left on device", without the file or what to do."""
    import errno

    from trainer.progress.export import export_problem

    full = export_problem("/backups/history.csv", OSError(errno.ENOSPC, "No space left on device"))
    assert full == ("Not exported to /backups/history.csv: the disk is full. Free some space on "
                    "that disk, or choose a folder on another disk, and export again; your "
                    "progress is unchanged.")
    denied = export_problem("/x.csv", PermissionError(errno.EACCES, "Permission denied"))
    assert denied.startswith("Not exported to /x.csv: Permission denied. Choose another file")
