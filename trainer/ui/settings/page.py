"""The settings page, built from the declarations in :mod:`trainer.settings`.

Each declared setting with a label gets an editor in its section, chosen by its allowed values
(a menu for choices, a spin box for a range, a line for a list of amounts) or its declared
special editor (the rules file, the data folder); its declared description is the tooltip,
and a value is stored only if the declaration accepts it (:meth:`Setting.problem`, as the
terminal's ``settings set`` checks it). A custom
rules file is read and checked off the UI thread (its error shown, nothing changed when it
fails) and its strategy tables are built in a worker thread with a busy bar. The window
follows each change (the theme applies at once); the CSV export writes through
``trainer.progress.export.export_csv``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtGui import QShowEvent
from PyQt6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from trainer import settings as cfg
from trainer.rules.plural import counted
from trainer.settings import Amounts, Choices, Editor, Range, Setting, SettingError, Settings

from ..background import Job
from ..progress_service import (
    ProgressStoreError,
    database_path,
    export_history,
    export_problem,
    translate_os,
)
from ..widgets import ERROR_STYLE, heading, scrolled
from .rules_file_editor import RulesFileEditor

LABEL_WIDTH = 130


class SettingsPage(QWidget):
    """One editor per declared setting, grouped; changes are stored at once."""

    changed = pyqtSignal(str)            # a setting's key, after its new value was stored
    exported = pyqtSignal(int)           # decisions written by a CSV export

    def __init__(self, store: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.editors: dict[str, QWidget] = {}
        self._applying = False

        groups: dict[str, QFormLayout] = {}
        column = QVBoxLayout()
        for section in cfg.SECTIONS:
            box = QGroupBox(section)
            form = QFormLayout(box)
            form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
            form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
            groups[section] = form
            column.addWidget(box)
        for setting in cfg.on_the_page():
            editor = self._editor(setting)
            editor.setToolTip(setting.help)
            label = QLabel(setting.label)
            label.setToolTip(setting.help)
            label.setMinimumWidth(LABEL_WIDTH)
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            groups[setting.section].addRow(label, editor)
        self._add_export(groups["Data"])
        column.addStretch(1)

        body = QWidget()
        body.setLayout(column)
        body.setMaximumWidth(820)
        scroll = scrolled(body)
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

    def _editor(self, setting: Setting) -> QWidget:
        value = self.store.get(setting)
        if setting.editor is Editor.RULES_FILE:
            self.rules = RulesFileEditor(value, self.apply)
            self.editors[setting.key] = self.rules
            return self.rules
        if setting.editor is Editor.FOLDER:
            return self._folder_editor(setting, value)
        allowed = setting.allowed
        if isinstance(allowed, Choices):
            box = QComboBox()
            for stored, label in allowed.labels.items():
                box.addItem(label, stored)
            box.setCurrentIndex(max(0, box.findData(value)))
            box.currentIndexChanged.connect(
                lambda _i, s=setting, b=box: self.apply(s, b.currentData()))
            editor: QWidget = box
        elif isinstance(allowed, Range) and setting.type is int:
            spin = QSpinBox()
            spin.setRange(int(allowed.minimum), int(allowed.maximum))
            spin.setSingleStep(int(allowed.step))
            spin.setSuffix(allowed.suffix)
            spin.setValue(int(value))
            spin.valueChanged.connect(lambda v, s=setting: self.apply(s, int(v)))
            editor = spin
        elif isinstance(allowed, Range):
            spin_f = QDoubleSpinBox()
            spin_f.setDecimals(0 if float(allowed.scale * allowed.step).is_integer() else 1)
            spin_f.setRange(allowed.minimum * allowed.scale, allowed.maximum * allowed.scale)
            spin_f.setSingleStep(allowed.step * allowed.scale)
            spin_f.setSuffix(allowed.suffix)
            spin_f.setValue(float(value) * allowed.scale)
            spin_f.valueChanged.connect(
                lambda v, s=setting, k=allowed.scale: self.apply(s, round(v / k, 6)))
            editor = spin_f
        elif isinstance(allowed, Amounts):
            line = QLineEdit(str(value))
            line.editingFinished.connect(
                lambda s=setting, e=line: self.apply(s, e.text().strip()))
            editor = line
        else:
            raise TypeError(f"{setting.key} is on the page but declares no allowed values")
        editor.setAccessibleName(setting.label)
        editor.setMinimumWidth(220)
        self.editors[setting.key] = editor
        return editor

    def showEvent(self, event: QShowEvent | None) -> None:
        """Shown: every editor says what is in force (a practice page's rules choice sets the
        preset practised; the View menu, the theme)."""
        super().showEvent(event)
        self.refresh()

    def refresh(self) -> None:
        """Put each editor on its stored value, without a signal (a change made elsewhere:
        the View menu, a practice page's rules choice, the terminal)."""
        for setting in cfg.on_the_page():
            editor, value = self.editors.get(setting.key), self.store.get(setting)
            line = self._line_of(setting, editor)   # not while an editor stores its own
            if line is not None and line.text() != value and not (self._applying
                                                                   or line.hasFocus()):
                line.setText(str(value))
                if editor is self.rules:
                    self.rules.show_path(str(value))
            if not isinstance(editor, QComboBox | QSpinBox | QDoubleSpinBox):
                continue
            editor.blockSignals(True)
            if isinstance(editor, QComboBox):
                editor.setCurrentIndex(max(0, editor.findData(value)))
            elif isinstance(editor, QSpinBox):
                editor.setValue(int(value))
            elif isinstance(setting.allowed, Range):
                editor.setValue(float(value) * setting.allowed.scale)
            editor.blockSignals(False)

    def _line_of(self, setting: Setting, editor: QWidget | None) -> QLineEdit | None:
        """The line that shows ``setting``'s text (the chips, the data folder, the rules
        file), None for another editor."""
        if setting.editor is Editor.RULES_FILE:
            return self.rules.path
        if setting.editor is Editor.FOLDER:
            return self.data_path
        return editor if isinstance(editor, QLineEdit) else None

    def apply(self, setting: Setting, value: Any) -> str | None:
        """Store ``value`` if the setting's declaration accepts it; else show and return why."""
        self._applying = True
        try:
            self.store.set(setting, value)
        except SettingError as exc:
            self._show_error(str(exc))
            return str(exc)
        except OSError as exc:
            problem = (f"{setting.name} is unchanged: the settings file {self.store.path} "
                       f"cannot be written ({exc.strerror or exc}).")
            self._show_error(problem)
            return problem
        finally:
            self._applying = False
        self._show_error(None)
        self.changed.emit(setting.key)
        return None

    def _show_error(self, text: str | None) -> None:
        self.error.setText(text or "")
        self.error.setVisible(bool(text))

    # ----- data location and export -------------------------------------------------------

    def _folder_editor(self, setting: Setting, value: str) -> QWidget:
        self.data_path = QLineEdit(value)
        self.data_path.setReadOnly(True)
        self.data_path.setPlaceholderText(str(database_path(None).parent) + " (default)")
        self.data_path.setAccessibleName(setting.label)
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
        self.editors[setting.key] = holder
        return holder

    def _choose_folder_dialog(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Folder for your progress file",
                                                  str(self.database().parent))
        if chosen:
            self.set_data_dir(chosen)

    def set_data_dir(self, folder: str) -> bool:
        """Keep the progress file in ``folder`` ("" for the default); it must be a folder the
        system can use (a name longer than it allows is refused, naming it)."""
        try:
            usable = not folder or Path(folder).is_dir()
        except OSError as exc:
            problem = translate_os(database_path(folder), exc)
            self._show_error(f"{problem} The data location is unchanged.")
            return False
        if not usable:
            self._show_error(f"{folder} is not a folder; the data location is unchanged.")
            return False
        if self.apply(cfg.DATA_DIR, folder) is not None:
            return False
        self.data_path.setText(folder)
        return True

    def database(self) -> Path:
        """The progress file the settings point at now."""
        return database_path(self.store.get(cfg.DATA_DIR) or None)

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
        try:
            missing = not database.exists()
        except OSError as exc:     # a folder name too long, say: said as the store says it
            self._export_failed(target, translate_os(database, exc))
            return
        if missing:
            self.export_status.setText(f"Nothing to export yet: there is no progress file at "
                                       f"{database}.")
            return
        self.export_button.setEnabled(False)
        self.export_status.setText("Exporting…")
        job = Job(self, lambda: export_history(database, target), name="CSV export")
        job.ended(lambda: self.export_button.setEnabled(True))
        job.succeeded(lambda count: self._exported(target, count))
        job.failed(lambda exc: self._export_failed(target, exc), ProgressStoreError,
                   OSError).start()

    def _exported(self, target: Path, count: int) -> None:
        self.export_status.setStyleSheet("")
        self.export_status.setText(f"Exported {counted(count, 'decision')} to {target}.")
        self.exported.emit(count)

    def _export_failed(self, target: Path, exc: Exception) -> None:
        # a store fault's own message names the file and the remedy
        self.export_status.setText(export_problem(target, exc) if isinstance(exc, OSError)
                                   else f"Not exported: {exc}")
        self.export_status.setStyleSheet(ERROR_STYLE)
        self.exported.emit(-1)


def settings_page(settings: Settings) -> QWidget:
    """The page factory for :data:`trainer.ui.pages.PAGES`."""
    return SettingsPage(settings)


__all__ = ["SettingsPage", "settings_page"]
