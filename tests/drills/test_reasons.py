"""Severity, reasons and the leak: the words a player reads are true for their situation."""

from __future__ import annotations

import random
import re

import pytest

from strategy_charts.composition import full_shoe
from trainer.drills.dealer_odds import dealer_odds
from trainer.drills.leak import Recent, estimate
from trainer.drills.reasons import Rule, reason
from trainer.rules import Rank
from trainer.teaching.catalog import Catalog
from trainer.teaching.classic import classic_play
from trainer.teaching.curriculum import Prior, curriculum
from trainer.teaching.records import Severity, Verdict

_NUMBER = re.compile(r"[+−-]?\d+\.\d+%?")


@pytest.mark.parametrize(("verdict", "loss", "severity"), [
    (Verdict.CORRECT, 0.0, Severity.NONE),
    (Verdict.ACCEPTABLE, 0.00008, Severity.CLOSE_CALL),
    (Verdict.WRONG, 0.0199, Severity.CLOSE_CALL),
    (Verdict.WRONG, 0.02, Severity.MISTAKE),
    (Verdict.WRONG, 0.0999, Severity.MISTAKE),
    (Verdict.WRONG, 0.10, Severity.BLUNDER),
    (Verdict.WRONG, 0.38, Severity.BLUNDER),
])
def test_severity_thresholds(verdict: Verdict, loss: float, severity: Severity) -> None:
    """Close call under 2% of the bet, mistake under 10%, blunder from 10% (docs/teaching.md)."""
    assert Severity.of(verdict, loss) is severity


def test_dealer_odds_add_up_and_match_the_famous_bust_rates(evolution: Catalog) -> None:
    """8 decks, S17: the dealer busts about 42% with a 6 up and 21% with an ace up (after the
    peek); 22 is a share of those busts."""
    rules = evolution.rules
    for up in range(1, 11):
        odds = dealer_odds(rules, up)
        total = sum(odds.totals.values()) + odds.twenty_two + odds.over_22 + odds.blackjack
        assert total == pytest.approx(1.0)
        assert 0 < odds.twenty_two < odds.bust
    assert dealer_odds(rules, 6).bust == pytest.approx(0.423, abs=0.002)
    assert dealer_odds(rules, 1).blackjack == 0.0                 # the peek ruled it out
    assert dealer_odds(rules, 10).blackjack == pytest.approx(32 / 415, abs=1e-9)   # no peek
    assert dealer_odds(rules, 1).bust == pytest.approx(0.17, abs=0.05)


def _reasons(table: Catalog) -> dict[Rule, list[tuple[str, str, dict[str, float], str]]]:
    play = classic_play(table.rules)
    found: dict[Rule, list[tuple[str, str, dict[str, float], str]]] = {}
    for spots in table.spots.values():
        for spot in spots:
            evs, best = table.evs(spot)
            why = reason(table.rules, spot, evs, best, play.play[spot.table_key])
            found.setdefault(why.rule, []).append((spot.table_key, why.text, evs, best))
    return found


@pytest.fixture(scope="module")
def evolution_reasons(evolution: Catalog) -> dict[Rule, list[tuple[str, str, dict[str, float],
                                                                   str]]]:
    return _reasons(evolution)


def test_every_rule_gives_reasons_somewhere(evolution_reasons: dict) -> None:
    assert {Rule.FREE_DOUBLE, Rule.FREE_SPLIT, Rule.PUSH_22, Rule.SIX_CARD_CHARLIE,
            Rule.FREE_STAKE, Rule.INSURANCE, Rule.CLASSIC_AGREES} <= set(evolution_reasons)


def test_a_sample_of_reasons_quotes_the_situations_own_evs(evolution_reasons: dict) -> None:
    rng = random.Random(11)
    for rule, items in evolution_reasons.items():
        if rule is Rule.INSURANCE:
            continue
        for _, text, evs, best in rng.sample(items, min(25, len(items))):
            quoted = [float(n.replace("−", "-")) for n in _NUMBER.findall(text)
                      if not n.endswith("%")][-2:]
            assert quoted[0] == pytest.approx(evs[best], abs=5e-4), text
            assert quoted[1] == pytest.approx(sorted(evs.values())[-2], abs=5e-4) or any(
                quoted[1] == pytest.approx(ev, abs=5e-4) for ev in evs.values()), text


def test_push_22_reasons_quote_the_dealers_exact_odds(evolution: Catalog,
                                                      evolution_reasons: dict) -> None:
    for key, text, _, _ in random.Random(3).sample(evolution_reasons[Rule.PUSH_22], 20):
        up = int(key.rsplit(":v", 1)[1])
        odds = dealer_odds(evolution.rules, up)
        bust, twenty_two, paid = (float(p[:-1]) / 100 for p in _NUMBER.findall(text)[:3])
        assert (bust, twenty_two, paid) == pytest.approx(
            (odds.bust, odds.twenty_two, odds.over_22), abs=6e-4), text


def test_insurance_reasons_quote_the_share_of_tens(evolution: Catalog,
                                                   evolution_reasons: dict) -> None:
    shoe = full_shoe(evolution.rules.decks)
    for key, text, _, _ in evolution_reasons[Rule.INSURANCE][:10]:
        cards = [int(v) for v in key.split(":")[2].split(",")]
        unseen = sum(shoe) - 1 - len(cards)
        tens = shoe[9] - sum(c == 10 for c in cards)
        share = float(_NUMBER.findall(text)[0][:-1]) / 100
        assert share == pytest.approx(tens / unseen, abs=6e-4), text


def test_the_no_peek_note_only_where_a_peek_game_would_double(evolution: Catalog,
                                                              evolution_reasons: dict) -> None:
    notes = {key for key, text, _, _ in evolution_reasons[Rule.FREE_DOUBLE]
             if "does not peek" in text}
    assert "first:real:8,3:v10" in notes              # 11 v 10: a peek game doubles
    assert "first:real:7,2:v10" not in notes          # 9 v 10: no game doubles it
    assert Rank.TEN.points == 10


def test_the_leak_of_a_new_player_is_the_assumed_plays(evolution: Catalog) -> None:
    course = curriculum(evolution.rules, Prior.CLASSIC)
    fresh = estimate(course, {})
    assert fresh.leak_per_100 == pytest.approx(fresh.classic_leak_per_100)
    assert fresh.assumed_per_100 == pytest.approx(fresh.leak_per_100) and not fresh.situations


def test_the_leak_reads_the_recent_answers_of_each_situation(evolution: Catalog) -> None:
    course = curriculum(evolution.rules, Prior.CLASSIC)
    hard11 = "evolution|first|real|hard11|2|v10"
    hard12 = "evolution|first|real|hard12|2|v4"
    recent = {
        hard11: [Recent("hit", "free_double", 0.38), Recent("free_double", "free_double", 0.0)],
        hard12: [Recent("hit", "hit", 0.0)],
    }
    got = estimate(course, recent)
    weight = evolution.weight[hard11]
    [only] = got.situations
    assert only.situation == hard11 and only.played == {"hit": 1, "free_double": 1}
    assert only.per_100 == pytest.approx(100 * weight * 0.19)
    assert got.leak_per_100 == pytest.approx(
        only.per_100 + 100 * (sum(course.leak.values()) - course.leak[hard11]
                              - course.leak[hard12]))


def test_a_reasons_claim_is_its_text_without_the_evs(evolution: Catalog) -> None:
    """A screen that lists every action's EV shows the claim: the same words, no EV quoted."""
    play = classic_play(evolution.rules)
    seen: set[Rule] = set()
    for spots in evolution.spots.values():
        for spot in spots[:2]:
            evs, best = evolution.evs(spot)
            why = reason(evolution.rules, spot, evs, best, play.play[spot.table_key])
            seen.add(why.rule)
            quoted = {f"{ev:+.3f}".replace("-", "−") for ev in evs.values()}
            assert not any(q in why.claim for q in quoted), why.claim
            assert why.text.startswith(why.claim.split(".")[0]), why
    assert {Rule.FREE_DOUBLE, Rule.FREE_SPLIT, Rule.PUSH_22, Rule.INSURANCE} <= seen
