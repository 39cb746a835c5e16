"""A chart's figure can outlive its canvas: nothing it or Qt calls then raises (a whole-suite run
once crashed with "wrapped C/C++ object of type LazyCanvas has been deleted" in paintEvent)."""

from __future__ import annotations

from matplotlib.figure import Figure
from PyQt6 import sip

from trainer.ui.plotting.canvas import LazyCanvas


def test_a_deleted_canvas_ignores_every_late_call(qtbot) -> None:
    figure = Figure()
    axes = figure.add_subplot()
    canvas = LazyCanvas(figure)
    canvas.resize(200, 100)
    canvas.draw_when_shown()
    assert canvas.stale_figure
    sip.delete(canvas)
    assert sip.isdeleted(canvas)
    axes.plot([1, 2, 3])            # the figure changes after its page closed
    canvas.draw_idle()
    canvas.draw_when_shown()
    canvas.render_ahead()
    canvas.paintEvent(None)
    canvas.draw()


def test_a_live_canvas_renders_once_at_its_paint(qtbot) -> None:
    canvas = LazyCanvas(Figure())
    qtbot.addWidget(canvas)
    canvas.resize(200, 100)
    drawn: list[int] = []
    canvas.mpl_connect("draw_event", lambda event: drawn.append(1))
    with qtbot.waitExposed(canvas):
        canvas.show()
    qtbot.waitUntil(lambda: not canvas.stale_figure)
    drawn.clear()
    canvas.draw_when_shown()
    canvas.repaint()
    canvas.repaint()
    assert drawn == [1] and not canvas.stale_figure
