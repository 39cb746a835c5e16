"""Flashcards: modes deal only their class, misses return within 5 cards, due mode, undo."""

from __future__ import annotations

import itertools

import pytest

from tests.conftest import FakeClock
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.rules import Action
from trainer.teaching.catalog import Catalog
from trainer.teaching.curriculum import Prior, curriculum
from trainer.teaching.records import Verdict
from trainer.teaching.situations import Context, HandKind, StakeLabel


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


def test_differences_mode_deals_by_natural_frequency(
        evolution: Catalog, evolution_differences: frozenset[str]) -> None:
    """Most of what it deals is two-card hands (met every few rounds), not the five-card hands
    a shoe meets a few times; never the same situation twice running."""
    session = FlashcardSession(evolution, FlashMode.DIFFERENCES, seed=5)
    keys = []
    for _ in range(200):
        card = session.next()
        keys.append(card.situation.key)
        session.answer(best(session))
    two_cards = sum(evolution.situations[k].cards == 2 for k in keys)
    assert two_cards > 150
    assert all(a != b for a, b in itertools.pairwise(keys))


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


def test_due_mode_starts_with_the_costliest_classic_leak(evolution: Catalog,
                                                          clock: FakeClock) -> None:
    """Before any history, a player assumed to know classic basic strategy is taught first
    where that strategy loses most: hard 11 against a ten (free double, not hit)."""
    session = FlashcardSession(evolution, FlashMode.DUE, seed=1, clock=clock)
    card = session.next()
    assert card.situation.key == "evolution|first|real|hard11|2|v10"
    course = curriculum(evolution.rules, Prior.CLASSIC)
    assert course.guess(card.spot) == 0.0          # classic strategy hits: wrong here
    counts = session.counts()
    assert counts is not None and (counts.due, counts.learning, counts.new) == (0, 0, 20)


def test_due_mode_deals_what_classic_strategy_plays_right_only_to_explore(
        evolution: Catalog, clock: FakeClock) -> None:
    """Outside what the classic play gets wrong, due mode asks a few of the commonest hands
    (is the player's habit there right?); fewer as the player keeps getting them right."""
    session = FlashcardSession(evolution, FlashMode.DUE, seed=2, clock=clock)
    course = curriculum(evolution.rules, Prior.CLASSIC)
    explored = []
    for i in range(200):
        card = session.next()
        if course.guess(card.spot) == 1.0:
            explored.append(i)
            assert card.situation.key in course.outside("facts")
        clock.advance(10)
        session.answer(best(session), response_ms=4000)
    assert 0 < len(explored) < 40
    assert sum(i < 100 for i in explored) > sum(i >= 100 for i in explored)


def test_a_novice_is_also_taught_what_classic_players_know(evolution: Catalog,
                                                             clock: FakeClock) -> None:
    session = FlashcardSession(evolution, FlashMode.DUE, seed=2, clock=clock,
                               prior=Prior.NOVICE)
    novice = curriculum(evolution.rules, Prior.NOVICE)
    seen = set()
    for _ in range(40):
        card = session.next()
        seen.add(card.situation.key)
        assert 0.0 < novice.guess(card.spot) < 1.0
        clock.advance(10)
        session.answer(best(session))
    classic = curriculum(evolution.rules, Prior.CLASSIC)
    assert any(classic.leak[k] == 0 for k in seen)   # e.g. standing on 20


def test_undo_deals_the_card_again_and_forgets_the_answer(evolution: Catalog,
                                                          clock: FakeClock) -> None:
    session = FlashcardSession(evolution, FlashMode.DUE, seed=3, clock=clock)
    first = session.next()
    clock.advance(5)
    taken = session.answer(worst(session))
    assert session.queue is not None
    after = dict(session.queue.traces)
    session.next()                                  # dealt, not answered: undo still allowed
    assert session.undo() == taken
    assert session.current is not None and session.current.cards == first.cards
    assert session.decisions == [] and session.answers == []
    assert session.queue.traces == {} and after != {}
    with pytest.raises(ValueError, match="no answer to undo"):
        session.undo()
    clock.advance(5)
    again = session.answer(best(session))
    assert again.situation_key == first.situation.key and again.verdict is Verdict.CORRECT


def test_time_out_on_a_flashcard(evolution: Catalog, clock: FakeClock) -> None:
    insurance = "evolution|insurance|real|any|2|vA"
    session = FlashcardSession(evolution, FlashMode.ALL, seed=4, clock=clock, only=[insurance])
    session.next()
    decision = session.time_out()
    assert decision.timed_out and decision.action == "no_insurance"


def test_every_mode_has_its_title_and_says_where_it_is_offered() -> None:
    from trainer.drills.flashcards import MODE_TITLES
    from trainer.rules import PRESETS

    assert set(MODE_TITLES) == set(FlashMode)
    assert all(mode.title for mode in FlashMode)
    assert len({mode.title for mode in FlashMode}) == len(FlashMode)
    assert FlashMode.CHARLIE.offered(PRESETS["evolution"])
    assert not FlashMode.CHARLIE.offered(PRESETS["pot-of-gold"])
    assert all(m.offered(PRESETS["pot-of-gold"]) for m in FlashMode
               if m not in (FlashMode.CHARLIE, FlashMode.CHANGES))
    assert FlashMode.CHANGES.offered(PRESETS["pot-of-gold"], PRESETS["evolution"])
    assert not FlashMode.CHANGES.offered(PRESETS["pot-of-gold"])
    assert not FlashMode.CHANGES.offered(PRESETS["pot-of-gold"], PRESETS["pot-of-gold"])


def test_changes_mode_deals_what_plays_otherwise_than_the_rules_practised(
        pot_of_gold: Catalog) -> None:
    """From the Pot of Gold table to the Golden Nugget's: fours no longer split free."""
    from trainer.drills.flashcards import changes_title
    from trainer.rules import PRESETS, Action
    from trainer.teaching.catalog import catalog

    practised = PRESETS["pot-of-gold"]
    nugget = catalog(PRESETS["golden-nugget-2012"])
    changes = nugget.changes_from(practised)
    assert "first:real:4,4:v4" in changes                 # a free split there, a hit here
    assert "first:real:4,4:v6" not in changes             # split either way (paid here)
    assert "first:real:10,6:v10" not in changes           # the same play at both tables
    assert all(nugget.entries[k]["best"] != pot_of_gold.entries[k]["best"] for k in changes)
    session = FlashcardSession(nugget, FlashMode.CHANGES, seed=5, practised=practised)
    for _ in range(30):
        card = session.next()
        assert card.spot.table_key in changes
        before = session.before(card)
        assert before is not None and before.family is not Action(best(session)).family
        session.answer(best(session))
    assert changes_title(practised) == "What changes from pot-of-gold"
    with pytest.raises(ValueError, match="practised"):
        FlashcardSession(nugget, FlashMode.CHANGES)
