"""After the window's first paint, the first visit of every page made about as quick as a later
one: the heavy libraries are imported off the UI thread, then, one idle moment at a time, each
page not made yet is made and its charts rendered unseen (or, for a drill, which deals and
starts its clock when made, only its module imported), so that choosing it later is a switch
and not a build."""

from __future__ import annotations

import importlib
import threading

from PyQt6 import sip
from PyQt6.QtCore import QObject, QTimer, pyqtSignal

from .main_window import MainWindow

#: Imported in the background first (no Qt in them): what the charts and progress pages load.
LIBRARIES = ("matplotlib.figure", "matplotlib.backends.backend_agg", "matplotlib.dates",
             "matplotlib.colors", "matplotlib.collections", "matplotlib.patches",
             "strategy_charts.render", "strategy_charts.tables")


def import_libraries() -> None:
    """Import :data:`LIBRARIES`; a failure is left for the page that needs it to report."""
    for name in LIBRARIES:
        try:
            importlib.import_module(name)
        except Exception:
            return


class WarmUp(QObject):
    """Warms the window's pages up after its first paint (:meth:`start`); ``done`` when every
    page is made or its module imported, or when one failed (its own visit then reports
    why)."""

    done = pyqtSignal()

    def __init__(self, window: MainWindow, pause_ms: int = 150) -> None:
        super().__init__(window)
        self.window = window
        self.pause_ms = pause_ms
        self._warmed: set[str] = set()
        self._imports = threading.Thread(target=import_libraries, name="warm-up imports",
                                         daemon=True)

    def start(self) -> None:
        """Import the libraries in the background, then make the pages one idle moment apart."""
        self._imports.start()
        QTimer.singleShot(self.pause_ms, self._next)

    def _next(self) -> None:
        """Make the next page not made yet (after the imports), then come back."""
        if sip.isdeleted(self.window) or not self.window.isVisible():
            return
        if self._imports.is_alive():
            QTimer.singleShot(self.pause_ms, self._next)
            return
        waiting = [slot for slot in self.window.pages.values()
                   if slot.page is None and slot.spec.key not in self._warmed]
        if not waiting:
            self.done.emit()
            return
        slot = waiting[0]
        self._warmed.add(slot.spec.key)
        try:
            if slot.spec.ahead:
                page = slot.ensure(quiet=True)
                render_ahead = getattr(page, "render_ahead", None)
                if render_ahead is not None:
                    render_ahead()
            else:
                slot.spec.load()
        except Exception:
            self.done.emit()
            return
        QTimer.singleShot(self.pause_ms, self._next)


__all__ = ["LIBRARIES", "WarmUp", "import_libraries"]
