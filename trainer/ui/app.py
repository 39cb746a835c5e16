"""Start the desktop app: the QApplication, the global exception hook and the main window.

``--quit-after-show`` (for ``bench/startup.py`` and smoke tests) quits once the window has been
painted for the first time and prints, on stdout, the wall-clock time of that first paint.
``--quit-after-first-card`` (for ``bench/startup.py``) prints that time too, then the time the
Flashcards page deals its first card, and quits then.
"""

from __future__ import annotations

import sys
import threading
import time

from PyQt6.QtCore import QEvent, QObject, QTimer
from PyQt6.QtWidgets import QApplication

from trainer import PROGRAM
from trainer import settings as cfg
from trainer.settings import Settings

from .errors import ErrorHandler
from .icon import APP_ID, app_icon
from .main_window import MainWindow
from .settings.carried import carry_over
from .settings.window import APPLICATION, ORGANIZATION, WINDOW_PAGE
from .stopping import SignalStop
from .warm_up import WarmUp

QUIT_AFTER_SHOW = "--quit-after-show"
QUIT_AFTER_CARD = "--quit-after-first-card"


class _FirstPaint(QObject):
    """After the window's first paint: warm the other pages up once the page shown is ready
    (:class:`WarmUp`) and, on a first run, open the welcome; or (for the startup benchmark)
    print the time of that paint, and quit."""

    def __init__(self, quit_after: bool, window: MainWindow, after_card: bool = False,
                 welcome: bool = False) -> None:
        super().__init__(window)
        self.quit_after = quit_after
        self.after_card = after_card
        self.welcome = welcome
        self.window = window

    def eventFilter(self, watched: QObject | None, event: QEvent | None) -> bool:
        if event is not None and event.type() == QEvent.Type.Paint:
            if watched is not None:
                watched.removeEventFilter(self)
            if self.quit_after or self.after_card:
                print(f"first-paint {time.time():.6f}", flush=True)
            if self.quit_after:
                QTimer.singleShot(0, QApplication.quit)
                return False
            WarmUp(self.window).start_when_ready()
            if self.welcome:
                QTimer.singleShot(0, self._welcome)
        return False

    def _welcome(self) -> None:
        """The first run's welcome, over the page dealing behind it (the benchmark takes its
        defaults at once, as a player who reads nothing would)."""
        welcome = self.window.show_welcome()
        if self.after_card:
            welcome.accept()


def _quit_after_first_card(window: MainWindow) -> None:
    """Print the time the Flashcards page first deals a card, then quit (the benchmark)."""
    def dealt() -> None:
        print(f"first-card {time.time():.6f}", flush=True)
        QTimer.singleShot(0, QApplication.quit)

    window.pages["flashcards"].made.connect(
        lambda page: page.dealt.connect(dealt))


def make_app(argv: list[str]) -> QApplication:
    """The QApplication (the existing one, if any), named for settings and dialogs, with the
    window icon and the desktop file id (how Wayland and GNOME match windows to launchers)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv)
    app.setApplicationName(APPLICATION)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName(APPLICATION)
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())
    return app


def head_start(store: Settings) -> threading.Thread | None:
    """When the window opens on Flashcards, build in a thread, from now on, what its first card
    reads first (:func:`trainer.session.head_start`: the catalog and curriculum of the rules
    and starting point set), while the window is made and painted; the page's own load then
    finds them built, or waits for them. The rules file, if one is set, is read there too (off
    the UI thread). A failure is left for the page's load to meet and say."""
    if store.get(WINDOW_PAGE) != "flashcards":
        return None
    path = store.get(cfg.RULES_FILE)
    name = store.get(cfg.PRESET)
    classic = store.get(cfg.ASSUME_CLASSIC)

    def build() -> None:
        from strategy_charts.tables import TableError
        from trainer.rules import DEFAULT_PRESET, PRESETS, RulesError, preset, rules_file
        from trainer.session import head_start as start
        from trainer.teaching.curriculum import Prior
        try:
            rules = rules_file.load(path) if path else preset(
                name if name in PRESETS else DEFAULT_PRESET)
            start(rules, Prior.CLASSIC if classic else Prior.NOVICE)
        except (RulesError, TableError, OSError, ValueError):
            return      # the page's load meets the same fault, and says it

    thread = threading.Thread(target=build, name="flashcards head start", daemon=True)
    thread.start()
    return thread


def _first_run(store: Settings) -> bool:
    """:func:`~trainer.ui.settings.chosen.first_run`, imported only when no setting is stored
    (what it reads loads the drills: a later launch never waits for them before its paint)."""
    from .settings.chosen import first_run
    return first_run(store)


def run(argv: list[str] | None = None, data_dir: str | None = None) -> int:
    """Run the app until its window closes; returns the exit code. ``data_dir``: the folder
    of the progress file for this run (``freebet-trainer --data-dir DIR``), in place of the
    one set in Settings, which is left as it is."""
    args = list(sys.argv if argv is None else argv)
    quit_after_show = QUIT_AFTER_SHOW in args
    after_card = QUIT_AFTER_CARD in args
    args = [a for a in args if a not in (QUIT_AFTER_SHOW, QUIT_AFTER_CARD)]
    app = make_app(args or [PROGRAM])
    store = Settings()
    carry_over(store)            # the first releases' settings, once
    if data_dir:
        store.hold(cfg.DATA_DIR, data_dir)
    head_start(store)
    from .theme import apply_theme
    apply_theme(app, store.get(cfg.THEME))
    welcome = not store.keys() and _first_run(store)   # before the window stores a thing
    errors = ErrorHandler(app)
    errors.install()
    try:
        window = MainWindow(store)
        window.installEventFilter(_FirstPaint(quit_after_show, window, after_card, welcome))
        if after_card:
            _quit_after_first_card(window)
        window.show()
        QTimer.singleShot(0, window.tell_refused_settings)
        stopper = SignalStop(window.stop, window).install()
        try:
            return app.exec()
        finally:
            stopper.uninstall()
    finally:
        errors.uninstall()
