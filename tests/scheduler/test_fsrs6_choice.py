"""FSRS-6 fitted to the player as a candidate memory model: chosen by held-out likelihood where
the player's memory is FSRS-6's, left where it is the trainer's own; the queue, its plan and the
kept picture run on it."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from trainer.rules import preset
from trainer.scheduler import fsrs6, picture
from trainer.scheduler.fitting import describe, fit_for, fitted_model
from trainer.scheduler.health import FITTED
from trainer.scheduler.memory import EXPONENTIAL, FSRS6, MemoryParams, Trace, day_of, learn
from trainer.scheduler.memory_fit import Fit, checked_fit
from trainer.scheduler.plan import plan
from trainer.scheduler.start import Start
from trainer.scheduler.study import StudyQueue
from trainer.teaching.answers import Answer
from trainer.teaching.curriculum import FACTS, Curriculum, Prior, curriculum

START = Start(Prior.CLASSIC, 1.0, 0.0, 0.0, 0)
#: FSRS-6 with a flatter forgetting curve than its defaults' (decay 0.3, not 0.1542 … or 0.5)
FLAT = (*fsrs6.W[:20], 0.3)


@pytest.fixture(scope="module")
def course() -> Curriculum:
    return curriculum(preset("evolution"), Prior.CLASSIC)


def _player(course: Curriculum, memory: MemoryParams, seed: int = 3) -> list[Answer]:
    """Answers of a player whose memory is ``memory`` (a card per fact, 150 cards), 40
    sessions of 80 answers 1 to 6 days apart, cards drawn at random."""
    rng = random.Random(seed)
    deck = course.decks[FACTS]
    cards = list(deck.faces)[:150]
    traces: dict[str, Trace] = {}
    found, day = [], 0.0
    for _ in range(40):
        for i in range(80):
            card = rng.choice(cards)
            when = day + i * 30 / 86400
            right = rng.random() < memory.recall(traces.get(card), when)
            answer = Answer(deck.faces[card][0], when, right, 0.0)
            traces[card] = learn(memory, traces.get(card), answer)
            found.append(answer)
        day += rng.randint(1, 6)
    return found


def test_fsrs6_fitted_is_chosen_for_an_fsrs6_learner_and_not_for_the_trainers_own(
        course: Curriculum) -> None:
    fsrs_learner = MemoryParams(FLAT[0], 0.0, 0.0, curve=FSRS6, w=FLAT)
    chosen = fit_for(course, _player(course, fsrs_learner), START)
    health = chosen.health
    assert health is not None and health.fitted is not None and health.uses == FITTED
    assert health.fitted.log_loss < health.model.log_loss
    assert chosen.fsrs is not None and len(chosen.fsrs) == 21
    assert chosen.memory().curve == FSRS6 and chosen.memory().w == chosen.fsrs
    assert describe(chosen).startswith("FSRS-6 fitted to your answers (decay ")
    assert health.sentence().startswith("Your memory model is FSRS-6 fitted to your answers")

    own = MemoryParams(0.16, 4.0, 0.3, curve=EXPONENTIAL)
    kept = fit_for(course, _player(course, own), START)
    assert kept.health is not None and kept.health.fitted is not None
    assert kept.health.uses == "model" and kept.fsrs is None
    assert kept.health.model.log_loss < kept.health.fitted.log_loss
    assert kept.memory() == kept.params
    assert kept.health.sentence().startswith("Your memory model is the trainer's own model")


def test_a_kept_fit_keeps_fsrs6_or_is_refitted(course: Curriculum) -> None:
    fit = Fit(MemoryParams(0.16, 4.0, 0.3, curve=EXPONENTIAL), FACTS, -10.0, 500,
              fsrs=FLAT)
    plain = fit.to_plain()
    assert Fit.from_plain(plain) == fit
    assert checked_fit(plain, course.decks) == fit
    for bad in (FLAT[:20], [*FLAT[:20], float("nan")], [*FLAT[:20], -0.2], "[1, 2"):
        assert checked_fit({**plain, "fsrs6": bad}, course.decks) is None


def test_the_queue_its_plan_and_its_picture_run_on_fsrs6(course: Curriculum) -> None:
    answers = _player(course, MemoryParams(FLAT[0], 0.0, 0.0, curve=FSRS6, w=FLAT))[:1500]
    fit = Fit(MemoryParams(0.16, 4.0, 0.3, curve=EXPONENTIAL), FACTS, -10.0, len(answers),
              prior="classic", fsrs=FLAT)
    now = datetime(2000, 1, 1, tzinfo=UTC) + timedelta(days=answers[-1].day + 2.0)
    queue = StudyQueue(course, answers, now, fitted=fit)
    assert queue.params.curve == FSRS6 and queue.params.w == FLAT
    assert queue.plan is not None                       # sessions days apart: planned
    # the traces are FSRS-6's: its difficulty kept, its recall on the curve fitted
    card, trace = next(iter(queue.traces.items()))
    assert 1.0 <= trace.difficulty <= 10.0
    elapsed = day_of(now) - trace.last
    assert queue.recall(card, day_of(now)) == pytest.approx(
        (1 + (0.9 ** (-1 / 0.3) - 1) * elapsed / trace.stability) ** -0.3)
    due = queue.due_at(card)
    assert due is not None
    assert queue.params.recall(trace, due) == pytest.approx(queue.settings.retention)
    # a card nearly forgotten is worth more to ask now than one just answered
    chosen = queue.choose(now)
    assert chosen in course.decks[FACTS].card_of or chosen in course.catalog.weight
    plan_ = plan(queue.params, 3.0)
    firm, fading = Trace(30.0, 0.0, 0, 3.0), Trace(2.0, 0.0, 0, 3.0)
    assert plan_.gain(0.01, fading, 6.0, 9.0) > plan_.gain(0.01, firm, 6.0, 9.0)
    # the picture keeps the parameters and the difficulty, and reads back exactly
    params, mapping = fitted_model(course, fit, START)
    made = picture.advance(course, picture.empty(course, params, mapping), answers)
    assert made.traces == queue.traces
    back = picture.decode(picture.encode(made))
    assert back is not None and back.params == params and back.traces == made.traces
    # and it is not a picture of the trainer's own model
    assert not back.fits(course, replace(params, curve=EXPONENTIAL, w=()), mapping)
