"""The counting drills: stable keys, typed counts, running and true counts, index cards and a
counted shoe (fake clock, seeded; the lab table is the shipped one)."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from strategy_charts.counting.cells import Cell
from strategy_charts.counting.lab import load_lab
from strategy_charts.counting.spread import trusted
from strategy_charts.counting.systems import FREE_BET, HI_LO, parse_tags, true_count
from tests.conftest import FakeClock
from trainer.drills.counting.answers import CountInputError, read_count
from trainer.drills.counting.index_cards import IndexFlashcards, hand_values
from trainer.drills.counting.keys import CountingKey, bet_detail, decks_detail
from trainer.drills.counting.running import RunningCountDrill, RunSettings
from trainer.drills.counting.shoe import CountingSettings, CountingShoe
from trainer.drills.counting.true_count import TrueCountDrill, floored
from trainer.drills.shoe_practice import ShoeSettings
from trainer.rules import Action, preset
from trainer.scheduler.memory import day_of
from trainer.teaching.answers import Answer
from trainer.teaching.records import Mode, Verdict
from trainer.teaching.situations import Situation

KEYS = ["evolution|count|hilo|c2", "evolution|count|freebet|shoe",
        "evolution|truecount|hilo|d3.5", "evolution|truecount|hilo|d0.5",
        "evolution|index|hilo|hard:16:v10", "evolution|index|freebet|insurance:0:v1",
        "pot-of-gold|index|hilo|wager:pot_of_gold", "evolution|bet|hilo|tc+3",
        "custom-0123abcd|bet|freebet|tc-10", "evolution|count|ko|c2", "evolution|bet|ko|rc-12",
        "evolution|bet|ko|rc+0", "evolution|index|tags(-1,1,1,1,2,1,0,0,0,-1)|hard:16:v10"]


@pytest.mark.parametrize("key", KEYS)
def test_counting_keys_read_back_and_are_no_decision_keys(key: str) -> None:
    assert CountingKey.from_key(key).key == key
    with pytest.raises(ValueError):
        Situation.from_key(key)


@pytest.mark.parametrize("key", [
    "evolution|first|real|hard12|2|v4", "evolution|count|hilo", "evolution|count|red7|c2",
    "evolution|count|tags(1,1)|c2", "evolution|count|tags(-1,1,1,1,1,1,0,0,0,-1)|c2",
    "evolution|bet|ko|rc+1000", "evolution|count|hilo|c0", "evolution|truecount|hilo|d3.25",
    "evolution|bet|hilo|tc+11",
    "evolution|index|hilo|hard:16", "evolution|index|hilo|hard:16:v10|x", "|count|hilo|c1"])
def test_anything_else_is_no_counting_key(key: str) -> None:
    with pytest.raises(ValueError, match="not a counting key"):
        CountingKey.from_key(key)


def test_details_to_the_half_deck_and_the_clipped_count() -> None:
    assert [decks_detail(x) for x in (3.4, 3.76, 0.2, 7.75, 1.0)] == [
        "d3.5", "d4", "d0.5", "d8", "d1"]
    assert [bet_detail(t) for t in (3, 0, -2, 14, -11)] == [
        "tc+3", "tc+0", "tc-2", "tc+10", "tc-10"]
    assert [bet_detail(t, running=True) for t in (-28, 0, 14)] == ["rc-28", "rc+0", "rc+14"]


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
    with pytest.raises(ValueError, match=r"no index play the lab is sure of .* among the "
                       r"decisions asked"):
        IndexFlashcards(rules, "hilo", clock=clock, cells=["pair:8:v10"])


def test_index_cards_teach_only_the_indices_the_lab_is_sure_of(clock: FakeClock) -> None:
    """An index whose spread over the lab's resamples is half a count or more (or that some
    resamples do not find) is left out, and named; the rest are dealt."""
    rules = preset("evolution")
    lab = copy.deepcopy(load_lab(rules))
    part = lab["counts"]["hilo"]
    sure = [p for p in part["indices"] if trusted(p)]
    doubtful = next(p for p in sure if p["cell"].startswith("hard"))
    doubtful["index_sd"] = 0.7
    cards = IndexFlashcards(rules, "hilo", lab=lab, clock=clock)
    dealt = {(p.cell.key, p.play) for p in cards.plays}
    assert (doubtful["cell"], doubtful["play"]) not in dealt
    assert dealt == {(p["cell"], p["play"]) for p in part["indices"] if trusted(p)}
    assert Cell.from_key(doubtful["cell"]).describe() in cards.unsure_text()
    assert "uncertain by half a count or more" in cards.unsure_text()
    for _ in range(40):
        card = cards.next()
        assert (card.cell.key, card.play.play) in dealt
        assert "(index " in card.explanation(card.best)          # its spread, said
        cards.answer(card.best)


def test_ko_is_kept_from_its_initial_running_count_and_never_divided(clock: FakeClock) -> None:
    """KO's counted shoe starts at -4 x (decks - 1), bets by the running count (keys
    ``rc...``); its index cards ask running counts; it has no true count to drill."""
    rules = preset("evolution")
    with pytest.raises(ValueError, match="unbalanced: it is kept from its initial running"):
        TrueCountDrill(rules, "ko", clock=clock)
    shoe = CountingShoe(rules, ShoeSettings(bet=Fraction(10), bankroll=None),
                        CountingSettings("ko"), seed=3, clock=clock)
    assert shoe.true_count() == -28 and shoe.seen() == (-28.0, 416)
    bet = shoe.bet(1)
    assert bet.situation_key == "evolution|bet|ko|rc-28" and bet.cards == "RC -28"
    cards = IndexFlashcards(rules, "ko", clock=clock)
    card = cards.next()
    assert "KO running count" in card.question() and "at RC " in card.explanation(card.best)


def test_a_players_own_tags_are_drilled_and_stored_under_their_key(clock: FakeClock) -> None:
    own = parse_tags("A:-1,2-7:1,T:-1,9:-1")
    run = RunningCountDrill(preset("evolution"), RunSettings(own.key, cards=4), seed=2,
                            clock=clock)
    shown = run.next()
    answer = run.answer(str(shown.running))
    assert answer.verdict is Verdict.CORRECT
    assert answer.situation_key == f"evolution|count|{own.key}|c1"
    assert CountingKey.from_key(answer.situation_key).describe().startswith("your tags (")
    with pytest.raises(ValueError, match="whole-number tags"):
        RunSettings(parse_tags("A:-1,2-6:1,7:0.5,T:-1").key)
