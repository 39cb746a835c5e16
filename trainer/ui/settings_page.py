"""The settings page, built from the declarations in :mod:`trainer.ui.settings`.

Each declared setting the user may change gets an editor chosen by its type and the editor hints
below (choices, range, unit); its declared description is the tooltip, and a value is stored only
if the setting's own ``valid`` accepts it. A custom rules file is checked with
``rules_file.load`` (its error shown, nothing changed when it fails) and its strategy tables are
built in a worker thread with a busy bar. The theme applies at once; the CSV export writes
through ``trainer.progress.export.export_csv``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PyQt6.QtCore import QSettings, Qt, pyqtSignal
from PyQt6.QtWidgets import (
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from trainer.progress.errors import ProgressStoreError
from trainer.progress.export import export_csv
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore
from trainer.rules import PRESETS

from . import settings as cfg
from .background import run_in_background
from .pages import heading
from .rules_file_editor import ERROR_STYLE, RulesFileEditor
from .theme import THEMES, apply_theme

LABEL_WIDTH = 130


@dataclass(frozen=True)
class Hint:
    """How to edit one declared setting: label, section, and choices or a numeric range."""

    label: str
    section: str
    choices: dict[Any, str] = field(default_factory=dict)
    minimum: float = 0.0
    maximum: float = 0.0
    step: float = 1.0
    scale: float = 1.0          # shown value = stored value x scale (0.75 -> 75 %)
    suffix: str = ""
    kind: str = ""              # "" (by type), "rules" or "folder"


HINTS: dict[str, Hint] = {
    cfg.PRESET.key: Hint("Preset", "Game", choices={name: name for name in PRESETS}),
    cfg.RULES_FILE.key: Hint("Custom rules file", "Game", kind="rules"),
    cfg.PENETRATION.key: Hint("Penetration", "Practice", minimum=0.5, maximum=0.9, step=0.05,
                              scale=100, suffix=" % of the shoe"),
    cfg.FEEDBACK.key: Hint("Feedback", "Practice", choices={
        "decision": "After each decision", "hand": "After each hand",
        "shoe": "At the end of the shoe", "off": "Never"}),
    cfg.TIMER_SECONDS.key: Hint("Timer", "Practice", minimum=1, maximum=60, step=0.5,
                                suffix=" s per decision"),
    cfg.DEALER_SPEED_MS.key: Hint("Dealer speed", "Practice", minimum=0, maximum=3000, step=50,
                                  suffix=" ms between cards"),
    cfg.ASSUME_CLASSIC.key: Hint("Starting point", "Study", choices={
        True: "I know classic basic strategy", False: "I am new to blackjack"}),
    cfg.NEW_PER_DAY.key: Hint("New cards", "Study", minimum=0, maximum=200, step=5,
                              suffix=" a day"),
    cfg.THEME.key: Hint("Theme", "Look", choices=THEMES),
    cfg.DATA_DIR.key: Hint("Data location", "Data", kind="folder"),
}
SECTIONS = ("Game", "Practice", "Study", "Look", "Data")


def shown_settings() -> list[cfg.Setting]:
    """The declared settings the page edits, in declaration order (window state is not one)."""
    return [setting for setting in cfg.ALL if setting.key in HINTS]


def check(setting: cfg.Setting, value: Any) -> str | None:
    """Why ``value`` may not be stored for ``setting`` (None: it may)."""
    if not isinstance(value, setting.type) or (setting.type is not bool
                                               and isinstance(value, bool)):
        return f"{HINTS[setting.key].label} takes a {setting.type.__name__}, not {value!r}."
    if setting.valid is not None and not setting.valid(value):
        return f"{value!r} is not allowed for {HINTS[setting.key].label}: {setting.description}"
    return None


def export_history(database: Path, target: Path) -> int:
    """Write every stored decision of ``database`` to ``target`` as CSV; returns the count."""
    with ProgressStore.open(database, read_only=True) as store:
        return export_csv(store, target)


class SettingsPage(QWidget):
    """One editor per declared setting, grouped; changes are stored at once."""

    changed = pyqtSignal(str)            # a setting's key, after its new value was stored
    exported = pyqtSignal(int)           # decisions written by a CSV export

    def __init__(self, store: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.editors: dict[str, QWidget] = {}

        groups: dict[str, QFormLayout] = {}
        column = QVBoxLayout()
        for section in SECTIONS:
            box = QGroupBox(section)
            form = QFormLayout(box)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
            form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
            groups[section] = form
            column.addWidget(box)
        for setting in shown_settings():
            hint = HINTS[setting.key]
            editor = self._editor(setting, hint)
            editor.setToolTip(setting.description)
            label = QLabel(hint.label)
            label.setToolTip(setting.description)
            label.setMinimumWidth(LABEL_WIDTH)
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            groups[hint.section].addRow(label, editor)
        self._add_export(groups["Data"])
        column.addStretch(1)

        body = QWidget()
        body.setLayout(column)
        body.setMaximumWidth(820)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(heading("Settings"))
        self.error = QLabel()
        self.error.setObjectName("settingsError")
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.error.hide()
        layout.addWidget(self.error)
        layout.addWidget(scroll, 1)

    # ----- editors ------------------------------------------------------------------------

    def _editor(self, setting: cfg.Setting, hint: Hint) -> QWidget:
        value = cfg.read(self.store, setting)
        if hint.kind == "rules":
            self.rules = RulesFileEditor(value, self.apply)
            self.editors[cfg.RULES_FILE.key] = self.rules
            return self.rules
        if hint.kind == "folder":
            return self._folder_editor(value)
        if hint.choices:
            box = QComboBox()
            for stored, label in hint.choices.items():
                box.addItem(label, stored)
            box.setCurrentIndex(max(0, box.findData(value)))
            box.currentIndexChanged.connect(
                lambda _i, s=setting, b=box: self.apply(s, b.currentData()))
            editor: QWidget = box
        elif setting.type is int:
            spin = QSpinBox()
            spin.setRange(int(hint.minimum), int(hint.maximum))
            spin.setSingleStep(int(hint.step))
            spin.setSuffix(hint.suffix)
            spin.setValue(int(value))
            spin.valueChanged.connect(lambda v, s=setting: self.apply(s, int(v)))
            editor = spin
        else:
            spin_f = QDoubleSpinBox()
            spin_f.setDecimals(0 if float(hint.scale * hint.step).is_integer() else 1)
            spin_f.setRange(hint.minimum * hint.scale, hint.maximum * hint.scale)
            spin_f.setSingleStep(hint.step * hint.scale)
            spin_f.setSuffix(hint.suffix)
            spin_f.setValue(float(value) * hint.scale)
            spin_f.valueChanged.connect(
                lambda v, s=setting, k=hint.scale: self.apply(s, round(v / k, 6)))
            editor = spin_f
        editor.setAccessibleName(hint.label)
        editor.setMinimumWidth(220)
        self.editors[setting.key] = editor
        return editor

    def apply(self, setting: cfg.Setting, value: Any) -> str | None:
        """Store ``value`` if the setting's declaration accepts it; else show and return why."""
        problem = check(setting, value)
        if problem is not None:
            self._show_error(problem)
            return problem
        self._show_error(None)
        cfg.write(self.store, setting, value)
        if setting is cfg.THEME:
            app = QApplication.instance()
            if isinstance(app, QApplication):
                apply_theme(app, value)
        self.changed.emit(setting.key)
        return None

    def _show_error(self, text: str | None) -> None:
        self.error.setText(text or "")
        self.error.setVisible(bool(text))

    # ----- data location and export -------------------------------------------------------

    def _folder_editor(self, value: str) -> QWidget:
        self.data_path = QLineEdit(value)
        self.data_path.setReadOnly(True)
        self.data_path.setPlaceholderText(str(database_path(None).parent) + " (default)")
        self.data_path.setAccessibleName("Data location")
        choose = QPushButton("Choose…")
        choose.clicked.connect(self._choose_folder_dialog)
        default = QPushButton("Default")
        default.clicked.connect(lambda: self.set_data_dir(""))
        line = QHBoxLayout()
        line.setContentsMargins(0, 0, 0, 0)
        for widget in (self.data_path, choose, default):
            line.addWidget(widget)
        line.setStretch(0, 1)
        holder = QWidget()
        holder.setLayout(line)
        self.editors[cfg.DATA_DIR.key] = holder
        return holder

    def _choose_folder_dialog(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Folder for your progress file",
                                                  str(self.database().parent))
        if chosen:
            self.set_data_dir(chosen)

    def set_data_dir(self, folder: str) -> bool:
        """Keep the progress file in ``folder`` ("" for the default); it must be a folder."""
        if folder and not Path(folder).is_dir():
            self._show_error(f"{folder} is not a folder; the data location is unchanged.")
            return False
        if self.apply(cfg.DATA_DIR, folder) is not None:
            return False
        self.data_path.setText(folder)
        return True

    def database(self) -> Path:
        """The progress file the settings point at now."""
        return database_path(cfg.read(self.store, cfg.DATA_DIR) or None)

    def _add_export(self, form: QFormLayout) -> None:
        self.export_button = QPushButton("Export history as CSV…")
        self.export_button.setToolTip("Every graded decision, one row each, for a spreadsheet")
        self.export_button.clicked.connect(self._export_dialog)
        self.export_status = QLabel()
        self.export_status.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.export_button)
        row.addWidget(self.export_status, 1)
        label = QLabel("Export")
        label.setMinimumWidth(LABEL_WIDTH)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        form.addRow(label, row)

    def _export_dialog(self) -> None:
        start = str(Path.home() / "freebet-history.csv")
        chosen, _ = QFileDialog.getSaveFileName(self, "Export history as CSV", start,
                                                "CSV files (*.csv)")
        if chosen:
            target = Path(chosen)
            self.export_to(target if target.suffix else target.with_suffix(".csv"))

    def export_to(self, target: Path) -> None:
        """Export every decision to ``target`` in a worker thread; the result is reported
        beside the button (and by :attr:`exported`)."""
        database = self.database()
        if not database.exists():
            self.export_status.setText(f"Nothing to export yet: there is no progress file at "
                                       f"{database}.")
            return
        self.export_button.setEnabled(False)
        self.export_status.setText("Exporting…")
        run_in_background(self, lambda: export_history(database, target),
                          lambda count: self._exported(target, count), self._export_failed,
                          name="CSV export")

    def _exported(self, target: Path, count: int) -> None:
        self.export_button.setEnabled(True)
        self.export_status.setStyleSheet("")
        self.export_status.setText(f"Exported {count:,} decisions to {target}.")
        self.exported.emit(count)

    def _export_failed(self, exc: BaseException) -> None:
        self.export_button.setEnabled(True)
        if isinstance(exc, ProgressStoreError | OSError):
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.export_status.setText(f"Not exported: {reason}")
            self.export_status.setStyleSheet(ERROR_STYLE)
            self.exported.emit(-1)
            return
        sys.excepthook(type(exc), exc, exc.__traceback__)


def settings_page(settings: QSettings) -> QWidget:
    """The page factory for :data:`trainer.ui.pages.PAGES`."""
    return SettingsPage(settings)


__all__ = ["HINTS", "SettingsPage", "check", "export_history", "settings_page",
           "shown_settings"]
