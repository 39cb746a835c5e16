"""The colours of a chart's frame (background, text, spines, grid) in the light and dark
themes. Plain values: neither Qt nor matplotlib, so the theme can name them before the first
paint without loading the plotting library."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Look:
    """The colours of everything in a chart that is not data."""

    name: str
    background: str
    text: str
    muted: str        # secondary text: messages, the lighter series
    edge: str         # spines and ticks
    grid: str
    untried: str      # heatmap cells never tried
    separator: str    # lines between heatmap cells


LIGHT = Look("light", background="#ffffff", text="#1f1f1f", muted="#757575", edge="#5f5f5f",
             grid="#e6e6e6", untried="#dedede", separator="#ffffff")
DARK = Look("dark", background="#2b2b2e", text="#e8e8e8", muted="#a0a0a0", edge="#9a9a9a",
            grid="#3f3f44", untried="#404045", separator="#2b2b2e")


__all__ = ["DARK", "LIGHT", "Look"]
