"""Doubles after a hit in the drills (docs/rules/rulings.md#doubles-after-a-hit): situations of
three or more cards whose best play is a double are dealt, reached by natural frequency and
graded (flashcards and live rounds), and a free-stake hand's exact values follow the split
rules as the tables' do."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from strategy_charts.tables import build_table
from trainer.drills.flashcards import FlashcardSession, FlashMode
from trainer.rules import Action, Bets, Round, Shoe, cards, preset
from trainer.teaching.catalog import Catalog
from trainer.teaching.exact import full_shoe_evs
from trainer.teaching.grading import Verdict, grade
from trainer.teaching.situations import Context, StakeLabel, round_spot

BOTH = replace(preset("evolution"), name="evolution, doubles after a hit",
               free_double_after_hit=True, double_after_hit=True)
DOUBLES = ("double", "free_double")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(BOTH, build_table(BOTH))


def _doubling(catalog: Catalog) -> list[str]:
    """The drawn situations some of whose hands are best doubled."""
    return sorted(key for key, s in catalog.situations.items() if s.context is Context.DRAWN
                  and any(catalog.evs(spot)[1] in DOUBLES for spot in catalog.spots[key]))


def test_drawn_situations_that_double_are_met_in_play(catalog) -> None:
    keys = _doubling(catalog)
    assert len(keys) > 20
    assert any("|hard10|3|" in key for key in keys)
    assert all(catalog.weight[key] > 0 for key in keys if "|real|hard10|3|" in key)


def test_a_three_card_double_is_dealt_and_graded(catalog) -> None:
    keys = [k for k in _doubling(catalog) if "|real|hard10|3|" in k]
    session = FlashcardSession(catalog, FlashMode.ALL, seed=3, only=keys)
    for _ in range(len(keys)):
        card = session.next()
        assert len(card.cards) == 3 and Action.FREE_DOUBLE in card.actions
        evs, best = catalog.evs(card.spot)
        assert best == "free_double"
        if card.number % 2:
            assert session.answer(Action.FREE_DOUBLE).right
        else:
            wrong = session.answer(Action.HIT)
            assert not wrong.right and wrong.ev_loss == pytest.approx(
                evs["free_double"] - evs["hit"])


def test_a_live_three_card_hand_is_graded_against_its_double(catalog) -> None:
    """A round of the rules core: 5 2, hit a 3 (hard 10 of three cards) against a 6."""
    rnd = Round(BOTH, Shoe.stacked(cards("5h 6s 2d 10c 3c 10d 9s")), Bets(main=Fraction(1)))
    rnd.act(Action.HIT)
    spot = round_spot(rnd)
    assert spot.situation.context is Context.DRAWN and spot.table_key in catalog.entries
    evs, best = catalog.evs(spot)
    assert best == "free_double"
    legal = rnd.legal_actions()
    assert grade(Action.FREE_DOUBLE, evs, best, legal).verdict is Verdict.CORRECT
    stood = grade(Action.STAND, evs, best, legal)
    assert stood.verdict is Verdict.WRONG and stood.ev_loss > 0.1


def test_a_free_stake_hand_after_a_hit_plays_as_a_split_hand(catalog) -> None:
    """evolution doubles no split hand: a free-stake hand of three cards neither, in the table
    and in the exact values at the full shoe."""
    free = [spot for key, s in catalog.situations.items()
            if s.context is Context.DRAWN and s.stakes is StakeLabel.FREE and s.value == 10
            for spot in catalog.spots[key]][:3]
    assert free
    for spot in free:
        table, _ = catalog.evs(spot)
        exact = full_shoe_evs(BOTH, spot)
        assert exact.keys() == table.keys() == {"hit", "stand"}
        for action, ev in table.items():
            assert exact[action] == pytest.approx(ev, abs=1e-9)
