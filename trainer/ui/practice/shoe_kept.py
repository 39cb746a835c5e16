"""Shoe practice's questions about a shoe in progress (the shoe itself is kept by
:mod:`trainer.drills.shoe_keeping`; the page only asks and shows): before a change ends it, and
after a restart, whether to go on with the one left."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from PyQt6.QtWidgets import QMessageBox, QWidget

from trainer.drills.shoe_keeping import KeptShoe, forget, keep, kept, kept_for, read, resume
from trainer.drills.shoe_practice import ShoePractice
from trainer.rules import RuleSet

_YES, _NO = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No


def ask_to_end(parent: QWidget, shoe: KeptShoe | None, rounds: int, what: str) -> bool:
    """"``what`` ends this shoe…": True when the player ends it (its report is shown)."""
    said = shoe.words() if shoe is not None else (
        f"{rounds} round{'s' if rounds != 1 else ''} played")
    answer = QMessageBox.question(
        parent, "End this shoe?",
        f"{what} ends the shoe in play ({said}): its report is shown, and the next shoe is "
        "dealt with the new choice.\n\nEnd this shoe?", _YES | _NO, _NO)
    return answer == _YES


def offer_kept(parent: QWidget, shoe: KeptShoe) -> bool:
    """"Go on with the shoe you left?": True to deal it again where it was."""
    answer = QMessageBox.question(
        parent, "Go on with your shoe?",
        f"The shoe you left is kept ({shoe.words()}).\n\nGo on with it? (No deals a new "
        "shoe; the one left is then forgotten.)", _YES | _NO, _YES)
    return answer == _YES




class Keeping:
    """The page's shoe kept in the data folder ``folder()`` as each round settles (uncounted,
    dealt from its seed), forgotten when it ends, and offered once a run."""

    def __init__(self, parent: QWidget, folder: Callable[[], Path]) -> None:
        self.parent, self.folder = parent, folder
        self.offer = True         # a shoe left in an earlier run is offered once a run

    def after_round(self, practice: ShoePractice | None, keepable: bool) -> None:
        """Keep ``practice`` as it is now (when ``keepable``: uncounted, not a stacked
        shoe), or forget the kept one; a folder that cannot be written keeps nothing."""
        shoe = kept(practice) if practice is not None and keepable else None
        with suppress(OSError):
            if shoe is None:
                forget(self.folder())
            else:
                keep(self.folder(), shoe)

    def waiting(self) -> bool:
        """True while a shoe left in an earlier run waits to be offered (the page was made
        unseen: it is offered when shown)."""
        return self.offer and read(self.folder()) is not None

    def forget(self) -> None:
        """The shoe ended, or the player chose a new one: none kept."""
        with suppress(OSError):
            forget(self.folder())

    def resumed(self, rules: RuleSet, **hooks: Any) -> ShoePractice | None:
        """The shoe left in an earlier run, of ``rules``, dealt again where it was if the
        player goes on with it (asked once a run, on the page shown); None for a new shoe
        (``hooks``: the :class:`ShoePractice` keywords)."""
        if not self.parent.isVisible():      # asked where the player sees the page
            return None
        offer, self.offer = self.offer, False
        shoe = read(self.folder()) if offer else None
        if shoe is None or not kept_for(shoe, rules):
            return None
        if not offer_kept(self.parent, shoe):
            self.forget()
            return None
        try:
            return resume(rules, shoe, **hooks)
        except ValueError:
            self.forget()
            return None


__all__ = ["Keeping", "ask_to_end", "offer_kept"]
