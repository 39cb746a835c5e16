"""Each decision option's share (docs/rules/rulings.md#what-other-players-chose): the player's
own latest decisions in the exact situation, counted from the store; never in due-mode
flashcards."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.progress.factories import FIXED_NOW, decision
from trainer.drills.flashcards import FlashMode
from trainer.drills.shares import Shares, Whose, shown
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.progress.shares import LAST, own_shares, table_shares
from trainer.progress.store import ProgressStore
from trainer.rules import Action, preset
from trainer.teaching.records import Mode
from trainer.teaching.situations import round_spot

KEY = "evolution|first|real|hard16|2|v10"
OTHER_UP = "evolution|first|real|hard16|2|v9"
POT_KEY = "pot-of-gold|first|real|hard16|2|v10"


def stamp(minutes: int) -> str:
    return (FIXED_NOW + timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")


def test_the_share_counts_your_latest_decisions_in_the_exact_situation(
        store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.SHOE, {})
    plays = ["stand"] * 4 + ["hit"] * 3 + ["surrender"]
    for minute, action in enumerate(plays):
        store.record_decision(session, decision(situation_key=KEY, action=action,
                                                time=stamp(minute)))
    undone = store.record_decision(session, decision(situation_key=KEY, action="stand",
                                                     time=stamp(30)))
    store.undo_decision(undone)                               # left out
    store.record_decision(session, decision(situation_key=OTHER_UP, action="stand",
                                            time=stamp(31)))  # another up card
    pot = store.start_session("pot-of-gold", Mode.SHOE, {})
    store.record_decision(pot, decision(preset="pot-of-gold", situation_key=POT_KEY,
                                        action="stand", time=stamp(32)))   # other rules
    shares = own_shares(store, KEY)
    assert shares.counts == {Action.STAND: 4, Action.HIT: 3, Action.SURRENDER: 1}
    assert shares.button(Action.HIT) == "Hit 3 of 8"
    assert shares.button(Action.DOUBLE) == "Double 0 of 8"
    assert shares.words == "your last 8 here"
    assert own_shares(store, KEY, last=5).counts == {Action.HIT: 3, Action.SURRENDER: 1,
                                                     Action.STAND: 1}   # the newest five


def test_only_the_last_decisions_count(store: ProgressStore) -> None:
    session = store.start_session("evolution", Mode.SHOE, {})
    for minute in range(LAST + 5):
        action = "hit" if minute < 5 else "stand"     # the oldest five hit
        store.record_decision(session, decision(situation_key=KEY, action=action,
                                                time=stamp(minute)))
    assert own_shares(store, KEY).counts == {Action.STAND: LAST}


def test_no_decisions_yet_shows_nothing(store: ProgressStore) -> None:
    shares = own_shares(store, KEY)
    assert shares.total == 0 and shares.words == "" and shares.button(Action.HIT) == ""


def test_the_computer_seats_words_say_whose() -> None:
    seats = Shares.of(Whose.SEATS, [Action.HIT, Action.HIT, Action.STAND])
    assert seats.words == "the computer seats, 3 here this session"
    assert seats.share(Action.HIT) == 2 / 3
    assert Shares.of(Whose.YOURS, [Action.HIT]).words == "your last one here"


def test_never_shown_in_due_mode_flashcards() -> None:
    assert not shown(True, FlashMode.DUE)
    assert shown(True, FlashMode.ALL) and shown(True)       # the shoe table: as the setting
    assert not shown(False)


def test_at_the_shoe_table_both_shares_are_for_the_decision_awaited(
        store: ProgressStore) -> None:
    """The player's decisions saved as a shoe goes on count for the next time the same
    situation comes up; the seats' count this shoe."""
    practice = ShoePractice(preset("evolution"), ShoeSettings(computer_seats=2, seat=2,
                                                              bankroll=None), seed=12)
    session = store.start_session("evolution", Mode.SHOE, {})
    practice.on_decision = lambda d: store.record_decision(session, d)
    met: dict[str, int] = {}
    for _ in range(25):
        practice.deal()
        while practice.awaiting:
            assert practice.round is not None
            key = round_spot(practice.round).situation.key
            yours, seats = table_shares(store, practice)
            assert yours.total == min(met.get(key, 0), LAST)
            assert seats.total == practice.seat_decisions.shares(key).total
            legal = practice.round.legal_actions()
            practice.answer(Action.NO_INSURANCE if Action.NO_INSURANCE in legal
                            else Action.STAND)
            met[key] = met.get(key, 0) + 1
    assert any(n > 1 for n in met.values())
    with pytest.raises(RuntimeError):
        table_shares(store, practice)
