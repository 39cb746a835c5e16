"""The strategy chart viewer: one preset's chart per context, cell details, export, differences.

The chart is drawn on a :class:`~trainer.ui.charts.canvas.ChartCanvas`, the same drawing as
``python -m strategy_charts chart``. It is redrawn only when the preset, the context, the
differences outline or the theme change. The standard blackjack table for the differences view
can take up to a minute to build the first time: it is built in a worker thread with a progress
bar, and kept for the session (and on disk, by ``load_or_build``).

The chart's title wraps above it and its legend stands beside it, in the side column under the
cell's EVs, so both stay in view however the chart scrolls; the status line is there too.
Arrow keys move the framed cell (its EVs follow) and Enter shows the framed cell's EVs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PyQt6.QtCore import QEvent, Qt, pyqtSlot
from PyQt6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from strategy_charts.chart_layout import (
    Cell,
    cell_at,
    chart_rows,
    context_label,
    context_order,
    context_title,
    position_of,
    row_label,
)
from strategy_charts.comparison import after_hit_cell, chart_differences, standard_context
from strategy_charts.tables import TableError, load_standard
from trainer import settings as cfg
from trainer.rules import PRESETS, RuleSet
from trainer.settings import Settings

from ..background import Job
from ..flow import FlowRow, labelled
from ..rules_files import rules_files
from ..settings.chosen import CUSTOM, custom_rules, fallback_preset, fill_rules_box
from ..theme import chart_look
from ..widgets import ChoiceBox, busy_bar, heading, rules_box, scrolled, scrolled_column
from .canvas import SELECTION, ChartCanvas
from .cell_text import cell_summary
from .export import export_dialog
from .files import export_chart, keep_standard, play_table, standard_table
from .legend import legend_html
from .split_cells import SplitCells


class ChartsPage(QWidget):
    """Preset and context menus, the chart, a side panel for the clicked cell, export."""

    def __init__(self, store: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store if store is not None else Settings()
        self.draw_count = 0
        self.selected: Cell | None = None
        self._drawn_key: tuple[str, str, bool, str] | None = None
        self._outlined: set[Cell] = set()
        self._building: set[str] = set()
        self.split_cells = SplitCells(self, self._split_found)   # pair cells' counted splits

        self.preset_box = rules_box()
        self.context_box = ChoiceBox(22)
        self.context_box.setAccessibleName("Chart")
        self.diff_box = QCheckBox("Differences from standard blackjack")
        self.diff_box.setToolTip("Outline the cells where Free Bet play differs from standard "
                                 "blackjack (free double counted as double, free split as "
                                 "split).")
        self.busy = busy_bar()
        self.busy.setFixedWidth(90)
        self.status = QLabel()             # in the side column: wraps, never resizes the chart
        self.status.setWordWrap(True)
        self.title = QLabel()
        self.title.setObjectName("chartTitle")
        self.title.setWordWrap(True)
        self.title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.legend = QLabel()
        self.legend.setObjectName("chartLegend")
        self.legend.setWordWrap(True)
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip("Save this chart as PNG, SVG or PDF")

        self.canvas = ChartCanvas()
        self.figure = self.canvas.figure
        self.canvas.pressed.connect(self.select_at)
        self.canvas.moved.connect(self.move_selection)
        self.canvas.shown.connect(self.show_selected)
        scroll = self.chart_area = scrolled(self.canvas)
        self.panel = QLabel("Click a cell of the chart to see the EV of every action there.")
        self.panel.setObjectName("cellPanel")
        self.panel.setWordWrap(True)
        self.panel.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.panel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        side = QFrame()
        side.setFrameShape(QFrame.Shape.StyledPanel)
        side.setFixedWidth(300)
        inner = QWidget()               # a tall cell's panel and the legend scroll, never cut
        outer = QVBoxLayout(side)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scrolled_column(inner))
        column = QVBoxLayout(inner)
        column.setContentsMargins(12, 12, 12, 12)
        column.addWidget(self.panel)
        column.addStretch(1)
        column.addWidget(self.status)
        column.addWidget(self.legend)

        bar = FlowRow()                    # a narrow window wraps it
        for widget in (labelled("Rules", self.preset_box), labelled("Chart", self.context_box),
                       self.diff_box, self.busy):
            bar.addWidget(widget)
        bar.addStretch(1)
        bar.addWidget(self.export_button)
        chart = QVBoxLayout()
        chart.setSpacing(2)
        chart.addWidget(self.title)
        chart.addWidget(scroll, 1)
        body = QHBoxLayout()
        body.addLayout(chart, 1)
        body.addWidget(side)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(heading("Strategy charts"))
        layout.addLayout(bar)
        layout.addLayout(body, 1)

        self._offer_rules(self.store.get(cfg.CHARTS_PRESET))
        rules_files().offered.connect(self._rules_offered)
        self._fill_contexts(self.store.get(cfg.CHARTS_CONTEXT))
        self.diff_box.setChecked(self.store.get(cfg.CHARTS_DIFFERENCES))
        self.preset_box.currentIndexChanged.connect(self._preset_changed)
        self.context_box.currentIndexChanged.connect(self._context_changed)
        self.diff_box.toggled.connect(self._differences_toggled)
        self.export_button.clicked.connect(self.export_with_dialog)
        self.refresh()

    # ----- state ------------------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rules shown: a preset, or the custom rules file set in Settings."""
        choice = self.preset_box.currentData()
        custom = custom_rules(self.store) if choice == CUSTOM else None
        if custom is not None:
            return custom
        return PRESETS[choice if choice in PRESETS else fallback_preset(self.store)]

    def _offer_rules(self, choose: str | None = None) -> bool:
        """The rules menu: the presets, and the rules file set in Settings once its table is
        ready (:meth:`~trainer.ui.rules_files.RulesFiles.ready`); True if the choice moved."""
        custom = custom_rules(self.store)
        ready = custom is not None and rules_files().table(custom) is not None
        return fill_rules_box(self.preset_box, self.store, choose, custom=ready)

    @pyqtSlot()   # a slot of the page: Qt drops the connection when the page is deleted
    def _rules_offered(self) -> None:
        """A rules file's tables are ready (or it was cleared in Settings): offered here at
        once; the chart shown changes only if its rules are gone or changed."""
        if self._offer_rules() or (self.preset_box.currentData() == CUSTOM
                                   and self._drawn_key is not None
                                   and self._drawn_key[0] != self.rules.fingerprint()):
            self._preset_changed()

    def _play_table(self) -> dict[str, Any]:
        """The table of the rules shown (a rules file's as made ready this session)."""
        return rules_files().table(self.rules) or play_table(self.rules)

    @property
    def context(self) -> str:
        """The chart context shown ("real", "split", "free", "drawn-...")."""
        return str(self.context_box.currentData())

    def render_ahead(self) -> None:
        """Render the chart now, unseen (the window's warm-up), so its first paint is quick."""
        self.canvas.render_ahead()

    def chart(self) -> dict[str, Any]:
        """The chart shown: table -> charts -> context."""
        return self._play_table()["charts"][self.context]

    def standard_chart(self) -> dict[str, Any] | None:
        """The standard blackjack chart to compare with, if its table is ready."""
        table = standard_table(self.rules)
        if table is None:
            return None
        context = standard_context(self.context, list(table["charts"]))
        return table["charts"][context] if context else None

    def set_context(self, context: str) -> None:
        """Show ``context`` (must be one of the menu's)."""
        self.context_box.setCurrentIndex(self.context_box.findData(context))

    def set_preset(self, name: str) -> None:
        """Show preset ``name`` (or CUSTOM: the rules file's, when offered)."""
        self.preset_box.setCurrentIndex(self.preset_box.findData(name))

    def _fill_contexts(self, wanted: str) -> None:
        contexts = context_order(list(self._play_table()["charts"]))
        self.context_box.blockSignals(True)
        self.context_box.clear()
        for context in contexts:
            self.context_box.addItem(context_label(context), context)
        base = wanted.rstrip("0123456789").rstrip("-")
        choice = next((c for c in (wanted, f"{base}-3", base) if c in contexts), contexts[0])
        self.context_box.setCurrentIndex(contexts.index(choice))
        self.context_box.blockSignals(False)

    def _preset_changed(self) -> None:
        self.store.set(cfg.CHARTS_PRESET, str(self.preset_box.currentData()))
        self._fill_contexts(self.context)
        self.refresh()

    def _context_changed(self) -> None:
        self.store.set(cfg.CHARTS_CONTEXT, self.context)
        self.refresh()

    def _differences_toggled(self, on: bool) -> None:
        self.store.set(cfg.CHARTS_DIFFERENCES, on)
        self.refresh()

    # ----- drawing ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw if the preset, context or differences outline changed; start the standard
        table's build when the differences view needs it."""
        standard = None
        if self.diff_box.isChecked():
            standard = self.standard_chart()
            if standard is None:
                self._build_standard()
        look = chart_look(self.palette())
        key = (self.rules.fingerprint(), self.context, standard is not None, look.name)
        if key == self._drawn_key:
            return
        self._drawn_key = key
        chart = self.chart()
        self._outlined = chart_differences(chart, standard) if standard is not None else set()
        self.canvas.show_chart(chart, self.rules, self.context, self._outlined, look)
        self.title.setText(f"<b>{self.rules.name}: {context_title(self.context)}</b><br>"
                           f"{self.rules.describe()}")
        rows = chart_rows(chart, two_cards=not self.context.startswith("drawn"))
        self.legend.setText(legend_html(chart, rows, standard is not None, SELECTION))
        self.draw_count += 1
        if standard is not None:
            count = len(self._outlined)
            self._say(f"{count} outlined cell{'s' if count != 1 else ''}: play differs from "
                      "standard")
        elif not self._building:
            self._say("")
        if self.selected is not None:
            self._show_cell(self.selected)

    def _build_standard(self) -> None:
        rules = self.rules
        key = rules.fingerprint()
        if key in self._building:
            return
        self._building.add(key)
        self.busy.setRange(0, 0)
        self.busy.show()
        self._say("Building the standard table (first time only, up to a minute)…")
        job = Job.heavy(self, lambda report: load_standard(rules, report),
                        name=f"standard table for {rules.name}")
        job.progressed(self._standard_progressed).ended(lambda: self._built(rules))
        job.succeeded(lambda table: self._standard_ready(rules, table))
        job.failed(self._standard_failed, TableError, OSError).start()

    def _standard_progressed(self, done: int, total: int) -> None:
        """One more step of the standard table's build (a dealer up card, the side bets)."""
        self.busy.setRange(0, total)
        self.busy.setValue(done)
        self._say(f"Building the standard table (first time only, up to a minute): step "
                  f"{done} of {total}…")

    def _built(self, rules: RuleSet) -> None:
        """The standard table's build ended (well or not)."""
        self._building.discard(rules.fingerprint())
        self.busy.setVisible(bool(self._building))

    def _standard_ready(self, rules: RuleSet, table: dict[str, Any]) -> None:
        keep_standard(rules, table)
        self.refresh()

    def _standard_failed(self, exc: Exception) -> None:
        self._say(f"Could not build the standard table: {exc}")

    def _say(self, text: str) -> None:
        """The status line in the side column (in full in its tooltip too)."""
        self.status.setText(text)
        self.status.setToolTip(text)

    def is_building(self) -> bool:
        """True while a standard table is being built."""
        return bool(self._building)

    def outlined(self) -> set[Cell]:
        """The cells outlined now (empty without the differences view)."""
        return set(self._outlined)

    # ----- cells ------------------------------------------------------------------------------

    def select_at(self, x: float, y: float) -> Cell | None:
        """Select the cell at chart coordinates (x: up-card column, y: row) and show its EVs."""
        found = cell_at(self.chart(), self.context, x, y)
        if found is None:
            return None
        self.selected = found[0]
        self._show_cell(found[0])
        return found[0]

    def move_selection(self, columns: int, rows: int) -> Cell | None:
        """Move the framed cell by ``columns`` and ``rows`` (skipping places without a hand),
        show its EVs and scroll it into view; from the first cell when none is framed."""
        chart = self.chart()
        if self.selected is None:
            x, y, columns, rows = -0.5, 0.5, 1, 0
        else:
            x, y = position_of(chart, self.context, self.selected)
        count = len(chart_rows(chart, two_cards=not self.context.startswith("drawn")))
        for _ in range(max(count, 10)):
            x, y = x + columns, y + rows
            if not (0 < x < 10 and 0 < y < count):
                return self.selected
            found = self.select_at(x, y)
            if found is not None:
                self.chart_area.ensureVisible(*self.canvas.pixel_of(x, y), 40, 60)
                return found
        return self.selected

    def show_selected(self) -> None:
        """Show the framed cell's EVs (the first cell's when none is framed)."""
        if self.selected is None:
            self.move_selection(0, 0)
        else:
            self._show_cell(self.selected)

    def _show_cell(self, cell: Cell) -> None:
        chart = self.chart()
        kind, value, up = cell
        data = chart.get(kind, {}).get(value, {}).get(up)
        if data is None:
            self.selected = None
            self.panel.setText("Click a cell of the chart to see the EV of every action there.")
            return
        label = row_label(chart, self.context, cell)
        standard = None
        if self.diff_box.isChecked():
            other = self.standard_chart()
            standard = other.get(kind, {}).get(value, {}).get(up) if other else None
        after_hit = after_hit_cell(self._play_table()["charts"], self.rules, self.context, cell)
        split_plays = self.split_cells.of(self.rules, self.context, cell, data)
        self.panel.setText(cell_summary(cell, label, data, self.context, standard, after_hit,
                                        split_plays))
        self.canvas.mark(*position_of(chart, self.context, cell))

    def _split_found(self, cell: Cell) -> None:
        """A pair cell's counted split arrived: shown if the cell is still framed."""
        if self.selected == cell:
            self._show_cell(cell)

    def changeEvent(self, event: QEvent | None) -> None:
        """A new palette (the theme setting) redraws the chart on a matching background."""
        super().changeEvent(event)
        if (event is not None and event.type() == QEvent.Type.PaletteChange
                and getattr(self, "_drawn_key", None) is not None):
            self.refresh()

    # ----- export -----------------------------------------------------------------------------

    def export(self, path: Path) -> Path:
        """Write the chart shown (with its outline, if any) to ``path``: .png, .svg or .pdf."""
        return export_chart(self.chart(), self.rules, self.context, path,
                            self._outlined or None)

    def export_with_dialog(self) -> Path | None:
        """Ask where to save, then export and say where it went (or why not, naming the
        file); None if the player cancels or it could not be written."""
        return export_dialog(self, f"{self.rules.name}-{self.context}.png", self.export,
                             self._say)


def charts_page(settings: Settings) -> QWidget:
    """The page factory for :data:`trainer.ui.pages.PAGES`."""
    return ChartsPage(settings)
