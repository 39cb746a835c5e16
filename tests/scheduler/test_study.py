"""The study queue: the day's counts, the daily limit, done for today, choice by worth, undo."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from trainer.scheduler.memory import MemoryParams, Trace, day_of
from trainer.scheduler.memory_fit import Fit
from trainer.scheduler.study import StudyQueue, StudySettings
from trainer.teaching.answers import Answer
from trainer.teaching.catalog import Catalog
from trainer.teaching.curriculum import FACTS, Curriculum, Prior, curriculum

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def course(evolution: Catalog) -> Curriculum:
    return curriculum(evolution.rules, Prior.CLASSIC)


def _answer(key: str, when: datetime, right: bool) -> Answer:
    return Answer(key, day_of(when), right, 0.0)


def test_a_new_player_has_only_new_cards(course: Curriculum) -> None:
    queue = StudyQueue(course, [], NOW)
    counts = queue.counts(NOW)
    assert (counts.due, counts.learning, counts.new, counts.done) == (0, 0, 20, False)
    assert queue.next_due(NOW) is None
    assert queue.deck is course.decks[FACTS]              # before a fit: facts


def test_new_cards_stop_at_the_daily_limit_then_the_day_is_done(course: Curriculum) -> None:
    queue = StudyQueue(course, [], NOW, settings=StudySettings(new_per_day=3))
    now = NOW
    for _ in range(12):        # new cards come when they are worth more than a repeat
        if not queue.counts(now).new:
            break
        key = queue.choose(now)
        queue.record(_answer(key, now, True))
        now += timedelta(seconds=10)
    assert len(queue.traces) == 3
    counts = queue.counts(now)
    # the three come back later today: learning, not yet ready; nothing to ask now
    assert (counts.new, counts.due, counts.learning, counts.now) == (0, 0, 3, 0)
    assert counts.done and not counts.finished and counts.today == 3
    due = queue.next_due(now)
    assert due is not None and now < due < now + timedelta(days=1)
    # keep going: still a card to practise, never a fourth new one
    for _ in range(5):
        key = queue.choose(now)
        assert queue.deck.card_of[key] in queue.traces
        queue.record(_answer(key, now, True))
        now += timedelta(seconds=10)
    # counted again the next day (answers carried as the store would carry them)
    tomorrow = StudyQueue(course, queue.answers, NOW + timedelta(days=1),
                          settings=StudySettings(new_per_day=3))
    assert tomorrow.new_left == 3 and tomorrow.counts(NOW + timedelta(days=1)).learning > 0


def test_introduced_today_counts_cards_first_answered_since_the_day_began(
        course: Curriculum) -> None:
    yesterday = NOW - timedelta(days=1)
    keys = [course.decks[FACTS].faces[c][0] for c in list(course.decks[FACTS].faces)[:3]]
    answers = [_answer(keys[0], yesterday, True), _answer(keys[1], NOW, True),
               _answer(keys[0], NOW, True)]
    queue = StudyQueue(course, answers, NOW + timedelta(minutes=5), day_start=NOW)
    assert queue.introduced_today == 1 and queue.new_left == 19


def test_the_costliest_card_first_and_a_nearly_forgotten_one_before_a_fresh_one(
        course: Curriculum) -> None:
    queue = StudyQueue(course, [], NOW)
    first = queue.choose(NOW)
    deck = queue.deck
    assert deck.card_of[first] == max(deck.worth, key=lambda c: deck.worth[c])
    # the same card learned a minute ago is worth less now than when it was new
    queue.record(_answer(first, NOW, False))
    assert queue.choose(NOW + timedelta(seconds=10)) != first


def test_an_expensive_card_forgotten_comes_back_before_cheap_new_ones(
        course: Curriculum) -> None:
    deck = course.decks[FACTS]
    top = max(deck.worth, key=lambda c: deck.worth[c])
    face = deck.faces[top][0]
    long_ago = NOW - timedelta(days=3)
    queue = StudyQueue(course, [_answer(face, long_ago, False)], NOW)
    assert queue.traces[top] == Trace(queue.params.first, day_of(long_ago), misses=1)
    assert deck.card_of[queue.choose(NOW)] == top


def test_contrast_asks_a_neighbour_when_it_is_nearly_as_worth_it(course: Curriculum) -> None:
    """After hard 11 v 10 a neighbouring up card of the same row comes next when it is within
    the contrast share of the best card's worth."""
    queue = StudyQueue(course, [], NOW)
    first = queue.choose(NOW)
    queue.record(_answer(first, NOW, True))
    second = queue.choose(NOW + timedelta(seconds=10))
    a, b = course.situation(first), course.situation(second)
    neighbour = (a.hand_class == b.hand_class and a.stakes == b.stakes) or (
        a.up == b.up and a.hand_class == b.hand_class)
    best_other = max((c for c in queue._value if c != queue.deck.card_of[first]),
                     key=lambda c: queue._value[c])
    assert neighbour or queue.deck.card_of[second] == best_other


def test_undo_restores_the_queue_exactly(course: Curriculum) -> None:
    queue = StudyQueue(course, [], NOW)
    key = queue.choose(NOW)
    before = (dict(queue.traces), queue.introduced_today, dict(queue._value))
    answer = _answer(key, NOW, True)
    change = queue.record(answer)
    assert queue.introduced_today == 1 and queue.traces
    queue.undo(answer, change)
    assert (dict(queue.traces), queue.introduced_today, dict(queue._value)) == before
    with pytest.raises(ValueError, match="last answer"):
        queue.undo(answer, change)


def test_a_stored_fit_is_used_until_the_answers_grow(course: Curriculum) -> None:
    from trainer.scheduler.memory import MemoryParams
    from trainer.scheduler.memory_fit import Fit
    stored = Fit(MemoryParams(0.64, 2.0, 0.8), "situations", -1.0, 100)
    keys = sorted(course.decks["situations"].card_of)[:10]
    answers = [_answer(keys[i % 10], NOW - timedelta(days=2, minutes=-i), i % 3 != 0)
               for i in range(120)]
    kept = StudyQueue(course, answers, NOW, fitted=stored)
    assert kept.fit == stored and kept.params.first == 0.64
    refit = StudyQueue(course, answers * 2, NOW, fitted=stored)   # 240 >= 1.3 x 100
    assert refit.fit is not None and refit.fit.answers == 240


def test_a_mistake_outside_the_classic_gap_becomes_a_card(course: Curriculum,
                                                          evolution: Catalog) -> None:
    """Classic strategy stands on hard 17 against a 10; a player who hit it there (in shoe
    practice, say) has a leak the prior did not expect: it is taught, worth what it cost."""
    key = "evolution|first|real|hard17|2|v10"
    assert course.leak[key] == 0 and key not in course.decks[FACTS].card_of
    miss = Answer(key, day_of(NOW - timedelta(days=2)), False, 1.0, 0.6)
    queue = StudyQueue(course, [miss], NOW)
    card = course.card_key(FACTS, key)
    assert queue.deck.card_of[key] == card
    assert queue.deck.worth[card] == pytest.approx(
        course.decks[FACTS].worth.get(card, 0.0) + evolution.weight[key] * 0.6)
    assert card in queue.traces
    # the same mistake made now, in a session: taken in at once, and taken back by undo
    fresh = StudyQueue(course, [], NOW)
    change = fresh.record(Answer(key, day_of(NOW), False, 1.0, 0.6))
    assert fresh.deck.card_of.get(key) == card and card in fresh.traces
    fresh.undo(fresh.answers[-1], change)
    assert key not in fresh.deck.card_of and card not in fresh.traces


def test_with_the_default_settings_a_card_is_due_once_its_recall_falls_under_90_percent(
        course: Curriculum) -> None:
    """Retention 90% by default: a card answered a while ago is not due while its predicted
    recall is over 0.9 and is due once it is under (a hair either side of the moment)."""
    from trainer.scheduler.memory import recall
    from trainer.scheduler.study import DEFAULT_STUDY

    key = sorted(course.decks[FACTS].card_of)[0]
    then = NOW - timedelta(days=30)
    answers = [_answer(key, then + timedelta(days=d), True) for d in (0, 1, 3, 7)]
    queue = StudyQueue(course, answers, NOW)
    assert queue.settings == DEFAULT_STUDY
    card = course.decks[FACTS].card_of[key]
    trace = queue.traces[card]
    moment = trace.last + trace.stability        # recall (1 + t / 9S)^-1 is 0.9 at t = S
    before, after = moment - 1e-6, moment + 1e-6
    assert recall(trace, before) > 0.9 > recall(trace, after)
    assert not queue.is_due(card, before) and queue.is_due(card, after)


def test_a_stored_fit_claiming_far_more_answers_than_there_are_is_made_again(
        course: Curriculum) -> None:
    """A fit of 100,000 answers over 120 (a row damaged by hand) is refitted, not kept until
    the player has given 130,000."""
    from trainer.scheduler.memory import MemoryParams
    from trainer.scheduler.memory_fit import Fit
    keys = sorted(course.decks["situations"].card_of)[:10]
    answers = [_answer(keys[i % 10], NOW - timedelta(days=2, minutes=-i), i % 3 != 0)
               for i in range(120)]
    claimed = Fit(MemoryParams(0.64, 2.0, 0.8), "situations", -1.0, 100_000)
    queue = StudyQueue(course, answers, NOW, fitted=claimed)
    assert queue.refitted and queue.fit is not None and queue.fit.answers == 120
    near = Fit(MemoryParams(0.64, 2.0, 0.8), "situations", -1.0, 125)    # a few undone since
    assert StudyQueue(course, answers, NOW, fitted=near).fit == near


def test_a_missed_card_is_a_learning_card_at_once_and_counts_follow_every_answer(
        course: Curriculum) -> None:
    queue = StudyQueue(course, [], NOW, day_start=NOW - timedelta(hours=18))
    learning, missed = [], []
    now = NOW
    for _ in range(5):
        key = queue.choose(now)      # a miss costs what a wrong play loses there
        queue.record(Answer(key, day_of(now), False, 0.0, course.miss_cost(key)))
        missed.append(queue.deck.card_of[key])
        learning.append(queue.counts(now).learning)
        now += timedelta(seconds=10)
    assert learning == [len(set(missed[:n])) for n in range(1, 6)]
    assert queue.counts(now).new == 20 - len(set(missed))


def test_changed_settings_and_suspended_cards_apply_at_once(course: Curriculum) -> None:
    queue = StudyQueue(course, [], NOW)
    assert queue.counts(NOW).new == 20
    queue.apply(StudySettings(new_per_day=5))
    assert queue.counts(NOW).new == 5
    first = queue.choose(NOW)
    faces = queue.deck.faces[queue.deck.card_of[first]]
    queue.apply(StudySettings(new_per_day=5), suspended=faces)
    for i in range(20):
        key = queue.choose(NOW + timedelta(seconds=i))
        assert queue.deck.card_of[key] != queue.deck.card_of[first]
    later = StudyQueue(course, [_answer(first, NOW, False)], NOW + timedelta(minutes=1),
                       suspended=faces)
    assert later.counts(NOW + timedelta(minutes=1)).learning == 0     # suspended: not counted
    assert later.due_times(NOW) == [] and later.next_due(NOW) is None


def test_mistakes_where_the_assumed_play_is_right_make_the_queue_explore_more(
        course: Curriculum) -> None:
    """Outside the deck each situation is worth asking by the player's share of mistakes
    there (1 in 20 before any answer), what a mistake costs and a new card's gain: a player
    who errs there is asked there more, and each situation they err at becomes a card."""
    outside = course.outside(FACTS)
    assert outside and all(k not in course.decks[FACTS].card_of for k in outside)
    steady = StudyQueue(course, [], NOW)
    shaky = StudyQueue(course, [], NOW)
    costly = sorted(outside, key=course.miss_cost, reverse=True)
    now = NOW
    for key in costly[:10]:
        steady.record(_answer(key, now, True))
        shaky.record(Answer(key, day_of(now), False, 0.0, 0.2))
        now += timedelta(seconds=10)
    assert all(shaky.deck.card_of.get(k) for k in costly[:10])       # cards of their own
    fresh = costly[10]
    assert shaky._outside[fresh] > 5 * steady._outside[fresh]
    later = StudyQueue(course, shaky.answers, now)   # the next session, rows not yet asked
    picks = [later.choose(now + timedelta(seconds=i)) for i in range(5)]
    assert any(k in outside for k in picks)


def test_mistakes_a_slip_explains_are_no_habit_to_explore(course: Curriculum) -> None:
    """Outside the deck, the share of mistakes worth exploring is what is left after the
    player's fitted slip chance: at the prior's share (1 in 20) a player who slips on 8% of
    answers is asked nothing there, one who never slips is."""
    steady = StudyQueue(course, [], NOW)
    fitted = Fit(MemoryParams(slip=0.08), FACTS, -1.0, 0, Prior.CLASSIC.value)
    slipping = StudyQueue(course, [], NOW, fitted=fitted)
    assert slipping.params.slip == 0.08
    assert max(steady._outside.values()) > 0
    assert max(slipping._outside.values()) == 0.0


def test_a_queue_made_to_be_counted_counts_as_a_priced_one_and_prices_before_choosing(
        course: Curriculum) -> None:
    """The Progress page counts without pricing every card (most of a queue's making): the
    same counts and due times, and a choice made from it is the priced queue's."""
    from trainer.scheduler.picture import advance, empty

    keys = sorted(course.decks[FACTS].card_of)[:30]
    answers = [_answer(keys[i % 30], NOW - timedelta(days=12 - 3 * (i // 40), minutes=-i),
                       i % 4 != 0) for i in range(160)]        # sessions three days apart
    picture = advance(course, empty(course, MemoryParams(), FACTS), answers)
    priced = StudyQueue.of_picture(course, picture, NOW)
    counted = StudyQueue.of_picture(course, picture, NOW, priced=False)
    assert priced.plan is not None and priced.price > 0        # cards priced by the plan
    assert counted.counts(NOW) == priced.counts(NOW) and counted.counts(NOW).today > 0
    assert counted.due_times(NOW) == priced.due_times(NOW)
    assert counted.next_due(NOW) == priced.next_due(NOW)
    assert counted.choose(NOW) == priced.choose(NOW)
    assert (counted._value, counted.price) == (priced._value, priced.price)
