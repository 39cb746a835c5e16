"""Free Bet play against standard blackjack, or against another rule set: which chart cells and
table entries play differently.

The standard game is the rule set's ``standard_counterpart()``. It has no free actions, so a
free double counts as a double and a free split as a split (:attr:`Action.family`); a cell or
entry differs when the families of the best plays differ (a double's fallback is not compared).
It has no free-stake hands either, so a free-stake hand is compared with the standard play of
the same cards: the "free" chart with "split" (a hand after a split), "drawn-free..." with
"drawn-real...", a table's ``free`` entry with its ``real`` one. Two rule sets' tables
(:func:`entry_differences`) are compared entry by entry, where both hold the same entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trainer.rules import Action, RuleSet, offers

from .chart_layout import Cell, drawn_chart
from .table_keys import hands_of, parse_table_key, split_card_of, table_key


def same_play(action: str, other: str) -> bool:
    """True when two actions (by their table names) are the same play for a standard player:
    a free double is a double, a free split a split."""
    return Action(action).family is Action(other).family


def standard_context(context: str, standard_contexts: list[str] | tuple[str, ...]) -> str | None:
    """The standard chart context to compare ``context`` with (None if there is none).

    "free" -> "split"; "drawn-free-4" -> "drawn-real-4", else "drawn-real" (standard has no
    Six Card Charlie, so its drawn charts are not split by card count).
    """
    if context == "free":
        wanted = "split"
    elif context.startswith("drawn-free"):
        wanted = "drawn-real" + context.removeprefix("drawn-free")
    else:
        wanted = context
    for candidate in (wanted, wanted.rstrip("0123456789").rstrip("-")):
        if candidate in standard_contexts:
            return candidate
    return None


def chart_differences(chart: dict[str, Any], standard: dict[str, Any]) -> set[Cell]:
    """Cells whose Free Bet action differs from the standard chart's (by family), matched by
    (row kind, row value, up card) where both charts have one."""
    out: set[Cell] = set()
    for kind, rows in chart.items():
        for value, ups in rows.items():
            for up, cell in ups.items():
                other = standard.get(kind, {}).get(value, {}).get(up)
                if other is not None and not same_play(cell["action"], other["action"]):
                    out.add((kind, value, up))
    return out


def standard_key(key: str) -> str:
    """The standard table's key of the same cards as the table key ``key`` (its real-stake
    entry: standard blackjack has no free stakes)."""
    context, _, hand, up = parse_table_key(key)
    split_card = split_card_of(key) if context == "split" else None
    return table_key(context, "real", hand, up, split_card, hands_of(key))


def table_differences(entries: Mapping[str, Mapping[str, Any]],
                      standard: Mapping[str, Mapping[str, Any]]) -> frozenset[str]:
    """Table keys of ``entries`` whose best play differs (by family) from the standard table's
    entry of the same cards; keys the standard table lacks are left out."""
    found = set()
    for key, entry in entries.items():
        other = standard.get(standard_key(key))
        if other is not None and not same_play(entry["best"], other["best"]):
            found.add(key)
    return frozenset(found)


def entry_differences(entries: Mapping[str, Mapping[str, Any]],
                      other: Mapping[str, Mapping[str, Any]]) -> frozenset[str]:
    """Table keys both tables hold whose best play differs (by family): what changes for a
    player who knows the rules of ``other`` and now plays those of ``entries`` (an entry only
    one rule set deals, say a free split its rules lack, is left out)."""
    return frozenset(key for key, entry in entries.items()
                     if (before := other.get(key)) is not None
                     and not same_play(entry["best"], before["best"]))


def _split_doubles_as_first(rules: RuleSet) -> bool:
    """True when a split hand of three or more cards is offered the doubles a first hand is."""
    return ((rules.free_double_after_split or not rules.free_double_after_hit)
            and (rules.double_after_split or not rules.double_after_hit))


#: The two-card chart contexts, and whether each is a free stake's.
_TWO_CARD_FREE = {"real": False, "split": False, "free": True}


def after_hit_cell(charts: Mapping[str, Any], rules: RuleSet, context: str,
                   cell: Cell) -> dict[str, Any] | None:
    """Where hands double after a hit: the cell of a two-card chart's hard or soft row as a
    hand of three cards of that total plays it (the drawn chart of the same stakes), when a
    double is offered there, it plays otherwise than the two-card cell and one of the two
    plays is a double; else None. ``charts`` are a table's charts, by context."""
    kind, value, up = cell
    if context not in _TWO_CARD_FREE or kind == "pair" or not offers.doubles_after_hit(rules):
        return None
    if context == "split" and not _split_doubles_as_first(rules):
        return None        # hand one's drawn chart is a first hand's: its doubles differ
    drawn = charts.get(drawn_chart(_TWO_CARD_FREE[context], 3, rules.six_card_charlie), {})
    three = drawn.get(kind, {}).get(value, {}).get(up)
    two = charts.get(context, {}).get(kind, {}).get(value, {}).get(up)
    if three is None or two is None or three["action"] == two["action"]:
        return None
    offered = any(Action(action).is_double for action in three["ev"])
    doubles = Action(three["action"]).is_double or Action(two["action"]).is_double
    return three if offered and doubles else None


__all__ = ["after_hit_cell", "chart_differences", "entry_differences", "same_play",
           "standard_context", "standard_key", "table_differences"]
