"""After the window's first paint and the shown page's first content (the Flashcards page's
first card: nothing competes with it), the first visit of every page made about as quick as a
later one: the heavy libraries are imported off the UI thread, then, one idle moment at a time, each
page not made yet is made (or, for a drill, which deals and starts its clock when made, only
its module imported), and the charts of the pages made are rendered unseen at the sizes they
will be shown at, once their data are read: choosing a page later is a switch, not a build."""

from __future__ import annotations

import importlib
import logging
import threading

from PyQt6 import sip
from PyQt6.QtCore import QObject, QTimer, pyqtSignal
from PyQt6.QtWidgets import QApplication, QWidget

from .lazy_page import LazyPage
from .main_window import MainWindow
from .page_hooks import Deals, Reads, RendersAhead

#: Imported in the background first (no Qt in them): what the charts and progress pages load.
LIBRARIES = ("matplotlib.figure", "matplotlib.backends.backend_agg", "matplotlib.dates",
             "matplotlib.colors", "matplotlib.collections", "matplotlib.patches",
             "strategy_charts.render", "strategy_charts.tables")


def import_libraries() -> None:
    """Import :data:`LIBRARIES`; a failure is left for the page that needs it to report.
    On a first launch matplotlib builds its font cache here, in the background: its notice
    ("Matplotlib is building the font cache; this may take a moment.") is not printed on the
    player's console."""
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
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
        self._warmed: set[str] = set()     # pages made or imported
        self._rendered: set[str] = set()   # pages whose charts were rendered ahead
        self._imports = threading.Thread(target=import_libraries, name="warm-up imports",
                                         daemon=True)

    def start_when_ready(self, longest_ms: int = 10_000) -> None:
        """:meth:`start` once the page shown has what it shows first, a page that deals when
        its first card is dealt (its ``dealt`` signal), so that the warm-up's imports and
        pages take nothing from it; at the latest after ``longest_ms`` (a load that failed
        deals nothing)."""
        slot = self.window.stack.currentWidget()
        if not isinstance(slot, LazyPage):
            self.start()
            return
        QTimer.singleShot(longest_ms, self.start)
        if slot.page is not None:
            self._wait_for(slot.page)
        else:
            slot.made.connect(self._wait_for)

    def _wait_for(self, page: QWidget) -> None:
        if isinstance(page, Deals):
            page.dealt.connect(self.start)
        else:
            self.start()

    def start(self) -> None:
        """Import the libraries in the background, then make the pages one idle moment apart
        (once: a later call does nothing)."""
        if self._imports.ident is not None:
            return
        self._imports.start()
        QTimer.singleShot(self.pause_ms, self._next)

    def _render_ahead(self, slot: LazyPage) -> None:
        """Lay ``slot`` out as shown, unpainted (the window's updates held), and have its page
        render its charts at those sizes; then put the page shown back. (A hidden widget's
        sizes wait for its showing, and a chart rendered before them is rendered again.)"""
        stack, shown = self.window.stack, self.window.stack.currentWidget()
        self.window.setUpdatesEnabled(False)
        try:
            stack.setCurrentWidget(slot)
            for _ in range(3):      # a layout's sizes may post more layout work below it
                for widget in (slot, *slot.findChildren(QWidget)):
                    QApplication.sendPostedEvents(widget, 0)   # this page's own events only
            if isinstance(slot.page, RendersAhead):
                slot.page.render_ahead()
        finally:
            stack.setCurrentWidget(shown)
            self.window.setUpdatesEnabled(True)

    def _next(self) -> None:
        """One step, then come back after a pause: after the imports, make (or import) the
        next page; then render ahead each page made that can, once it has read what it
        shows."""
        if sip.isdeleted(self.window) or not self.window.isVisible():
            return
        if self._imports.is_alive():
            QTimer.singleShot(self.pause_ms, self._next)
            return
        slots = list(self.window.pages.values())
        waiting = [slot for slot in slots
                   if slot.page is None and slot.spec.key not in self._warmed]
        to_render = [slot for slot in slots
                     if slot.spec.ahead and isinstance(slot.page, RendersAhead)
                     and slot.spec.key not in self._rendered
                     and slot is not self.window.stack.currentWidget()]
        if not waiting and not to_render:
            self.done.emit()
            return
        try:
            if waiting:
                slot = waiting[0]
                self._warmed.add(slot.spec.key)
                if slot.spec.ahead:
                    slot.ensure(quiet=True)
                else:
                    slot.spec.load()
            elif not (isinstance(page := to_render[0].page, Reads) and page.reading()):
                self._rendered.add(to_render[0].spec.key)
                self._render_ahead(to_render[0])
        except Exception:
            self.done.emit()
            return
        QTimer.singleShot(self.pause_ms, self._next)


__all__ = ["LIBRARIES", "WarmUp", "import_libraries"]
