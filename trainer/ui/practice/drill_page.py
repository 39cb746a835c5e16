"""The base of the Flashcards and Shoe practice pages: the rules menu, timed box, table, feedback,
action bar and status line each has, their keys, their layout and their closing.

The table is the screen: the page's margins are narrow and the side column (feedback, and on
the shoe page the money line and settlement) has a fixed width, :data:`SIDE_WIDTH`, so the felt
keeps :data:`FELT_SHARE` of a 1280-pixel window's width and nothing on it moves when feedback
fills the column. The table has the keys whenever the page is shown and whenever it waits for
the player. A decision's time (and a timed decision's countdown) runs only while the page is
shown in the active window: a dialog over it, another program in front, another page shown
pause it (:class:`~trainer.drills.stopwatch.Stopwatch`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PyQt6.QtCore import QEvent, Qt, QTimer, pyqtSlot
from PyQt6.QtGui import QCloseEvent, QHideEvent, QKeyEvent, QShowEvent
from PyQt6.QtWidgets import (
    QApplication,
    QCheckBox,
    QHBoxLayout,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from trainer import settings as cfg
from trainer.drills.flashcards import FlashMode
from trainer.drills.shares import Shares
from trainer.drills.stopwatch import Pausable
from trainer.drills.timed import TimedDrill
from trainer.rules import PRESETS, Action, RulesError, RuleSet, preset
from trainer.settings import Settings
from trainer.teaching.grading import Clock, utc_now

from ..background import Latest
from ..flow import FlowRow, labelled
from ..rules_files import rules_files
from ..settings.chosen import database_of
from ..table.action_bar import ActionBar
from ..table.widget import TableWidget
from ..widgets import Busy, Countdown, heading, rules_box
from .decision_shares import DecisionShares
from .feedback import SIDE_WIDTH, FeedbackPanel
from .progress_link import ProgressLink
from .rules_choice import (
    CUSTOM,
    custom_path,
    custom_rules,
    fallback_preset,
    fill_rules_box,
    initial_choice,
    rules_for,
)
from .save_status import SaveStatus

#: The events of the window becoming active or not.
_ACTIVATION = (QEvent.Type.WindowActivate, QEvent.Type.WindowDeactivate)
#: Rules-file problems already shown to the player in this run.
_RULES_TOLD: set[str] = set()
#: The share of a 1280 x 800 window's width the felt keeps on a drill page.
FELT_SHARE = 0.6
#: The page's margins and the gap between the table and the panels beside it.
MARGIN, SPACING = 10, 8


class DrillPage(QWidget):
    """Base of a page that deals decisions: the progress link, rules choice, timer box, table,
    feedback, action bar and status line every such page has."""

    #: Each page's countdown step: show the time left, apply the auto-decision at zero.
    _tick: Callable[[], None]
    #: Each page's reload with its custom rules file's rules, once they are read (anew).
    _rules_file_read: Callable[[], None]
    #: Each page's drill in play when untimed (its decisions' time is paused and resumed).
    _untimed: Callable[[], Pausable | None]

    def __init__(self, settings: Settings, name: str, parent: QWidget | None = None,
                 clock: Clock = utc_now) -> None:
        super().__init__(parent)
        self.settings = settings
        self.clock = clock   # what timed play's countdown reads (tests move it by hand)
        self.setObjectName(name)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.link = ProgressLink(settings, self)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.link.close)
        self.timed: TimedDrill | None = None
        self._untimed = lambda: None
        self.rules: RuleSet | None = None
        self.loading = Latest()   # the page's load: a newer one drops an older one's result
        self.rules_box = rules_box()
        fill_rules_box(self.rules_box, settings, initial_choice(settings))
        self.timed_box = QCheckBox()
        self.countdown = Countdown()
        self.busy = Busy()
        self.table = TableWidget()
        self.table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.feedback = FeedbackPanel()
        self.bar = ActionBar()
        self.saving = SaveStatus(self.link)
        self.shares = DecisionShares(self, settings, self.link, self.bar, self.table)
        self.flash_mode: FlashMode | None = None    # the flashcards' mode (None elsewhere)
        self.status = self.saving.label
        rules_files().changed.connect(self._rules_file_changed)
        rules_files().offered.connect(self._rules_offered)

    def _chosen_rules(self) -> RuleSet | None:
        """The chosen rule set; None while the custom rules file is read for the first time
        (off the UI thread: the page says so, and :meth:`_rules_file_read` reloads it). A
        custom rules file that cannot be used (unreadable, invalid, not a file) gives way to
        the preset chosen in Settings, said once, in plain words, naming it."""
        try:
            rules = rules_for(self.rules_box.currentData(), self.settings)
            if rules is None:
                self.busy.start(f"Reading the rules file {custom_path(self.settings)}…")
            return rules
        except RulesError as exc:
            name = fallback_preset(self.settings)
            self.rules_box.blockSignals(True)
            self.rules_box.setCurrentIndex(max(0, self.rules_box.findData(name)))
            self.rules_box.blockSignals(False)
            if str(exc) not in _RULES_TOLD:   # once, not once per page
                _RULES_TOLD.add(str(exc))
                message = (f"{exc}\n\nPractising with the preset '{name}' instead. Fix the "
                           "file, or clear it, in Settings.")
                QTimer.singleShot(0, lambda: QMessageBox.warning(
                    self, "The rules file cannot be used", message))
            return preset(name)

    @pyqtSlot(str)   # a slot of the page: Qt drops the connection when the page is deleted
    def _rules_file_changed(self, path: str) -> None:
        """A rules file was read anew: its name on the rules menu, and a reload when it is
        the one this page plays."""
        if path != custom_path(self.settings):
            return
        fill_rules_box(self.rules_box, self.settings)
        if self.rules_box.currentData() == CUSTOM:
            self._rules_file_read()

    @pyqtSlot()
    def _rules_offered(self) -> None:
        """Settings chose a rules file whose tables are ready, or cleared it: the menu offers
        what is set, and the page plays what Settings chose to practise (the file, or the
        preset when it was cleared)."""
        changed = fill_rules_box(self.rules_box, self.settings, initial_choice(self.settings))
        if changed or (self.rules_box.currentData() == CUSTOM
                       and custom_rules(self.settings) != self.rules):
            self._rules_file_read()

    def _keep_preset(self) -> None:
        """A preset chosen on the page becomes the one Settings names (a custom file stays)."""
        choice = self.rules_box.currentData()
        if choice in PRESETS:
            self.settings.set(cfg.PRESET, choice)

    def _top_row(self, title: str, choices: Sequence[tuple[str, QWidget]]) -> FlowRow:
        """The page's title, its labelled choices, the timed box and the countdown; a stretch
        after them (a page adds what goes on the right). A narrow window wraps it."""
        top = FlowRow()
        top.addWidget(heading(title))
        top.addSpacing(14)
        for text, widget in choices:
            top.addWidget(labelled(text, widget))
        top.addWidget(self.timed_box)
        top.addWidget(self.countdown)
        top.addStretch(1)
        return top

    def _lay_out(self, top: FlowRow, middle: Sequence[QWidget]) -> None:
        """Controls on top, ``middle`` side by side (the one holding the table stretches),
        then the action bar and the status line."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(MARGIN, 10, MARGIN, 8)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addWidget(self.busy)
        row = QHBoxLayout()
        row.setSpacing(SPACING)
        for widget in middle:
            holds_table = widget is self.table or widget.isAncestorOf(self.table)
            row.addWidget(widget, 1 if holds_table else 0)
        layout.addLayout(row, 1)
        layout.addWidget(self.bar)
        layout.addWidget(self.saving)

    @staticmethod
    def side_room() -> int:
        """The width the page gives to all but the table and the seat: margins, the side
        column and the gap to it."""
        return 2 * MARGIN + SIDE_WIDTH + SPACING

    def _offer_proceed(self, text: str) -> None:
        """Offer to go on (Space or Enter, or the bar's button) and give the table the keys."""
        self.bar.set_actions(())
        self.bar.set_proceed(text)
        self.table.setFocus()

    def showEvent(self, event: QShowEvent | None) -> None:
        """The table takes the keys when the page is shown (also the first time, when the
        page replaces its placeholder)."""
        super().showEvent(event)
        QTimer.singleShot(0, self.table.setFocus)
        self._attention()

    def hideEvent(self, event: QHideEvent | None) -> None:
        """Another page is shown: the decision's time stops."""
        super().hideEvent(event)
        self._attention()

    def event(self, event: QEvent | None) -> bool:
        """The window became active or stopped being active (Qt tells a shown page's
        widgets): the decision's time follows."""
        handled = super().event(event)
        if event is not None and event.type() in _ACTIVATION:
            self._attention()
        return handled

    def seen(self) -> bool:
        """True while the player can see the page: shown, in the active window."""
        window = self.window()
        return self.isVisible() and window is not None and window.isActiveWindow()

    def _attention(self) -> None:
        """Pause the time of the decision in play while the player cannot see it, resume it
        when they can (a timed decision's countdown with it)."""
        drill = self.timed or self._untimed()
        if drill is not None:
            if self.seen():
                drill.resume()
            else:
                drill.pause()

    def _await_decision(self, actions: Sequence[Action], key: str = "",
                        seats: Shares | None = None) -> None:
        """Offer ``actions`` on the bar (with their shares in the situation of ``key`` once
        read; ``seats``: the computer seats' decisions in it), start the countdown when timed,
        and give the table the keyboard."""
        self.bar.set_actions(actions)
        self.bar.set_proceed(None)
        if key:
            self.shares.ask(key, seats, self.flash_mode)
        self._attention()
        if self.timed is not None:
            self.timed.start()
            self.countdown.show()
            self._tick()
        if not self.table.hasFocus():
            self.table.setFocus()

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        if event is not None and self.bar.handle_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    #: a new data folder's progress file is dealt from afresh (its study queue is another),
    #: not gone on with (see :meth:`data_folder_changed`)
    deals_afresh = False

    def data_folder_changed(self) -> None:
        """The data folder changed in Settings: the answers go to its progress file now (the
        page deals afresh from it once it is the file the answers go to, if it
        :attr:`deals_afresh`)."""
        self.link.move_to(database_of(self.settings), resume=not self.deals_afresh)

    def shutdown(self) -> None:
        """Drop a pending load's result and close the progress file (subclasses also stop
        their timers)."""
        self.loading.cancel()
        self.link.close()

    def closeEvent(self, event: QCloseEvent | None) -> None:
        self.shutdown()
        super().closeEvent(event)
