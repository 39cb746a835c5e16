"""The tables and files behind the chart viewer: tables kept for the session, chart export.

No Qt: the charts page calls these (the standard table's build from a worker thread, through
:func:`strategy_charts.tables.load_standard`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from strategy_charts.chart_files import FORMATS, chart_format, write_chart
from strategy_charts.chart_layout import Cell
from strategy_charts.render import draw_chart
from strategy_charts.tables import load_or_build
from trainer.rules import RuleSet

#: The formats a chart is exported in, by suffix, with what the file dialog calls them.
EXPORT_FORMATS = {f".{kind}": label for kind, label in FORMATS.items()}
#: Standard blackjack tables built or loaded this session, by rule-set fingerprint.
_STANDARD: dict[str, dict[str, Any]] = {}
_PLAY: dict[str, dict[str, Any]] = {}


def play_table(rules: RuleSet) -> dict[str, Any]:
    """The table of ``rules`` (shipped for presets: fast), kept for the session."""
    key = rules.fingerprint()
    if key not in _PLAY:
        _PLAY[key] = load_or_build(rules)
    return _PLAY[key]


def export_chart(chart: dict[str, Any], rules: RuleSet, context: str, path: Path,
                 outlined: set[Cell] | None = None) -> Path:
    """Draw the chart at its standard size and write it to ``path`` (PNG, SVG or PDF by
    suffix) with the one chart writer the command line uses too
    (:func:`strategy_charts.chart_files.write_chart`: same resolution, written whole)."""
    chart_format(path)      # the name first: nothing is drawn for a file it cannot write
    return write_chart(draw_chart(chart, rules, context, differences=outlined or None), path)


def standard_table(rules: RuleSet) -> dict[str, Any] | None:
    """The standard blackjack table of ``rules`` if it is ready this session, else None."""
    return _STANDARD.get(rules.standard_counterpart().fingerprint())


def keep_standard(rules: RuleSet, table: dict[str, Any]) -> None:
    """Keep ``table``, the standard table of ``rules``, for the rest of the session."""
    _STANDARD[rules.standard_counterpart().fingerprint()] = table
