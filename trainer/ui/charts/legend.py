"""The chart viewer's legend, beside the chart so it stays in view when the chart scrolls: each
action's colour and letter, the double's and the surrender's fallbacks, and what the frames and
outlines mean. No Qt:
simple HTML for a label."""

from __future__ import annotations

from typing import Any

from strategy_charts.chart_layout import Row
from strategy_charts.render import STYLE


def actions_used(chart: dict[str, Any], rows: list[Row]) -> list[str]:
    """The actions the chart's cells show, in the legend's order."""
    used = {chart[kind][value][up]["action"] for kind, value, _ in rows
            for up in chart[kind][value]}
    return [action for action in STYLE if action in used]


def legend_html(chart: dict[str, Any], rows: list[Row], differences: bool,
                selection: str) -> str:
    """The legend of ``chart``'s ``rows``: a swatch per action used, the fallback letters, the
    selection frame (``selection``: its colour) and, with ``differences``, the outline."""
    lines = [f'<td bgcolor="{colour}" width="22" align="center" style="color:#1d1d1d">'
             f"<b>{letter}</b></td><td>&nbsp;{meaning}</td>"
             for action in actions_used(chart, rows)
             for letter, colour, meaning in [STYLE[action]]]
    lines.append("<td></td><td>&nbsp;Dh / Ds: double, else hit / stand</td>")
    if "surrender" in actions_used(chart, rows):
        lines.append("<td></td><td>&nbsp;Rh / Rs / Rp: surrender, else hit / stand / split"
                     "</td>")
    lines.append(f'<td bgcolor="{selection}"></td><td>&nbsp;Blue frame: the cell described '
                 "above (arrow keys move it, Enter shows its EVs)</td>")
    if differences:
        lines.append('<td bgcolor="#000000"></td><td>&nbsp;Black outline: Free Bet play '
                     "differs from standard blackjack there</td>")
    else:
        lines.append("<td></td><td>&nbsp;Tick <i>Differences</i> to outline the cells where "
                     "Free Bet play differs from standard blackjack</td>")
    rows_html = "".join(f"<tr>{line}</tr>" for line in lines)
    return f'<table cellspacing="3" cellpadding="1">{rows_html}</table>'


__all__ = ["actions_used", "legend_html"]
