"""A kept picture of the player's memory, advanced by the answers since, makes the very queue the
whole history makes: the same traces, the same counts, the same next cards."""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from trainer.scheduler.memory import MemoryParams, day_of
from trainer.scheduler.memory_fit import GRID, KEPT_WITHIN, Fit, FitState, fit
from trainer.scheduler.picture import (
    SEAL,
    Picture,
    _content,
    _seal,
    advance,
    decode,
    empty,
    encode,
)
from trainer.scheduler.study import StudyQueue
from trainer.teaching.answers import Answer
from trainer.teaching.catalog import Catalog
from trainer.teaching.curriculum import FACTS, SITUATIONS, Curriculum, Prior, curriculum

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def course(evolution: Catalog) -> Curriculum:
    return curriculum(evolution.rules, Prior.CLASSIC)


def _outside(course: Curriculum) -> tuple[list[str], list[str]]:
    """Situations outside what is taught, worth something: some whose fact is a taught card
    (a miss there joins that card), some whose fact is not."""
    taught = course.decks[FACTS].card_of
    cards = set(taught.values())
    outside = [k for k in sorted(course.catalog.situations)
               if k not in taught and course.catalog.weight.get(k, 0.0) > 0]
    shared = [k for k in outside if course.facts.of_situation[k] in cards]
    alone = [k for k in outside if course.facts.of_situation[k] not in cards]
    return shared[:12], alone[:30]


def _history(course: Curriculum, days: int = 30, per_day: int = 80,
             apart: int = 1) -> list[Answer]:
    """A month of answers (sessions ``apart`` days apart): taught cards missed one time in
    five, situations outside what is taught missed rarely (so some become cards of their own
    late in the month); the first answer in each chart row is classic basic strategy's (the
    player starts where the course assumes)."""
    rng = random.Random(11)
    taught = sorted(course.decks[FACTS].card_of)
    shared, alone = _outside(course)
    found = []
    rows: set[str] = set()
    for day in range(days):
        start = day_of(NOW - timedelta(days=(days - day) * apart))
        for i in range(per_day):
            inside = rng.random() < 0.7
            key = rng.choice(taught) if inside else rng.choice(shared + alone)
            right = rng.random() < (0.8 if inside else 0.985)
            if course.row(key) not in rows:
                rows.add(course.row(key))
                right = course.opening_odds(key)[1] >= 0.5
            found.append(Answer(key, start + i * 20 / 86400, right,
                                rng.choice((0.0, 0.25, 1.0)),
                                0.0 if right else rng.uniform(0.01, 0.3)))
    return found


def _first_costly_miss_outside(course: Curriculum, history: list[Answer]) -> int:
    """Where the first miss of a situation outside what is taught, sharing a taught fact, is."""
    shared, _ = _outside(course)
    return next(i for i, a in enumerate(history) if a.situation in shared and not a.right)


def _same(scratch: StudyQueue, kept: StudyQueue, now: datetime) -> None:
    """Two queues alike in everything a player meets, then after the same answers."""
    assert kept.traces == scratch.traces
    assert kept.deck == scratch.deck and kept.asked == scratch.asked
    assert kept.introduced_today == scratch.introduced_today and kept.horizon == scratch.horizon
    assert kept.plan is scratch.plan and kept.price == scratch.price
    assert kept.counts(now) == scratch.counts(now)
    assert kept.next_due(now) == scratch.next_due(now)
    assert sorted(kept.due_times(now)) == sorted(scratch.due_times(now))
    for i in range(25):
        card = scratch.choose(now)
        assert kept.choose(now) == card
        answer = Answer(card, day_of(now), i % 4 != 0, 0.0, 0.0 if i % 4 else 0.05)
        scratch.record(answer)
        kept.record(answer)
        now += timedelta(seconds=30)
    assert kept.traces == scratch.traces and kept.counts(now) == scratch.counts(now)


@pytest.mark.parametrize(("mapping", "apart"), [(FACTS, 1), (SITUATIONS, 1), (FACTS, 2)])
@pytest.mark.parametrize("share", [0.0, 0.35, 0.8, 0.999, "costly miss"])
def test_a_kept_picture_and_the_answers_since_make_the_queue_of_the_whole_history(
        course: Curriculum, mapping: str, apart: int, share: float | str) -> None:
    """Sessions two days apart too: the same plan over the sessions to come, at one price."""
    history = _history(course, apart=apart)
    cut = (_first_costly_miss_outside(course, history) if share == "costly miss"
           else int(len(history) * float(share)))
    fitted = Fit(MemoryParams(0.04, 4.0, 0.3), mapping, -1.0, len(history))
    scratch = StudyQueue(course, history, NOW, fitted=fitted)
    kept = decode(encode(advance(course, empty(course, fitted.params, mapping),
                                 history[:cut])))
    assert kept is not None and kept.answers == cut
    since = advance(course, kept, history[cut:],
                    lambda keys: [a for a in history[:cut] if a.situation in keys])
    queue = StudyQueue.of_picture(course, since, NOW, fit_used=fitted, fitted=fitted)
    assert not queue.refitted
    assert (queue.plan is not None) == (apart > 1)
    _same(scratch, queue, NOW)


def test_a_miss_that_makes_a_card_replays_that_cards_earlier_answers(
        course: Curriculum) -> None:
    """The answers given before a situation outside what is taught became a card count in its
    trace, as in one fold of everything: the picture asks for them, and only for that card."""
    history = _history(course)
    cut = _first_costly_miss_outside(course, history)
    params = MemoryParams(0.04, 4.0, 0.3)
    kept = advance(course, empty(course, params, FACTS), history[:cut])
    asked: list[frozenset[str]] = []

    def earlier(keys: frozenset[str]) -> list[Answer]:
        asked.append(keys)
        return [a for a in history[:cut] if a.situation in keys]

    advance(course, kept, history[cut:cut + 1], earlier)
    missed = history[cut].situation
    card = course.facts.of_situation[missed]
    assert len(asked) == 1 and missed in asked[0]
    assert {course.facts.of_situation[k] for k in asked[0]} == {card}
    with pytest.raises(ValueError, match="needs the answers it took in"):
        advance(course, kept, history[cut:cut + 1])


def test_a_picture_round_trips_as_bytes_and_other_bytes_are_none(course: Curriculum) -> None:
    history = _history(course, days=5)
    start = FitState.start(list(course.mappings()))
    half = len(history) // 2
    picture = advance(course, empty(course, MemoryParams(), FACTS, start), history[:half])
    assert picture.fit_state is not None    # marked at a fit: the answers after are checked
    state = picture.fit_state
    picture = replace(picture, fit_state=state.marked(state.best(), "a fit"))
    picture = advance(course, picture, history[half:],
                      lambda faces: [a for a in history[:half] if a.situation in faces])
    again = decode(encode(picture))
    assert picture.fit_state is not None
    kept = replace(picture, fit_state=picture.fit_state.kept())    # what a picture keeps
    assert isinstance(again, Picture) and again == kept
    assert again.fit_state is not None and kept.fit_state is not None
    assert again.fit_state.answers == len(history)
    assert again.fit_state.held.size > 0 and again.fit_state.held == picture.fit_state.held
    assert again.fit_state.moving == picture.fit_state.moving != 0.5
    assert again.fit_state.mark == kept.fit_state.mark
    for name, replay in kept.fit_state.replays.items():
        assert (again.fit_state.replays[name].stability == replay.stability).all()
        assert (again.fit_state.replays[name].total == replay.total).all()
    assert decode(encode(again)) == again
    data = encode(picture)
    for broken in (b"", b"not a picture", data[:len(data) // 2], data + b"\0" * 8):
        assert decode(broken) is None


def _kept(course: Curriculum) -> Picture:
    """A picture with a fit state, as a session keeps it."""
    start = FitState.start(list(course.mappings()))
    return advance(course, empty(course, MemoryParams(), FACTS, start), _history(course, days=5))


def test_a_picture_with_any_bit_changed_is_not_used(course: Curriculum) -> None:
    """Before, a bit flipped in the fit state's arrays (raw float64) was read as another number
    and changed the schedule; the checksum kept with the picture now refuses it, wherever the
    bit is (the header, the arrays, the checksum itself)."""
    data = encode(_kept(course))
    rng = random.Random(5)
    places = [0, SEAL, SEAL + 20, len(data) - 3, *rng.sample(range(len(data)), 40)]
    for place in places:
        for bit in (0, 6):
            flipped = bytearray(data)
            flipped[place] ^= 1 << bit
            assert decode(bytes(flipped)) is None, (place, bit)
    picture = _kept(course)
    assert picture.fit_state is not None
    assert decode(data) == replace(picture, fit_state=picture.fit_state.kept())


def _header(data: bytes) -> tuple[dict, bytes]:
    """The JSON header of a kept picture's bytes and its arrays' bytes."""
    content = data[SEAL:]
    size = int.from_bytes(content[:8], "little")
    return json.loads(zlib.decompress(content[8:8 + size])), content[8 + size:]


def _columns(head: dict, change: Callable[[list[int]], list]) -> dict:
    """``head`` with the columns of its first pruned replay changed."""
    columns = dict(head["fit"]["columns"])
    name = next(n for n, kept in columns.items() if kept is not None)
    columns[name] = change(columns[name])
    return {**head, "fit": {**head["fit"], "columns": columns}}


@pytest.mark.parametrize("damage", [
    lambda head: {**head, "traces": list(head["traces"].values())},   # AttributeError before
    lambda head: {**head, "tried": [1, 2]},
    lambda head: {**head, "asked": {"k": [1]}},
    lambda head: {**head, "params": [1.0]},
    lambda head: {**head, "sessions": 7},
    lambda head: {**head, "answers": 1e400},
    lambda head: {**head, "fit": {**head["fit"], "replays": [["a"]]}},
    lambda head: {**head, "fit": {**head["fit"], "answers": None}},
    lambda head: _columns(head, lambda kept: kept[::-1]),                  # not ascending
    lambda head: _columns(head, lambda kept: [*kept[:-1], 10 ** 6]),        # off the grid
    lambda head: _columns(head, lambda kept: [float(c) for c in kept]),    # not whole numbers
    lambda head: _columns(head, lambda kept: kept[:-1]),                   # the arrays' size
])
def test_a_sealed_picture_of_another_shape_is_not_used(course: Curriculum, damage) -> None:
    """Parts of the wrong shape, checksum and all (a picture written wrong), are refused, not
    a traceback on every later start."""
    head, body = _header(encode(_kept(course)))
    assert decode(_seal(_content(json.dumps(damage(head)).encode(), body))) is None


@pytest.mark.parametrize("number", [float("nan"), float("inf"), -float("inf")])
@pytest.mark.parametrize("part", ["stability", "last", "total", "fsrs", "misses", "trace"])
def test_a_sealed_picture_with_a_number_that_is_not_finite_is_not_used(
        course: Curriculum, part: str, number: float) -> None:
    """The trainer never writes one; read, it made numpy warn on the terminal ("overflow
    encountered in multiply") and the schedule odd (1 due, 93 learning)."""
    picture = _kept(course)
    assert picture.fit_state is not None
    if part == "trace":
        card, trace = next(iter(picture.traces.items()))
        bad = replace(picture, traces={**picture.traces, card: replace(trace, last=number)})
    else:
        name, replay = next(iter(picture.fit_state.replays.items()))
        values = getattr(replay, part).copy()
        values.flat[values.size // 2] = number
        state = replace(picture.fit_state, replays={**picture.fit_state.replays,
                                                    name: replace(replay, **{part: values})})
        bad = replace(picture, fit_state=state)
    assert decode(encode(bad)) is None


def test_a_sealed_picture_nested_too_deep_to_read_is_not_used() -> None:
    """Before: RecursionError from the JSON reader."""
    deep = b"[" * 200_000 + b"]" * 200_000
    assert decode(_seal(_content(deep, b""))) is None


def test_a_refit_from_the_kept_state_finds_the_fit_of_every_answer(course: Curriculum) -> None:
    history = _history(course)
    once = fit(history, course.mappings())
    cut = len(history) * 2 // 3
    state = FitState.start(list(course.mappings())).extend(history[:cut], course.mappings())
    parts = state.extend(history[cut:], course.mappings()).best()
    assert (parts.params, parts.cards, parts.answers) == (once.params, once.cards, once.answers)
    assert parts.log_likelihood == pytest.approx(once.log_likelihood, rel=1e-12)


def test_a_kept_fit_state_holds_the_likely_candidates_and_refits_as_the_whole_one(
        course: Curriculum) -> None:
    """What a picture keeps of the fit state: each mapping's candidates within 100 nats of its
    best and the marked one (still marked, the same parameters); the answers after refit it
    to the fit the whole state makes, and it is a small part of the whole."""
    history = _history(course)
    cut = len(history) * 2 // 3
    mappings = course.mappings()
    state = FitState.start(list(mappings)).extend(history[:cut], mappings)
    before = state.best()
    state = state.marked(before, "a fit")
    kept = state.kept()
    assert kept.mark is not None and state.mark is not None
    for name, replay in kept.replays.items():
        whole = state.replays[name]
        assert replay.columns is not None and 0 < replay.columns.size < whole.total.size / 2
        near = np.flatnonzero(whole.total >= whole.total.max() - KEPT_WITHIN)
        assert set(near) <= set(replay.columns)
        assert (replay.total == whole.total[replay.columns]).all()
    marked = kept.replays[kept.mark.mapping]
    assert marked.grid_of(GRID).params(kept.mark.index) == before.params
    after_whole = state.extend(history[cut:], mappings)
    after_kept = kept.extend(history[cut:], mappings)
    assert after_kept.best() == after_whole.best()
    assert after_kept.held == after_whole.held
    again = after_kept.kept()
    assert again.mark is not None
    assert again.replays[again.mark.mapping].grid_of(GRID).params(again.mark.index) == (
        before.params)


def test_a_candidate_with_a_number_that_is_not_finite_is_never_pruned() -> None:
    """Pruning never hides what the reader must refuse."""
    state = FitState.start(["k"]).extend([Answer("k", 0.0, False, 0.0),
                                          Answer("k", 2.0, True, 0.0)], {"k": {"k": "k"}})
    replay = state.replays["k"]
    worst = int(np.argmin(replay.total))
    stability = replay.stability.copy()
    stability[0, worst] = float("nan")
    pruned = replace(replay, total=replay.total - np.arange(replay.total.size),
                     stability=stability).kept(1.0)
    assert pruned.columns is not None and worst in pruned.columns


def test_a_sealed_picture_marked_off_its_kept_candidates_is_not_used(
        course: Curriculum) -> None:
    """A mark must name a candidate its replay holds (a pruned replay holds fewer)."""
    picture = _kept(course)
    assert picture.fit_state is not None
    state = picture.fit_state
    picture = replace(picture, fit_state=state.marked(state.best(), "a fit"))
    head, body = _header(encode(picture))
    assert decode(_seal(_content(json.dumps(head).encode(), body))) is not None
    mark = head["fit"]["mark"]
    width = len(head["fit"]["columns"][mark[0]] or GRID.first.size * [0])
    for index in (width, -1):
        damaged = {**head, "fit": {**head["fit"], "mark": [mark[0], index, *mark[2:]]}}
        assert decode(_seal(_content(json.dumps(damaged).encode(), body))) is None
