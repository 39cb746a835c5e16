"""Start the desktop app: the QApplication, the global exception hook and the main window.

``--quit-after-show`` (for ``bench/startup.py`` and smoke tests) quits once the window has been
painted for the first time and prints, on stdout, the wall-clock time of that first paint.
"""

from __future__ import annotations

import sys
import time

from PyQt6.QtCore import QEvent, QObject, QTimer
from PyQt6.QtWidgets import QApplication

from .errors import ErrorHandler
from .icon import APP_ID, app_icon
from .main_window import MainWindow
from .settings import declarations as cfg
from .warm_up import WarmUp

QUIT_AFTER_SHOW = "--quit-after-show"


class _FirstPaint(QObject):
    """After the window's first paint: warm the other pages up (:class:`WarmUp`), or (for the
    startup benchmark) print the time of that paint and quit."""

    def __init__(self, quit_after: bool, window: MainWindow) -> None:
        super().__init__(window)
        self.quit_after = quit_after
        self.window = window

    def eventFilter(self, watched: QObject | None, event: QEvent | None) -> bool:
        if event is not None and event.type() == QEvent.Type.Paint:
            if watched is not None:
                watched.removeEventFilter(self)
            if self.quit_after:
                print(f"first-paint {time.time():.6f}", flush=True)
                QTimer.singleShot(0, QApplication.quit)
            else:
                WarmUp(self.window).start()
        return False


def make_app(argv: list[str]) -> QApplication:
    """The QApplication (the existing one, if any), named for settings and dialogs, with the
    window icon and the desktop file id (how Wayland and GNOME match windows to launchers)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(argv)
    app.setApplicationName(cfg.APPLICATION)
    app.setOrganizationName(cfg.ORGANIZATION)
    app.setApplicationDisplayName(cfg.APPLICATION)
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())
    return app


def run(argv: list[str] | None = None, data_dir: str | None = None) -> int:
    """Run the app until its window closes; returns the exit code. ``data_dir``: the folder
    of the progress file for this run (``freebet-trainer --data-dir DIR``), in place of the
    one set in Settings, which is left as it is."""
    args = list(sys.argv if argv is None else argv)
    quit_after_show = QUIT_AFTER_SHOW in args
    args = [a for a in args if a != QUIT_AFTER_SHOW]
    app = make_app(args or ["freebet-trainer"])
    store = cfg.open_store()
    if data_dir:
        cfg.hold(store, cfg.DATA_DIR, data_dir)
    from .theme import apply_theme
    apply_theme(app, cfg.read(store, cfg.THEME))
    errors = ErrorHandler(app)
    errors.install()
    try:
        window = MainWindow(store)
        window.installEventFilter(_FirstPaint(quit_after_show, window))
        window.show()
        return app.exec()
    finally:
        errors.uninstall()
