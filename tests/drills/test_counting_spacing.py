"""The counting drills spaced across days: when a running or true count skill is due, the guess
of a typed count, the due details asked first, and what is due today in a line (fake clock,
seeded)."""

from __future__ import annotations

import math
from collections import defaultdict
from datetime import timedelta

import pytest

from strategy_charts.counting.shoes import CountLattice
from strategy_charts.counting.systems import TRAINED
from tests.conftest import FakeClock
from trainer.drills.counting.due import DueToday, spans
from trainer.drills.counting.keys import RUNNING, TRUE
from trainer.drills.counting.running import RunningCountDrill, RunSettings
from trainer.drills.counting.spacing import GUESS, RETENTION
from trainer.drills.counting.true_count import TrueCountDrill, decks_left, floored
from trainer.drills.when import due_text
from trainer.rules import PRESETS, preset
from trainer.scheduler.memory import day_of
from trainer.teaching.answers import Answer

#: Days ago of a skill's answers that leave it held a day after the last (recall about 0.96),
#: and due when that last answer, yesterday, was a miss (about 0.82–0.86).
PRACTISED = (9, 8, 6, 3, 1)


def practised(key: str, now: float, guess: float, *, last_right: bool = True) -> list[Answer]:
    """A skill answered on :data:`PRACTISED` days, every answer right but perhaps the last."""
    return [Answer(key, now - ago, last_right or ago != PRACTISED[-1], guess)
            for ago in PRACTISED]


def test_a_true_count_answered_right_yesterday_is_not_due_one_missed_or_new_is(
        clock: FakeClock) -> None:
    rules = preset("evolution")
    drill = TrueCountDrill(rules, "hilo", clock=clock)
    now = day_of(clock())
    history = (practised(drill.key_of(4), now, GUESS[TRUE])
               + practised(drill.key_of(5), now, GUESS[TRUE], last_right=False))
    drill = TrueCountDrill(rules, "hilo", clock=clock, history=history)
    held, missed = drill.skills.recall(drill.key_of(4), clock()), \
        drill.skills.recall(drill.key_of(5), clock())
    assert held >= RETENTION > missed > 0.5
    assert drill.details == [x / 2 for x in range(4, 17)]       # 2 to 8 decks before the cut
    assert drill.due() == [d for d in drill.details if d != 4]  # the others never answered
    clock.advance(86400 * 3)                                    # three days on: due as well
    assert 4 in drill.due()


def test_a_running_count_answered_right_yesterday_is_not_due_one_missed_is(
        clock: FakeClock) -> None:
    rules = preset("evolution")
    drill = RunningCountDrill(rules, clock=clock)
    now = day_of(clock())
    history = (practised(drill.key_of(1), now, GUESS[RUNNING])
               + practised(drill.key_of(3), now, GUESS[RUNNING], last_right=False)
               + [Answer("evolution|count|hilo|shoe", now - 1, False, GUESS[RUNNING])])
    drill = RunningCountDrill(rules, clock=clock, history=history)
    assert drill.due() == [3]              # never answered (2, 4-9) is not due: the player's
    nothing = RunningCountDrill(rules, clock=clock, history=practised(
        drill.key_of(1), now, GUESS[RUNNING]))
    assert nothing.due() == [] and nothing.next_due() is not None
    assert nothing.next_due() > clock()    # type: ignore[operator]


def _shares(rules_name: str, count: str) -> tuple[float, float]:
    """The share of the most common answer: the running count after a 20-card run, and the
    true count over the questions the drill asks (depths before the cut alike)."""
    rules = preset(rules_name)
    lattice = CountLattice(rules.decks, tuple(int(t) for t in TRAINED[count].tags),
                           rules.penetration)
    answers: dict[int, float] = defaultdict(float)
    for gone in range(lattice.cut):
        decks = decks_left(lattice.cards - gone)
        for running, chance in zip(lattice.running, lattice.chance[gone], strict=True):
            answers[math.floor(running / decks + 1e-9)] += chance
    return float(lattice.chance[20].max()), max(answers.values()) / lattice.cut


#: The presets dealt from a shoe: the counting figures checked here are stated for them. The
#: single-deck preset's lab differs (its pool holds no shoe at a true count of -1, its typed
#: counts have other most common answers, the Free Bet count gains less on Hi-Lo): work for
#: the count lab, not asserted here.
SHOE_GAMES = [name for name, rules in PRESETS.items() if rules.decks > 1]


@pytest.mark.parametrize("name", SHOE_GAMES)
@pytest.mark.parametrize("count", list(TRAINED))
def test_the_guess_of_a_typed_count_is_the_share_of_its_most_common_answer(
        name: str, count: str) -> None:
    running, true = _shares(name, count)
    assert running == pytest.approx(GUESS[RUNNING], rel=0.25)
    assert true == pytest.approx(GUESS[TRUE], rel=0.25)


def test_the_true_count_asks_the_due_details_first_weakest_first(clock: FakeClock) -> None:
    """Every detail held but 3 (missed yesterday) and 6.5 (never answered): those two come
    first, the new one first; a miss comes back 3 to 5 questions later at the same decks left;
    then questions come as shoes meet them."""
    rules = preset("evolution")
    blank = TrueCountDrill(rules, "hilo", clock=clock)
    now = day_of(clock())
    history = [a for d in blank.details if d != 6.5
               for a in practised(blank.key_of(d), now, GUESS[TRUE], last_right=d != 3)]
    drill = TrueCountDrill(rules, "hilo", seed=5, clock=clock, history=history)
    assert drill.due() == [3, 6.5]
    asked = []
    for n in range(30):
        q = drill.next()
        asked.append(q.decks)
        assert q.true_count == floored(q.running, q.decks)
        assert drill.lattice.chance[drill.depths[q.decks]].sum(axis=0)[
            q.running - drill.lattice.low] > 0
        clock.advance(4)
        drill.answer(str(q.true_count + (1 if n == 1 else 0)))   # the second one missed
    assert asked[:2] == [6.5, 3]
    assert 3 in asked[4:7]                                      # back 3 to 5 questions on
    assert drill.due() == []
    assert len(set(asked[2:])) > 5                              # then any depth


def test_the_true_count_with_nothing_due_draws_as_shoes_meet_it(clock: FakeClock) -> None:
    """With every detail held, the depths asked spread over the shoe as before spacing."""
    rules = preset("evolution")
    blank = TrueCountDrill(rules, "hilo", clock=clock)
    now = day_of(clock())
    history = [a for d in blank.details for a in practised(blank.key_of(d), now, GUESS[TRUE])]
    drill = TrueCountDrill(rules, "hilo", seed=1, clock=clock, history=history)
    assert drill.due() == [] and drill.next_due() is not None
    asked = []
    for _ in range(200):
        question = drill.next()
        asked.append(question.decks)
        drill.answer(str(question.true_count))
    counts = {d: asked.count(d) for d in drill.details}
    assert all(counts[d] > 0 for d in drill.details if d < 8)
    assert counts[8] < counts[4]                   # 8 decks left: a quarter deck of depths


def test_the_running_count_due_mode_takes_its_cards_at_once_from_the_due_skill(
        clock: FakeClock) -> None:
    rules = preset("evolution")
    blank = RunningCountDrill(rules, clock=clock)
    now = day_of(clock())
    history = (practised(blank.key_of(2), now, GUESS[RUNNING], last_right=False)
               + practised(blank.key_of(3), now, GUESS[RUNNING]))
    pace = RunSettings("hilo", cards=6, at_once=1, seconds=0.4)
    drill = RunningCountDrill(rules, pace, seed=4, clock=clock, history=history)
    first = drill.next()
    assert first.scheduled and first.at_once == 2 and [len(f) for f in first.flashes] == [2] * 3
    assert first.seconds == 0.4 and first.settings.cards == 6          # the pace stays
    missed = drill.answer(str(first.running + 1))
    assert missed.situation_key == "evolution|count|hilo|c2"
    runs = []
    for _ in range(6):
        run = drill.next()
        runs.append(run.at_once)
        drill.answer(str(run.running))
    assert runs[:2] == [1, 1] and 2 in runs[2:5]                       # back 3 to 5 runs on
    assert drill.decisions[-1].situation_key.endswith("|c1")
    big = RunningCountDrill(rules, RunSettings("hilo", cards=2, at_once=1), clock=clock,
                            history=practised(blank.key_of(5), now, GUESS[RUNNING],
                                              last_right=False))
    run = big.next()
    assert run.at_once == 5 and run.settings.cards == 5                # a run holds a showing
    assert run.settings.plain()["at_once"] == 5
    off = RunningCountDrill(rules, RunSettings(at_once=1, due=False), clock=clock,
                            history=history)
    assert off.due() == [2] and not off.next().scheduled and off.current.at_once == 1


def test_what_is_due_today_in_a_line(clock: FakeClock) -> None:
    assert spans([1.5, 2, 2.5, 3, 4.5], 0.5) == "1.5–3, 4.5"
    assert spans([2, 4.5, 1.5], 0.5) == "1.5, 2, 4.5"
    assert spans([2, 3], 1) == "2, 3"
    assert DueToday((2,), (1.5, 2, 4.5), None).text() == (
        "Due today: true count with 1.5, 2, 4.5 decks left; running count 2 cards at a time")
    assert DueToday((1,), (), None).text() == "Due today: running count 1 card at a time"
    later = clock() + timedelta(days=2)
    assert DueToday((), (), later, clock()).text() == (
        f"Nothing due: next {due_text(later, clock())}")
    soon = clock() + timedelta(minutes=5)                 # before: "next on Sun 6 Dec at 02:54"
    assert DueToday((), (), soon, clock()).text() == (
        f"Nothing due: next today {soon.astimezone():%H:%M}")
    rules = preset("evolution")
    true, running = TrueCountDrill(rules, clock=clock), RunningCountDrill(rules, clock=clock)
    assert DueToday.of(running, true).text() == "Due today: true count with 2–8 decks left"
    now = day_of(clock())
    held = TrueCountDrill(rules, clock=clock, history=[
        a for d in true.details for a in practised(true.key_of(d), now, GUESS[TRUE])])
    soon = RunningCountDrill(rules, clock=clock, history=practised(
        running.key_of(4), now - 0.5, GUESS[RUNNING]))
    due = DueToday.of(soon, held)
    assert not due.anything and due.next_on == min(soon.next_due(), held.next_due())
    assert due.text() == f"Nothing due: next {due_text(due.next_on, clock())}"
