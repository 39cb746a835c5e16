"""The window's menu bar: File, View and Help, each action with its key.

* **File**: export the history as CSV (Ctrl+E), back it up in one file (the newest answers
  too, through SQLite), open the data folder, quit (Ctrl+Q; the window still asks before
  losing answers not yet saved).
* **View**: every page with its shortcut (Ctrl+1 … Ctrl+6: the menu holds the page keys, so
  no second shortcut competes with them), and the theme, light or dark (the Settings page's
  own menu follows).
* **Help**: the keys (F1), how the trainer teaches, the rules of this game (the rules
  practised, in words), the welcome again, and about (version, data folder, the tables'
  fingerprints).

The actions are kept on :class:`Menus` (tests trigger them there); what they show is built in
:mod:`trainer.ui.help`, imported when first asked for, as is all they read (the window opens
without the engine: it loads with the first page that needs it).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PyQt6.QtCore import QPoint, QRect, QUrl
from PyQt6.QtGui import QAction, QActionGroup, QDesktopServices, QKeySequence
from PyQt6.QtWidgets import QDialog, QFileDialog, QMainWindow, QMessageBox, QWidget

from trainer import settings as cfg
from trainer.rules.plural import counted
from trainer.settings import Settings

from .lazy_page import LazyPage
from .pages import PAGES

if TYPE_CHECKING:
    from .background import Job
    from .progress_service import BackedUp


class MenuWindow(Protocol):
    """What the menus ask of the main window (which makes them: it is not imported here)."""

    store: Settings
    pages: Mapping[str, LazyPage]

    def show_page(self, key: str) -> QWidget:
        """Switch to a page."""

    def show_welcome(self) -> QDialog:
        """Open the welcome."""


class Menus:
    """The menu bar's actions, by what they do (``pages`` and ``themes`` by key)."""

    def __init__(self, window: QMainWindow) -> None:
        host: MenuWindow = window  # type: ignore[assignment]   # the MainWindow
        self.window, self.host = window, host
        self.dialog: QDialog | None = None        # the help page or message last opened
        bar = window.menuBar()
        assert bar is not None
        file_menu = bar.addMenu("&File")
        view = bar.addMenu("&View")
        help_menu = bar.addMenu("&Help")
        assert file_menu is not None and view is not None and help_menu is not None
        self.bar, self.help_menu, self.file_menu = bar, help_menu, file_menu
        self.export_csv = self._action(file_menu, "&Export history as CSV…", self.export,
                                       "Ctrl+E")
        self.back_up = self._action(file_menu, "&Back up the history…", self.backup)
        self.data_folder = self._action(file_menu, "Open the &data folder",
                                        self.open_data_folder)
        file_menu.addSeparator()
        self.quit = self._action(file_menu, "&Quit", window.close, "Ctrl+Q")
        self.pages: dict[str, QAction] = {}
        for number, spec in enumerate(PAGES, start=1):
            action = self._action(view, spec.title, lambda key=spec.key: host.show_page(key),
                                  f"Ctrl+{number}")
            action.setStatusTip(spec.summary)
            self.pages[spec.key] = action
        view.addSeparator()
        theme = view.addMenu("&Theme")
        assert theme is not None
        group = QActionGroup(window)
        self.themes: dict[str, QAction] = {}
        for value, label in (("light", "Light"), ("dark", "Dark")):
            action = self._action(theme, label, lambda v=value: self.set_theme(v))
            action.setCheckable(True)
            group.addAction(action)
            self.themes[value] = action
        self.themes[host.store.get(cfg.THEME)].setChecked(True)
        self.keys = self._action(help_menu, "&Keys", self.show_keys, "F1")
        self.teaching = self._action(help_menu, "How the trainer &teaches", self.show_teaching)
        self.rules = self._action(help_menu, "The &rules of this game", self.show_rules)
        help_menu.addSeparator()
        self.welcome = self._action(help_menu, "&Welcome…", host.show_welcome)
        self.about = self._action(help_menu, "&About Free Bet Trainer", self.show_about)

    def help_at(self) -> QPoint:
        """Where the Help menu drops down, in the window's coordinates."""
        action = self.help_menu.menuAction()
        place = self.bar.actionGeometry(action) if action is not None else QRect()
        return self.bar.mapTo(self.window, place.bottomLeft())

    def _action(self, menu: object, text: str, slot: object,
                key: str | None = None) -> QAction:
        action = QAction(text, self.window)
        if key is not None:
            action.setShortcut(QKeySequence(key))
        action.triggered.connect(lambda _checked=False: slot())  # type: ignore[operator]
        menu.addAction(action)  # type: ignore[attr-defined]
        self.window.addAction(action)          # its key works wherever the focus is
        return action

    # ----- File ---------------------------------------------------------------------------

    def export(self, target: Path | None = None) -> Job[int] | None:
        """Ask where (unless given ``target``), export every decision as CSV in a worker,
        and say how it went in a message; the job (None when cancelled or nothing to
        export)."""
        from .background import Job
        from .progress_service import ProgressStoreError, export_history, export_problem
        from .settings.chosen import database_of
        database = database_of(self.host.store)
        if not database.exists():
            self._tell("Nothing to export yet", f"There is no progress file at {database}: "
                       "your answers are kept there from your first one.")
            return None
        if target is None:
            chosen, _ = QFileDialog.getSaveFileName(self.window, "Export history as CSV",
                                                    str(Path.home() / "freebet-history.csv"),
                                                    "CSV files (*.csv)")
            if not chosen:
                return None
            target = Path(chosen) if Path(chosen).suffix else Path(chosen).with_suffix(".csv")
        where = target
        job = Job(self.window, lambda: export_history(database, where), name="CSV export")
        job.succeeded(lambda count: self._tell(
            "History exported", f"Exported {counted(count, 'decision')} to {where}."))
        job.failed(lambda exc: self._tell("Not exported", export_problem(where, exc)
                                          if isinstance(exc, OSError) else str(exc)),
                   OSError, ProgressStoreError)
        return job.start()

    def backup(self, target: Path | None = None) -> Job[BackedUp] | None:
        """Ask where (unless given ``target``), copy the whole history into that one file in a
        worker, and say how it went; the job (None when cancelled or nothing to back up)."""
        from datetime import date

        from .background import Job
        from .progress_service import ProgressStoreError, backup_history, export_problem
        from .settings.chosen import database_of
        database = database_of(self.host.store)
        if not database.exists():
            self._tell("Nothing to back up yet", f"There is no progress file at {database}: "
                       "your answers are kept there from your first one.")
            return None
        if target is None:
            suggested = Path.home() / f"freebet-backup-{date.today().isoformat()}.sqlite3"
            chosen, _ = QFileDialog.getSaveFileName(self.window, "Back up the history",
                                                    str(suggested), "Backups (*.sqlite3)")
            if not chosen:
                return None
            target = Path(chosen)
        where = target
        job = Job(self.window, lambda: backup_history(database, where), name="backup")
        job.succeeded(lambda copy: self._tell(
            "History backed up",
            f"Backed up {counted(copy.decisions, 'decision')} of "
            f"{counted(copy.sessions, 'session')} to "
            f"{copy.path}. To restore it, quit the trainer and put it in place of "
            f"{database.name} (moving away that file's -wal and -shm with it)."))
        job.failed(lambda exc: self._tell("Not backed up", export_problem(
            where, exc, done="backed up", again="back up again")
            if isinstance(exc, OSError) else str(exc)), OSError, ProgressStoreError)
        return job.start()

    def open_data_folder(self) -> Path:
        """Open the folder of the progress file in the desktop's file manager (made first, if
        the first answer has not made it yet); returns it."""
        from .settings.chosen import database_of
        folder = database_of(self.host.store).parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._tell("The data folder cannot be opened", f"{folder}: {exc.strerror or exc}")
            return folder
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
        return folder

    def _tell(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, title, text, parent=self.window)
        box.setObjectName("menu-message")
        box.open()
        self.dialog = box

    # ----- View ---------------------------------------------------------------------------

    def set_theme(self, theme: str) -> None:
        """Light or dark, stored; the window follows the change (applies it to every widget,
        ticks it here, shows it on the Settings page)."""
        self.host.store.set(cfg.THEME, theme)

    def setting_changed(self, key: str) -> None:
        """A setting changed (here, on the Settings page or in the file): the theme it holds
        is ticked."""
        if key == cfg.THEME.key:
            self.themes[self.host.store.get(cfg.THEME)].setChecked(True)

    # ----- Help ---------------------------------------------------------------------------

    def _show(self, title: str, html: str) -> QDialog:
        from .help import show_help
        self.dialog = show_help(self.window, title, html)
        return self.dialog

    def show_keys(self) -> QDialog:
        """Every key of the window."""
        from .help import keys_html
        return self._show("Keys", keys_html())

    def show_teaching(self) -> QDialog:
        """How the trainer grades and what it teaches when."""
        from .help import TEACHING
        return self._show("How the trainer teaches", TEACHING)

    def show_rules(self) -> QDialog:
        """The rules practised (the custom file's once read) as the shoes deal them (the cut
        card set in Settings), every rule in words."""
        from .help import rules_html
        from .settings.chosen import played_rules
        return self._show("The rules of this game", rules_html(played_rules(self.host.store)))

    def show_about(self) -> QDialog:
        """Version, data folder, tables' fingerprints."""
        from .help import about_html
        from .settings.chosen import practised_rules
        return self._show("About Free Bet Trainer", about_html(
            self.host.store, practised_rules(self.host.store)))


__all__ = ["Menus"]
