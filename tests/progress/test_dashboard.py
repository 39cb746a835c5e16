"""The progress dashboard's data without a screen: the queries of one filter in one go, the
heatmap's grid laid on a strategy chart, the reviews due per day."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from trainer.drills.leak import Recent, estimate, situation_leak
from trainer.progress import review
from trainer.progress.dashboard import (
    LEAK_COUNT,
    ProgressQuery,
    due_load,
    grid_rows,
    leak_list,
    load_cards,
    load_progress,
    load_trends,
    preset_title,
)
from trainer.progress.heat_grid import cell_of, heatmap_grid, row_labels
from trainer.progress.store import ProgressStore
from trainer.progress.study_store import due_times
from trainer.rules import preset
from trainer.teaching.curriculum import Prior, curriculum
from trainer.teaching.records import Mode
from trainer.teaching.situations import Situation

from .factories import FIXED_NOW, decision
from .history import ALWAYS_MISSED, keys


def test_load_progress_runs_every_query_of_a_filter(seeded: Path) -> None:
    now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    data = load_progress(seeded / "progress.sqlite3", ProgressQuery(), now=now)
    assert data.history == data.decisions == 800
    assert {"overview", "by_situation", "cards", "due"} <= set(data.timings)
    with ProgressStore.open(seeded / "progress.sqlite3") as store:
        due = due_times(store, ["evolution"], Prior.CLASSIC, now)
    assert 0 < data.cards == len(due) <= len(keys())
    assert data.leaks[0].situation == ALWAYS_MISSED
    assert data.leaks[0].fix() == "Hit — you stood 5 of 5"
    assert all(leak.worth_listing for leak in data.leaks) and len(data.leaks) == LEAK_COUNT
    assert data.counts == (("evolution", 800),)
    assert data == load_progress(seeded / "progress.sqlite3", ProgressQuery(), now=now)


def test_the_per_preset_counts_leave_out_undone_answers(tmp_path: Path) -> None:
    """The counts are of answers kept: an undone answer is not counted, and a preset whose
    only answers were undone has none (it is listed among the presets with history)."""
    path = tmp_path / "progress.sqlite3"
    with ProgressStore.open(path, clock=lambda: FIXED_NOW) as store:
        kept = store.start_session("evolution", Mode.FLASHCARDS, {})
        store.record_decision(kept, decision())
        store.undo_decision(store.record_decision(kept, decision(time="2026-03-01T12:00:05Z")))
        taken_back = store.start_session("pot-of-gold", Mode.FLASHCARDS, {})
        store.undo_decision(store.record_decision(taken_back, decision(preset="pot-of-gold")))
    data = load_progress(path, ProgressQuery(), now=FIXED_NOW, cards=False)
    assert data.presets == ("evolution", "pot-of-gold")
    assert data.counts == (("evolution", 1),)


def test_the_leaks_shown_leave_out_single_answers_that_were_no_blunder() -> None:
    once = situation_leak("a", [Recent("stand", "hit", 0.05)], 0.5)
    blunder = situation_leak("b", [Recent("stand", "hit", 0.2)], 0.01)
    habit = situation_leak("c", [Recent("stand", "hit", 0.01)] * 2, 0.01)
    assert leak_list([once, blunder, habit]) == [blunder, habit]
    assert leak_list([blunder, habit], count=1) == [blunder]


def test_load_trends_gives_each_practised_rule_sets_leak_now_and_by_day(seeded: Path) -> None:
    path = seeded / "progress.sqlite3"
    rules = [preset("evolution"), preset("pot-of-gold")]
    [trend] = load_trends(path, rules, Prior.CLASSIC, utc_offset_minutes=0)
    course = curriculum(rules[0], Prior.CLASSIC)
    with ProgressStore.open(path) as store:
        now = estimate(course, review.recent_answers(store, "evolution")).leak_per_100
    assert trend.preset == "evolution" and trend.now == pytest.approx(now)
    assert len(trend.days) == 20 and len(trend.sessions) == 20
    assert trend.classic == pytest.approx(2.6885, abs=5e-4) == trend.start
    novice = load_trends(path, rules[:1], Prior.NOVICE, utc_offset_minutes=0)[0]
    assert novice.start > 40 and novice.classic == trend.classic


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


def test_the_cards_read_apart_are_the_ones_the_full_read_gives(seeded: Path) -> None:
    path, now = seeded / "progress.sqlite3", datetime(2026, 10, 25, tzinfo=UTC)
    today = date(2026, 10, 25)
    full = load_progress(path, ProgressQuery("evolution"), today, now)
    quick = load_progress(path, ProgressQuery("evolution"), today, now, cards=False)
    assert quick.due == () and quick.cards == 0 and quick.leaks == full.leaks
    cards = load_cards(path, ProgressQuery("evolution"), today, now)
    assert cards[:3] == (full.due, full.cards, full.today)
    assert cards.memory.startswith("The trainer ")       # the health check, in a sentence
    assert load_cards(path, ProgressQuery(), today, now)[1] == full.cards > 0


def test_the_counting_drills_answers_stay_out_of_the_play_reviews(tmp_path: Path) -> None:
    """A wrong running count or index answer is no play of the strategy, nor a counted shoe's
    bet, index grade or count check (stored in the shoe's mode): the page's counts, accuracy
    and modes leave them out (the Counting page reviews them); the export keeps them."""
    from trainer.progress.filters import EVERYTHING
    from trainer.teaching.records import Mode, Verdict

    from .factories import decision

    path = tmp_path / "p.sqlite3"
    with ProgressStore.open(path) as store:
        plays = store.start_session("evolution", Mode.FLASHCARDS, {})
        store.record_decision(plays, decision(time="2026-03-01T08:00:00Z"))
        for mode, key in ((Mode.COUNT, "evolution|count|hilo|c2"),
                          (Mode.INDEX, "evolution|index|hilo|hard:12:4"),
                          (Mode.SHOE, "evolution|bet|hilo|tc+2"),
                          (Mode.TIMED, "evolution|index|hilo|hard:16:10"),
                          (Mode.SHOE, "evolution|count|hilo|shoe")):
            session = store.start_session("evolution", mode, {})
            store.record_decision(session, decision(
                situation_key=key, mode=mode, action="+3", best_action="+2", evs={},
                verdict=Verdict.WRONG, ev_loss=0.0, weight=0.0, time="2026-03-01T09:00:00Z"))
        assert len(list(store.decisions(EVERYTHING))) == 6
    for query in (ProgressQuery(), ProgressQuery(preset="evolution")):
        data = load_progress(path, query, cards=False)
        assert data.decisions == 1 and sum(d.right for d in data.days) == 1
    assert all(not mode.counts for mode in (Mode.FLASHCARDS, Mode.SHOE, Mode.TIMED))


def test_the_flashcards_due_today_are_what_due_mode_counts(seeded: Path) -> None:
    """One count for every page: the Progress page's "due today" is the Flashcards page's due
    and learning cards (the study queue's own count), never a count of its own."""
    from trainer.progress.study_store import load_study
    from trainer.teaching.curriculum import curriculum

    path, now = seeded / "progress.sqlite3", datetime(2026, 10, 25, 15, tzinfo=UTC)
    got = load_cards(path, ProgressQuery("evolution"), date(2026, 10, 25), now)
    with ProgressStore.open(path, read_only=True) as store:
        queue = load_study(store, curriculum(preset("evolution"), Prior.CLASSIC), now).queue
    counts = queue.counts(now)
    assert got.today == counts.due + counts.learning == counts.today
    later = load_cards(path, ProgressQuery("evolution", retention=0.95), date(2026, 10, 25),
                       now)
    assert later.today >= got.today      # a higher retention: cards fall due sooner


def test_the_cards_read_keeps_what_it_made_so_the_next_replays_only_newer_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the Progress page's read kept nothing, so every read replayed (and, with no
    stored fit, fitted again) every answer: seconds on a long history."""
    from trainer.scheduler.memory import MODEL

    from .history import count_study_rows, seed

    path, now, today = tmp_path / "progress.sqlite3", datetime(2026, 10, 27, 18, tzinfo=UTC), \
        date(2026, 10, 27)
    seed(path)
    first = load_cards(path, ProgressQuery("evolution"), today, now)
    with ProgressStore.open(path, read_only=True) as store:
        assert store.load_picture("evolution", "classic", MODEL) is not None
        assert store.load_fit("evolution") is not None
    read = count_study_rows(monkeypatch)
    again = load_cards(path, ProgressQuery("evolution"), today, now)
    assert again[:4] == first[:4] and again.kept is None and first.kept is not None
    assert first.kept[0] != first.kept[1]      # its own keeping, told apart from news
    assert read == [0]                         # nothing new since the picture kept


def test_a_file_that_cannot_be_written_now_keeps_nothing_and_reads_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.progress import study_store
    from trainer.scheduler.memory import MODEL

    from .history import seed

    path, now, today = tmp_path / "progress.sqlite3", datetime(2026, 10, 27, 18, tzinfo=UTC), \
        date(2026, 10, 27)
    seed(path)
    monkeypatch.setattr(study_store, "KEEP_WAIT", 0.05)
    with ProgressStore.open(path) as writer, writer._transaction():   # another writer's turn
        locked = load_cards(path, ProgressQuery("evolution"), today, now)
    with ProgressStore.open(path, read_only=True) as store:
        assert store.load_picture("evolution", "classic", MODEL) is None
    assert load_cards(path, ProgressQuery("evolution"), today, now)[:4] == locked[:4]
