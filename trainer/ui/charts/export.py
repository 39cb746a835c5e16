"""The chart viewer's Export…: ask where, write the chart there, and say where it went.

Before (issue 24) a chart was written without a word: the page now says "Saved … to FILE"
in its status line, or why it was not (a name without a chart format, a folder that cannot be
written), naming the file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PyQt6.QtWidgets import QFileDialog, QWidget

from strategy_charts.chart_files import ChartFileError

from .files import EXPORT_FORMATS


def chosen_path(chosen: str, selected: str) -> Path:
    """The path the dialog chose, with the suffix of the format chosen when it has none of
    the chart formats' (PNG when the filter says none)."""
    path = Path(chosen)
    if path.suffix.lower() not in EXPORT_FORMATS:
        suffix = next((s for s, label in EXPORT_FORMATS.items() if label in selected), ".png")
        path = path.with_suffix(suffix)
    return path


def export_dialog(parent: QWidget, name: str, write: Callable[[Path], Path],
                  say: Callable[[str], None]) -> Path | None:
    """Ask where to save ``name`` (the file name offered, in the home folder), write it with
    ``write`` and ``say`` where it went, or why not; the path written, None if the player
    cancelled or the file could not be written."""
    filters = ";;".join(f"{label} (*{suffix})" for suffix, label in EXPORT_FORMATS.items())
    chosen, selected = QFileDialog.getSaveFileName(
        parent, "Export chart", str(Path.home() / name), filters)
    if not chosen:
        return None
    path = chosen_path(chosen, selected)
    try:
        written = write(path)
    except ChartFileError as exc:
        say(f"Not saved: {exc}")
        return None
    except OSError as exc:
        say(f"Not saved: {path} cannot be written ({exc.strerror or exc}). Choose another "
            "folder or name.")
        return None
    say(f"Saved the chart as {EXPORT_FORMATS[written.suffix.lower()]} to {written}.")
    return written


__all__ = ["chosen_path", "export_dialog"]
