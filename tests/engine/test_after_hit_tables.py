"""Doubles after a hit in a strategy table: the drawn situations and charts hold the double a
hand of three or more cards is offered (a free-stake hand's as a split hand's), the chart's cell
details say where three cards play otherwise than two, and tables without the rule hold none."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from strategy_charts.comparison import after_hit_cell
from strategy_charts.composition import full_shoe, of_values
from strategy_charts.game import game_ev, up_card_values
from strategy_charts.initial_hand import action_values
from strategy_charts.table_keys import table_key
from strategy_charts.tables import build_table, load_table
from trainer.rules import Action, preset
from trainer.ui.charts.cell_text import cell_summary

BOTH = replace(preset("evolution"), name="evolution, doubles after a hit",
               free_double_after_hit=True, double_after_hit=True)


@pytest.fixture(scope="module")
def table() -> dict[str, Any]:
    return build_table(BOTH)


def test_a_drawn_hand_holds_its_double_at_the_engines_value(table) -> None:
    values = up_card_values(BOTH, full_shoe(BOTH.decks), 6)
    for cards, double in (((2, 3, 5), Action.FREE_DOUBLE), ((2, 3, 8), Action.DOUBLE),
                          ((1, 2, 4), Action.DOUBLE)):
        hand = of_values(cards)
        entry = table["situations"][table_key("drawn", "real", hand, 6)]
        exact = action_values(values, hand)
        assert entry["ev"].keys() == {a.value for a in exact}
        assert double.value in entry["ev"]
        assert entry["ev"][double.value] == pytest.approx(exact[double] / values.mass(hand),
                                                          abs=1e-9)
    assert table["situations"][table_key("drawn", "real", of_values((2, 3, 5)), 6)][
        "best"] == "free_double"


def test_a_free_stake_hand_doubles_as_a_split_hand_does(table) -> None:
    """evolution doubles no split hand, so no free-stake hand doubles after a hit either."""
    drawn_free = [e for k, e in table["situations"].items() if k.startswith("drawn:free")]
    assert drawn_free and all(e["ev"].keys() == {"stand", "hit"} for e in drawn_free)


def test_the_drawn_charts_double_and_the_game_is_worth_more(table) -> None:
    assert all(cell["action"] == "free_double"
               for cell in table["charts"]["drawn-real-3"]["hard"]["10"].values())
    assert table["game"]["cd"]["ev"] == pytest.approx(game_ev(BOTH).ev, abs=1e-9)
    plain = load_table(preset("evolution"))
    assert table["game"]["cd"]["ev"] > plain["game"]["cd"]["ev"] + 0.0003
    assert table["game"]["td"]["ev"] <= table["game"]["cd"]["ev"]


def test_the_cell_details_say_where_three_cards_play_otherwise(table) -> None:
    """Two-card soft 17 against a 5 doubles; three cards of soft 17 may double but hit."""
    charts = table["charts"]
    three = after_hit_cell(charts, BOTH, "real", ("soft", "17", "5"))
    assert three is not None and three["action"] == "hit" and "double" in three["ev"]
    assert charts["real"]["soft"]["17"]["5"]["action"] == "double"
    text = cell_summary(("soft", "17", "5"), "soft 17", charts["real"]["soft"]["17"]["5"],
                        "real", after_hit=three)
    assert "After a hit (three or more cards): <b>Hit</b>" in text
    assert after_hit_cell(charts, BOTH, "real", ("hard", "10", "5")) is None   # both double
    assert after_hit_cell(charts, BOTH, "drawn-real-3", ("soft", "17", "5")) is None


@pytest.mark.parametrize("name", ["evolution", "pot-of-gold", "golden-nugget-2012"])
def test_tables_without_the_rule_double_no_drawn_hand(name) -> None:
    rules = preset(name)
    shipped = load_table(rules)
    drawn = [e for k, e in shipped["situations"].items() if k.startswith("drawn")]
    assert drawn and all(e["ev"].keys() == {"stand", "hit"} for e in drawn)
    assert after_hit_cell(shipped["charts"], rules, "real", ("soft", "17", "5")) is None
