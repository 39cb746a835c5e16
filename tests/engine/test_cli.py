"""The strategy_charts command line: JSON output, charts, and clear errors."""

from __future__ import annotations

import json

import numpy as np
import pytest
from matplotlib import image

from strategy_charts.__main__ import main
from trainer.rules.side_bets.pot_of_gold import PAY_TABLES


def run_json(capsys, *args: str) -> dict:
    """Run one command with --json and parse what it printed."""
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_hand_prints_every_legal_action_and_the_best(capsys) -> None:
    """hand --player 7,5 --dealer 4: stand, hit and a paid double; hitting is best."""
    data = run_json(capsys, "hand", "--preset", "evolution", "--player", "7,5", "--dealer", "4")
    assert set(data["actions"]) == {"stand", "hit", "double"}
    assert data["best"] == "hit"


def test_hand_at_a_given_shoe_with_free_stakes(capsys) -> None:
    """A free-stake hand at a custom shoe gets the free double after a split in pot-of-gold."""
    data = run_json(capsys, "hand", "--preset", "pot-of-gold", "--player", "8,3",
                    "--dealer", "6", "--stakes", "free", "--shoe", "24,24,24,24,24,24,24,24,24,96")
    assert "free_double" in data["actions"]
    assert data["actions"]["free_double"] > data["actions"]["hit"]


@pytest.mark.parametrize(("shoe", "lacking"), [
    ("0,0,0,1,0,0,0,0,0,0", "a five and a seven"),
    ("0,0,0,0,1,0,1,0,0,0", "a four"),
    ("0,0,0,1,0,0,0,0,0,0 ", "a five and a seven"),
    ("0,0,0,0,0,0,0,0,0,0", "a four, a five and a seven"),
])
def test_a_shoe_that_cannot_deal_the_hand_is_read_as_given(capsys, shoe: str,
                                                           lacking: str) -> None:
    """Before: the shoe after the dealer's card was set against the player's cards alone
    ("the shoe (0, 0, 0, 0, 0, 0, 0, 0, 0, 0) does not hold the cards (0, 0, 0, 0, 1, 0, 1,
    ...)"): both as given now, and what is lacking in the card names the options use."""
    assert main(["hand", "--preset", "evolution", "--player", "7,5", "--dealer", "4",
                 "--shoe", shoe]) == 2
    assert capsys.readouterr().err == (
        f"freebet-charts: the shoe cannot deal these cards: --shoe {shoe.strip()} lacks "
        f"{lacking} for the player's 7,5 and the dealer's 4\n")


def test_a_shoe_lacking_several_of_a_card_says_how_many(capsys) -> None:
    assert main(["hand", "--preset", "evolution", "--player", "10,10", "--dealer", "A",
                 "--shoe", "0,0,0,0,0,0,0,0,0,1"]) == 2
    assert capsys.readouterr().err.endswith(
        "--shoe 0,0,0,0,0,0,0,0,0,1 lacks an ace and one more ten-value card for the player's "
        "10,10 and the dealer's A\n")


def test_hand_values_surrender_where_the_rules_have_it(capsys, tmp_path) -> None:
    """docs/rules/surrender.md#its-value: late surrender at a table that peeks is -1/2 after
    the peek, and best with 16 v 10; never offered after a split."""
    rules = tmp_path / "late.toml"
    rules.write_text('base = "pot-of-gold"\nsurrender = "late"\n', encoding="utf-8")
    data = run_json(capsys, "hand", "--rules", str(rules), "--player", "10,6", "--dealer", "10")
    assert data["actions"]["surrender"] == pytest.approx(-0.5, abs=1e-12)
    assert data["best"] == "surrender"
    split = run_json(capsys, "hand", "--rules", str(rules), "--player", "10,6", "--dealer", "10",
                     "--after-split")
    assert "surrender" not in split["actions"]


def test_hand_honours_auto_stand_21_off(capsys, tmp_path) -> None:
    """With auto_stand_21 = false a 21 takes a decision: A,A,A,A,7 against a ten may hit, and
    any sixth card makes a Six Card Charlie, which wins whatever the dealer holds."""
    rules = tmp_path / "no-auto-stand.toml"
    rules.write_text('base = "evolution"\nauto_stand_21 = false\n', encoding="utf-8")
    data = run_json(capsys, "hand", "--rules", str(rules), "--player", "A,A,A,A,7",
                    "--dealer", "10")
    assert set(data["actions"]) == {"stand", "hit"}
    assert data["best"] == "hit" and data["actions"]["hit"] == pytest.approx(1.0)
    # the preset's rule: it stands, so there is nothing to value (bad input, exit 2)
    assert main(["hand", "--preset", "evolution", "--player", "A,A,A,A,7", "--dealer", "10"]) == 2
    assert "A,A,A,A,7 against 10: a 21 stands" in capsys.readouterr().err


def test_sidebets_json(capsys) -> None:
    """Every side bet's RTP, null where the rule set has none."""
    data = run_json(capsys, "sidebets", "--preset", "evolution")
    assert round(data["hot_3"] * 100, 2) == 94.60
    assert data["pot_of_gold"] is None
    assert "lammers" not in data


def test_sidebets_gives_the_pot_of_gold_wagers_distribution(capsys) -> None:
    """Where the wager is offered: the chance of each lammer count 0-7 beside its return, the
    pay table over them giving the return; the text shows them as a small table."""
    data = run_json(capsys, "sidebets", "--preset", "pot-of-gold")
    chances = data["lammers"]["by_count"]
    assert len(chances) == 8 and sum(chances) == pytest.approx(1.0, abs=1e-12)
    pays = PAY_TABLES[1]                  # the preset's pay table
    assert sum(p * (1 + pays[k]) for k, p in enumerate(chances) if k) == pytest.approx(
        data["pot_of_gold"], abs=1e-10)
    assert 0 < data["lammers"]["dealer_blackjack"] < chances[0]
    assert main(["sidebets", "--preset", "pot-of-gold"]) == 0
    text = capsys.readouterr().out
    assert f"{0:>9d}  {chances[0] * 100:10.6f}%" in text and "dealer's blackjacks" in text


def test_ev_json_has_ev_and_rtp(capsys) -> None:
    """ev prints the whole-game ev and rtp = 1 + ev."""
    data = run_json(capsys, "ev", "--preset", "evolution")
    assert data["rtp"] == pytest.approx(1 + data["ev"])
    assert round(data["rtp"] * 100, 2) == 98.45


@pytest.mark.parametrize("context", ["real", "free", "split"])
def test_chart_renders_a_non_blank_png(tmp_path, capsys, context) -> None:
    """chart writes a PNG with many colours (cells), not an empty canvas."""
    out = tmp_path / f"{context}.png"
    assert main(["chart", "--preset", "pot-of-gold", "--context", context, "--out", str(out)]) == 0
    pixels = image.imread(out)
    colours = np.unique(pixels.reshape(-1, pixels.shape[-1]), axis=0)
    assert len(colours) > 20


def test_bad_rules_file_exits_with_a_message(tmp_path, capsys) -> None:
    """An unknown rule in a rules file: exit 2 and a message naming the key."""
    path = tmp_path / "bad.toml"
    path.write_text('base = "evolution"\nsix_card_charly = true\n')
    assert main(["hand", "--rules", str(path), "--player", "7,5", "--dealer", "4"]) == 2
    assert "six_card_charly" in capsys.readouterr().err
