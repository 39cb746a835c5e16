"""What a due-mode session needs from the progress store, and what it gives back.

The study queue (:mod:`trainer.drills.study`) rebuilds its picture of the player's memory from
their stored answers and the memory model last fitted to them; after a session the newer fit is
stored, so the next session need not refit. Shared by the terminal drill and the app.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from trainer.drills.curriculum import Curriculum, Prior, curriculum
from trainer.drills.history import answers
from trainer.drills.memory import Answer
from trainer.drills.memory_fit import Fit
from trainer.drills.study import StudyQueue
from trainer.progress.store import ProgressStore
from trainer.rules import PRESETS, preset


@dataclass(frozen=True)
class StudyHistory:
    """A preset's kept answers, oldest first, and its stored memory fit."""

    answers: list[Answer]
    fitted: Fit | None


def load_history(store: ProgressStore, course: Curriculum) -> StudyHistory:
    """The answers and memory fit stored for ``course``'s rule set."""
    preset = course.catalog.preset
    stored = store.load_fit(preset)
    return StudyHistory(answers(course, store.answer_rows(preset)),
                        Fit.from_plain(stored) if stored else None)


def due_times(store: ProgressStore, presets: Iterable[str], prior: Prior,
              now: datetime) -> list[datetime]:
    """When each card answered in ``presets`` falls due (custom rule sets are left out: their
    rules are not known here)."""
    found: list[datetime] = []
    for name in presets:
        if name not in PRESETS:
            continue
        course = curriculum(preset(name), prior)
        history = load_history(store, course)
        if history.answers:
            queue = StudyQueue(course, history.answers, now, fitted=history.fitted)
            found.extend(queue.due_times(now))
    return found


def save_fit(store: ProgressStore, preset: str, fitted: Fit | None, known: Fit | None) -> None:
    """Store ``fitted`` when it is newer than the ``known`` one."""
    if fitted is not None and fitted != known:
        store.save_fit(preset, fitted.to_plain())
