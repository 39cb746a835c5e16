"""The tables and files behind the chart viewer: tables kept for the session, chart export.

No Qt: the charts page calls these (the standard table's build from a worker thread).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from strategy_charts.render import draw_chart
from strategy_charts.tables import Progress, load_or_build
from trainer.rules import RuleSet

from .chart_logic import Cell

EXPORT_FORMATS = {".png": "PNG image", ".svg": "SVG image", ".pdf": "PDF document"}
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
    suffix), atomically: a temporary file in the same folder, then a rename."""
    suffix = path.suffix.lower()
    if suffix not in EXPORT_FORMATS:
        raise ValueError(f"cannot export to {path.name}: use .png, .svg or .pdf")
    figure = draw_chart(chart, rules, context, differences=outlined or None)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=suffix)
    try:
        with os.fdopen(fd, "wb") as handle:
            figure.savefig(handle, format=suffix[1:], dpi=200 if suffix == ".png" else None)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def standard_table(rules: RuleSet) -> dict[str, Any] | None:
    """The standard blackjack table of ``rules`` if it is ready this session, else None."""
    return _STANDARD.get(rules.standard_counterpart().fingerprint())


def load_standard(rules: RuleSet, progress: Progress | None = None) -> dict[str, Any]:
    """Load the standard blackjack table of ``rules`` (shipped for the presets) or build it
    (a few seconds the first time, then cached on disk by ``load_or_build``), a build
    reporting to ``progress``. Call it from a worker thread."""
    return load_or_build(rules.standard_counterpart(), progress)


def keep_standard(rules: RuleSet, table: dict[str, Any]) -> None:
    """Keep ``table``, the standard table of ``rules``, for the rest of the session."""
    _STANDARD[rules.standard_counterpart().fingerprint()] = table
