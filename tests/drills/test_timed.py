"""Timed play: when the timer runs out the game's auto-decision
(docs/rules/evolution.md#time-and-balance) is taken and graded."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.conftest import FakeClock
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.drills.stopwatch import Stopwatch
from trainer.drills.timed import DecisionTimer, TimedDrill, timeout_action
from trainer.rules import Action, Hand, Phase, Stakes, cards, preset
from trainer.teaching.catalog import Catalog
from trainer.teaching.records import Mode, Severity, Verdict


def test_the_timer_counts_down(clock: FakeClock) -> None:
    timer = DecisionTimer(10, clock)
    clock.advance(4)
    assert (timer.remaining(), timer.elapsed_ms(), timer.expired()) == (6.0, 4000, False)
    clock.advance(6)
    assert timer.expired() and timer.remaining() == 0.0
    with pytest.raises(ValueError):
        DecisionTimer(0, clock)


@pytest.mark.parametrize(("text", "action"), [
    ("10s 2d", Action.STAND), ("6s 5d", Action.HIT), ("As 10d", Action.STAND),
    ("As 6d", Action.STAND), ("2s 3d 4c", Action.HIT),
])
def test_the_auto_decision(text: str, action: Action) -> None:
    hand = Hand(tuple(cards(text)), Stakes(Fraction(1)))
    assert timeout_action(hand, {Action.HIT, Action.STAND}) is action
    assert timeout_action(None, {Action.INSURE, Action.NO_INSURANCE}) is Action.NO_INSURANCE


def test_a_timed_flashcard(evolution: Catalog, clock: FakeClock) -> None:
    session = FlashcardSession(evolution, FlashMode.HARD, seed=8, clock=clock)
    timed = TimedDrill(session, 5, clock)
    card = session.next()
    timed.start()
    clock.advance(2)
    quick = timed.answer(card.actions[0])
    assert not quick.timed_out and quick.response_ms == 2000 and quick.mode is Mode.TIMED
    card = session.next()
    timed.start()
    clock.advance(4)
    assert timed.poll() is None
    clock.advance(2)
    late = timed.poll()
    assert late is not None and late.timed_out and late.response_ms == 5000
    assert late.action == ("hit" if card.hand.total <= 11 else "stand")
    assert timed.poll() is None                       # one auto-decision per decision
    card = session.next()
    timed.start()
    clock.advance(9)
    too_late = timed.answer(Action.STAND)             # the answer came after the time was up
    assert too_late.timed_out
    assert too_late.action == ("hit" if card.hand.total <= 11 else "stand")


def test_timed_shoe_play_applies_round_time_out(evolution: Catalog, clock: FakeClock) -> None:
    rules = preset("evolution")
    settings = ShoeSettings(bankroll=None)
    timed_practice = ShoePractice(rules, settings, seed=12, table=evolution, clock=clock)
    plain = ShoePractice(rules, settings, seed=12, table=evolution, clock=clock)
    timed = TimedDrill(timed_practice, 8, clock)
    graded = 0
    for _ in range(12):
        timed_practice.deal()
        plain.deal()
        while timed_practice.awaiting:
            timed.start()
            clock.advance(10)
            decision = timed.poll()
            assert decision is not None and decision.timed_out and decision.mode is Mode.TIMED
            assert plain.round is not None and plain.round.phase is not Phase.SETTLED
            assert decision.action == plain.round.time_out().value   # the rules' own time-out
            graded += 1
        assert plain.round is not None and plain.round.phase is Phase.SETTLED
        assert timed_practice.rounds[-1].net == plain.round.results[0].net
    assert graded == len(timed_practice.decisions) > 5


def test_a_time_out_is_a_miss_whatever_the_table_played(evolution: Catalog,
                                                        clock: FakeClock) -> None:
    """Before: hard 19 v 10 left to run out was graded Correct (the table stands, the best
    play), the streak and the study queue counted it right. A time-out is a miss of its own
    kind: not correct, said "time out", a miss for the queue, its cost what the table's play
    lost."""
    key = "evolution|first|real|hard19|2|v10"
    session = FlashcardSession(evolution, FlashMode.ALL, seed=3, clock=clock, only=[key])
    timed = TimedDrill(session, 5, clock)
    session.next()
    timed.start()
    clock.advance(6)
    decision = timed.poll()
    assert decision is not None and decision.action == decision.best_action == "stand"
    assert decision.timed_out and decision.verdict is Verdict.WRONG and not decision.right
    assert decision.severity is Severity.TIMEOUT and decision.ev_loss == 0.0
    assert not session.answers[-1].right                   # a miss for the study queue


def test_a_timed_out_shoe_decision_plays_the_table_and_is_a_miss(evolution: Catalog,
                                                                 clock: FakeClock) -> None:
    practice = ShoePractice(preset("evolution"), ShoeSettings(bankroll=None, perfect_play=True),
                            seed=12, table=evolution, clock=clock)
    timed = TimedDrill(practice, 8, clock)
    while not practice.decisions:
        practice.deal()
        while practice.awaiting:
            timed.start()
            clock.advance(9)
            decision = timed.poll()
            assert decision is not None and decision.timed_out
            assert decision.verdict is Verdict.WRONG and decision.shoe is not None
            assert decision.at_table().verdict is Verdict.WRONG
            assert decision.at_table().severity is Severity.TIMEOUT


def test_a_paused_decision_is_not_timed(evolution: Catalog, clock: FakeClock) -> None:
    """The time the player cannot see a decision (the window not active) counts neither in its
    response time nor in its countdown; a card dealt while paused starts paused."""
    session = FlashcardSession(evolution, FlashMode.HARD, seed=8, clock=clock)
    timed = TimedDrill(session, 5, clock)
    timed.pause()
    card = session.next()
    timed.start()
    clock.advance(60)                                  # the welcome is open
    assert timed.poll() is None and timed.timer.remaining() == 5.0
    timed.resume()
    clock.advance(3)
    timed.pause()
    clock.advance(100)
    timed.resume()
    clock.advance(1)
    answered = timed.answer(card.actions[0])
    assert not answered.timed_out and answered.response_ms == 4000
    untimed = FlashcardSession(evolution, FlashMode.HARD, seed=8, clock=clock)
    untimed.next()
    clock.advance(2)
    untimed.pause()
    clock.advance(30)
    untimed.resume()
    assert untimed.answer(card.actions[0]).response_ms == 2000


def test_a_stopwatch_counts_only_while_running(clock: FakeClock) -> None:
    watch = Stopwatch(clock)
    clock.advance(2)
    watch.pause()
    watch.pause()                                      # twice: still one pause
    clock.advance(5)
    assert watch.elapsed_ms() == 2000
    watch.restart()                                    # a new decision while paused
    clock.advance(5)
    watch.resume()
    watch.resume()
    clock.advance(1.25)
    assert watch.elapsed_ms() == 1250
    clock.advance(-10)                                 # a clock set back counts as no time
    assert watch.elapsed_ms() == 0


def test_a_shoe_decision_is_timed_only_while_seen(evolution: Catalog, clock: FakeClock) -> None:
    """Shoe practice and a counted shoe's bets: the same stopwatch, paused by the front end."""
    practice = ShoePractice(preset("evolution"), ShoeSettings(bankroll=None), seed=12,
                            table=evolution, clock=clock)
    practice.pause()
    practice.deal()
    clock.advance(40)                                  # dealt while another page was shown
    practice.resume()
    clock.advance(1.2)
    assert practice.round is not None
    decision = practice.answer(practice.auto_action())
    assert decision.response_ms == 1200
