"""The progress charts' words do not run together at the narrowest canvas the page gives them
(the 1024 x 640 window): the retention chart's bar names and its figures above the bars, each
measured by matplotlib's own text extents against its neighbours'."""

from __future__ import annotations

from itertools import pairwise

import pytest
from matplotlib.backend_bases import RendererBase
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from trainer.progress import review
from trainer.ui.plotting.frames import refit
from trainer.ui.progress import charts

#: The retention canvas in the 1024 x 640 window (pixels, as the progress page lays it out).
NARROW = (220, 230)


def _overlapping(texts: list[Text], renderer: RendererBase) -> list[tuple[str, str]]:
    """Pairs of neighbouring texts whose boxes overlap side by side."""
    boxes = sorted(((t.get_window_extent(renderer), t.get_text()) for t in texts
                    if t.get_text()), key=lambda b: b[0].x0)
    return [(a[1], b[1]) for a, b in pairwise(boxes)
            if a[0].x1 > b[0].x0 and a[0].y1 > b[0].y0 and b[0].y1 > a[0].y0]


@pytest.mark.parametrize("size", [NARROW, (330, 230)], ids=["1024x640", "1280x800"])
def test_the_retention_charts_words_do_not_run_together(size: tuple[int, int]) -> None:
    retention = review.Retention(review.Tally(398, 330), review.Tally(189, 83),
                                 review.Tally(112, 81), review.Tally(1_101, 892))
    figure = charts.draw_retention(retention)
    assert figure is not None
    figure.set_size_inches(size[0] / figure.dpi, size[1] / figure.dpi)
    refit(figure)                                  # as the page's canvas does on a resize
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    (ax,) = figure.axes
    names = list(ax.get_xticklabels())
    assert [t.get_text().replace("\n", " ") for t in names] == [
        "after a gap", "in session", "next session", "first time"]
    assert _overlapping(names, renderer) == []
    assert _overlapping(list(ax.texts), renderer) == []
    for text in [*names, *ax.texts]:
        box = text.get_window_extent(renderer)
        assert box.x0 >= 0 and box.x1 <= figure.bbox.width, text.get_text()
        assert box.y0 >= 0 and box.y1 <= figure.bbox.height, text.get_text()
