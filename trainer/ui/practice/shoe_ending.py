"""What ends a shoe of Shoe practice, and what keeps it: a change of rules, count or timing (or
"New shoe") asks first while a shoe is in play and ends it with its report (the next shoe is
dealt with the new choice); on the report a change waits for "Next shoe"; each settled round
keeps the shoe to be offered after a restart (:mod:`.shoe_kept`)."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtGui import QShowEvent
from PyQt6.QtWidgets import QComboBox, QWidget

from trainer.drills.shoe_keeping import kept
from trainer.drills.shoe_practice import RoundRecord
from trainer.settings import Settings
from trainer.teaching.grading import Clock

from .shoe_betting_time import TimedBetting
from .shoe_kept import Keeping, ask_to_end
from .shoe_play import ShoePhase


class EndingShoes(TimedBetting):
    """Shoe practice's asking before a shoe ends, and its keeping between runs."""

    count_box: QComboBox

    def __init__(self, settings: Settings, parent: QWidget | None, clock: Clock) -> None:
        super().__init__(settings, parent, clock)
        self._started_with = (-1, -1, False)   # the rules, count and timed of the shoe
        self._stacked = False                  # a shoe stacked by a test: never kept
        self.keeping = Keeping(self, lambda: Path(self.link.path).parent)

    def showEvent(self, event: QShowEvent | None) -> None:
        """Shown for the first time with a new shoe not yet played while one left in an
        earlier run waits: that one is offered (a page made unseen never asks)."""
        super().showEvent(event)
        practice = self.practice
        if (practice is not None and not practice.steps and not self._stacked
                and self.phase is ShoePhase.BETTING and self.keeping.waiting()):
            self.start_shoe()

    def _dealt_with(self, stacked: bool) -> None:
        """A new shoe is dealt with the choices as they are now (put back if a change that
        would end it is refused)."""
        self._started_with = (self.rules_box.currentIndex(), self.count_box.currentIndex(),
                              self.timed_box.isChecked())
        self._stacked = stacked

    def _choice_changed(self, what: str) -> None:
        if self._may_end(what):
            self._new_choice()

    def _may_end(self, what: str) -> bool:
        """Ask before a change ends a shoe in progress; False (the choices put back as the
        shoe has them) when the player keeps it."""
        practice = self.practice
        if practice is None or self.phase is ShoePhase.REPORT or not practice.steps:
            return True
        if ask_to_end(self, kept(practice), len(practice.rounds), what):
            return True
        for box, index in ((self.rules_box, self._started_with[0]),
                           (self.count_box, self._started_with[1])):
            box.blockSignals(True)
            box.setCurrentIndex(index)
            box.blockSignals(False)
        self.timed_box.blockSignals(True)
        self.timed_box.setChecked(self._started_with[2])
        self.timed_box.blockSignals(False)
        return False

    def _new_choice(self) -> None:
        """A change of rules, count or timing: a shoe in progress ends with its report (the
        next shoe is dealt with the new choice); the report stays; else a new shoe now."""
        if self.phase is ShoePhase.REPORT:
            return
        if self.practice is not None and self.practice.steps:
            self._stop_round()
            self.keeping.forget()
            self.finish()
            return
        self.start_shoe()

    def _round_done(self, record: RoundRecord) -> None:
        """Each settled round: saved, and the shoe kept to be offered after a restart."""
        super()._round_done(record)
        self.keeping.after_round(self.practice, self.counter is None and not self._stacked)


__all__ = ["EndingShoes"]
