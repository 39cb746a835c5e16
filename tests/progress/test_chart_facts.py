"""A situation's fix is the chart's play: a play graded against a depleted shoe whose best play
differs from the chart's is kept apart, never merged into the chart's answers.

As a tester met it on golden-nugget-1d-6to5: a flashcard answered with the chart's play (graded
Correct), then the same situation in a counted shoe, played the chart's way and graded against
that depleted shoe, whose best play differed. Progress and ``stats`` then listed the leak "<the
shoe's play> — you <the chart's play> 2 of 2", and the study queue counted a miss of the
chart's play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from trainer.__main__ import main
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.drills.history import answers
from trainer.drills.round_history import decision_words
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.progress import review
from trainer.progress.dashboard import ProgressQuery, load_progress
from trainer.progress.filters import Filter
from trainer.progress.store import ProgressStore
from trainer.progress.study_store import load_study
from trainer.rules import Action, preset
from trainer.teaching.catalog import catalog
from trainer.teaching.curriculum import Prior, curriculum
from trainer.teaching.records import GradedDecision, Mode, Verdict, play_words
from trainer.teaching.situations import Context, round_spot

RULES = preset("golden-nugget-1d-6to5")
INSURANCE = Context.INSURANCE
#: The seed of a single-deck shoe with a decision whose best play at the cards left differs
#: from the chart's (soft 18 of three cards v A: the chart hits, that shoe stands).
SEED = 2


@dataclass(frozen=True)
class AtTheShoe:
    """The decision played the chart's way at a depleted shoe, and the two best plays."""

    decision: GradedDecision
    chart: str
    shoe: str


def _shoe_decision() -> AtTheShoe:
    """Play the counted shoe the chart's way up to the first decision whose best play at the
    cards not yet seen differs from the chart's; that decision, played the chart's way."""
    table = catalog(RULES)
    practice = ShoePractice(RULES, ShoeSettings(perfect_play=True, bankroll=None), seed=SEED,
                            table=table)
    while not practice.finished:
        practice.deal()
        while practice.awaiting:
            assert practice.round is not None
            spot = round_spot(practice.round)
            _, chart = table.evs(spot)
            _, shoe = practice.grader.evs(spot, practice.unseen())
            legal = {a.value for a in practice.round.legal_actions()}
            decision = practice.answer(Action(chart))
            if shoe != chart and shoe in legal and spot.situation.context is not INSURANCE:
                return AtTheShoe(decision, chart, shoe)
    raise AssertionError("the seeded shoe has no decision where the shoe and the chart differ")


def _flashcard(key: str) -> GradedDecision:
    """The same situation as a flashcard, answered with the chart's play."""
    session = FlashcardSession(catalog(RULES), FlashMode.ALL, seed=1, only=[key])
    card = session.next()
    _, best = session.catalog.evs(card.spot)
    return session.answer(Action(best))


@pytest.fixture
def history(tmp_path: Path) -> tuple[Path, AtTheShoe]:
    """A progress file holding both answers: the flashcard first, then the counted shoe's."""
    at_shoe = _shoe_decision()
    card = _flashcard(at_shoe.decision.situation_key)
    path = tmp_path / "data" / "progress.sqlite3"
    with ProgressStore.open(path) as store:
        drill = store.start_session(card.preset, Mode.FLASHCARDS, {})
        store.record_decision(drill, card)
        shoe = store.start_session(card.preset, Mode.SHOE, {"shoe_seed": SEED, "count": "hilo"})
        store.record_decision(shoe, at_shoe.decision)
    return path, at_shoe


def test_the_shoe_seen_differs_from_the_chart() -> None:
    """The history is the one the issue describes: the chart's play is played twice, the
    depleted shoe's best play is another."""
    at_shoe = _shoe_decision()
    assert at_shoe.chart != at_shoe.shoe and at_shoe.decision.action == at_shoe.chart


def test_the_leaks_never_merge_a_grade_at_a_depleted_shoe(
        history: tuple[Path, AtTheShoe]) -> None:
    path, at_shoe = history
    key = at_shoe.decision.situation_key
    with ProgressStore.open(path, read_only=True) as store:
        leaks = review.recent_leaks(store, Filter(preset=at_shoe.decision.preset))
        answers = [row for row in store.answer_rows(at_shoe.decision.preset) if row[1] == key]
        situations = review.by_situation(store, Filter(preset=at_shoe.decision.preset))
    assert [leak.situation for leak in leaks] == []          # the chart's play, both times
    assert [row[3] for row in answers] == ["correct"]        # the queue reads the chart's
    assert [(s.decisions, s.right) for s in situations] == [(1, 1)]


def test_progress_stats_and_the_study_queue_agree_with_the_chart(
        history: tuple[Path, AtTheShoe], capsys: pytest.CaptureFixture[str]) -> None:
    path, at_shoe = history
    key = at_shoe.decision.situation_key
    data = load_progress(path, ProgressQuery(preset=at_shoe.decision.preset), cards=False)
    assert [leak.situation for leak in data.leaks] == []    # nothing for "Drill these"
    assert data.decisions == 1
    said = (f"at that shoe: {play_words(at_shoe.shoe)}; the chart: "
            f"{play_words(at_shoe.chart)}")
    assert data.apart.count == 1 and data.apart.lines()[0].endswith(said)
    capsys.readouterr()
    assert main(["stats", "--json", "--preset", RULES.name, "--data-dir",
                 str(path.parent)]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["decisions"] == 1 and stats["leaks"] == []
    assert stats["kept_apart"]["count"] == 1
    assert stats["kept_apart"]["latest"] == data.apart.lines()   # one wording everywhere
    course = curriculum(RULES, Prior.CLASSIC)
    with ProgressStore.open(path, read_only=True) as store:
        read = answers(course, store.answer_rows(at_shoe.decision.preset))
        queue = load_study(store, course, datetime.now(UTC)).queue
    assert [(a.situation, a.right) for a in read] == [(key, True)]    # what the queue learns
    assert queue.counts(datetime.now(UTC)).due == 0


def test_a_grade_at_a_depleted_shoe_is_kept_apart_and_said_as_such() -> None:
    at_shoe = _shoe_decision()
    decision = at_shoe.decision
    assert decision.apart and decision.shoe is not None
    assert (decision.best_action, decision.shoe.best) == (at_shoe.chart, at_shoe.shoe)
    assert decision.verdict is Verdict.CORRECT              # the chart's play, by the chart
    assert decision.at_table().verdict is not Verdict.CORRECT   # not by that shoe
    words = f"at that shoe: {play_words(at_shoe.shoe)}; the chart: {play_words(at_shoe.chart)}"
    assert decision.apart_words() == words
    assert decision_words(decision).endswith(f"({words})")


def test_a_counted_shoe_stored_before_is_kept_apart_when_the_file_is_upgraded(
        tmp_path: Path) -> None:
    """Before, the app's counted shoes stored their plays graded against the cards left
    alone: those plays are kept apart (the chart was not asked), the others are not."""
    import sqlite3

    from sqlite_utils import Database

    from trainer.progress import schema
    path = tmp_path / "progress.sqlite3"
    with Database(path) as db:
        schema.migrate(db, upto=schema.STEPS.index("shoe_grades_apart"))
    key = "evolution|first|real|hard16|2|v10"
    with sqlite3.connect(path) as conn:
        for settings in ('{"shoe_seed": 4, "count": "hilo"}', '{"shoe_seed": 5}',
                         '{"drill": "shoe", "count": "hilo", "seed": 3}', "not json"):
            session = conn.execute(
                "INSERT INTO sessions (started, preset, mode, settings) VALUES "
                "('2026-03-01T10:00:00Z', 'evolution', 'shoe', ?)", (settings,)).lastrowid
            for situation in (key, "evolution|index|hilo|hard16v10"):
                conn.execute(
                    "INSERT INTO decisions (session_id, time, preset, mode, situation_key, "
                    "cards, dealer_up, action, best_action, verdict, ev_loss, response_ms, evs, "
                    "weight, timed_out) VALUES (?, '2026-03-01T10:00:05Z', 'evolution', 'shoe', "
                    "?, '7 9', '10', 'hit', 'stand', 'wrong', 0.02, 900, '{}', 0.01, 0)",
                    (session, situation))
    conn.close()
    with ProgressStore.open(path) as store:
        apart = store.tuples("SELECT session_id, situation_key FROM decisions WHERE apart = 1")
        assert apart == [(1, key)]
        assert len(store.answer_rows("evolution")) == 7
