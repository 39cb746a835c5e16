"""The main window: navigation on the left, one page at a time, size and page remembered."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PyQt6.QtCore import QEvent, QSize, Qt
from PyQt6.QtGui import QCloseEvent
from PyQt6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QWidget,
)

from trainer import PROGRAM
from trainer import settings as cfg
from trainer.settings import Settings

from .lazy_page import LazyPage
from .menus import Menus
from .page_hooks import (
    AsksForCountedShoes,
    AsksForCountingReview,
    AsksForIndexDrills,
    AsksForLeakDrills,
    CountsShoes,
    DrillsIndices,
    DrillsSituations,
    Ends,
    FollowsDataFolder,
    Loads,
    Refreshes,
)
from .pages import PAGES
from .settings.window import WINDOW_PAGE

if TYPE_CHECKING:
    from .practice.progress_link import ProgressLink
    from .progress_service import SaveState
    from .welcome import WelcomeDialog

DEFAULT_SIZE = QSize(1180, 760)


class MainWindow(QMainWindow):
    """Flashcards, Shoe practice, Strategy charts, Progress, Counting and Settings.

    ``store`` is the player's settings, where window size, position and the current page
    persist too (the user's settings file by default; tests pass one in a temporary folder).
    Each change of a setting, made here or by another program (read again when the window is
    activated), is followed through :meth:`setting_changed`. The menu bar (:mod:`.menus`) holds the
    File, View and Help actions; Ctrl+1 ... Ctrl+6 (View) switch pages.
    """

    def __init__(self, store: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store if store is not None else Settings()
        self._unsubscribe = self.store.subscribe(self.setting_changed)
        self.setWindowTitle("Free Bet Trainer")
        self.setMinimumSize(720, 480)

        self.nav = QListWidget()
        self.nav.setObjectName("navigation")
        self.nav.setAccessibleName("Pages")
        self.nav.setFixedWidth(190)
        self.nav.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.stack = QStackedWidget()
        self.pages: dict[str, LazyPage] = {}
        for number, spec in enumerate(PAGES, start=1):
            item = QListWidgetItem(spec.title)
            item.setToolTip(f"{spec.summary}  (Ctrl+{number})")
            item.setData(Qt.ItemDataRole.UserRole, spec.key)
            item.setSizeHint(QSize(0, 40))
            self.nav.addItem(item)
            page = LazyPage(spec, self.store)
            self.pages[spec.key] = page
            page.made.connect(self._page_made)
            self.stack.addWidget(page)
        font = self.nav.font()
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.nav.setFont(font)
        self.nav.setStyleSheet("QListWidget#navigation { border: none; padding-top: 12px;"
                               " outline: 0; background: palette(base); }"
                               "QListWidget#navigation::item { padding-left: 14px; }")
        self.nav.currentRowChanged.connect(self._row_changed)

        central = QWidget()
        row = QHBoxLayout(central)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.nav)
        row.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.menus = Menus(self)          # File, View (the pages' Ctrl+1..6), Help
        self.welcome: WelcomeDialog | None = None

        self._restore()

    # ----- pages ------------------------------------------------------------------------------

    def current_page(self) -> str:
        """The key of the page shown ("flashcards", "charts", ...)."""
        page = self.stack.currentWidget()
        return page.spec.key if isinstance(page, LazyPage) else WINDOW_PAGE.default

    def show_page(self, key: str) -> QWidget:
        """Switch to page ``key`` and return its (now made) widget."""
        self.nav.setCurrentRow(list(self.pages).index(key))
        return self.pages[key].ensure()

    def _page_made(self, page: QWidget) -> None:
        """Connect what a newly made page asks for: the progress page's leak drill and counting
        review, the counting page's counted shoe, the shoe page's missed index plays (each a
        signal of the page's, and the window's slot that answers it)."""
        if isinstance(page, AsksForLeakDrills):
            page.drill_requested.connect(self.drill_on)
        if isinstance(page, AsksForCountedShoes):
            page.shoe_requested.connect(self.count_shoe)
        if isinstance(page, AsksForIndexDrills):
            page.index_drill_requested.connect(self.drill_index)
        if isinstance(page, AsksForCountingReview):
            page.counting_requested.connect(self.review_counting)

    def drill_on(self, keys: list[str]) -> None:
        """Show the flashcards page and drill exactly these situations."""
        page = self.show_page("flashcards")
        assert isinstance(page, DrillsSituations), page
        page.drill_on(keys)

    def count_shoe(self, count: str, rules: str) -> None:
        """Show Shoe practice and deal a shoe of ``rules`` counted with ``count``."""
        page = self.show_page("shoe")
        assert isinstance(page, CountsShoes), page
        page.count_shoe(count, rules)

    def drill_index(self, count: str, rules: str, cells: list[str]) -> None:
        """Show the Counting page's index plays, only those of ``cells``."""
        page = self.show_page("counting")
        assert isinstance(page, DrillsIndices), page
        page.drill_index(count, rules, cells)

    def review_counting(self) -> None:
        """Show the Counting page's review."""
        page = self.show_page("counting")
        assert isinstance(page, DrillsIndices), page
        page.show_review()

    def show_welcome(self) -> WelcomeDialog:
        """Open the welcome over the window (the first run's, or Help ▸ Welcome…): what Free
        Bet changes, the starting point and new cards a day; the Flashcards page deals again
        with the choices made, if they changed what it deals."""
        from .settings.chosen import practised_rules
        from .welcome import WelcomeDialog
        if self.welcome is not None and self.welcome.isVisible():
            return self.welcome
        before = (self.store.get(cfg.ASSUME_CLASSIC),
                  self.store.get(cfg.NEW_PER_DAY))
        self.welcome = WelcomeDialog(self.store, practised_rules(self.store), self)
        self.welcome.chosen.connect(lambda taken: self._welcomed(taken, before))
        self.welcome.open()
        return self.welcome

    def _welcomed(self, taken: bool, before: tuple[object, object]) -> None:
        """The welcome closed: the first card, dealt afresh if the starting point or the new
        cards a day changed (a drill made with the old ones would teach the wrong cards)."""
        now = (self.store.get(cfg.ASSUME_CLASSIC), self.store.get(cfg.NEW_PER_DAY))
        if not taken:
            return
        page = self.show_page("flashcards")
        if now != before:
            assert isinstance(page, Loads), page
            page.load()

    def _row_changed(self, row: int) -> None:
        if row < 0:
            return
        self.stack.setCurrentIndex(row)
        with contextlib.suppress(OSError):      # a settings file that cannot be written
            self.store.set(WINDOW_PAGE, self.current_page())

    # ----- persistence ------------------------------------------------------------------------

    def _restore(self) -> None:
        geometry = self.store.get(cfg.WINDOW_GEOMETRY)
        if not geometry or not self.restoreGeometry(geometry):
            self.resize(DEFAULT_SIZE)
        key = self.store.get(WINDOW_PAGE)
        # switch without making the page: it is made when the window first shows it
        self.nav.blockSignals(True)
        self.nav.setCurrentRow(list(self.pages).index(key))
        self.nav.blockSignals(False)
        self.stack.setCurrentIndex(list(self.pages).index(key))

    def save_state(self) -> None:
        """Store size, position and page now (not when the settings file cannot be written:
        the window still closes)."""
        with contextlib.suppress(OSError):
            self.store.set_all([(cfg.WINDOW_GEOMETRY, bytes(self.saveGeometry().data())),
                                (WINDOW_PAGE, self.current_page())])

    def unsaved(self) -> SaveState | None:
        """Answers the progress file has not taken yet, after one more try (None: all saved).

        Tries each page's file once more (waiting at most the busy timeout for a lock)."""
        from .progress_service import SaveState

        states = [link.save_now() for link in self._links()]
        waiting = [state for state in states if not state.saved]
        if not waiting:
            return None
        return SaveState(sum(s.waiting for s in waiting), sum(s.answers for s in waiting),
                         waiting[0].problem)

    def tell_refused_settings(self) -> QMessageBox | None:
        """Say, once, the stored settings that could not be used (a value of the wrong type or
        out of bounds, edited by hand) and that their defaults are used; the message shown."""
        lines = self.store.refused((*cfg.ALL, WINDOW_PAGE))
        if not lines:
            return None
        box = QMessageBox(QMessageBox.Icon.Warning, "A setting could not be used",
                          "\n\n".join([*lines, f"The settings file is {self.store.path}; "
                                       "choose the values again on the Settings page, or with "
                                       f"{PROGRAM} settings set."]),
                          parent=self)
        box.setObjectName("settings-refused")
        box.open()
        return box

    # ----- settings ---------------------------------------------------------------------------

    def setting_changed(self, key: str) -> None:
        """A setting changed (here, or in the file by another program): what shows it follows
        (the theme applied and ticked in View ▸ Theme, the pages' progress file, the Settings
        page's editors)."""
        if key == cfg.THEME.key:
            app = QApplication.instance()
            if isinstance(app, QApplication):
                from .theme import apply_theme
                apply_theme(app, self.store.get(cfg.THEME))
        self.menus.setting_changed(key)
        if key == cfg.DATA_DIR.key:                # every page's answers go to the new file
            for slot in self.pages.values():
                if isinstance(slot.page, FollowsDataFolder):
                    slot.page.data_folder_changed()
        settings_page = self.pages["settings"].page
        if isinstance(settings_page, Refreshes):
            settings_page.refresh()

    def changeEvent(self, event: QEvent | None) -> None:
        """Activated: the settings file is read again, so that a change made meanwhile by
        another program (``freebet-trainer settings set``) takes effect."""
        super().changeEvent(event)
        if event is not None and event.type() == QEvent.Type.ActivationChange \
                and self.isActiveWindow():
            self.store.reload()

    def _links(self) -> list[ProgressLink]:
        """The progress links of the pages made so far."""
        from .practice.progress_link import ProgressLink
        links = [getattr(page.page, "link", None) for page in self.pages.values()]
        return [link for link in links if isinstance(link, ProgressLink)]

    def stop(self, signum: int) -> list[Path]:
        """End as quitting does, told to by a signal (SIGTERM, SIGHUP, Ctrl-C): there is no one
        to ask, so each page's answers are saved (waiting up to the busy timeout for a lock) or
        kept beside the progress file for the next start; the exit status is 128 + the
        signal's number. Returns the files kept."""
        kept, failure = self.keep_waiting()
        if failure is not None:
            print(f"{PROGRAM}: {failure}", file=sys.stderr)
        self.close()
        QApplication.exit(128 + signum)
        return kept

    def keep_waiting(self) -> tuple[list[Path], str | None]:
        """Save each page's answers (at most the busy timeout) or keep them beside the progress
        file for the next start, each file kept said on the terminal; the files kept, and why
        some could not be kept (None: nothing is left waiting)."""
        kept: list[Path] = []
        failure = None
        for link in self._links():
            try:
                path = link.keep_unsaved()
            except OSError as exc:
                failure = (f"answers not saved could not be kept beside {link.path} either "
                           f"({exc.strerror or exc}).")
                continue
            if path is not None:
                kept.append(path)
                print(f"{PROGRAM}: answers not saved (the progress file could not take "
                      f"them) are kept in {path} and will be saved at the next start.",
                      file=sys.stderr)
        return kept, failure

    def closeEvent(self, event: QCloseEvent | None) -> None:
        waiting = self.unsaved()
        if waiting is not None:
            quitting = confirm_quitting(self, waiting)
            if quitting:
                _, failure = self.keep_waiting()
                quitting = failure is None or confirm_quitting(self, waiting, failure)
            if not quitting:
                if event is not None:
                    event.ignore()
                return
        self.save_state()
        self._unsubscribe()
        for slot in self.pages.values():     # their loads and timers end with the window
            if isinstance(slot.page, Ends):
                slot.page.shutdown()
        super().closeEvent(event)


def confirm_quitting(parent: QWidget, waiting: SaveState, failure: str | None = None) -> bool:
    """Ask before quitting with answers unsaved (and again, with ``failure``, when they could
    not be kept for the next start either); True to quit."""
    box = quit_question(parent, waiting, failure)
    box.exec()
    return box.clickedButton() is not box.defaultButton()


def quit_question(parent: QWidget | None, waiting: SaveState,
                  failure: str | None = None) -> QMessageBox:
    """The question :func:`confirm_quitting` asks; its default button keeps the trainer open.
    Quitting keeps the answers beside the progress file for the next start; only when that
    failed (``failure``) does quitting lose them."""
    if failure is None:
        text = (f"{waiting.text()}\n\nIf you quit now, they are kept beside the progress file "
                "and saved the next time the trainer starts.")
        leave = "Quit and save them at the next start"
    else:
        text = f"The {failure}\n\nIf you quit now, they are lost."
        leave = "Quit without them"
    box = QMessageBox(QMessageBox.Icon.Warning, "Answers are not saved", text, parent=parent)
    stay = box.addButton("Keep the trainer open", QMessageBox.ButtonRole.RejectRole)
    box.addButton(leave, QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(stay)
    return box
