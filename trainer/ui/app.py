"""Start the desktop app: the QApplication, the global exception hook and the main window.

``--quit-after-show`` (for ``bench/startup.py`` and smoke tests) quits once the window has been
painted for the first time and prints, on stdout, the wall-clock time of that first paint.
"""

from __future__ import annotations

import importlib
import sys
import threading
import time

from PyQt6.QtCore import QEvent, QObject, QTimer
from PyQt6.QtWidgets import QApplication

from .errors import ErrorHandler
from .icon import APP_ID, app_icon
from .main_window import MainWindow
from .settings import declarations as cfg

QUIT_AFTER_SHOW = "--quit-after-show"


#: Imported in the background once the window is up, so the charts page opens sooner.
WARM_UP = ("matplotlib.figure", "matplotlib.backends.backend_agg", "strategy_charts.render",
           "strategy_charts.tables")


class _FirstPaint(QObject):
    """After the window's first paint: warm up heavy imports, or (for the startup benchmark)
    print the time of that paint and quit."""

    def __init__(self, quit_after: bool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.quit_after = quit_after

    def eventFilter(self, watched: QObject | None, event: QEvent | None) -> bool:
        if event is not None and event.type() == QEvent.Type.Paint:
            if watched is not None:
                watched.removeEventFilter(self)
            if self.quit_after:
                print(f"first-paint {time.time():.6f}", flush=True)
                QTimer.singleShot(0, QApplication.quit)
            else:
                threading.Thread(target=_warm_up, name="warm-up imports", daemon=True).start()
        return False


def _warm_up() -> None:
    """Import what the charts page needs, off the UI thread (errors surface when it opens)."""
    for name in WARM_UP:
        try:
            importlib.import_module(name)
        except Exception:
            return


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


def run(argv: list[str] | None = None) -> int:
    """Run the app until its window closes; returns the exit code."""
    args = list(sys.argv if argv is None else argv)
    quit_after_show = QUIT_AFTER_SHOW in args
    args = [a for a in args if a != QUIT_AFTER_SHOW]
    app = make_app(args or ["freebet-trainer"])
    from .theme import apply_theme
    apply_theme(app, cfg.read(cfg.open_store(), cfg.THEME))
    errors = ErrorHandler(app)
    errors.install()
    try:
        window = MainWindow()
        window.installEventFilter(_FirstPaint(quit_after_show, window))
        window.show()
        return app.exec()
    finally:
        errors.uninstall()
