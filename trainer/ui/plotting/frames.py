"""The frames the progress charts draw into: axes kept between draws, a light or dark look, and
fixed margins.

Building axes is most of the cost of drawing a small matplotlib chart: every axis makes its
ticks, spines and text anew. So a chart's axes (its *frame*) are built once per kind of chart
and look, and each later draw only removes the previous data artists and adds new ones
(:func:`frame`). Artists that belong to the frame (fixed labels, grid separators) carry the
gid :data:`FRAME` and stay. No Qt here: the look (:mod:`.look`) is chosen by the page from its
palette.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .look import LIGHT, Look

#: The gid of artists that are part of a frame and survive redraws.
FRAME = "frame"
#: Makes a chart's axes on an empty figure (a frame's builder).
Build = Callable[[Figure], list[Axes]]


def frame(figure: Figure, kind: Hashable, look: Look, build: Build) -> list[Axes]:
    """The axes of ``figure`` for a chart of ``kind`` in ``look``, emptied of data.

    If the figure last held the same kind and look, its axes are kept and only their data
    artists (lines, bars, images, texts and legends without the :data:`FRAME` gid) are removed;
    otherwise the figure is cleared, given the look's background and ``build`` makes the axes.
    """
    key = (kind, look)
    if getattr(figure, "_chart_frame", None) == key and figure.axes:
        for ax in figure.axes:
            _empty(ax)
        return list(figure.axes)
    figure.clear()
    figure.set_facecolor(look.background)
    axes = build(figure)
    figure._chart_frame = key  # type: ignore[attr-defined]
    return axes


def _empty(ax: Axes) -> None:
    """Remove the data artists of ``ax`` and forget their limits."""
    for container in list(ax.containers):
        container.remove()
    for artist in (*ax.lines, *ax.collections, *ax.patches, *ax.texts, *ax.images):
        if artist.get_gid() != FRAME:
            artist.remove()
    legend = ax.get_legend()
    if legend is not None:
        legend.remove()
    ax.relim()


def forget(figure: Figure) -> None:
    """Clear ``figure`` so the next :func:`frame` builds anew."""
    figure.clear()
    figure._chart_frame = None  # type: ignore[attr-defined]


def style_axes(ax: Axes, look: Look, *, grid: bool = True) -> None:
    """Spines, ticks and grid in ``look``: only the left and bottom spines, a light y grid."""
    ax.set_facecolor(look.background)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    for side in ("left", "bottom"):
        ax.spines[side].set_color(look.edge)
    if grid:
        ax.grid(axis="y", color=look.grid, linewidth=0.8)
    ax.set_axisbelow(True)
    ax.tick_params(labelsize=8, colors=look.edge, labelcolor=look.text)
    ax.yaxis.label.set_color(look.text)
    ax.xaxis.label.set_color(look.text)


def set_margins(figure: Figure, left: float = 0.65, right: float = 0.2, top: float = 0.35,
                bottom: float = 0.45, hspace: float = 0.15) -> None:
    """Fixed margins in inches (cheaper than a layout engine, which would measure every
    label on each draw); :func:`refit` keeps them after the canvas is resized."""
    figure._progress_margins = (left, right, top, bottom, hspace)  # type: ignore[attr-defined]
    refit(figure)


def refit(figure: Figure) -> None:
    """Re-apply a chart's margins for the figure's current size (after a resize)."""
    margins = getattr(figure, "_progress_margins", None)
    if margins is None:
        return
    left, right, top, bottom, hspace = margins
    width, height = figure.get_size_inches()
    figure.subplots_adjust(left=min(left / width, 0.4), right=max(1 - right / width, 0.6),
                           top=max(1 - top / height, 0.6), bottom=min(bottom / height, 0.4),
                           hspace=hspace)


def draw_message(figure: Figure, text: str, look: Look = LIGHT) -> Figure:
    """A figure holding only a short message (a chart with nothing to show yet)."""
    forget(figure)
    figure.set_facecolor(look.background)
    figure.text(0.5, 0.5, text, ha="center", va="center", fontsize=9, color=look.muted,
                wrap=True)
    return figure


__all__ = ["FRAME", "Build", "draw_message", "forget", "frame", "refit", "set_margins",
           "style_axes"]
