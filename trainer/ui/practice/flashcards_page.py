"""The flashcards page: one decision at a time on the felt, graded, explained and saved.

The drill is :class:`trainer.drills.flashcards.FlashcardSession`; this page only shows it,
prepared off the UI thread behind a busy indicator (catalog, history, differences). Every
answer is committed as it is given (:class:`~trainer.ui.practice.progress_link.ProgressLink`);
Ctrl+Z takes the last one back (kept in the file, marked undone) and deals it again. In due
mode the day's counts follow every answer; when none is due now the page says "done for today"
(or "for now") with the time the next card falls due, and offers to keep going; another
starting point the answers show is asked about (:mod:`.starting_point`). Browse (B) opens the
card browser. Other rules offer first what changes from the rules left. Feedback follows the
FEEDBACK setting; timed play takes the game's auto-decision at time-out.
"""

from __future__ import annotations

import random
from dataclasses import replace

from PyQt6.QtCore import Qt, QTimer, pyqtSignal
from PyQt6.QtGui import QKeySequence, QShortcut, QShowEvent
from PyQt6.QtWidgets import QMessageBox, QPushButton, QVBoxLayout, QWidget

from trainer import settings as cfg
from trainer.drills.flashcards import Flashcard, FlashcardSession, FlashMode, changes_title
from trainer.drills.timed import TimedDrill
from trainer.drills.when import done_words
from trainer.rules import RulesError, RuleSet
from trainer.session import (
    FlashcardPlan,
    PreparedFlashcards,
    begin_flashcards,
    prepare_flashcards,
)
from trainer.teaching.grading import Clock, utc_now
from trainer.teaching.records import GradedDecision, Mode

from ..background import Job
from ..settings.chosen import feedback_of, prior_of, study_of
from ..table.flashcard_view import flashcard_view
from ..table.model import EMPTY
from ..widgets import ChoiceBox, WrapLabel
from . import starting_point
from .card_browser import CardBrowser
from .drill_page import DrillPage
from .feedback import SEVERITY_LOOK, SIDE_WIDTH, verdict_word
from .flashcards_side import Browsing, DayRecount, day_line

TICK_MS = 100


def flashcards_page(settings: cfg.Settings) -> QWidget:
    """The flashcards page (the main window's factory)."""
    return FlashcardsPage(settings)


#: The mode box's entry of a drill on chosen situations (the progress page's leaks).
LEAKS = "leaks"


class FlashcardsPage(DrillPage):
    """Mode and rules on top, the table and the feedback in the middle, the decisions below."""

    dealt = pyqtSignal()   # a card is on the table, waiting for the player
    deals_afresh = True    # the cards due are the new data folder's (see DrillPage)

    def __init__(self, settings: cfg.Settings, parent: QWidget | None = None, *,
                 seed: int | None = None, clock: Clock = utc_now) -> None:
        super().__init__(settings, "flashcards", parent, clock)
        self.seed = seed
        self.session: FlashcardSession | None = None
        self._untimed = lambda: self.session
        self.card: Flashcard | None = None
        self.awaiting = False
        self.keep_going = False
        self.history_notes: list[str] = []     # what the study queue's history said
        self.question: QMessageBox | None = None   # "change your starting point?", when asked
        self.prior = prior_of(settings)          # the starting point the session assumes
        self._last_shown: tuple[GradedDecision, str] | None = None   # the verdict on show

        self._only: list[str] | None = None   # situation keys of a drill on chosen spots
        #: the rules practised before the ones chosen now (what mode changes compares with)
        self.practised: RuleSet | None = None
        self._left: RuleSet | None = None     # the rules left, until the chosen ones are read
        self.mode_box = ChoiceBox()
        self.mode_box.setAccessibleName("Mode")
        self.timed_box.setToolTip("A countdown on every card; when it runs out the auto-decision "
                                  "(hit 11 or less, else stand; no insurance) is taken.")

        top = self._top_row("Flashcards", [("Mode", self.mode_box), ("Rules", self.rules_box)])
        self.browse_button = QPushButton("Browse cards")
        self.browse_button.setToolTip("Every card with what the trainer believes of it: search, "
                                      "sort, suspend, reset, drill (B)")
        self.browse_button.clicked.connect(self.browse)
        top.addWidget(self.browse_button)
        self.browsing = Browsing(self, self.link.saver, self._browse_plan, self.load,
                                 self.drill_on)
        self.link.moved.connect(self.load)
        self.day = DayRecount(self, self.link.saver, self.clock, self._show_status)
        self.day_label = WrapLabel()
        self.day_label.setObjectName("day-counts")
        self.day_label.setAccessibleName("Today")
        self.day_label.setTextFormat(Qt.TextFormat.RichText)
        right = QWidget()
        right.setFixedWidth(SIDE_WIDTH)
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.day_label)
        column.addWidget(self.feedback, 1)
        self._lay_out(top, [self.table, right])

        self.ticker = QTimer(self)
        self.ticker.setInterval(TICK_MS)
        self.ticker.timeout.connect(self._tick)
        self.bar.chosen.connect(self.answer)
        self.bar.proceed.connect(self._go_on)
        undo = QShortcut(QKeySequence.StandardKey.Undo, self)
        undo.activated.connect(self.undo)
        QShortcut(QKeySequence("B"), self).activated.connect(self.browse)
        self._fill_modes()
        self.mode_box.currentIndexChanged.connect(lambda _: self.load())
        self.rules_box.currentIndexChanged.connect(self._rules_changed)
        self.timed_box.toggled.connect(lambda _: self.load())
        self.load()

    # ----- choosing -------------------------------------------------------------------------

    def _fill_modes(self, select: str | None = None) -> None:
        """The modes the chosen rules have (Charlie hands only with Six Card Charlie; what
        changes once other rules were practised before), ``select`` chosen if given."""
        rules = self._chosen_rules()
        keep = select or self.mode_box.currentData() or FlashMode.DUE.value
        self.mode_box.blockSignals(True)
        self.mode_box.clear()
        for mode in FlashMode:
            if mode.offered(rules, self.practised):
                title = (changes_title(self.practised) if mode is FlashMode.CHANGES
                         and self.practised is not None else mode.title)
                self.mode_box.addItem(title, mode.value)
        if self._only:
            self.mode_box.addItem(f"Your leaks ({len(self._only)})", LEAKS)
        self.mode_box.setCurrentIndex(max(0, self.mode_box.findData(keep)))
        self.mode_box.blockSignals(False)

    def drill_on(self, keys: list[str]) -> None:
        """Start a drill on exactly these situation keys (from the progress page's leaks)."""
        preset = keys[0].split("|", 1)[0] if keys else ""
        index = self.rules_box.findData(preset)
        if index >= 0 and index != self.rules_box.currentIndex():
            self.rules_box.blockSignals(True)
            self.rules_box.setCurrentIndex(index)
            self.rules_box.blockSignals(False)
            self._fill_modes()
        self._only = list(keys)
        self._fill_modes()
        self.mode_box.blockSignals(True)
        self.mode_box.setCurrentIndex(max(0, self.mode_box.findData(LEAKS)))
        self.mode_box.blockSignals(False)
        self.load()

    def _rules_changed(self) -> None:
        self._only = None                     # the leaks were of the rules left
        self._left = self.rules               # the rules practised until now
        self._keep_preset()
        self._offer_changes()
        self.load()

    def _offer_changes(self) -> None:
        """The modes of the chosen rules, what changes from the rules left first (when their
        play differs at all); a rules file still being read decides when it is read."""
        chosen = self._chosen_rules()
        left, self._left = self._left, (self._left if chosen is None else None)
        if chosen is not None and left is not None and left.fingerprint() != chosen.fingerprint():
            self.practised = left
            self._fill_modes(select=FlashMode.CHANGES.value)
        else:
            self._fill_modes()

    def _rules_file_read(self) -> None:
        """The custom rules file's rules are read (or changed): its modes, then deal."""
        self._offer_changes()
        self.load()

    # ----- loading --------------------------------------------------------------------------

    def load(self) -> None:
        """Prepare a session for the chosen mode and rules off the UI thread, then deal."""
        self.loading.cancel()
        self.session, self.timed, self.card, self.awaiting = None, None, None, False
        self.bar.set_actions(())
        self.bar.set_proceed(None)
        self.countdown.hide()
        self.ticker.stop()
        self.link.end()
        rules = self._chosen_rules()
        if rules is None:
            return
        self.rules = rules
        choice = self.mode_box.currentData()
        mode = self.flash_mode = FlashMode.ALL if choice == LEAKS else FlashMode(choice)
        only = self._only if choice == LEAKS else None   # kept in every mode, timed too
        seconds = self.settings.get(cfg.TIMER_SECONDS)
        self.timed_box.setText(f"Timed ({seconds:g} s)")
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        prior = self.prior = prior_of(self.settings)
        study = study_of(self.settings)
        practised = self.practised if mode is FlashMode.CHANGES else None
        if mode is FlashMode.DIFFERENCES:
            self.busy.start("Comparing with standard blackjack: its table is built the first "
                            "time (up to a minute), then kept…")
        elif practised is not None:
            self.busy.start(f"Comparing with {practised.name}: its table is loaded, or built "
                            "the first time…")
        else:
            self.busy.start(f"Loading the strategy table for '{rules.name}'…")

        plan = FlashcardPlan(rules, mode, prior, seed, study, only, always_study=True,
                             practised=practised)
        self.day.follow(plan if mode is not FlashMode.DUE or only is not None else None)
        job = Job(self, lambda: prepare_flashcards(plan, self.link.saver, clock=self.clock),
                  name="flashcards: load").ended(self.busy.stop)
        job.succeeded(lambda prepared: self._ready(prepared, seed))
        self.loading.start(job.failed(self._failed, ValueError, RulesError, OSError))

    def _ready(self, prepared: PreparedFlashcards, seed: int) -> None:
        session = self.session = prepared.session
        self.question = starting_point.offer(self, self.settings, prepared.suggestion, self.load)
        self.day.counts = prepared.day
        self.history_notes = prepared.notes
        self.keep_going = False
        timed = self.timed_box.isChecked()
        seconds = self.settings.get(cfg.TIMER_SECONDS)
        if timed:
            self.timed = TimedDrill(session, seconds, self.clock)
            self.ticker.start()
        begin_flashcards(prepared, self.link.saver, Mode.TIMED if timed else Mode.FLASHCARDS,
                         {"seed": seed, "timer_seconds": seconds if timed else None})
        self.link.save_soon()
        self.feedback.reset(self._feedback_note())
        self._show_status()
        self.deal()

    def _failed(self, exc: Exception) -> None:
        QMessageBox.warning(self, "No flashcards to deal", str(exc))

    # ----- dealing and answering ------------------------------------------------------------

    def deal(self) -> None:
        """Deal the next card (or say the day is done, in due mode, until "keep going")."""
        if self.session is None or self.rules is None:
            return
        counts = self.session.counts()
        if counts is not None and counts.done and not self.keep_going:
            self._done_for_today()
            return
        self._fold_last()
        self.card = self.session.next()
        self.table.set_view(flashcard_view(self.card, self.rules))
        self.awaiting = True
        self._await_decision(self.card.actions, self.card.situation.key)
        self.dealt.emit()

    def _fold_last(self) -> None:
        """The verdict shown leaves the panel's head as the next card is dealt: one quiet
        'Last: …' line stays."""
        if self._last_shown is not None:
            self.feedback.show_last(*self._last_shown)
            self._last_shown = None

    def _done_for_today(self) -> None:
        assert self.session is not None
        self._fold_last()
        now = self.session.clock()
        due = self.session.next_due()
        counts = self.session.counts()
        words = done_words(counts, due, now)
        self.awaiting = False
        self.card = None
        self.table.set_view(replace(EMPTY, message=words.replace("; ", " · ", 1)))
        later = counts is not None and not counts.finished
        self.feedback.clear(
            (f"{words}: every card due now is answered and today's new cards are in. "
             if later else f"{words}: every due card is answered and today's new cards are "
             "in. ") + "Keep going to practise your weakest cards.")
        self._offer_proceed("Keep going")

    def answer(self, action: object) -> None:
        """Take the player's action on the card shown."""
        if not self.awaiting or self.session is None:
            return
        if self.timed is not None:
            decision = self.timed.answer(action)  # type: ignore[arg-type]
        else:
            decision = self.session.answer(action)  # type: ignore[arg-type]
        self._graded(decision)

    def undo(self) -> None:
        """Take back the last answer (Ctrl+Z) and deal that card again."""
        if self.session is None or self.rules is None or self.timed is not None:
            return
        try:
            self.session.undo()
        except ValueError:
            return
        self.link.undo()
        self.day.again()
        self._last_shown = None
        self.feedback.rescore(self.session.decisions, "Answer taken back: play it again.")
        self.card = self.session.current
        assert self.card is not None
        self.table.set_view(flashcard_view(self.card, self.rules))
        self.awaiting = True
        self._show_status()
        self._await_decision(self.card.actions, self.card.situation.key)

    def _graded(self, decision: GradedDecision) -> None:
        assert self.session is not None and self.rules is not None and self.card is not None
        self.awaiting = False
        self.countdown.hide()
        self.link.decision(decision)
        self.day.again()
        self._show_status()
        self.feedback.count(decision)
        if feedback_of(self.settings).after_each_card:
            reason = self.session.why(self.card).claim   # the EVs are in the panel's table
            before = self.session.before(self.card)
            if before is not None and self.session.practised is not None:
                reason += f" At {self.session.practised.name}: {before.title.lower()}."
            undo = "" if self.timed is not None else "Ctrl+Z takes this answer back."
            self.feedback.show_decisions([decision], reason=reason, note=undo)
            self._last_shown = (decision, self.card.situation.describe())
            view = flashcard_view(self.card, self.rules, verdict_word(decision))
            colour = SEVERITY_LOOK[decision.severity][1]
            self.table.set_view(replace(view, message_colour=colour))
            self._offer_proceed("Next card")
        else:
            self.deal()

    def _go_on(self) -> None:
        if not self.awaiting and self.session is not None:
            if self.card is None:          # the "done for today" screen
                self.keep_going = True
            self.deal()

    def _tick(self) -> None:
        timed = self.timed
        if timed is None or not timed.pending:
            return
        self.countdown.show_left(timed.timer.remaining(), timed.timer.limit.total_seconds())
        decision = timed.poll()
        if decision is not None:
            self._graded(decision)

    def _feedback_note(self) -> str:
        said = " ".join(self.history_notes)   # rows that could not be read, a wrong clock
        if feedback_of(self.settings).after_each_card:
            return "Answer to see how your play compares with the exact best play." + (
                f" {said}" if said else "")
        return ("Feedback is off (Settings): cards follow one another; your score is kept "
                "below." + (f" {said}" if said else ""))

    def _show_status(self) -> None:
        self.saving.refresh()
        session = self.session
        if session is None:
            return
        self.day_label.setText(day_line(session.counts(), self.day.counts,
                                        self.settings.get(cfg.NEW_PER_DAY)))

    def browse(self) -> CardBrowser:
        """Open the card browser (one window, read afresh each time it is opened)."""
        return self.browsing.open()

    def _browse_plan(self) -> FlashcardPlan | None:
        rules = self.rules or self._chosen_rules()
        return None if rules is None else FlashcardPlan(rules, FlashMode.DUE, self.prior,
                                                        study=study_of(self.settings))

    def showEvent(self, event: QShowEvent | None) -> None:
        """Settings changed elsewhere (Settings page) apply as the page is shown again: new
        cards a day and the desired retention at once, a new starting point by a reload."""
        super().showEvent(event)
        if self.session is None:
            return
        if prior_of(self.settings) is not self.prior:
            self.load()
            return
        self.session.apply_study(study_of(self.settings))
        self._show_status()
        if not self.awaiting and self.card is None and not self.keep_going:
            self.deal()                   # the "done" screen may have new cards now

    def shutdown(self) -> None:
        """End the session and close the progress file."""
        self.ticker.stop()
        self.browsing.shutdown()
        super().shutdown()
