"""Many short, fixed labels drawn as one collection of glyph outlines instead of Text artists.

Matplotlib shapes and rasterises every Text artist again on every draw (about a millisecond
each with matplotlib 3.11), so a chart grid with fifty row and column labels spends most of its
drawing time on them. Each label's outline is made once (cached by text, size and alignment)
and all of a chart's labels are drawn as one PathCollection: a few milliseconds per draw.
Outlines are sized in points through the figure's dpi transform, so they scale on savefig.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D, Transform

#: A label: x and y in data coordinates, and its text.
LABEL = tuple[float, float, str]
_HORIZONTAL = ("left", "center", "right")
_VERTICAL = ("baseline", "center", "bottom")


class _OnWholePixels(Transform):
    """Rounds display coordinates to whole pixels.

    Outlines are not hinted: a stroke thinner than a pixel (the bar of an H at 7 points) lands
    wherever its label's anchor puts it, crisp in one cell and smeared over two pixel rows in
    the next. Anchoring every label on a whole pixel draws each the same, as text would be.
    """

    input_dims = output_dims = 2

    def transform_non_affine(self, values: np.ndarray) -> np.ndarray:  # type: ignore[override]
        return np.round(values)


_ON_PIXELS = _OnWholePixels()


@lru_cache(maxsize=8)
def _digit_height(size: float) -> float:
    """The height of a digit at ``size`` points: labels centre on it, sharing one baseline."""
    box = TextPath((0, 0), "0", size=size, prop=FontProperties()).get_extents()
    return box.y1


@lru_cache(maxsize=4096)
def outline(text: str, size: float, ha: str = "center", va: str = "center",
            weight: str = "normal") -> Path:
    """The outline of ``text`` at ``size`` points, in points, moved so that (0, 0) is its
    anchor: ``ha`` left/center/right of its ink, ``va`` baseline, center (of a digit's height,
    so mixed labels line up) or bottom (of its ink)."""
    if ha not in _HORIZONTAL or va not in _VERTICAL:
        raise ValueError(f"alignment must be one of {_HORIZONTAL} and {_VERTICAL}")
    path = TextPath((0, 0), text, size=size, prop=FontProperties(weight=weight))
    box = path.get_extents()
    dx = {"left": -box.x0, "center": -(box.x0 + box.x1) / 2, "right": -box.x1}[ha]
    dy = {"baseline": 0.0, "center": -_digit_height(size) / 2, "bottom": -box.y0}[va]
    return Path(path.vertices + np.array((dx, dy)), path.codes)


def add_labels(ax: Axes, labels: Sequence[LABEL], *, size: float, ha: str = "center",
               va: str = "center", color: str = "black",
               weight: str = "normal") -> PathCollection:
    """Draw ``labels`` on ``ax`` as one collection (not clipped, not counted in autoscaling)."""
    collection = PathCollection([outline(text, size, ha, va, weight) for _, _, text in labels],
                                offsets=[(x, y) for x, y, _ in labels],
                                offset_transform=ax.transData + _ON_PIXELS,
                                facecolors=color, edgecolors="none", linewidths=0)
    collection.set_transform(Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans)
    collection.set_clip_on(False)
    ax.add_collection(collection, autolim=False)
    return collection


__all__ = ["LABEL", "add_labels", "outline"]
