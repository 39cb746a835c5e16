"""The main window's pages: what each is called, what it holds, and how it is made.

A page is made the first time it is shown (:class:`LazyPage`), so the window opens without
importing matplotlib or loading tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PyQt6 import sip
from PyQt6.QtCore import QSettings, Qt, QTimer, pyqtSignal
from PyQt6.QtGui import QPaintEvent
from PyQt6.QtWidgets import QApplication, QLabel, QProgressBar, QVBoxLayout, QWidget

#: Makes a page's widget, given the settings store.
PageFactory = Callable[[QSettings], QWidget]


@dataclass(frozen=True)
class PageSpec:
    """One navigation entry: stable key (stored in settings), title, one-line summary."""

    key: str
    title: str
    summary: str
    factory: PageFactory


def busy_bar() -> QProgressBar:
    """A bar without text that moves while work of unknown length runs; hidden until shown.
    A caller that learns how far the work has come sets its range and value."""
    bar = QProgressBar()
    bar.setRange(0, 0)
    bar.setTextVisible(False)
    bar.hide()
    return bar


def heading(text: str) -> QLabel:
    """A page heading: large and bold."""
    label = QLabel(text)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 1.8)
    font.setBold(True)
    label.setFont(font)
    label.setAccessibleName(text)
    return label


def flashcards_page(settings: QSettings) -> QWidget:
    """The flashcards page (loads the drill engine only when first shown)."""
    from .flashcards_page import FlashcardsPage
    return FlashcardsPage(settings)


def shoe_page(settings: QSettings) -> QWidget:
    """The shoe practice page (loads the drill engine only when first shown)."""
    from .shoe_page import ShoePage
    return ShoePage(settings)


def progress_page(settings: QSettings) -> QWidget:
    """The progress review (imports matplotlib, so only when first shown)."""
    from .progress_page import progress_page as make
    return make(settings)


def settings_page(settings: QSettings) -> QWidget:
    """The settings page, built from the declared settings."""
    from .settings_page import settings_page as make
    return make(settings)


def charts_page(settings: QSettings) -> QWidget:
    """The strategy chart viewer (imports matplotlib, so only when first shown)."""
    from .charts_page import ChartsPage
    return ChartsPage(settings)


PAGES: tuple[PageSpec, ...] = (
    PageSpec("flashcards", "Flashcards",
             "One decision at a time, dealt at once: due cards, all, Free Bet differences, hard, "
             "soft, pairs, free-stake hands, Charlie hands and insurance.",
             flashcards_page),
    PageSpec("shoe", "Shoe practice",
             "Whole shoes with bankroll, bets and side bets, settled bet by bet.",
             shoe_page),
    PageSpec("charts", "Strategy charts",
             "The exact strategy chart of each preset, cell by cell.", charts_page),
    PageSpec("progress", "Progress",
             "Accuracy, EV lost and your costliest leaks over time.",
             progress_page),
    PageSpec("settings", "Settings",
             "Rules, feedback, timer, dealer speed, theme and data location.",
             settings_page),
)


class LazyPage(QWidget):
    made = pyqtSignal(QWidget)   # the page, once it has been made

    """A slot in the page stack that makes its page when it is first shown.

    Until then it shows the page's title and "Loading…"; the page is made right after that
    has been painted, so the window is on screen before a heavy page (the charts) is built.
    """

    def __init__(self, spec: PageSpec, settings: QSettings,
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

    def ensure(self) -> QWidget:
        """Make the page now if it is not made yet; return it.

        If making it fails, the slot says so in place of "loading…" (never loading for ever),
        and the error goes on to the caller (in the app, the global exception hook's dialog);
        the next explicit call tries again.
        """
        if self.page is None:
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                page = self.spec.factory(self._settings)
            except Exception:
                self._loading.setText(f"{self.spec.title} could not be opened. Choose the page "
                                      "again to retry.")
                raise
            finally:
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


__all__ = ["PAGES", "LazyPage", "PageSpec", "heading"]
