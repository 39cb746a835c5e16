"""The memory model's health check: the latest answers predicted by the model fitted before
them, against a fixed guess and FSRS-6, on the same answers."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from trainer.drills import fsrs6
from trainer.drills.curriculum import FACTS, Curriculum, Prior, curriculum
from trainer.drills.fitting import HELD_OUT, fit_for
from trainer.drills.health import AT_LEAST, Health, health_of
from trainer.drills.memory import Answer, MemoryParams, Trace, learn, recall
from trainer.drills.memory_fit import Grid, Replay
from trainer.drills.start import Start
from trainer.rules import preset


@pytest.fixture(scope="module")
def course() -> Curriculum:
    return curriculum(preset("evolution"), Prior.CLASSIC)


def _player(course: Curriculum, params: MemoryParams, days: int = 40, per_day: int = 60,
            seed: int = 3) -> list[Answer]:
    """Answers of a player whose memory is the model's own (a card per fact), reviewed in a
    random order each day: what the check must find predictable."""
    rng = random.Random(seed)
    deck = course.decks[FACTS]
    cards = list(deck.faces)[:120]
    traces: dict[str, Trace] = {}
    found = []
    for day in range(days):
        for i in range(per_day):
            card = rng.choice(cards)
            when = day + i * 30 / 86400
            right = rng.random() < recall(traces.get(card), when)
            answer = Answer(deck.faces[card][0], when, right, 0.0)
            traces[card] = learn(params, traces.get(card), answer)
            found.append(answer)
    return found


def test_the_model_of_the_players_own_memory_beats_a_fixed_guess(course: Curriculum) -> None:
    answers = _player(course, MemoryParams(0.16, 4.0, 0.3))
    fitted = fit_for(course, answers, Start(Prior.CLASSIC, 1.0, 0.0, 0.0, 0))
    health = fitted.health
    assert health is not None
    # every held-out answer is either scored (a day or more after its card's last) or counted
    # apart as given the same day
    assert health.answers + health.same_day == len(answers) - int(HELD_OUT * len(answers))
    assert health.answers >= AT_LEAST and health.same_day > 0
    assert health.model < 0.9 * health.fixed
    assert health.sentence().startswith("The trainer predicts your answers better than a")
    assert math.isfinite(health.fsrs6) and health.fsrs6 > 0


def test_the_held_out_log_loss_is_the_fitted_models_on_the_latest_answers(
        course: Curriculum) -> None:
    """Recomputed apart: the parameters fitted to the first 80%, one replay of everything
    under them, the log-likelihood of the latest 20% alone; of them, only the answers a day or
    more after their card's last are scored (the srs-benchmark's rule), FSRS-6 over
    fractional days, the others counted apart."""
    answers = _player(course, MemoryParams(0.04, 7.0, 0.5), seed=5)
    cut = int(HELD_OUT * len(answers))
    start = Start(Prior.CLASSIC, 1.0, 0.0, 0.0, 0)
    before = fit_for(course, answers[:cut], start)
    health = fit_for(course, answers, start).health
    assert health is not None
    p = before.params
    grid = Grid.of([p.first], [p.growth], [p.lapse], [p.slip], [p.curve])
    card_of = course.decks[before.cards].card_of
    head = Replay.empty(grid).extend(answers[:cut], card_of, grid)
    whole = head.extend(answers[cut:], card_of, grid)
    last: dict[str, float] = {}
    fsrs: dict[str, fsrs6.Card] = {}
    scored: list[bool] = []
    fsrs_loss = 0.0
    for number, a in enumerate(answers):
        card = card_of.get(a.situation)
        if card is None:
            continue
        later = card in last and a.day - last[card] >= 1.0
        if number >= cut and card in last:
            scored.append(later)
            if later:
                held = fsrs[card]
                r = float(fsrs6.recall_fractional(np.array([held.stability]),
                                                  np.array([a.day - held.last]))[0])
                fsrs_loss -= math.log(r if a.right else 1.0 - r)
        fsrs[card] = fsrs6.review(fsrs.get(card), a.day, a.right)
        last[card] = a.day
    held = sum(scored)
    assert (health.answers, health.same_day) == (held, len(scored) - held)
    assert health.model == pytest.approx(-(whole.scored[0] - head.scored[0]) / held)
    assert health.fsrs6 == pytest.approx(fsrs_loss / held, rel=1e-6)
    assert health.model != pytest.approx(-(whole.total[0] - head.total[0]) / len(scored))


def test_the_sentence_follows_the_figures_and_says_them() -> None:
    assert "no better than a fixed guess" in Health(500, 0.70, 0.69, 0.6).sentence()
    assert "and better than FSRS-6" in Health(500, 0.40, 0.69, 0.45).sentence()
    assert "FSRS-6 predicts them better still" in Health(500, 0.40, 0.69, 0.35).sentence()
    # within 5% of each other: neither is said to be better (the old check said "better
    # than FSRS-6: it knows your memory well" on any difference)
    close = Health(500, 0.173, 0.24, 0.177).sentence()
    assert "about as well as FSRS-6" in close and "better than FSRS-6" not in close
    assert ("(log loss 0.173, against 0.240 for a fixed guess and 0.177 for FSRS-6, on 500 "
            "answers given a day or more after the card's last)") in close
    assert "once you have given" in Health(AT_LEAST - 1, 0.4, 0.69, 0.5).sentence()


def test_a_stored_check_is_read_back_or_refused() -> None:
    health = Health(300, 0.41, 0.62, 0.45, "FSRS-4 curve; you learn facts")
    assert health_of(health.to_plain()) == Health(300, 0.41, 0.62, 0.45,
                                                  "FSRS-4 curve; you learn facts")
    import json
    assert health_of(json.dumps(health.to_plain())) == health_of(health.to_plain())
    for bad in ("not json", {"held_out": 300, "log_loss": 0.41, "avg_log_loss": 0.62,
                             "fsrs6_log_loss": 0.45},   # scored before: same-day answers too
                {"held_out": 5}, 3,
                {"held_out": 5, "log_loss": float("nan"), "avg_log_loss": 1,
                 "fsrs6_log_loss": 1}):
        assert health_of(bad) is None
