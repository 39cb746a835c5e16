"""The study queue through the store: from a kept picture and the rows after it, the queue of
every stored answer; the picture dropped whenever what it took in changes."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.progress.history import CARDS, keys, seed
from trainer.drills.history import read_answers
from trainer.progress.store import ProgressStore
from trainer.progress.study_store import KEEP_AFTER, StudyHistory, keep_picture, load_study
from trainer.rules import preset
from trainer.scheduler.memory import MODEL
from trainer.scheduler.memory_fit import checked_fit
from trainer.scheduler.study import StudyQueue
from trainer.teaching.curriculum import Curriculum, Prior, curriculum
from trainer.teaching.records import GradedDecision, Mode, Verdict

#: The seeded history's last answer is on 2026-10-20; the player comes back a week later.
NOW = datetime(2026, 10, 27, 18, 0, tzinfo=UTC)


@pytest.fixture
def course() -> Curriculum:
    return curriculum(preset("evolution"), Prior.CLASSIC)


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    path = tmp_path / "progress.sqlite3"
    seed(path)
    store = ProgressStore.open(path)
    yield store    # type: ignore[misc]
    store.close()


def _answer_more(store: ProgressStore, count: int, start: datetime, wrong: float = 0.2,
                 rng_seed: int = 3) -> list[int]:
    """``count`` more answers of the seeded situations from ``start``, 20 s apart."""
    rng = random.Random(rng_seed)
    session = store.start_session("evolution", Mode.FLASHCARDS, {}, at=start)
    ids = []
    for i in range(count):
        key = rng.choice(keys())
        miss = rng.random() < wrong
        ids.append(store.record_decision(session, GradedDecision(
            time=(start + timedelta(seconds=20 * i)).strftime("%Y-%m-%dT%H:%M:%SZ"),
            preset="evolution", mode=Mode.FLASHCARDS, situation_key=key,
            cards=CARDS[key.split("|")[3]], dealer_up=key.rsplit("|v", 1)[1],
            action="stand" if miss else "hit", best_action="hit",
            verdict=Verdict.WRONG if miss else Verdict.CORRECT,
            ev_loss=0.05 if miss else 0.0, response_ms=1200, weight=0.002)))
    return ids


def _scratch(store: ProgressStore, course: Curriculum, now: datetime) -> StudyQueue:
    """The queue every stored answer makes, folded at once (as the queue always was made)."""
    rows = store.answer_rows("evolution")
    fitted = checked_fit(store.load_fit("evolution"), course.decks)
    return StudyQueue(course, read_answers(course, rows, now).answers, now, fitted=fitted)


def _same(study: StudyHistory, scratch: StudyQueue, now: datetime) -> None:
    queue = study.queue
    assert queue.traces == scratch.traces and queue.deck == scratch.deck
    assert queue.asked == scratch.asked and queue.counts(now) == scratch.counts(now)
    assert queue.next_due(now) == scratch.next_due(now)
    if queue.fit is None or scratch.fit is None:
        assert queue.fit is scratch.fit is None
    else:   # a fit from a kept state: the same, but for the order of its sums
        assert queue.fit.params == scratch.fit.params and queue.fit.cards == scratch.fit.cards
        assert queue.fit.answers == scratch.fit.answers
        assert queue.fit.log_likelihood == pytest.approx(scratch.fit.log_likelihood)
    assert [queue.choose(now) for _ in range(5)] == [scratch.choose(now) for _ in range(5)]


def _pictures(store: ProgressStore) -> int:
    return int(store.tuples("SELECT COUNT(*) FROM memory_pictures")[0][0])


def test_a_kept_picture_and_the_rows_after_it_make_the_queue_of_every_answer(
        store: ProgressStore, course: Curriculum) -> None:
    first = load_study(store, course, NOW)
    assert first.keep is not None and first.notes() == []          # nothing kept yet: one
    _same(first, _scratch(store, course, NOW), NOW)
    keep_picture(store, first.keep)
    store.save_fit("evolution", first.queue.fit.to_plain())        # type: ignore[union-attr]
    later = NOW + timedelta(days=1)
    _answer_more(store, 60, NOW + timedelta(hours=1))
    again = load_study(store, course, later)
    assert again.keep is None              # the kept picture was used: 60 answers replayed
    _same(again, _scratch(store, course, later), later)
    _answer_more(store, KEEP_AFTER, later, rng_seed=4)
    then = later + timedelta(days=1)
    newer = load_study(store, course, then)
    assert newer.keep is not None and newer.keep.upto > first.keep.upto
    _same(newer, _scratch(store, course, then), then)


def test_a_refit_starts_from_the_kept_fit_state(store: ProgressStore,
                                                course: Curriculum) -> None:
    """A stale fit is made again from the state kept with the picture and the answers since,
    and gives the fit of every answer."""
    store.save_fit("evolution", {"first": 0.04, "growth": 4.0, "lapse": 0.3, "cards": "facts",
                                 "log_likelihood": -300.0, "answers": 100})
    made = load_study(store, course, NOW)                   # 800 answers: refitted, all read
    assert made.queue.refitted and made.keep is not None
    store.save_fit("evolution", made.queue.fit.to_plain())  # type: ignore[union-attr]
    keep_picture(store, made.keep)
    _answer_more(store, 300, NOW + timedelta(hours=1), wrong=0.5)   # 1,100 >= 1.3 x 800
    later = NOW + timedelta(days=1)
    study = load_study(store, course, later)
    scratch = _scratch(store, course, later)
    assert study.queue.refitted and scratch.refitted
    assert study.queue.fit is not None and scratch.fit is not None
    assert (study.queue.fit.params, study.queue.fit.cards) == (scratch.fit.params,
                                                               scratch.fit.cards)
    assert study.queue.fit.log_likelihood == pytest.approx(scratch.fit.log_likelihood)
    assert study.queue.traces == scratch.traces


def test_an_undo_drops_the_picture_only_if_it_took_the_answer_in(
        store: ProgressStore, course: Curriculum) -> None:
    made = load_study(store, course, NOW)
    assert made.keep is not None
    later_ids = _answer_more(store, 3, NOW + timedelta(hours=1))
    keep_picture(store, made.keep)
    store.undo_decision(later_ids[-1])                      # after the picture: it stays
    assert _pictures(store) == 1
    covered = store.tuples("SELECT id FROM decisions WHERE undone = 0 ORDER BY time LIMIT 1")
    store.undo_decision(covered[0][0])                      # one it took in: dropped
    assert _pictures(store) == 0
    later = NOW + timedelta(days=1)
    again = load_study(store, course, later)
    assert again.keep is not None
    _same(again, _scratch(store, course, later), later)


@pytest.mark.parametrize("change", [
    "UPDATE decisions SET verdict = 'wrong' WHERE id = 5",
    "UPDATE decisions SET time = '2026-10-01T09:00:01Z' WHERE id = 790",
    "UPDATE decisions SET cards = '9♠ 9♦' WHERE id = 12",
    "DELETE FROM decisions WHERE id = 7",
])
def test_a_row_it_took_in_changed_by_hand_drops_the_picture(
        store: ProgressStore, course: Curriculum, change: str) -> None:
    made = load_study(store, course, NOW)
    assert made.keep is not None
    keep_picture(store, made.keep)
    with store._transaction() as conn:
        conn.execute(change)
    assert _pictures(store) == 0
    _same(load_study(store, course, NOW), _scratch(store, course, NOW), NOW)


def test_an_answer_stored_before_the_pictures_last_drops_it(store: ProgressStore,
                                                          course: Curriculum) -> None:
    """A clock set back: the answer falls among those the picture took in."""
    made = load_study(store, course, NOW)
    assert made.keep is not None
    keep_picture(store, made.keep)
    _answer_more(store, 2, datetime(2026, 10, 21, 12, tzinfo=UTC))   # after: kept
    assert _pictures(store) == 1
    _answer_more(store, 2, datetime(2026, 10, 5, 12, tzinfo=UTC))    # before its last
    assert _pictures(store) == 0
    _same(load_study(store, course, NOW), _scratch(store, course, NOW), NOW)


def test_a_picture_of_other_rules_or_a_damaged_one_is_not_used(
        store: ProgressStore, course: Curriculum) -> None:
    made = load_study(store, course, NOW)
    assert made.keep is not None
    keep_picture(store, made.keep)
    novice = curriculum(preset("evolution"), Prior.NOVICE)
    told = load_study(store, novice, NOW)        # the first answers are classic strategy's:
    assert told.queue.course is novice and told.notes() == []    # asked, never taken alone
    assert told.suggestion is not None and told.suggestion.prior is Prior.CLASSIC
    with store._transaction() as conn:
        conn.execute("UPDATE memory_pictures SET picture = x'00ff'")
    again = load_study(store, course, NOW)
    assert again.keep is not None
    _same(again, _scratch(store, course, NOW), NOW)


def test_a_kept_picture_with_a_bit_changed_is_made_again_from_the_answers(
        store: ProgressStore, course: Curriculum) -> None:
    """Before, a bit flipped in the picture's arrays was read as another number and the
    schedule changed without a word; now the picture does not check out and is made again."""
    made = load_study(store, course, NOW)
    assert made.keep is not None
    keep_picture(store, made.keep)
    data = bytearray(store.load_picture("evolution", "classic", MODEL)[3])   # type: ignore[index]
    data[-3] ^= 0x40                       # 0.0, the last array's last number, is 3.5e-310
    with store._transaction() as conn:
        conn.execute("UPDATE memory_pictures SET picture = ?", (bytes(data),))
    again = load_study(store, course, NOW)
    assert again.keep is not None and again.keep.data == made.keep.data
    _same(again, _scratch(store, course, NOW), NOW)


def test_answers_timed_in_the_future_count_as_given_now(store: ProgressStore,
                                                       course: Curriculum) -> None:
    """Ten answers given under a clock 400 days ahead, and a picture kept then: at the right
    time the picture is not used (it took in the future), the ten count as given now, and the
    next card is due within days (the fit's pace), not in 400 days."""
    ahead = NOW + timedelta(days=400)
    _answer_more(store, 10, ahead, wrong=0.0)
    made = load_study(store, course, ahead + timedelta(hours=1))
    assert made.keep is not None and made.future == 0
    keep_picture(store, made.keep)
    back = load_study(store, course, NOW)
    assert back.future == 10 and back.keep is not None and back.keep.upto[0] < "2026-10-21"
    assert back.notes() == ["10 answers were timed in the future (a wrong clock?) and are "
                            "counted as given now."]
    _same(back, _scratch(store, course, NOW), NOW)
    due = back.queue.next_due(NOW)
    assert due is not None and due < NOW + timedelta(days=7)


def test_a_picture_takes_in_the_rows_up_to_the_first_after_now() -> None:
    """Stored times sort as text, and a fraction of a second sorts before the whole second:
    the rows a picture takes in end at the first row after now, read within now's second."""
    from trainer.progress.study_store import _covered

    rows = [(9, 20261129, "k"), (1, "2026-11-29T12:00:04Z", "k"),
            (2, "2026-11-29T12:00:05.5Z", "k"), (3, "2026-11-29T12:00:05Z", "k"),
            (4, "2026-11-29T12:00:06Z", "k"), (5, "yesterday", "k"), (6, b"\x00", "k")]
    at = datetime(2026, 11, 29, 12, 0, 5, tzinfo=UTC)
    assert _covered(rows, at.replace(microsecond=200_000)) == 2
    assert _covered(rows, at.replace(microsecond=700_000)) == 4
    assert _covered(rows, at + timedelta(seconds=1)) == 5
    assert _covered(rows, at + timedelta(days=9999)) == 5      # 'yesterday' sorts after
    assert _covered(rows, at - timedelta(days=1)) == 1         # a number sorts first


def test_a_suspended_card_is_never_asked_and_unsuspended_comes_back(
        store: ProgressStore, course: Curriculum) -> None:
    first = load_study(store, course, NOW).queue
    card = max(first._value, key=lambda c: first._value[c])        # the card worth most
    faces = first.deck.faces[card]
    store.mark_cards("evolution", faces, "suspend", at=NOW)
    queue = load_study(store, course, NOW).queue
    assert card not in queue._value                                   # never asked
    assert all(queue.deck.card_of.get(queue.choose(NOW)) != card for _ in range(30))
    store.mark_cards("evolution", faces, "unsuspend", at=NOW)
    assert card in load_study(store, course, NOW).queue._value


def test_a_reset_card_is_new_again_and_the_kept_picture_is_dropped(
        store: ProgressStore, course: Curriculum) -> None:
    study = load_study(store, course, NOW)
    assert study.keep is not None
    keep_picture(store, study.keep)
    assert _pictures(store) == 1
    queue = study.queue
    taught = course.decks[queue.mapping].card_of     # faces the assumed play gets wrong
    seeded = {k for k in keys() if k in taught}
    card = next(c for c in queue.traces if c in queue._value
                and seeded & set(queue.deck.faces[c]))
    store.mark_cards("evolution", queue.deck.faces[card], "reset", at=NOW)
    assert _pictures(store) == 0                                      # the trigger
    after = load_study(store, course, NOW + timedelta(minutes=1)).queue
    assert card not in after.traces
    assert card in after._value                                        # new again
    others = {c: t for c, t in queue.traces.items() if c != card}
    assert {c: after.traces[c] for c in others if c in after.traces}.keys() <= others.keys()
    # answers given after the reset count again
    face = next(k for k in queue.deck.faces[card] if k in seeded)
    session = store.start_session("evolution", Mode.FLASHCARDS, {}, at=NOW)
    store.record_decision(session, GradedDecision(
        time=(NOW + timedelta(minutes=2)).strftime("%Y-%m-%dT%H:%M:%SZ"), preset="evolution",
        mode=Mode.FLASHCARDS, situation_key=face, cards=CARDS[face.split("|")[3]],
        dealer_up=face.rsplit("|v", 1)[1], action="hit", best_action="hit",
        verdict=Verdict.CORRECT, ev_loss=0.0, response_ms=900, weight=0.002))
    again = load_study(store, course, NOW + timedelta(minutes=3)).queue
    assert card in again.traces


def test_card_marks_are_appended_and_the_latest_counts(store: ProgressStore) -> None:
    store.mark_cards("evolution", ["a", "b"], "suspend", at=NOW)
    store.mark_cards("evolution", ["a"], "unsuspend", at=NOW + timedelta(seconds=1))
    store.mark_cards("evolution", ["c"], "reset", at=NOW + timedelta(seconds=2))
    marks = store.card_marks("evolution")
    assert marks.suspended == {"b"} and set(marks.resets) == {"c"}
    assert store.card_marks("pot-of-gold").suspended == frozenset()
    assert store.tuples("SELECT COUNT(*) FROM card_marks")[0][0] == 4
    with pytest.raises(ValueError, match="card mark"):
        store.mark_cards("evolution", ["a"], "delete")


def test_a_refit_from_the_kept_state_fits_fsrs6_to_every_answer(store: ProgressStore,
                                                                  course: Curriculum) -> None:
    """The refit from a kept fit state reads every answer again for FSRS-6 (fitted to whole
    histories): its check then scores FSRS-6 fitted to the answers before the kept fit on those
    since, beside the trainer's own model, and the choice is kept with the fit."""
    for day in range(30):       # sessions a day apart: answers FSRS-6 can be fitted to
        _answer_more(store, 60, NOW - timedelta(days=50 - day), rng_seed=day)
    made = load_study(store, course, NOW - timedelta(days=19))
    assert made.queue.refitted and made.keep is not None and made.queue.fit is not None
    store.save_fit("evolution", made.queue.fit.to_plain())
    keep_picture(store, made.keep)
    for day in range(15):
        _answer_more(store, 60, NOW - timedelta(days=18 - day), rng_seed=50 + day)
    study = load_study(store, course, NOW)
    fit = study.queue.fit
    assert study.queue.refitted and fit is not None and fit.health is not None
    health = fit.health
    assert health.fitted is not None and health.answers > 0 and health.apart is not None
    assert (fit.fsrs is not None) == (health.uses == "fsrs6_fitted")
    kept = checked_fit(fit.to_plain(), course.decks)
    assert kept is not None and kept.fsrs == fit.fsrs and kept.health is not None
    assert kept.health.uses == health.uses and kept.health.apart == pytest.approx(health.apart)
