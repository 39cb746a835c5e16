"""Flashcards: modes deal only their class, misses return within 5 cards, fsrs scheduling."""

from __future__ import annotations

import json

import pytest
from fsrs import Rating

from trainer.drills.catalog import Catalog
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.drills.records import Verdict
from trainer.drills.situations import Context, HandKind, StakeLabel
from trainer.drills.spacing import ResponseThresholds, rating_for
from trainer.rules import Action

from .conftest import FakeClock


def worst(session: FlashcardSession) -> Action:
    """The costliest action on the current card (a sure miss where the EVs differ)."""
    card = session.current
    assert card is not None
    evs, _ = session.catalog.evs(card.spot)
    return Action(min(evs, key=lambda a: evs[a]))


def best(session: FlashcardSession) -> Action:
    """The table's best action on the current card."""
    card = session.current
    assert card is not None
    return Action(session.catalog.evs(card.spot)[1])


def test_a_missed_situation_returns_within_five_cards(evolution: Catalog,
                                                      clock: FakeClock) -> None:
    session = FlashcardSession(evolution, FlashMode.ALL, seed=7, clock=clock)
    missed: dict[str, int] = {}
    returns: list[int] = []
    for _ in range(60):
        card = session.next()
        key = card.situation.key
        if key in missed:
            returns.append(card.number - missed.pop(key))
        wrong = card.number % 3 == 0
        decision = session.answer(worst(session) if wrong else best(session))
        if decision.verdict is Verdict.WRONG:
            missed[key] = card.number
    assert len(returns) >= 15
    assert all(3 <= gap <= 5 for gap in returns)
    assert not [k for k, n in missed.items() if n < 55]   # every miss came back


@pytest.mark.parametrize(("mode", "check"), [
    (FlashMode.HARD, lambda s: s.kind is HandKind.HARD and s.context is not Context.DRAWN),
    (FlashMode.SOFT, lambda s: s.kind is HandKind.SOFT and s.context is not Context.DRAWN),
    (FlashMode.PAIRS, lambda s: s.kind is HandKind.PAIR),
    (FlashMode.FREE, lambda s: s.context is Context.SPLIT and s.stakes is StakeLabel.FREE),
    (FlashMode.CHARLIE, lambda s: s.context is Context.DRAWN and 3 <= s.cards <= 5),
    (FlashMode.INSURANCE, lambda s: s.context is Context.INSURANCE),
])
def test_mode_filters_deal_only_their_class(evolution: Catalog, mode: FlashMode,
                                            check: object) -> None:
    session = FlashcardSession(evolution, mode, seed=3)
    for _ in range(40):
        card = session.next()
        assert check(card.situation), card.situation.key   # type: ignore[operator]
        assert len(card.cards) == card.situation.cards
        assert card.hand.total == card.situation.value or card.situation.kind in (
            HandKind.PAIR, HandKind.ANY)
        session.answer(card.actions[0])


def test_charlie_mode_needs_six_card_charlie(pot_of_gold: Catalog) -> None:
    with pytest.raises(ValueError, match="charlie"):
        FlashcardSession(pot_of_gold, FlashMode.CHARLIE)


def test_differences_mode_deals_only_differing_hands(
        evolution: Catalog, evolution_differences: frozenset[str]) -> None:
    assert "first:real:10,10:v6" not in evolution_differences      # stand 20 either way
    assert "first:real:9,2:v10" in evolution_differences           # free double 11 v 10
    session = FlashcardSession(evolution, FlashMode.DIFFERENCES, seed=11)
    for _ in range(50):
        card = session.next()
        assert card.spot.table_key in evolution_differences
        session.answer(best(session))


def test_same_seed_same_deals(evolution: Catalog, clock: FakeClock) -> None:
    def deals(seed: int) -> list[str]:
        session = FlashcardSession(evolution, FlashMode.DUE, seed=seed, clock=clock)
        out = []
        for _ in range(10):
            card = session.next()
            out.append(card.question())
            session.answer(card.actions[0])
        return out
    assert deals(5) == deals(5)


@pytest.mark.parametrize(("verdict", "ms", "rating"), [
    (Verdict.WRONG, 500, Rating.Again),
    (Verdict.CORRECT, 2999, Rating.Easy),
    (Verdict.ACCEPTABLE, 3000, Rating.Good),
    (Verdict.CORRECT, 7999, Rating.Good),
    (Verdict.CORRECT, 8000, Rating.Hard),
])
def test_fsrs_rating_by_response_time(verdict: Verdict, ms: int, rating: Rating) -> None:
    assert rating_for(verdict, ms, ResponseThresholds(easy_ms=3000, good_ms=8000)) is rating


def test_due_mode_schedules_with_fsrs(evolution: Catalog, clock: FakeClock) -> None:
    session = FlashcardSession(evolution, FlashMode.DUE, seed=1, clock=clock)
    first = session.next()
    top = max(session.keys, key=lambda k: evolution.weight[k] * evolution.cost[k])
    assert first.situation.key == top                  # the costliest common leak first
    clock.advance(1.5)
    session.answer(best(session))                      # right and fast: Easy
    second = session.next()
    clock.advance(12)
    session.answer(worst(session))                     # wrong: Again
    states = session.card_states()
    easy, again = (json.loads(states[c.situation.key]) for c in (first, second))
    assert easy["due"] > again["due"]
    # The states come back in: those situations are no longer new.
    resumed = FlashcardSession(evolution, FlashMode.DUE, seed=2, cards=states, clock=clock)
    assert not resumed.spacing.is_new(first.situation.key)
    assert resumed.next().situation.key not in (first.situation.key, second.situation.key)
    clock.advance(24 * 3600)                           # tomorrow the missed one is due
    assert resumed.spacing.is_due(second.situation.key, clock())


def test_time_out_on_a_flashcard(evolution: Catalog, clock: FakeClock) -> None:
    session = FlashcardSession(evolution, FlashMode.INSURANCE, seed=4, clock=clock)
    session.next()
    decision = session.time_out()
    assert decision.timed_out and decision.action == "no_insurance"
