"""The player's earlier answers of a counting skill, read off the UI thread: what a drill of the
Counting page is spaced by, as the terminal's (:func:`trainer.session.counting_answers`)."""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtCore import QObject

from trainer.rules import RuleSet
from trainer.session import counting_answers
from trainer.teaching.answers import Answer

from ..background import Job
from .host import CountingHost


def read_answers(owner: QObject, page: CountingHost, rules: RuleSet, context: str,
                 then: Callable[[list[Answer]], None]) -> Job[list[Answer]]:
    """A job that reads the earlier answers of ``context`` (index, count, truecount) under
    ``rules`` and the page's count — after the answers still waiting are saved, and those
    filed under the rules' former label moved to their label now, so none is missed — and
    hands them to ``then`` on the UI thread. An unreadable store gives no answers (the page's
    saving line says why)."""
    count, saver = page.count, page.link.saver
    job: Job[list[Answer]] = Job(owner, lambda: counting_answers(saver, rules, context, count),
                                 name=f"counting: {context} answers")
    return job.succeeded(then)
