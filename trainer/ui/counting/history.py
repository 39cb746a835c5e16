"""The player's earlier answers of a counting skill, read off the UI thread: what a drill of the
Counting page is spaced by (:func:`trainer.progress.counting.skill_answers`)."""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtCore import QObject

from trainer.drills.memory import Answer
from trainer.drills.situations import preset_label
from trainer.rules import RuleSet

from ..background import Job
from ..progress_service import skill_answers
from .host import CountingHost


def read_answers(owner: QObject, page: CountingHost, rules: RuleSet, context: str,
                 then: Callable[[list[Answer]], None]) -> Job[list[Answer]]:
    """A job that reads the earlier answers of ``context`` (index, count, truecount) under
    ``rules`` and the page's count — after the answers still waiting are saved, and those
    filed under the rules' former label moved to their label now, so none is missed — and
    hands them to ``then`` on the UI thread. An unreadable store gives no answers (the page's
    saving line says why)."""
    preset, count, saver = preset_label(rules), page.count, page.link.saver

    def work() -> list[Answer]:
        saver.save(wait=True)
        saver.adopt(rules)         # answers filed under a former label: found before the read
        return saver.read(lambda store: skill_answers(store, preset, context, count), [])

    job: Job[list[Answer]] = Job(owner, work, name=f"counting: {context} answers")
    return job.succeeded(then)
