"""Where split hands play otherwise than the chart's CDZ- (strategy_charts/split_play.py): the
hands a CDPN player plays otherwise, found by walking the split with Fractions, and the
split's EV under both, by sequential play; the command line and the panel's words say them."""

from __future__ import annotations

import json

import pytest

from strategy_charts.__main__ import main
from strategy_charts.composition import add, of_values, subtract
from strategy_charts.post_split import PostSplit
from strategy_charts.split_play import describe, split_differences
from strategy_charts.tables import load_table
from trainer.rules import Action, RuleSet, offers, preset
from trainer.ui.charts.cell_text import SHOWN, cell_summary, split_text

from . import brute_force as bf
from .conftest import values_for
from .test_post_split import CDPN_SPLITS, cdp1_decide, cdpn_decide

#: Tiny shoes on which CDPN plays split hands otherwise than CDZ- (standard and Free Bet).
SHOES = CDPN_SPLITS[:2]


def walked_differences(rules: RuleSet, shoe, pair: int, up: int, peek: bool
                       ) -> dict[tuple[tuple[int, ...], bool, str, str], tuple[int, ...]]:
    """Every split hand CDPN's play reaches (a hand that begins with ``2 + k`` hands on the
    seat, its cards dealt from what the shoe holds beside ``1 + k`` other pair cards) whose
    CDPN play (by enumeration) is not CDZ-'s (by enumeration on the shoe less its own cards):
    (sorted cards, free stake, CDZ- play, CDPN play) -> the counts of other pair cards gone."""
    rest = subtract(subtract(shoe, of_values([up])), of_values([pair, pair]))
    cdpn = cdpn_decide(rules, rest, up, peek)
    cdz = cdp1_decide(rules, add(rest, of_values([pair])), up, peek)
    limit = offers.split_limit(rules, pair)
    stakes_list = [(1, 0), (0, 1)] if rules.free_split else [(1, 0)]
    found: dict[tuple[tuple[int, ...], bool, str, str], list[int]] = {}

    def walk(cards: tuple[int, ...], left, seen: int, stakes: tuple[int, int]) -> None:
        if bf._finished(rules, cards) or (len(cards) == 2
                                          and not offers.draws_after_split(pair)):
            return
        if len(cards) == 2 and cards[1] == pair and seen < limit - 2:
            return                      # resplit: no hand plays it
        play, chart = cdpn(cards, stakes, 2 + seen), cdz(cards, stakes)
        if play != chart:
            gone = found.setdefault((tuple(sorted(cards)), stakes == (0, 1), chart, play), [])
            if 1 + seen not in gone:
                gone.append(1 + seen)
        if play == "hit":
            for value, _, after in bf._draws(left):
                walk((*cards, value), after, seen, stakes)

    for seen in range(min(limit - 2, rest[pair - 1]) + 1):
        start = subtract(rest, of_values([pair] * seen))
        for stakes in stakes_list:
            for value, _, left in bf._draws(start):
                walk((pair, value), left, seen, stakes)
    return {key: tuple(sorted(gone)) for key, gone in found.items()}


@pytest.mark.parametrize(("rules", "shoe", "pair", "up"), SHOES)
def test_the_hands_cdpn_plays_otherwise_are_those_a_walk_of_the_split_finds(
        rules, shoe, pair, up) -> None:
    """Every hand listed is one CDPN's play reaches and plays otherwise than CDZ-, and every
    such hand is listed; the split's EVs are those of playing every hand in turn."""
    hand = of_values([pair, pair])
    values = values_for(rules, shoe, up, hand)
    found = split_differences(rules, pair, up, PostSplit.CDPN, shoe)
    assert found is not None
    listed = {(tuple(sorted(play.cards)), play.free, play.chart, play.play): play.gone
              for play in found.plays}
    assert len(listed) == len(found.plays)
    assert listed == walked_differences(rules, shoe, pair, up, values.peek)
    rest = subtract(subtract(shoe, of_values([up])), hand)
    free = offers.split_kind(rules, pair) is Action.FREE_SPLIT
    cdz = cdp1_decide(rules, add(rest, of_values([pair])), up, values.peek)
    chart = bf.split_value(rules, pair, rest, up, values.peek, cdz, free=free)
    counted = bf.split_value(rules, pair, rest, up, values.peek,
                             cdp1_decide(rules, rest, up, values.peek), free=free,
                             decide_seen=cdpn_decide(rules, rest, up, values.peek))
    mass = values.mass(hand)
    assert found.chart_ev == pytest.approx(float(chart) / mass, abs=1e-12)
    assert found.ev == pytest.approx(float(counted) / mass, abs=1e-12)
    assert found.gain > 1e-4


def test_nothing_is_said_where_every_split_hand_plays_as_the_chart() -> None:
    """evolution, 9,9 against an 8: CDPN plays no split hand otherwise; 9,9 against a 3 it
    hits 9,4 (the chart stands) knowing the other 9 is gone."""
    rules = preset("evolution")
    assert split_differences(rules, 9, 8) is None
    found = split_differences(rules, 9, 3)
    assert found is not None
    assert describe(found.plays[0]) == "9,4 (hard 13): hit, not stand, with 1 other 9 gone"
    assert split_differences(rules, 9, 3, PostSplit.CDZ) is None


def test_hand_command_names_the_split_hands_played_otherwise(capsys) -> None:
    """hand --post-split cdpn on a pair lists the split hands it plays otherwise (in JSON
    too); cdz lists nothing."""
    rules, shoe, pair, up = SHOES[1]
    args = ["hand", "--preset", rules.name, "--player", f"{pair},{pair}", "--dealer",
            str(up), "--shoe", ",".join(map(str, shoe))]
    found = split_differences(rules, pair, up, PostSplit.CDPN, shoe)
    assert found is not None
    assert main([*args, "--post-split", "cdpn"]) == 0
    out = capsys.readouterr().out
    assert "split hands cdpn plays otherwise than cdz" in out
    for play in found.plays:
        assert describe(play) in out
    assert main([*args, "--post-split", "cdpn", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [entry["cards"] for entry in data["post_split_plays"]] == [
        list(play.cards) for play in found.plays]
    assert main(args) == 0
    assert "split hands" not in capsys.readouterr().out



def test_the_panel_text_names_the_hands_and_the_gain() -> None:
    """The charts panel's words for evolution's 9,9 against a 3: the hands CDPN plays
    otherwise and the split's gain; a cell without differences says nothing of it; a long
    list shows five hands and counts the rest."""
    rules = preset("evolution")
    cell, data = ("pair", "9", "3"), load_table(rules)["charts"]["real"]["pair"]["9"]["3"]
    found = split_differences(rules, 9, 3)
    assert found is not None
    text = cell_summary(cell, "9,9", data, "real", split_plays=found)
    assert "<b>Counting the 9s split</b> (CDPN): after splitting 9s against a 3" in text
    assert "<li>9,4 (hard 13): hit, not stand, with 1 other 9 gone</li>" in text
    assert f"by {found.gain * 100:+.4f}% of the bet" in text
    assert f"{found.ev * 100:+.4f}% beside {found.chart_ev * 100:+.4f}%" in text
    assert "Counting" not in cell_summary(cell, "9,9", data, "real")
    many = split_differences(preset("pot-of-gold"), 3, 9)
    assert many is not None and len(many.plays) > SHOWN + 1
    text = split_text(many)
    assert text.count("<li>") == SHOWN + 1
    assert f"and {len(many.plays) - SHOWN} more hands" in text


def test_a_paid_split_names_real_hands_only() -> None:
    """golden-nugget-1d-6to5 splits 4,4 paid (no free split of fours): every hand it makes
    holds a real stake, so no free-stake hand is named, though the free-stake play of those
    cards differs too."""
    rules = preset("golden-nugget-1d-6to5")
    assert offers.split_kind(rules, 4) is Action.SPLIT
    found = split_differences(rules, 4, 7)
    assert found is not None and found.plays
    assert not any(play.free for play in found.plays)
