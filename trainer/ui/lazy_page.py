"""A slot in the window's page stack that makes its page the first time it is shown."""

from __future__ import annotations

from PyQt6 import sip
from PyQt6.QtCore import Qt, QTimer, pyqtSignal
from PyQt6.QtGui import QPaintEvent
from PyQt6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from trainer.settings import Settings

from .pages import PageSpec


class LazyPage(QWidget):
    """Shows the page's title and "Loading…" until the page is made; the page is made right
    after that has been painted, so the window is on screen before a heavy page (the charts)
    is built."""

    made = pyqtSignal(QWidget)   # the page, once it has been made

    def __init__(self, spec: PageSpec, settings: Settings,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self._settings = settings
        self.page: QWidget | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._loading = QLabel(f"{spec.title}: loading…")
        self._loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._layout.addWidget(self._loading)
        self._scheduled = False
        self.setObjectName(f"page-{spec.key}")

    def ensure(self, quiet: bool = False) -> QWidget:
        """Make the page now if it is not made yet; return it.

        If making it fails, the slot says so in place of "loading…" (never loading for ever),
        and the error goes on to the caller (in the app, the global exception hook's dialog);
        the next explicit call tries again. ``quiet`` (made ahead of a visit, by
        :class:`~trainer.ui.warm_up.WarmUp`): no busy cursor, and a failure leaves the slot as
        it was, for the visit to try again and report.
        """
        if self.page is None:
            if not quiet:
                QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                page = self.spec.make(self._settings)
            except Exception:
                if not quiet:
                    self._loading.setText(f"{self.spec.title} could not be opened. Choose the "
                                          "page again to retry.")
                raise
            finally:
                if not quiet:
                    QApplication.restoreOverrideCursor()
            if sip.isdeleted(self):   # the window closed while the page was being made
                return page
            self.page = page
            self._loading.hide()
            self._layout.addWidget(self.page)
            self.made.emit(page)
        return self.page

    def paintEvent(self, event: QPaintEvent | None) -> None:
        super().paintEvent(event)
        if self.page is None and not self._scheduled:
            self._scheduled = True
            QTimer.singleShot(0, self._made_later)

    def _made_later(self) -> None:
        """Make the page after its first paint, unless the window closed meanwhile."""
        if not sip.isdeleted(self):
            self.ensure()


__all__ = ["LazyPage"]
