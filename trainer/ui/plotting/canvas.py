"""A matplotlib canvas that draws only when Qt paints it: a chart scrolled out of view costs
nothing until it is scrolled into view.

``FigureCanvasQTAgg.draw_idle`` renders on the next turn of the event loop whether or not the
canvas can be seen; on the progress page, five charts under one scroll area, that made the
first paint render all five (and a resize of the window did it again).
:meth:`LazyCanvas.draw_when_shown` (and ``draw_idle``) marks the figure as changed and
asks Qt for a paint; Qt sends paint events only to what is on screen, and the paint renders the
figure first when it changed.

A figure can outlive its canvas (a page closed while a chart's data arrives; matplotlib's own
idle draw after a resize): every entry Qt or matplotlib calls first asks whether the canvas
still exists, and does nothing on a deleted one (a whole-suite run once crashed painting a
deleted canvas).
"""

from __future__ import annotations

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from PyQt6 import sip
from PyQt6.QtGui import QPaintEvent


class LazyCanvas(FigureCanvasQTAgg):
    """A Qt canvas whose figure is rendered at its next paint after a change."""

    stale_figure = False

    def draw_when_shown(self) -> None:
        """The figure changed: render it when the canvas is next painted on screen."""
        if sip.isdeleted(self):
            return
        self.stale_figure = True
        self.update()

    def draw_idle(self) -> None:
        """What matplotlib asks for after a resize or a change: render at the next paint."""
        self.draw_when_shown()

    def render_ahead(self) -> None:
        """Render a changed figure now, unseen (the window's warm-up), so that its first paint
        only copies it to the screen."""
        if not sip.isdeleted(self) and self.stale_figure and self.width() > 0 \
                and self.height() > 0:
            self.draw()

    def paintEvent(self, event: QPaintEvent | None) -> None:
        """Render the changed figure (once), then copy it to the screen."""
        if sip.isdeleted(self):
            return
        if self.stale_figure and self.width() > 0 and self.height() > 0:
            self.stale_figure = False
            self.draw()
        super().paintEvent(event)

    def draw(self) -> None:
        """Render now (the figure is no longer stale)."""
        self.stale_figure = False
        if not sip.isdeleted(self):
            super().draw()


__all__ = ["LazyCanvas"]
