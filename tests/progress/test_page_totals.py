"""The Progress page's totals read faster, and the same: the counting-key test is the one it
replaced row for row, and the counting glance grouped in SQL gives what reading each answer
gave (bench/history.py measures the speed)."""

from __future__ import annotations

import random
import sqlite3
import threading
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from statistics import median

import pytest

from trainer.drills.counting.keys import INDEX, RUNNING, TRUE, CountingKey
from trainer.progress.counting_glance import counting_glance
from trainer.progress.filters import Filter, counting_key_sql
from trainer.progress.store import ProgressStore
from trainer.teaching.records import COUNTING_KEY_PARTS, Mode, Verdict

from .factories import decision

KEYS = ["", "|", "a", "a|b", "a|b|c", "a|b|c|d", "a|b|c|d|e", "a|b|c|d|e|f", "a|b|c|d|e|f|g",
        "|||", "||||", "a||b|", "évolution|count|hilo|c2", "evolution|first|real|hard16|2|v10",
        "evolution|count|hilo|c2", "evolution|index|hilo|hard:16:v10", "x|y|z|w|",
        "*|[|?|]", "a|b|c|d\n", "pot-of-gold|bet|ko|rc-12"]


def test_the_counting_key_test_picks_the_keys_counting_the_separators_picked() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE decisions (id INTEGER PRIMARY KEY, situation_key TEXT)")
    conn.executemany("INSERT INTO decisions (situation_key) VALUES (?)",
                     [(key,) for key in [*KEYS, None]])
    ours = {row[0] for row in conn.execute(
        f"SELECT id FROM decisions WHERE {counting_key_sql()}")}
    theirs = {row[0] for row in conn.execute(
        "SELECT id FROM decisions WHERE length(situation_key) - "
        "length(replace(situation_key, '|', '')) = ?", [COUNTING_KEY_PARTS - 1])}
    plays = {row[0] for row in conn.execute(
        f"SELECT id FROM decisions WHERE NOT {counting_key_sql()}")}
    by_python = {i + 1 for i, key in enumerate(KEYS) if key.count("|") == COUNTING_KEY_PARTS - 1}
    assert ours == theirs == by_python
    assert plays == {i + 1 for i in range(len(KEYS))} - by_python    # NULL: neither


def _read_answer_by_answer(store: ProgressStore, only: Filter) -> list[tuple]:
    """The glance's figures as they were read before: every counting answer, one by one."""
    where, params = Filter(preset=only.preset, since=only.since, until=only.until).sql("d")
    rows = store.tuples(
        "SELECT d.situation_key, d.verdict, d.response_ms, d.timed_out FROM decisions AS d "
        f"WHERE {where} AND length(d.situation_key) - "
        "length(replace(d.situation_key, '|', '')) = ?", [*params, COUNTING_KEY_PARTS - 1])
    typed: dict[tuple[str, str], list[tuple[bool, int | None]]] = defaultdict(list)
    index: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for key, verdict, ms, timed_out in rows:
        try:
            found = CountingKey.from_key(key)
        except ValueError:
            continue
        at = (found.preset, found.count)
        if found.context in (RUNNING, TRUE):
            typed[at].append((verdict != "wrong", None if timed_out else ms))
        elif found.context == INDEX:
            index[at].append(verdict != "wrong")
    out = []
    for at in sorted(typed.keys() | index.keys()):
        counts, plays = typed.get(at, []), index.get(at, [])
        times = [ms for _, ms in counts if ms is not None]
        out.append((*at, len(counts), sum(r for r, _ in counts),
                    float(median(times)) if times else 0.0, len(plays), sum(plays)))
    out.sort(key=lambda g: -(g[2] + g[5]))
    return out


def _seed_counting(path: Path) -> None:
    """Counting answers of two rule sets and two counts, drills and shoes, some wrong, some
    timed out, some undone, some under keys no counting drill writes, and plays among them."""
    rng = random.Random(37)
    keys = ["evolution|count|hilo|c1", "evolution|count|hilo|c2", "evolution|count|hilo|shoe",
            "evolution|truecount|hilo|d3.5", "evolution|index|hilo|hard:16:v10",
            "evolution|index|hilo|insurance:0:v1", "evolution|bet|hilo|tc+3",
            "evolution|count|ko|c1", "evolution|index|ko|hard:12:v4",
            "pot-of-gold|count|hilo|c3", "pot-of-gold|index|hilo|hard:15:v10",
            "evolution|count|hilo|c0", "evolution|nothing|hilo|c1",
            "evolution|first|real|hard16|2|v10"]
    start = datetime(2026, 2, 1, 9, tzinfo=UTC)
    with ProgressStore.open(path) as store:
        for day in range(12):
            mode = Mode.SHOE if day % 3 == 0 else Mode.COUNT
            session = store.start_session("evolution", mode, {}, at=start + timedelta(days=day))
            for i in range(30):
                key = rng.choice(keys)
                right = rng.random() < 0.7
                made = store.record_decision(session, decision(
                    situation_key=key, preset=key.split("|")[0], mode=mode,
                    time=(start + timedelta(days=day, seconds=9 * i)).isoformat()
                    .replace("+00:00", "Z"), action="+1", best_action="+1" if right else "+2",
                    verdict=Verdict.CORRECT if right else Verdict.WRONG,
                    timed_out=not right and rng.random() < 0.3, ev_loss=0.0,
                    response_ms=rng.randrange(300, 9000), evs={}, weight=0.0))
                if rng.random() < 0.05:
                    store.undo_decision(made)


def test_the_counting_glance_grouped_in_sql_gives_what_each_answer_read_gave(
        tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    _seed_counting(path)
    with ProgressStore.open(path, read_only=True) as store:
        for only in (Filter(), Filter(preset="evolution"), Filter(preset="pot-of-gold"),
                     Filter(since="2026-02-04", until="2026-02-09"), Filter(preset="nobody")):
            glances = counting_glance(store, only)
            expected = _read_answer_by_answer(store, only)
            assert [(g.preset, g.count, g.counts, g.counts_right, g.median_ms, g.index_answers,
                     g.index_right) for g in glances] == expected
            assert expected or only.preset == "nobody"


def test_a_reader_of_an_older_file_does_not_tune_up_the_copy_it_throws_away(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only reader upgrades a copy of an older file in memory; ``PRAGMA optimize`` at
    its close analysed that copy's tables (a third of a second at 300,000 answers) for nothing."""
    from sqlite_utils import Database

    from trainer.progress import files, review, schema

    path = tmp_path / "progress.sqlite3"
    old = files.connect(path, timeout=1)
    schema.migrate(Database(old), upto=schema.SCHEMA_VERSION - 1)
    old.commit()
    old.close()
    said: list[str] = []
    made = files.memory

    def traced() -> sqlite3.Connection:
        conn = made()
        conn.set_trace_callback(said.append)
        return conn

    monkeypatch.setattr(files, "memory", traced)
    with ProgressStore.open(path, read_only=True) as store:
        assert review.by_situation(store, Filter(plays_only=True)) == []
    assert any("ALTER TABLE" in sql for sql in said)          # the copy was upgraded and read
    assert not any("optimize" in sql.lower() for sql in said)


def test_the_page_reads_the_same_data_as_with_the_separators_counted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole page's data, plays and counting answers mixed, is what the key test it
    replaced gave."""
    from trainer.progress import counting_glance as glance_module
    from trainer.progress import filters
    from trainer.progress.dashboard import ProgressQuery, load_progress

    from .history import seed

    path = tmp_path / "progress.sqlite3"
    seed(path, days=8)
    with ProgressStore.open(path) as store:
        session = store.start_session("evolution", Mode.COUNT, {})
        for i, key in enumerate(("evolution|count|hilo|c2", "evolution|index|hilo|hard:16:v10",
                                 "evolution|truecount|hilo|d3")):
            store.record_decision(session, decision(
                situation_key=key, mode=Mode.COUNT, time=f"2026-10-0{i + 2}T10:00:00Z",
                action="+1", best_action="+2", verdict=Verdict.WRONG, ev_loss=0.0, evs={},
                weight=0.0, response_ms=1000 + i))
    queries = (ProgressQuery(), ProgressQuery(preset="evolution", mode=Mode.FLASHCARDS),
               ProgressQuery(since=datetime(2026, 10, 3).date()))
    now = datetime(2026, 10, 12, tzinfo=UTC)
    ours = [load_progress(path, q, today=now.date(), now=now, cards=False) for q in queries]

    def counted(table: str = "decisions") -> str:
        key = f"{table}.situation_key"
        return f"(length({key}) - length(replace({key}, '|', '')) = {COUNTING_KEY_PARTS - 1})"

    monkeypatch.setattr(filters, "counting_key_sql", counted)
    monkeypatch.setattr(glance_module, "counting_key_sql", counted)
    theirs = [load_progress(path, q, today=now.date(), now=now, cards=False) for q in queries]
    assert ours == theirs
    assert ours[0].counting and ours[0].situations and ours[0].days
    assert sum(s.decisions for s in ours[0].situations) == 8 * 40     # no counting answer


def test_the_overview_is_read_beside_the_rest_through_its_own_reader(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's longest scan runs in a thread of its own with a reader of its own (two cores
    read at once), and the page's figures are those of reading everything in turn; a reader
    of an older file's copy in memory reads it in turn (a second reader would copy it again)."""
    from trainer.progress import review
    from trainer.progress.dashboard import ProgressQuery, load_progress

    from .history import seed

    path = tmp_path / "progress.sqlite3"
    seed(path, days=6)
    now = datetime(2026, 10, 27, 18, tzinfo=UTC)
    read_by: list[tuple[str, ProgressStore]] = []
    overview = review.overview

    def watched(reader: ProgressStore, *args: object, **kwargs: object) -> review.Overview:
        read_by.append((threading.current_thread().name, reader))
        return overview(reader, *args, **kwargs)       # type: ignore[arg-type]
    monkeypatch.setattr(review, "overview", watched)
    beside = load_progress(path, ProgressQuery(), today=now.date(), now=now, cards=False)
    monkeypatch.setattr(ProgressStore, "copied", property(lambda _: True))
    in_turn = load_progress(path, ProgressQuery(), today=now.date(), now=now, cards=False)
    assert read_by[0][0].startswith("progress-overview")
    assert read_by[1][0] == threading.current_thread().name
    assert beside == in_turn and beside.days and beside.sessions
