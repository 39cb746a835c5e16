"""The counting drills: stable keys, typed counts, running and true counts, index cards and a
counted shoe (fake clock, seeded; the lab table is the shipped one)."""

from __future__ import annotations

import math
from collections import defaultdict
from datetime import timedelta
from fractions import Fraction

import pytest

from strategy_charts.counting.lab import load_lab
from strategy_charts.counting.shoes import CountLattice
from strategy_charts.counting.systems import FREE_BET, HI_LO, TRAINED, true_count
from tests.conftest import FakeClock
from trainer.drills.counting.answers import CountInputError, read_count
from trainer.drills.counting.due import DueToday, on_day, spans
from trainer.drills.counting.index_cards import IndexFlashcards, hand_values
from trainer.drills.counting.keys import RUNNING, TRUE, CountingKey, bet_detail, decks_detail
from trainer.drills.counting.running import RunningCountDrill, RunSettings
from trainer.drills.counting.shoe import CountingSettings, CountingShoe
from trainer.drills.counting.spacing import GUESS, RETENTION
from trainer.drills.counting.true_count import TrueCountDrill, decks_left, floored
from trainer.drills.memory import Answer, day_of
from trainer.drills.records import Mode, Verdict
from trainer.drills.shoe_practice import ShoeSettings
from trainer.drills.situations import Situation
from trainer.rules import PRESETS, Action, preset

KEYS = ["evolution|count|hilo|c2", "evolution|count|freebet|shoe",
        "evolution|truecount|hilo|d3.5", "evolution|truecount|hilo|d0.5",
        "evolution|index|hilo|hard:16:v10", "evolution|index|freebet|insurance:0:v1",
        "pot-of-gold|index|hilo|wager:pot_of_gold", "evolution|bet|hilo|tc+3",
        "custom-0123abcd|bet|freebet|tc-10"]


@pytest.mark.parametrize("key", KEYS)
def test_counting_keys_read_back_and_are_no_decision_keys(key: str) -> None:
    assert CountingKey.from_key(key).key == key
    with pytest.raises(ValueError):
        Situation.from_key(key)


@pytest.mark.parametrize("key", [
    "evolution|first|real|hard12|2|v4", "evolution|count|hilo", "evolution|count|ko|c2",
    "evolution|count|hilo|c0", "evolution|truecount|hilo|d3.25", "evolution|bet|hilo|tc+11",
    "evolution|index|hilo|hard:16", "evolution|index|hilo|hard:16:v10|x", "|count|hilo|c1"])
def test_anything_else_is_no_counting_key(key: str) -> None:
    with pytest.raises(ValueError, match="not a counting key"):
        CountingKey.from_key(key)


def test_details_to_the_half_deck_and_the_clipped_count() -> None:
    assert [decks_detail(x) for x in (3.4, 3.76, 0.2, 7.75, 1.0)] == [
        "d3.5", "d4", "d0.5", "d8", "d1"]
    assert [bet_detail(t) for t in (3, 0, -2, 14, -11)] == [
        "tc+3", "tc+0", "tc-2", "tc+10", "tc-10"]


@pytest.mark.parametrize(("text", "value"), [("5", 5), ("+5", 5), (" -3 ", -3), ("−2", -2),
                                             ("0", 0), ("+ 4", 4)])
def test_a_count_is_a_whole_number(text: str, value: int) -> None:
    assert read_count(text) == value


@pytest.mark.parametrize(("text", "message"), [
    ("five", "'five' is not a running count: type a whole number"), ("", "'nothing'"),
    ("2.5", "not a running count"), ("+-3", "not a running count"),
    ("1000", "out of range"), ("99999", r"99999 is out of range for a running count"),
    ("-" + "9" * 5000, r"-999999999… is out of range")])
def test_anything_else_is_a_plain_message(text: str, message: str) -> None:
    """Issue 22, finding 7: before, a count of five digits or more was "not a whole number"."""
    with pytest.raises(CountInputError, match=message.replace("'nothing'", "nothing")):
        read_count(text)


def test_running_count_runs_are_graded_and_timed(clock: FakeClock) -> None:
    rules = preset("evolution")
    drill = RunningCountDrill(rules, RunSettings("hilo", cards=12, at_once=3, seconds=0.5),
                              seed=9, clock=clock)
    run = drill.next()
    assert [len(f) for f in run.flashes] == [3, 3, 3, 3]
    assert run.running == HI_LO.running(c.points for f in run.flashes for c in f)
    clock.advance(2.0 + 1.25)                  # four showings of 0.5 s, then 1.25 s to answer
    with pytest.raises(CountInputError):
        drill.answer("many")
    assert drill.decisions == []               # nothing graded
    right = drill.answer(str(run.running))
    assert right.verdict is Verdict.CORRECT and right.response_ms == 1250
    assert right.situation_key == "evolution|count|hilo|c3" and right.mode is Mode.COUNT
    assert right.ev_loss == 0 and right.weight == 0
    other = drill.next()
    wrong = drill.answer(str(other.running + 2))
    assert wrong.verdict is Verdict.WRONG and wrong.best_action == f"{other.running:+d}" \
        .replace("+0", "0")
    with pytest.raises(RuntimeError):
        drill.answer("0")
    same = RunningCountDrill(rules, RunSettings("hilo", cards=12, at_once=3, seconds=0.5),
                             seed=9, clock=clock)
    assert same.next().flashes == run.flashes            # a seed replays a session
    many = RunningCountDrill(preset("evolution"), RunSettings(cards=300), seed=1, clock=clock)
    for _ in range(3):                                   # a short shoe is reshuffled
        assert len([c for f in many.next().flashes for c in f]) == 300
    with pytest.raises(ValueError, match="1 to 9 cards"):
        RunSettings(at_once=12)


def test_true_count_questions_are_floored_and_shoes_meet_them(clock: FakeClock) -> None:
    drill = TrueCountDrill(preset("evolution"), "freebet", seed=2, clock=clock)
    seen = []
    for _ in range(40):
        q = drill.next()
        assert q.true_count == floored(q.running, q.decks) and abs(q.true_count) <= 15
        assert q.decks * 2 == int(q.decks * 2) and 0.5 <= q.decks <= 8
        seen.append(q.true_count)
        clock.advance(3)
        d = drill.answer(str(q.true_count))
        assert d.verdict is Verdict.CORRECT and d.response_ms == 3000
        assert CountingKey.from_key(d.situation_key).detail == decks_detail(q.decks)
    assert min(seen) < 0 < max(seen)
    drill.next()
    with pytest.raises(CountInputError, match="out of range"):
        drill.answer("25")
    assert floored(-1, 2) == -1 and floored(7, 3.5) == 2 and floored(-7, 3.5) == -2


def test_index_cards_grade_against_the_exact_evs_at_the_count(clock: FakeClock) -> None:
    rules = preset("evolution")
    lab = load_lab(rules)
    cards = IndexFlashcards(rules, "hilo", lab=lab, seed=4, clock=clock, top=8, spread=2)
    asked = set()
    sides = set()
    for _ in range(40):
        card = cards.next()
        play = card.play
        asked.add((play.cell, play.play))
        assert abs(card.tc - play.index) <= 2
        on_side = card.tc >= play.index if play.direction == "+" else card.tc <= play.index
        sides.add(on_side)
        assert card.best == max(card.evs, key=lambda a: card.evs[a])
        if play.cell.kind in ("hard", "soft", "pair"):
            values = sorted(c.points for c in card.cards)
            assert tuple(values) in hand_values(play.cell)
            assert card.up is not None and card.up.points == play.cell.up
        answer = card.best if len(asked) % 2 else next(a for a in card.actions if a != card.best)
        clock.advance(1.5)
        d = cards.answer(answer)
        assert d.mode is Mode.INDEX and d.response_ms == 1500
        assert CountingKey.from_key(d.situation_key).cell == play.cell
        assert d.ev_loss == pytest.approx(max(card.evs.values()) - card.evs[answer])
        assert (d.verdict is Verdict.WRONG) == (answer != card.best and d.ev_loss > 1e-4)
    assert len(asked) == 8 and sides == {True, False}
    card = cards.next()
    with pytest.raises(ValueError, match="not a play here"):
        cards.answer("surrender")


def test_index_cards_are_spaced_by_the_earlier_answers(clock: FakeClock) -> None:
    """A play recalled well (answered right a moment ago) waits while the others are due; once
    none is due, every play comes round again."""
    rules = preset("evolution")
    plays = IndexFlashcards(rules, "hilo", seed=3, clock=clock, top=6).plays
    keys = IndexFlashcards(rules, "hilo", seed=3, clock=clock, top=6).key_of
    known, missed = plays[0], plays[5]
    now = day_of(clock())
    history = [Answer(keys(known), now - ago, True, 0.5) for ago in (20, 10, 3, 0.01)]
    history.append(Answer(keys(missed), now - 1, False, 0.5))
    cards = IndexFlashcards(rules, "hilo", seed=3, clock=clock, top=6, history=history)
    assert cards.recall(known) >= 0.9 > cards.recall(missed) > 0
    asked = []
    for _ in range(11):
        card = cards.next()
        asked.append(card.play)
        clock.advance(2)
        cards.answer(card.best)
    cycle = asked[:5]
    assert known not in cycle and len({p.cell for p in cycle}) == 5
    assert cycle[-1] == missed          # the new ones first (the most valuable first), then it
    assert known in asked[5:]


def test_a_missed_index_card_comes_back_at_the_same_count(clock: FakeClock) -> None:
    cards = IndexFlashcards(preset("evolution"), "hilo", seed=1, clock=clock, top=5)
    first = cards.next()
    wrong = next(a for a in first.actions if a != first.best
                 and first.evs[first.best] - first.evs[a] > 1e-3)
    assert cards.answer(wrong).verdict is Verdict.WRONG
    later = []
    for _ in range(6):
        card = cards.next()
        later.append((card.play, card.tc))
        cards.answer(card.best)
    assert (first.play, first.tc) in later[2:5]


def _play_shoe(shoe: CountingShoe, good: bool) -> None:
    """Bet the ramp (or one unit too many), stand or decline, answer checks right (or off)."""
    while not shoe.finished:
        if shoe.check_due:
            running = int(shoe.seen()[0])
            shoe.check(str(running if good else running + 1))
        elif shoe.bet_due:
            right = shoe.ramp.bet(shoe.true_count())
            shoe.bet(right if good else min(right + 1, shoe.counting.spread))
        else:
            legal = shoe.practice.round.legal_actions()
            shoe.answer(Action.NO_INSURANCE if Action.NO_INSURANCE in legal else
                        Action.STAND if Action.STAND in legal else sorted(legal)[0])


def test_a_counted_shoe_grades_bets_checks_and_index_plays(clock: FakeClock) -> None:
    rules = preset("evolution")
    kept = []
    shoe = CountingShoe(rules, ShoeSettings(bet=Fraction(10), bankroll=None),
                        CountingSettings("hilo", check_chance=0.2), seed=6, clock=clock,
                        on_decision=kept.append)
    _play_shoe(shoe, good=True)
    contexts = [CountingKey.from_key(d.situation_key).context for d in kept
                if "|first|" not in d.situation_key and "|insurance|" not in d.situation_key
                and "|drawn|" not in d.situation_key and "|split|" not in d.situation_key]
    assert contexts.count("bet") == len(shoe.practice.rounds)
    assert contexts.count("count") >= 2 and "index" in contexts
    for d in kept:
        if "|bet|" in d.situation_key or "|count|" in d.situation_key:
            assert d.verdict is Verdict.CORRECT and d.mode is Mode.SHOE
    final = [d for d in kept if d.situation_key.endswith("|shoe")][-1]
    assert int(final.best_action) == int(HI_LO.running(c.points for c in shoe.practice.shoe.dealt))
    index = [d for d in kept if "|index|" in d.situation_key]
    assert all(set(d.evs) >= {d.action, d.best_action} for d in index)
    report = shoe.practice.report()
    assert report.rounds == len(shoe.practice.rounds)
    # betting one unit over the ramp where the edge is negative loses its edge; checks off by one
    off = CountingShoe(rules, ShoeSettings(bet=Fraction(10), bankroll=None),
                       CountingSettings("hilo", check_chance=0.2), seed=6, clock=clock)
    _play_shoe(off, good=False)
    bets = [d for d in off.decisions if "|bet|" in d.situation_key]
    wrong = [d for d in bets if d.verdict is Verdict.WRONG]
    assert wrong and all(d.ev_loss >= 0 for d in bets)
    losing = [d for d in wrong if int(CountingKey.from_key(d.situation_key).detail[2:]) < 3]
    assert losing and all(d.ev_loss > 0 for d in losing)
    assert all(d.verdict is Verdict.WRONG for d in off.decisions if d.situation_key.endswith(
        "|shoe"))
    good, bad = shoe.summary(), off.summary()
    assert bad.missed_cells == tuple(dict.fromkeys(
        CountingKey.from_key(d.situation_key).detail for d in off.decisions
        if "|index|" in d.situation_key and d.verdict is Verdict.WRONG))
    assert good.checks == good.checks_right == contexts.count("count") and good.largest_miss == 0
    assert good.bets == good.bets_on_ramp == len(shoe.practice.rounds) and not good.bet_ev_lost
    assert good.index_plays == len(index)
    assert bad.checks_right == 0 and bad.largest_miss == 1
    assert bad.bets_on_ramp == len(bets) - len(wrong)
    assert bad.bet_ev_lost == pytest.approx(sum(d.ev_loss for d in bets))
    assert "Count checks: 0 of" in bad.lines()[0] and "off by 1" in bad.lines()[0]
    assert "the others cost" in bad.lines()[1] and "the others" not in good.lines()[1]


def test_a_counted_shoe_goes_on_while_the_balance_covers_one_unit(clock: FakeClock) -> None:
    """A counter who bet big and lost may bet small: the shoe ends for want of money only when
    the balance is short of one unit."""
    shoe = CountingShoe(preset("evolution"), ShoeSettings(bet=Fraction(10), bankroll=Fraction(200)),
                        CountingSettings("hilo", check_chance=0.0), seed=11, clock=clock)
    unit, big = shoe.counting.unit, shoe.counting.spread
    small_after_big = 0
    while not shoe.finished:
        if shoe.check_due:
            shoe.check(str(int(shoe.seen()[0])))
        elif shoe.bet_due:
            balance = shoe.practice.balance
            assert balance is not None and balance >= unit
            last = shoe.practice.round_bets.main
            units = min(big, int(balance // unit))
            small_after_big += last == big * unit and units < big
            shoe.bet(units)
        else:
            shoe.answer(Action.STAND if Action.STAND in shoe.practice.round.legal_actions()
                        else Action.NO_INSURANCE)
    assert small_after_big >= 1               # the seed has a big bet lost, then a smaller one
    balance = shoe.practice.balance
    assert balance is not None
    assert balance < unit or shoe.practice.shoe.cut_card_out


def test_a_counted_shoe_knows_only_the_cards_seen(clock: FakeClock) -> None:
    shoe = CountingShoe(preset("evolution"), ShoeSettings(bet=Fraction(10), bankroll=None),
                        CountingSettings("freebet", check_chance=0.0), seed=3, clock=clock)
    shoe.bet(1)
    rnd = shoe.practice.round
    if rnd is not None and shoe.practice.awaiting:
        seen = [c.points for c in shoe.practice.shoe.dealt]
        seen.remove(rnd.dealer_cards[1].points)      # the hole card is not seen yet
        running, unseen = shoe.seen()
        assert running == FREE_BET.running(seen)
        assert unseen == shoe.practice.shoe.remaining + 1
        assert shoe.true_count() == true_count(running, unseen)
    with pytest.raises(RuntimeError, match="no bet is due"):
        shoe.bet(1)
    with pytest.raises(ValueError, match="no computer seats"):
        CountingShoe(preset("evolution"), ShoeSettings(computer_seats=1))


def test_a_counted_shoe_can_be_timed(clock: FakeClock) -> None:
    """A timer runs a counted shoe as any shoe: a late answer is the time-out decision, and its
    records (the play and its index grade) are stored as timed."""
    from trainer.drills.timed import TimedDrill

    shoe = CountingShoe(preset("evolution"), ShoeSettings(bet=Fraction(10), bankroll=None),
                        CountingSettings("hilo", check_chance=0.0), seed=3, clock=clock)
    timed = TimedDrill(shoe, 2.0, clock)
    while not shoe.practice.awaiting:
        shoe.bet(1)
    timed.start()
    clock.advance(2.5)
    played = timed.poll()
    assert played is not None and played.timed_out and played.mode is Mode.TIMED
    assert len(shoe.decisions) >= 2                           # the bets, the play, ...
    assert all(d.mode is Mode.TIMED for d in shoe.decisions)  # ... all of a timed session


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
    assert DueToday((), (), later).text() == f"Nothing due: next on {on_day(later)}"
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
    assert due.text().startswith("Nothing due: next on ")


def test_index_cards_can_keep_to_some_decisions(clock: FakeClock) -> None:
    """A counted shoe's missed index plays drilled alone; decisions with no index play (or
    none at all) are refused in plain words."""
    rules = preset("evolution")
    cards = IndexFlashcards(rules, "hilo", clock=clock, cells=["hard:12:v5", "hard:13:v3"])
    assert {p.cell.key for p in cards.plays} == {"hard:12:v5", "hard:13:v3"}
    asked = set()
    for _ in range(6):
        card = cards.next()
        asked.add(card.cell.key)
        cards.answer(card.best)
    assert asked == {"hard:12:v5", "hard:13:v3"}
    with pytest.raises(ValueError, match=r"no index plays .* among the decisions asked"):
        IndexFlashcards(rules, "hilo", clock=clock, cells=["pair:8:v10"])
