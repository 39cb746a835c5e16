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

from trainer.rules import Action

from .chart_layout import Cell
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


__all__ = ["chart_differences", "entry_differences", "same_play", "standard_context",
           "standard_key", "table_differences"]
