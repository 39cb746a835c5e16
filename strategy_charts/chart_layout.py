"""A strategy chart's grid without drawing it: its rows, its up-card columns, its contexts.

No matplotlib here, so the app's pages and the progress dashboard can lay data on a chart's
grid (and find the cell under a click) without loading the plotting library; :mod:`.render`
draws on the same grid. A chart is the table's JSON: ``chart[kind][value][up]`` is a cell.
"""

from __future__ import annotations

from typing import Any

#: A chart cell: (row kind, row value, up card), as text, as in the table's JSON.
Cell = tuple[str, str, str]
#: A chart row: (kind, value, label).
Row = tuple[str, str, str]

#: The up cards in column order: 2 to 10, then the ace (1).
UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)
#: Colour and short label per action (and per double fallback): the chart's and every small
#: table's that shows plays (the welcome's), drawn with matplotlib or not.
STYLE: dict[str, tuple[str, str, str]] = {
    # action: (label, colour, meaning)
    "hit": ("H", "#f2f2f2", "Hit"),
    "stand": ("S", "#e4574e", "Stand"),
    "double": ("D", "#4a90d9", "Double (paid)"),
    "free_double": ("FD", "#f4c430", "Free double"),
    "split": ("P", "#3cb371", "Split (paid)"),
    "free_split": ("FP", "#d4a017", "Free split"),
    "surrender": ("R", "#9575cd", "Surrender"),
}
#: What each two-card or drawn context is, in words.
CONTEXT_TITLES = {"real": "first decision, real stake", "split": "hand one after a split",
                  "free": "free-stake hand after a free split",
                  "drawn-real": "after drawing, real stake",
                  "drawn-free": "after drawing, free stake"}


def context_title(context: str) -> str:
    """Human title of a chart context, e.g. 'after drawing, free stake (4 cards)'."""
    base, _, cards = context.rpartition("-") if context[-1].isdigit() else (context, "", "")
    title = CONTEXT_TITLES.get(base, base)
    return f"{title} ({cards} cards)" if cards else title


def drawn_chart(free: bool, cards: int, charlie: bool) -> str:
    """The chart context of a hand of ``cards`` cards after drawing, real or ``free`` stake:
    "drawn-real", or by card count where Six Card Charlie makes it count ("drawn-free-4")."""
    label = "drawn-free" if free else "drawn-real"
    return f"{label}-{min(cards, 5)}" if charlie else label


def chart_rows(chart: dict[str, Any], two_cards: bool = True) -> list[tuple[str, str, str]]:
    """The chart's rows in display order: (kind, value, label); soft two-card rows name
    their cards (A,7)."""
    rows: list[tuple[str, str, str]] = []
    for kind in ("hard", "soft", "pair"):
        values = sorted(chart.get(kind, {}), key=int, reverse=kind == "pair")
        if kind == "pair":
            values = sorted(values, key=lambda v: (int(v) != 1, -int(v)))
        for value in values:
            if kind == "hard":
                label = f"hard {value}"
            elif kind == "soft":
                label = f"soft {value}" + (f" (A,{int(value) - 11})" if two_cards else "")
            else:
                face = "A" if value == "1" else value
                label = f"{face},{face}"
            rows.append((kind, value, label))
    return rows


_ORDER = ("real", "split", "free", "drawn-real", "drawn-free")


def context_order(contexts: list[str] | tuple[str, ...]) -> list[str]:
    """Contexts in menu order: real, split, free, then drawn real and free by card count."""
    def key(context: str) -> tuple[int, str]:
        base = context.rstrip("0123456789").rstrip("-")
        return (_ORDER.index(base) if base in _ORDER else len(_ORDER), context)
    return sorted(contexts, key=key)


def context_label(context: str) -> str:
    """Menu text of a context: "First decision, real stake"."""
    title = context_title(context)
    return title[:1].upper() + title[1:]


def up_text(up: str) -> str:
    """The dealer's up card as printed: "A" for 1."""
    return "A" if up == "1" else up


def cell_at(chart: dict[str, Any], context: str, x: float, y: float
            ) -> tuple[Cell, str, dict[str, Any]] | None:
    """The cell at chart coordinates (x: up-card column, y: row, as drawn), with its row label;
    None outside the grid or where the chart has no hand."""
    rows = chart_rows(chart, two_cards=not context.startswith("drawn"))
    col, row = int(x // 1), int(y // 1)
    if not (0 <= col < len(UP_ORDER) and 0 <= row < len(rows)) or x < 0 or y < 0:
        return None
    kind, value, label = rows[row]
    up = str(UP_ORDER[col])
    cell = chart[kind][value].get(up)
    if cell is None:
        return None
    return (kind, value, up), label, cell


def position_of(chart: dict[str, Any], context: str, cell: Cell) -> tuple[float, float]:
    """Chart coordinates of the centre of ``cell`` (the inverse of :func:`cell_at`)."""
    rows = chart_rows(chart, two_cards=not context.startswith("drawn"))
    kind, value, up = cell
    row = [(k, v) for k, v, _ in rows].index((kind, value))
    return UP_ORDER.index(int(up)) + 0.5, row + 0.5


def row_label(chart: dict[str, Any], context: str, cell: Cell) -> str:
    """The label of the row ``cell`` is in ("hard 16", "soft 18 (A,7)", "8,8")."""
    kind, value, _ = cell
    return next(label for k, v, label in chart_rows(chart, not context.startswith("drawn"))
                if (k, v) == (kind, value))


__all__ = ["CONTEXT_TITLES", "STYLE", "UP_ORDER", "Cell", "Row", "cell_at", "chart_rows",
           "context_label", "context_order", "context_title", "drawn_chart", "position_of",
           "row_label", "up_text"]
