"""Surrender with the free features off: standard blackjack's published surrender figures.

Sources (public analyses, quoted by figure): the late-surrender plays of an eight-deck game
("15 versus 10 and non-pair 16 against 9, 10, or ace"; hitting 10-6 against a ten loses "almost
$0.54 per dollar", "a bit more by standing"; surrender "shave[s] the edge by about 0.08
percent"); the usual rule-variation tables (late surrender about +0.07% to +0.08% at six and
eight decks; early surrender at eight decks, DAS, from 0.69% to 0.06%: about +0.63%); the
late-surrender basic strategy of a six-deck H17 game (surrender 15 v 10 and A, 16 v 9, 10 and
A, 17 v A, 8,8 v A); and a published table of every two-card hand's stand, hit and double
values in six- and eight-deck H17 games without a hole card, where a dealer blackjack takes
everything (the base late surrender is valued on where the dealer does not peek).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from strategy_charts.composition import full_shoe, of_values
from strategy_charts.game import game_ev
from strategy_charts.initial_hand import action_values
from trainer.rules import Action, Peek, RuleSet, Surrender, preset

from .conftest import values_for


def standard(decks: int, hits_soft_17: bool) -> RuleSet:
    """Standard blackjack: peek on A/10, DAS, split to four, no RSA, no surrender."""
    base = preset("pot-of-gold" if decks == 6 else "pot-of-gold-8d").standard_counterpart()
    return replace(base, dealer_hits_soft_17=hits_soft_17)


def surrendering(result) -> set[tuple[int, int, int]]:
    """(up, card, card) of every first hand whose best play is surrender."""
    return {deal for deal, acts in result.hands.items()
            if acts and max(acts, key=acts.__getitem__) is Action.SURRENDER}


@pytest.mark.parametrize(("decks", "h17", "gain"), [
    (8, False, 0.0758178), (8, True, 0.0915520), (6, False, 0.0726022), (6, True, 0.0881976)])
def test_late_surrender_is_worth_what_published_tables_say(decks, h17, gain) -> None:
    """About +0.07% to +0.09% (published: 0.07%, 0.08%); the engine's exact value pinned."""
    rules = standard(decks, h17)
    found = (game_ev(replace(rules, surrender=Surrender.LATE)).ev - game_ev(rules).ev) * 100
    assert 0.06 < found < 0.10
    assert found == pytest.approx(gain, abs=1e-6)


def test_eight_deck_late_surrender_plays_are_15_v_10_and_hard_16_v_9_10_a() -> None:
    rules = replace(standard(8, False), surrender=Surrender.LATE)
    result = game_ev(rules)
    fifteen_v_10 = {(10, 5, 10), (10, 6, 9), (10, 7, 8)}
    sixteen = {(up, a, b) for up in (9, 10, 1) for a, b in ((6, 10), (7, 9))}
    assert surrendering(result) == fifteen_v_10 | sixteen
    hit = result.hands[(10, 6, 10)]
    assert -0.545 < hit[Action.HIT] < -0.53 and hit[Action.STAND] < hit[Action.HIT]


def test_six_deck_h17_late_surrender_plays_as_published() -> None:
    """15 v 10 and A, 16 v 9, 10 and A, 17 v A, 8,8 v A; by composition, 8,7 v 10 hits (all
    its 5s and 6s are still in the shoe)."""
    result = game_ev(replace(standard(6, True), surrender=Surrender.LATE))
    totals: dict[tuple[int, int], set[str]] = {}
    for up, a, b in surrendering(result):
        totals.setdefault((up, a + b), set()).add("pair" if a == b else f"{a},{b}")
    assert set(totals) == {(10, 15), (1, 15), (9, 16), (10, 16), (1, 16), (1, 17)}
    assert "pair" in totals[(1, 16)] and "pair" not in totals[(10, 16)]
    assert (10, 7, 8) not in surrendering(result)


def test_early_surrender_at_eight_decks_is_worth_about_0_63() -> None:
    rules = standard(8, False)
    found = (game_ev(replace(rules, surrender=Surrender.EARLY)).ev - game_ev(rules).ev) * 100
    assert found == pytest.approx(0.63, abs=0.02)
    assert found == pytest.approx(0.6286515, abs=1e-6)


@pytest.mark.parametrize(("decks", "cards", "published"), [
    (6, (3, 2), (-0.721887, -0.529734, -1.443774)),
    (6, (6, 5), (-0.720879, -0.235772, -0.535879)),
    (6, (6, 1), (-0.665166, -0.463296, -0.999484)),
    (8, (3, 2), (-0.721955, -0.528987, -1.443909)),
    (8, (6, 5), (-0.721201, -0.235977, -0.537869)),
    (8, (4, 3), (-0.721595, -0.553054, -1.369253)),
])
def test_no_hole_card_values_against_an_ace_as_published(decks, cards, published) -> None:
    """No peek, H17: stand, hit and double against an ace, a dealer blackjack taking all."""
    rules = replace(standard(decks, True), peek=Peek.NONE)
    hand = of_values(cards)
    acts = action_values(values_for(rules, full_shoe(decks), 1, hand), hand)
    found = (acts[Action.STAND], acts[Action.HIT], acts[Action.DOUBLE])
    assert found == pytest.approx(published, abs=5e-7)


def test_late_surrender_without_a_peek_loses_the_blackjacks_too() -> None:
    """docs/rules/surrender.md#late: -1/2 when the hole card is no blackjack, -1 when it is."""
    rules = replace(standard(6, True), peek=Peek.NONE, surrender=Surrender.LATE)
    hand = of_values((10, 6))
    values = values_for(rules, full_shoe(6), 1, hand)
    tens = (6 * 16 - 1) / (6 * 52 - 3)
    assert action_values(values, hand)[Action.SURRENDER] == pytest.approx(
        -0.5 * (1 - tens) - tens, abs=1e-12)
