"""Free Bet against standard blackjack, and a chart's grid, without a screen: which cells and
table entries play differently (a free play counting as its paid family), and which cell is
where."""

from __future__ import annotations

from strategy_charts.chart_layout import (
    cell_at,
    context_label,
    context_order,
    position_of,
    row_label,
)
from strategy_charts.comparison import (
    chart_differences,
    same_play,
    standard_context,
    standard_key,
    table_differences,
)
from strategy_charts.tables import load_standard, load_table
from trainer.rules import preset


def test_a_free_play_is_the_same_play_as_its_paid_form() -> None:
    assert same_play("free_double", "double") and same_play("free_split", "split")
    assert not same_play("free_double", "hit") and same_play("stand", "stand")


def test_free_stake_charts_compare_with_the_standard_play_of_the_same_cards() -> None:
    standard = ("real", "split", "drawn-real")
    assert standard_context("free", standard) == "split"
    assert standard_context("drawn-free-4", standard) == "drawn-real"
    assert standard_context("drawn-free-4", (*standard, "drawn-real-4")) == "drawn-real-4"
    assert standard_context("real", ("split",)) is None


def test_evolution_differs_from_standard_where_free_bets_change_the_play() -> None:
    rules = preset("evolution")
    charts, standard = load_table(rules)["charts"], load_standard(rules)["charts"]
    outlined = chart_differences(charts["real"], standard["real"])
    assert ("hard", "9", "2") in outlined            # free double 9 v 2; standard hits
    assert ("hard", "11", "6") not in outlined       # free double v double: the same family
    entries = table_differences(load_table(rules)["situations"],
                                load_standard(rules)["situations"])
    assert "first:real:7,2:v2" in entries and "first:real:8,3:v6" not in entries
    assert standard_key("split:free:8,3:v6") == "split:real:8,3:v6"


def test_a_cell_and_its_position_are_inverse() -> None:
    chart = load_table(preset("evolution"))["charts"]["real"]
    cell = ("hard", "16", "10")
    x, y = position_of(chart, "real", cell)
    found = cell_at(chart, "real", x, y)
    assert found is not None and found[0] == cell and found[1] == "hard 16"
    assert row_label(chart, "real", ("soft", "18", "2")) == "soft 18 (A,7)"
    assert cell_at(chart, "real", -1, 3) is None and cell_at(chart, "real", 3, 999) is None


def test_contexts_read_in_menu_order() -> None:
    assert context_order(["drawn-free", "free", "drawn-real-3", "real", "split"]) == [
        "real", "split", "free", "drawn-real-3", "drawn-free"]
    assert context_label("drawn-free-4") == "After drawing, free stake (4 cards)"


def test_surrender_in_the_differences_view() -> None:
    """With late surrender at the Pot of Gold table: standard blackjack surrenders 8,8 against
    an ace, Free Bet splits them free (a difference); both surrender hard 16 against a ten."""
    from dataclasses import replace

    from strategy_charts.comparison import chart_differences
    from strategy_charts.tables import load_or_build
    from trainer.rules import Surrender, preset

    rules = replace(preset("pot-of-gold"), surrender=Surrender.LATE, pot_of_gold=None)
    free_bet = load_or_build(rules)["charts"]["real"]
    standard = load_or_build(rules.standard_counterpart())["charts"]["real"]
    found = chart_differences(free_bet, standard)
    assert standard["pair"]["8"]["1"]["action"] == "surrender"
    assert free_bet["pair"]["8"]["1"]["action"] == "free_split"
    assert ("pair", "8", "1") in found
    assert free_bet["hard"]["16"]["10"]["action"] == standard["hard"]["16"]["10"]["action"] \
        == "surrender"
    assert ("hard", "16", "10") not in found
