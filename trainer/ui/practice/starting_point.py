"""The question the Flashcards page asks when the first answers show another starting point.

The study queue never changes the starting point itself (:mod:`trainer.scheduler.start`): it
suggests, with the evidence, and the player's answer is the setting (Settings ▸ Starting point
then shows it). A "No" is kept with the first answers counted then, so the question comes
again only when more evidence came (:meth:`Suggestion.to_ask`). It is asked in every mode
(the page reads the study queue in each).
"""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtWidgets import QMessageBox, QWidget

from trainer import settings as cfg
from trainer.scheduler.start import Suggestion
from trainer.settings import Settings
from trainer.teaching.curriculum import Prior

#: The question box's title.
TITLE = "Your starting point"


def to_ask(settings: Settings, suggestion: Suggestion | None) -> Suggestion | None:
    """``suggestion`` if it is still to ask: not when the player declined it and no more
    evidence came since."""
    declined = settings.get(cfg.START_DECLINED)
    if suggestion is None or not suggestion.to_ask(declined if declined >= 0 else None):
        return None
    return suggestion


def answer(settings: Settings, suggestion: Suggestion, yes: bool) -> None:
    """Store the player's answer: the starting point suggested, or the evidence declined."""
    if yes:
        settings.set(cfg.ASSUME_CLASSIC, suggestion.prior is Prior.CLASSIC)
        settings.set(cfg.START_DECLINED, -1)
    else:
        settings.set(cfg.START_DECLINED, suggestion.openings)


def offer(parent: QWidget, settings: Settings, suggestion: Suggestion | None,
          changed: Callable[[], None]) -> QMessageBox | None:
    """Ask about ``suggestion`` (a prepared session's) if it is still to ask (the box asked)."""
    found = to_ask(settings, suggestion)
    return None if found is None else ask(parent, settings, found, changed)


def ask(parent: QWidget, settings: Settings, suggestion: Suggestion,
        changed: Callable[[], None]) -> QMessageBox:
    """Ask ``suggestion``'s question in a window-modal box (the page waits, the app does not);
    ``changed`` runs once the player said yes and the setting is stored."""
    box = QMessageBox(QMessageBox.Icon.Question, TITLE, suggestion.question(),
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setObjectName("startingPointQuestion")
    box.setDefaultButton(QMessageBox.StandardButton.No)
    box.setInformativeText("Settings ▸ Starting point keeps your answer; you can change it "
                           "there at any time.")

    def done(result: int) -> None:
        yes = result == QMessageBox.StandardButton.Yes.value
        answer(settings, suggestion, yes)
        if yes:
            changed()

    box.finished.connect(done)
    box.open()
    return box


__all__ = ["TITLE", "answer", "ask", "offer", "to_ask"]
