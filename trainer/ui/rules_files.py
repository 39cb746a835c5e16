"""Custom rules files, read off the UI thread, for every page of the app.

A rules file is the user's: it may sit on a network mount that stalls, or be something that is
not a file at all, so the window never opens one on the UI thread (issue 22, finding 4: a saved
rules file that was a named pipe hung the app at start). :class:`RulesFiles`, one for the app,
reads a path in a worker thread whenever a page asks for it and keeps each path's last outcome
(its rules, or the :class:`~trainer.rules.errors.RuleSetError` that says why not):

    outcome = rules_files().result(path)   # the last outcome, None before the first; read again
    rules_files().changed.connect(...)     # a path read with an outcome unlike the last one

A page that gets None waits for ``changed`` (saying it is reading the file) and then loads; a
page that gets an outcome uses it at once, and hears ``changed`` if the file was edited since.

Every page that takes rules offers the custom rules file set in Settings, under the name in
the file (:func:`trainer.ui.settings.chosen.rules_choices`). ``offered`` tells them all at
once that what is offered changed: a file chosen in Settings whose strategy tables are now
ready (:meth:`RulesFiles.ready`, the tables kept here for the session), or the file cleared
(:meth:`RulesFiles.withdraw`), so no page waits for a restart to offer it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QCoreApplication, QObject, pyqtSignal

from trainer.rules import RuleSet, rules_file
from trainer.rules.errors import RuleSetError

from .background import Job
from .errors import report

#: What reading a rules file gives: its rules, or why they cannot be used.
Outcome = RuleSet | RuleSetError


def read_rules(path: str) -> Outcome:
    """The rules in ``path`` or the error naming it (in a worker: it may block)."""
    try:
        return rules_file.load(path)
    except RuleSetError as exc:
        return exc


def _same(one: Outcome | None, other: Outcome) -> bool:
    if isinstance(one, RuleSetError) or isinstance(other, RuleSetError):
        return type(one) is type(other) and str(one) == str(other)
    return one == other


class RulesFiles(QObject):
    """Each rules file's last outcome, read again (in a worker, one read a path at a time)
    whenever asked."""

    #: A path whose read gave an outcome unlike the one before (or its first).
    changed = pyqtSignal(str)
    #: The custom rules the pages offer changed: a file's tables are ready, or it was cleared.
    offered = pyqtSignal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._outcomes: dict[str, Outcome] = {}
        self._waiting: dict[str, list[Callable[[Outcome], None]]] = {}
        self._tables: dict[str, dict[str, Any]] = {}

    def ready(self, rules: RuleSet, table: dict[str, Any]) -> None:
        """The strategy table of ``rules`` (a rules file's) is built: keep it for the session
        and have every page offer the file set in Settings."""
        self._tables[rules.fingerprint()] = table
        self.offered.emit()

    def withdraw(self) -> None:
        """The rules file was cleared in Settings: every page offers the presets alone."""
        self.offered.emit()

    def table(self, rules: RuleSet) -> dict[str, Any] | None:
        """The strategy table of ``rules`` if it was made ready this session (:meth:`ready`)."""
        return self._tables.get(rules.fingerprint())

    def last(self, path: str) -> Outcome | None:
        """The outcome of the last read of ``path`` ended, None before the first."""
        return self._outcomes.get(path)

    def result(self, path: str) -> Outcome | None:
        """:meth:`last`, and ``path`` read again meanwhile (``changed`` says if it differs)."""
        self.read(path)
        return self.last(path)

    def read(self, path: str, then: Callable[[Outcome], None] | None = None) -> None:
        """Read ``path`` in a worker thread; ``then(outcome)`` on the UI thread when it ends
        (a read already under way for the path answers both)."""
        waiting = self._waiting.get(path)
        if waiting is not None:
            if then is not None:
                waiting.append(then)
            return
        self._waiting[path] = [then] if then is not None else []
        job = Job(self, lambda: read_rules(path), name=f"rules file {path}")
        job.failed(lambda exc: self._broken(path, exc), Exception)
        job.succeeded(lambda outcome: self._read(path, outcome)).start()

    def _broken(self, path: str, exc: Exception) -> None:
        """A bug while reading: reported as one; the path may be read again."""
        self._waiting.pop(path, None)
        report(exc)

    def _read(self, path: str, outcome: Outcome) -> None:
        before = self._outcomes.get(path)
        self._outcomes[path] = outcome
        for then in self._waiting.pop(path, []):
            then(outcome)
        if not _same(before, outcome):
            self.changed.emit(path)


_FILES: list[RulesFiles] = []


def rules_files() -> RulesFiles:
    """The application's rules files (made on the UI thread by the first page that asks)."""
    from PyQt6 import sip
    if not _FILES or sip.isdeleted(_FILES[0]):
        _FILES[:] = [RulesFiles(QCoreApplication.instance())]
    return _FILES[0]


__all__ = ["Outcome", "RulesFiles", "read_rules", "rules_files"]
