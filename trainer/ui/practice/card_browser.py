"""The card browser: every flashcard with what the trainer believes of it, searched and sorted.

Like Anki's browser, a window of its own (Browse on the Flashcards page, or B): one row per card
(a fact, or a single situation, as the memory fit says the player learns), its best play, its
state (new, learning, review, suspended), the recall the trainer predicts now, the stability,
when it falls due, its answers and the last ones (✓ right, ✗ wrong), and what not knowing it
costs. Search matches any of the words shown; a column header sorts. The selected cards can be
suspended (never asked in due mode) or unsuspended, reset (their answers so far left out: new
again) or drilled at once. The table comes from :func:`trainer.session.browse_cards`, read off
the UI thread; marks are saved to the progress file through the page's saver.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from html import escape
from typing import Any

from PyQt6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    pyqtSignal,
)
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from trainer.drills.browse import CardRow
from trainer.drills.when import due_text
from trainer.session import CardTable, FlashcardPlan, browse_cards, mark_cards
from trainer.teaching.situations import Situation

from ..background import Job, Latest
from ..progress_service import SessionSaver
from ..widgets import Busy

COLUMNS = ("Card", "Best play", "State", "Recall now", "Stability", "Due", "Answers", "Last",
           "Costs /100")
#: The state filter's entries (None: every card).
STATES = (("All cards", None), ("New", "new"), ("Learning", "learning"), ("Review", "review"),
          ("Suspended", "suspended"))
SORT_ROLE = Qt.ItemDataRole.UserRole + 1


def last_text(row: CardRow) -> str:
    """The latest answers, oldest to newest: '✓✓✗✓'."""
    return "".join("✓" if t.right else "✗" for t in reversed(row.last))


def stability_text(days: float | None) -> str:
    """'3.2 d', '45 min'; '' for a card never answered."""
    if days is None:
        return ""
    return f"{days:.1f} d" if days >= 1 else f"{days * 1440:.0f} min"


class CardModel(QAbstractTableModel):
    """The cards as a table (each cell's text, a sort key, and a row's search text)."""

    def __init__(self, now: Callable[[], datetime]) -> None:
        super().__init__()
        self.rows: list[CardRow] = []
        self.now = now

    def set_rows(self, rows: list[CardRow]) -> None:
        """Show ``rows``."""
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's API)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        column = index.column()
        if role == SORT_ROLE:
            return _sort_key(row, column)
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell(row, column, self.now())
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= 3 and column != 7:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def _cell(row: CardRow, column: int, now: datetime) -> str:
    if column == 0:
        return row.title
    if column == 1:
        return row.best
    if column == 2:
        return row.state
    if column == 3:
        return "" if row.recall is None else f"{row.recall:.0%}"
    if column == 4:
        return stability_text(row.stability)
    if column == 5:
        return "" if row.due is None else ("now" if row.due <= now else due_text(row.due, now))
    if column == 6:
        return str(row.answers)
    if column == 7:
        return last_text(row)
    return f"{row.worth:.3f}"


def _sort_key(row: CardRow, column: int) -> Any:
    keys: tuple[Any, ...] = (
        row.title, row.best, row.state, -1.0 if row.recall is None else row.recall,
        -1.0 if row.stability is None else row.stability,
        row.due.timestamp() if row.due is not None else float("inf"), row.answers,
        sum(t.right for t in row.last) - len(row.last), row.worth)
    return keys[column]


class CardFilter(QSortFilterProxyModel):
    """The cards whose text holds every word searched, in the state chosen."""

    def __init__(self, model: CardModel) -> None:
        super().__init__()
        self.cards = model
        self.setSourceModel(model)
        self.setSortRole(SORT_ROLE)
        self.words: list[str] = []
        self.state: str | None = None

    def choose(self, text: str, state: str | None) -> None:
        """Show the cards matching ``text`` (every word) in ``state`` (None: any)."""
        self.words, self.state = text.lower().split(), state
        self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        row = self.cards.rows[source_row]
        text = row.text()
        return (self.state is None or row.state == self.state) and all(
            word in text for word in self.words)


class CardBrowser(QDialog):
    """The browser window (see the module docstring)."""

    drill_requested = pyqtSignal(list)    # the situation keys of the selected cards
    marked = pyqtSignal(str)              # a mark saved ("suspend", "unsuspend", "reset")

    def __init__(self, plan: Callable[[], FlashcardPlan | None], saver: SessionSaver,
                 parent: QWidget | None = None,
                 now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        super().__init__(parent)
        self.setWindowTitle("Browse flashcards")
        self.setObjectName("card-browser")
        window = parent.window() if parent is not None else None
        room = window.size() if window is not None else None     # within the app's window
        self.resize(1080 if room is None else min(1080, room.width() - 32),
                    640 if room is None else min(640, room.height() - 32))
        self.plan, self.saver, self.now = plan, saver, now
        self.table_data: CardTable | None = None
        self.loading = Latest()
        self.model = CardModel(now)
        self.proxy = CardFilter(self.model)
        self.proxy.setParent(self)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search: hard 16, v10, free double, learning…")
        self.search.setAccessibleName("Search")
        self.search.setClearButtonEnabled(True)
        self.state_box = QComboBox()
        self.state_box.setAccessibleName("Show")
        for text, value in STATES:
            self.state_box.addItem(text, value)
        self.count = QLabel()
        self.busy = Busy()
        self.view = QTableView()
        self.view.setObjectName("cards")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(len(COLUMNS) - 1, Qt.SortOrder.DescendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().setVisible(False)            # type: ignore[union-attr]
        header = self.view.horizontalHeader()
        assert header is not None
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.details = QLabel()
        self.details.setObjectName("card-details")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setMinimumHeight(90)
        self.suspend_button = QPushButton("Suspend")
        self.reset_button = QPushButton("Reset…")
        self.drill_button = QPushButton("Drill these")
        close = QPushButton("Close")
        self.suspend_button.clicked.connect(self._toggle_suspend)
        self.reset_button.clicked.connect(self._reset)
        self.drill_button.clicked.connect(self._drill)
        close.clicked.connect(self.close)

        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(QLabel("Show"))
        top.addWidget(self.state_box)
        top.addWidget(self.count)
        buttons = QHBoxLayout()
        for button in (self.suspend_button, self.reset_button, self.drill_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.busy)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.details)
        layout.addLayout(buttons)

        self.search.textChanged.connect(self._filter)
        self.state_box.currentIndexChanged.connect(lambda _: self._filter())
        selection = self.view.selectionModel()
        assert selection is not None
        selection.selectionChanged.connect(lambda *_: self._selected_changed())
        self._selected_changed()

    # ----- reading --------------------------------------------------------------------------

    def load(self) -> None:
        """Read the cards again (off the UI thread)."""
        plan = self.plan()
        if plan is None:
            return
        self.busy.start("Reading your cards…")
        saver = self.saver
        job = Job(self, lambda: browse_cards(plan, saver), name="card browser: read")
        job.ended(self.busy.stop).succeeded(self._loaded)
        self.loading.start(job)

    def _loaded(self, table: CardTable) -> None:
        self.table_data = table
        chosen = set(self.chosen_cards())
        self.model.set_rows(table.rows)
        self._filter()
        if chosen:
            self._select(chosen)
        kind = "facts" if table.mapping == "facts" else "single situations"
        self.setWindowTitle(f"Browse flashcards — {table.preset}: you learn {kind}")

    # ----- filtering and choosing -----------------------------------------------------------

    def _filter(self) -> None:
        self.proxy.choose(self.search.text(), self.state_box.currentData())
        self.count.setText(f"{self.proxy.rowCount():,} of {len(self.model.rows):,} cards")

    def chosen_rows(self) -> list[CardRow]:
        """The selected cards (in the table's order)."""
        selection = self.view.selectionModel()
        if selection is None:
            return []
        rows = sorted({self.proxy.mapToSource(i).row() for i in selection.selectedRows()})
        return [self.model.rows[r] for r in rows]

    def chosen_cards(self) -> list[str]:
        """The keys of the selected cards."""
        return [row.card for row in self.chosen_rows()]

    def _select(self, cards: set[str]) -> None:
        selection = self.view.selectionModel()
        assert selection is not None
        for i in range(self.proxy.rowCount()):
            index = self.proxy.index(i, 0)
            if self.model.rows[self.proxy.mapToSource(index).row()].card in cards:
                selection.select(index, selection.SelectionFlag.Select
                                 | selection.SelectionFlag.Rows)

    def select_all_shown(self) -> None:
        """Select every card the search shows."""
        self.view.selectAll()

    def _selected_changed(self) -> None:
        rows = self.chosen_rows()
        self.drill_button.setEnabled(bool(rows))
        self.reset_button.setEnabled(bool(rows))
        self.suspend_button.setEnabled(bool(rows))
        suspended = bool(rows) and all(r.state == "suspended" for r in rows)
        self.suspend_button.setText("Unsuspend" if suspended else "Suspend")
        self.details.setText(details_html(rows, self.now()) if rows else
                             "<i>Select a card to see its situations and its last answers.</i>")

    # ----- acting ---------------------------------------------------------------------------

    def _faces(self) -> list[str]:
        return [face for row in self.chosen_rows() for face in row.faces]

    def _mark(self, mark: str) -> None:
        if self.table_data is None:
            return
        mark_cards(self.saver, self.table_data.preset, self._faces(), mark)
        self.marked.emit(mark)
        self.load()

    def _toggle_suspend(self) -> None:
        rows = self.chosen_rows()
        self._mark("unsuspend" if rows and all(r.state == "suspended" for r in rows)
                   else "suspend")

    def _reset(self) -> None:
        rows = self.chosen_rows()
        if not rows:
            return
        cards = "this card" if len(rows) == 1 else f"these {len(rows)} cards"
        own = (" A card only your own mistakes made (where the assumed play is right) leaves "
               "the deck until you miss it again." if any(r.own for r in rows) else "")
        answer = QMessageBox.question(
            self, "Reset cards",
            f"Reset {cards}? Your answers so far are left out of the study queue: the trainer "
            f"treats them as new.{own} Your answers stay in your history and your progress.")
        if answer == QMessageBox.StandardButton.Yes:
            self._mark("reset")

    def _drill(self) -> None:
        faces = self._faces()
        if faces:
            self.drill_requested.emit(faces)

    def shutdown(self) -> None:
        """Drop a read in progress."""
        self.loading.cancel()


def _described(key: str) -> str:
    """A situation key as a screen says it ("hard 10 v 10, after a split")."""
    try:
        return Situation.from_key(key).describe()
    except ValueError:
        return key.split("|", 1)[-1]


def details_html(rows: list[CardRow], now: datetime) -> str:
    """The selected card's situations and last answers (or a count of several)."""
    if len(rows) > 1:
        faces = sum(len(r.faces) for r in rows)
        return f"<b>{len(rows)} cards</b> selected ({faces} situations)."
    row = rows[0]
    parts = [f"<b>{escape(row.title)}</b> · {escape(row.state)}"]
    if row.recall is not None and row.due is not None:
        when = "now" if row.due <= now else due_text(row.due, now)
        parts.append(f"The trainer believes you recall it {row.recall:.0%} of the time now; "
                     f"it is due {when} (stability {stability_text(row.stability)}).")
    else:
        parts.append("Not answered yet: new.")
    parts.append("Situations: " + "; ".join(escape(_described(k)) for k in row.faces))
    if row.last:
        answers = "; ".join(f"{escape(t.words())}, {escape(t.time[:16].replace('T', ' '))}"
                            for t in row.last)
        parts.append(f"Last answers, newest first: {answers}")
    return "<br>".join(parts)


__all__ = ["COLUMNS", "CardBrowser", "CardModel", "details_html", "last_text"]
