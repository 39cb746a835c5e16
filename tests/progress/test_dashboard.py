"""The progress dashboard's data without a screen: the queries of one filter in one go, the
heatmap's grid laid on a strategy chart, the reviews due per day."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import numpy as np

from trainer.drills.curriculum import Prior
from trainer.drills.situations import Situation
from trainer.progress import review
from trainer.progress.dashboard import (
    ProgressQuery,
    due_load,
    grid_rows,
    load_progress,
    preset_title,
)
from trainer.progress.heat_grid import cell_of, heatmap_grid, row_labels
from trainer.progress.store import ProgressStore
from trainer.progress.study_store import due_times

from .history import ALWAYS_MISSED, keys


def test_load_progress_runs_every_query_of_a_filter(seeded: Path) -> None:
    now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    data = load_progress(seeded / "progress.sqlite3", ProgressQuery(), now=now)
    assert data.history == data.decisions == 800
    assert {"overview", "by_situation", "cards", "due"} <= set(data.timings)
    with ProgressStore.open(seeded / "progress.sqlite3") as store:
        due = due_times(store, ["evolution"], Prior.CLASSIC, now)
    assert 0 < data.cards == len(due) <= len(keys())
    assert data.leaks[0].situation_key == ALWAYS_MISSED
    assert data == load_progress(seeded / "progress.sqlite3", ProgressQuery(), now=now)


def test_an_empty_file_gives_the_start_screens_data(tmp_path: Path) -> None:
    ProgressStore.open(tmp_path / "progress.sqlite3").close()
    data = load_progress(tmp_path / "progress.sqlite3", ProgressQuery("evolution"))
    assert data.history == 0 and data.days == ()


def test_the_heatmap_lands_each_situation_on_its_chart_cell(seeded: Path) -> None:
    with ProgressStore.open(seeded / "progress.sqlite3") as store:
        situations = review.by_situation(store)
    name, rows = grid_rows("evolution")
    assert name == "evolution" and ("hard", "14", "hard 14") in rows
    grid = heatmap_grid(situations, rows)
    row, col = grid.cell("hard", "14", 10)
    assert grid.error_rate[row, col] == 1.0 == np.nanmax(grid.error_rate)
    assert grid.tries.sum() + grid.unplaced == sum(s.decisions for s in situations)
    assert cell_of(Situation.from_key(ALWAYS_MISSED)) == ("hard", "14", 10)
    assert cell_of(Situation.from_key("evolution|insurance|real|any|2|vA")) is None
    assert row_labels(rows)[:2] == ["hard 5", "6"]


def test_reviews_due_count_per_local_day_and_overdue_ones_today() -> None:
    today = date(2026, 12, 1)
    noon = datetime(2026, 12, 1, 12).astimezone()
    due = [noon - timedelta(days=3), noon, noon + timedelta(days=1), noon + timedelta(days=20)]
    load = due_load(due, today, days=3)
    assert load == [(today, 2), (today + timedelta(days=1), 1), (today + timedelta(days=2), 0)]


def test_custom_rule_sets_are_named_by_fingerprint() -> None:
    assert preset_title("custom-0123456789abcdef") == "custom rules 01234567"
    assert preset_title("evolution") == "evolution"
    name, rows = grid_rows("custom-0123456789abcdef")
    assert name == "custom rules 01234567" and rows == grid_rows(None)[1]
