"""What the chart viewer says about a cell, and which cells differ from standard blackjack.

No Qt here: the charts page calls these, and tests check them without a screen.

Comparing with standard blackjack (the rule set's ``standard_counterpart()``): standard has no
free actions, so a free double counts as a double and a free split as a split (the same
*family* of play); a cell differs when the families differ (fallbacks are not compared).
Standard has no free-stake hands, so the free-stake contexts are compared with the standard
play of the same cards: "free" with "split" (a hand after a split), "drawn-free..." with
"drawn-real...". Cells are matched by (row kind, row value, up card) where both charts have one.
"""

from __future__ import annotations

from typing import Any

from strategy_charts.render import UP_ORDER, chart_rows, context_title
from trainer.rules import Action

Cell = tuple[str, str, str]   # (kind, row value, up card) as in the table's JSON

_FAMILY = {"free_double": "double", "free_split": "split"}
_ORDER = ("real", "split", "free", "drawn-real", "drawn-free")


def family(action: str) -> str:
    """The action's family for comparing with standard play (free double -> double)."""
    return _FAMILY.get(action, action)


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


def cell_of(chart: dict[str, Any], context: str, x: float, y: float
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
    """Chart coordinates of the centre of ``cell`` (the inverse of :func:`cell_of`)."""
    rows = chart_rows(chart, two_cards=not context.startswith("drawn"))
    kind, value, up = cell
    row = [(k, v) for k, v, _ in rows].index((kind, value))
    return UP_ORDER.index(int(up)) + 0.5, row + 0.5


def differences(chart: dict[str, Any], standard: dict[str, Any]) -> set[Cell]:
    """Cells whose Free Bet action family differs from the standard chart's."""
    out: set[Cell] = set()
    for kind, rows in chart.items():
        for value, ups in rows.items():
            for up, cell in ups.items():
                other = standard.get(kind, {}).get(value, {}).get(up)
                if other is not None and family(cell["action"]) != family(other["action"]):
                    out.add((kind, value, up))
    return out


def closeness(gap: float) -> str:
    """Words for how close a decision is, from the EV gap in units of the bet."""
    percent = gap * 100
    if percent < 0.5:
        return "a very close call"
    if percent < 2:
        return "close"
    if percent < 5:
        return "clear"
    return "clear-cut"


def up_text(up: str) -> str:
    """The dealer's up card as printed: "A" for 1."""
    return "A" if up == "1" else up


def cell_summary(cell: Cell, label: str, data: dict[str, Any], context: str,
                 standard: dict[str, Any] | None = None) -> str:
    """The side panel's text for one cell, as simple HTML.

    Every action's EV (in units of the bet, best first), the best action, the gap to the second
    best in % of the bet and how close that is, the fallback when doubling is not allowed, and
    the standard blackjack play where ``standard`` (that chart's cell) is given.
    """
    kind, _, up = cell
    evs = sorted(data["ev"].items(), key=lambda item: -item[1])
    best = data["action"]
    rows = "".join(
        f"<tr><td>{'<b>' if a == best else ''}{Action(a).title}{'</b>' if a == best else ''}"
        f"</td><td align='right'>{ev:+.4f}</td><td align='right'>{ev * 100:+.2f}%</td></tr>"
        for a, ev in evs)
    head = label if kind != "hard" else label.capitalize()
    parts = [f"<h3>{head} v {up_text(up)}</h3>", f"<p>{context_label(context)}</p>",
             "<table cellspacing='6'><tr><th align='left'>Action</th><th>EV</th>"
             f"<th>% of bet</th></tr>{rows}</table>"]
    if len(evs) > 1:
        gap = data["ev"][best] - max(ev for a, ev in evs if a != best)
        second = max((a for a, _ in evs if a != best), key=lambda a: data["ev"][a])
        parts.append(f"<p>Best: <b>{Action(best).title}</b>, ahead of {Action(second).title} "
                     f"by {gap * 100:.2f}% of the bet: {closeness(gap)}.</p>")
    else:
        parts.append(f"<p>Only play: <b>{Action(best).title}</b>.</p>")
    if data.get("fallback"):
        parts.append(f"<p>If doubling is not allowed: {Action(data['fallback']).title}.</p>")
    if standard is not None:
        same = family(standard["action"]) == family(best)
        verdict = "the same play" if same else "<b>a different play</b>"
        parts.append(f"<p>Standard blackjack: {Action(standard['action']).title} "
                     f"({verdict}).</p>")
    parts.append("<p><small>EVs are in units of the main bet, averaged over the hands of this "
                 "cell.</small></p>")
    return "".join(parts)
