"""Chart files: the one writer of every chart the project saves (the window's export, ``chart
--out`` and ``indices --out``), so each format comes out alike wherever it is made.

The format is the file name's extension (PNG, SVG or PDF); a PNG is drawn at :data:`DPI` (SVG
and PDF are vector, their few raster parts at the same resolution). The target is checked
before the drawing is written (a folder, a device or a read-only file is refused) and the file
is written whole (:mod:`trainer.rules.atomic_file`). Imports no plotting library: it is handed a
drawn figure.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any, Protocol

from trainer.rules.atomic_file import atomic_write, check_target

#: The formats a chart is written in, by extension, with what a file dialog calls them.
FORMATS = {"png": "PNG image", "svg": "SVG image", "pdf": "PDF document"}
#: Dots per inch of a PNG (and of any raster part of an SVG or PDF).
DPI = 200


class ChartFileError(ValueError):
    """A chart file name without one of the :data:`FORMATS` extensions."""


class Drawn(Protocol):
    """A drawn figure (matplotlib's ``Figure``)."""

    def savefig(self, fname: IO[Any], *, format: str, dpi: float) -> None:
        """Write the figure to ``fname`` in ``format``."""


def chart_format(path: str | os.PathLike[str]) -> str:
    """The format of a chart file by its extension; ChartFileError names the ones there are."""
    kind = Path(path).suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise ChartFileError(f"{path}: name the file with one of the extensions "
                             f"{', '.join('.' + k for k in FORMATS)}")
    return kind


def check_chart_target(path: str | os.PathLike[str]) -> str:
    """Check a chart file's name and place before anything is drawn; returns its format
    (ChartFileError for the name, an OSError for a target that cannot be written)."""
    kind = chart_format(path)
    check_target(path)
    return kind


def write_chart(figure: Drawn, path: str | os.PathLike[str]) -> Path:
    """Write ``figure`` to ``path`` whole, in the format its extension names."""
    kind = check_chart_target(path)
    with atomic_write(path, "wb") as handle:
        figure.savefig(handle, format=kind, dpi=DPI)
    return Path(path)


__all__ = ["DPI", "FORMATS", "ChartFileError", "Drawn", "chart_format", "check_chart_target",
           "write_chart"]
