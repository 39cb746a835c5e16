"""The session service both front ends call: a flashcard session prepared from the player's
choice and the progress file, begun under its own record, its refitted memory model kept."""

from __future__ import annotations

from pathlib import Path

from sqlite_utils import Database

from tests.progress.history import seed
from trainer.drills.flashcards import FlashMode
from trainer.progress.saving import SessionSaver
from trainer.progress.store import ProgressStore
from trainer.rules import preset, rules_file
from trainer.session import FlashcardPlan, begin_flashcards, prepare_flashcards
from trainer.teaching.curriculum import Prior
from trainer.teaching.records import Mode
from trainer.teaching.situations import preset_label


def test_a_due_session_is_made_from_the_stored_answers_and_recorded(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    seed(path, days=3, per_day=30)
    saver = SessionSaver(lambda: ProgressStore.open(path))
    plan = FlashcardPlan(preset("evolution"), FlashMode.DUE, Prior.CLASSIC, seed=4)
    prepared = prepare_flashcards(plan, saver)
    assert prepared.history is not None and prepared.history.queue.traces   # cards answered
    assert prepared.session.queue is prepared.history.queue and prepared.day is None
    begin_flashcards(prepared, saver, Mode.FLASHCARDS, {"seed": 4})
    assert saver.close().saved
    with ProgressStore.open(path) as store:
        started = store.rows("SELECT preset, mode, settings FROM sessions ORDER BY id DESC")[0]
        pictures = store.tuples("SELECT COUNT(*) FROM memory_pictures")[0][0]
    assert started == {"preset": "evolution", "mode": "flashcards",
                       "settings": '{"flashcards": "due", "seed": 4}'}
    assert pictures == 1          # the picture of the player's memory was kept for next time


def test_another_mode_reads_the_queue_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    seed(path, days=2, per_day=20)
    saver = SessionSaver(lambda: ProgressStore.open(path))
    rules = preset("evolution")
    terminal = prepare_flashcards(FlashcardPlan(rules, FlashMode.HARD), saver)
    window = prepare_flashcards(FlashcardPlan(rules, FlashMode.HARD, always_study=True), saver)
    assert terminal.history is None and terminal.day is None
    assert window.history is not None and window.day is not None   # the day's counts beside it
    assert terminal.session.queue is None and window.session.queue is None
    saver.close()


def test_the_card_browser_lists_every_card_with_what_the_trainer_believes(
        tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from trainer.session import browse_cards, mark_cards

    path = tmp_path / "progress.sqlite3"
    seed(path, days=3, per_day=30)
    saver = SessionSaver(lambda: ProgressStore.open(path))
    plan = FlashcardPlan(preset("evolution"), FlashMode.DUE, Prior.CLASSIC)
    now = datetime(2026, 10, 20, 12, tzinfo=UTC)
    table = browse_cards(plan, saver, now=now)
    queue = prepare_flashcards(plan, saver, now=now).history.queue   # type: ignore[union-attr]
    assert {row.card for row in table.rows} == set(queue.deck.faces)
    answered = [row for row in table.rows if row.state != "new"]
    assert answered and all(row.recall is not None and 0 < row.recall <= 1 for row in answered)
    assert all(row.due is not None and row.stability for row in answered)
    assert any(row.last for row in answered) and all(len(row.last) <= 5 for row in table.rows)
    assert all(row.recall is None and row.due is None for row in table.rows
               if row.state == "new")
    assert [r.worth for r in table.rows] == sorted((r.worth for r in table.rows), reverse=True)
    row = answered[0]
    mark_cards(saver, table.preset, row.faces, "suspend")
    again = browse_cards(plan, saver, now=now)
    assert next(r for r in again.rows if r.card == row.card).state == "suspended"
    assert set(row.faces) <= again.suspended
    mark_cards(saver, table.preset, row.faces, "reset")
    reset = next(r for r in browse_cards(plan, saver, now=now).rows if r.card == row.card)
    assert reset.recall is None and reset.state == "suspended"     # still suspended, no memory
    saver.close()


def test_a_rules_file_session_finds_the_answers_filed_under_its_former_label(
        tmp_path: Path) -> None:
    """Answers of a rules file without side bets were filed by its table identity
    (``custom-47f368a1251dc621``); they are filed by its rules of play now, and its first
    session reads every one of them, as a session of the same answers under that label does."""
    mine = rules_file.loads('name = "mine"\nperfect_pairs = false\n'
                            'twenty_one_plus_three = false\nhot_3 = false\n')
    then, now = "custom-47f368a1251dc621", "custom-8d5ec15c6387eead"
    assert preset_label(mine) == now
    paths = {label: tmp_path / f"{label}.sqlite3" for label in (then, now)}
    for label, path in paths.items():
        seed(path, days=3, per_day=30)
        with Database(path) as db:          # the answers as that label filed them
            for table in ("sessions", "decisions"):
                db.execute(f"UPDATE {table} SET preset = ? WHERE preset = 'evolution'", [label])
            db.execute("UPDATE decisions SET situation_key = ? || substr(situation_key, 10)",
                       [label])
    traces = {}
    for label, path in paths.items():
        saver = SessionSaver(lambda path=path: ProgressStore.open(path))
        plan = FlashcardPlan(mine, FlashMode.DUE, Prior.CLASSIC, seed=4)
        prepared = prepare_flashcards(plan, saver)
        assert prepared.history is not None
        traces[label] = prepared.history.queue.traces
        saver.close()
        with ProgressStore.open(path) as store:
            assert store.presets() == [now]
    assert traces[then] and traces[then] == traces[now]


def test_a_counting_drill_is_spaced_by_every_earlier_answer_in_both_front_ends(
        tmp_path: Path) -> None:
    """The terminal and the window read a counting skill's answers through one call: the answers
    still waiting are saved first, and those filed under the rules' former label are found."""
    from tests.progress.factories import decision
    from tests.progress.test_relabel import POT_OF_GOLD_RESPLIT, THEN
    from trainer.session import counting_answers

    path = tmp_path / "progress.sqlite3"
    with ProgressStore.open(path) as store:          # answered before the label moved
        session = store.start_session(THEN, Mode.INDEX, {})
        store.record_decision(session, decision(
            preset=THEN, situation_key=f"{THEN}|index|hilo|hard16v10|+0",
            time="2026-03-02T10:00:00Z"))
    now = preset_label(POT_OF_GOLD_RESPLIT)
    saver = SessionSaver(lambda: ProgressStore.open(path))
    saver.start(now, Mode.INDEX, {})
    saver.decision(decision(preset=now, situation_key=f"{now}|index|hilo|soft18v9|+1",
                            time="2026-03-03T10:00:00Z"))       # waiting, not yet saved
    found = counting_answers(saver, POT_OF_GOLD_RESPLIT, "index", "hilo")
    assert [answer.situation for answer in found] == [f"{now}|index|hilo|hard16v10|+0",
                                                 f"{now}|index|hilo|soft18v9|+1"]
    assert counting_answers(saver, POT_OF_GOLD_RESPLIT, "count", "hilo") == []
    assert saver.close().saved
