"""When a page that shows the progress file reads it again: only when what it shows may have
changed.

A page says what a read now would be of (:class:`ReadAgain`'s ``reading``: the file's stamp
from :mod:`trainer.progress.changes`, then its filters, the day...); it is read again when the
page is shown or hears of a commit while in view, and that differs from its last read. What
a read itself keeps in the file (a picture of the player's memory) is not news
(:meth:`ReadAgain.adopt`). Switching pages reads nothing when nothing was answered meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PyQt6.QtCore import QObject, pyqtSlot
from PyQt6.QtWidgets import QWidget

from .progress_changes import progress_changes
from .progress_service import Stamp, same_file


class ReadAgain(QObject):
    """Calls ``read`` when ``reading()`` differs from what it was at the last :meth:`note`;
    ``reading()`` gives the stamp of the page's ``file()`` first."""

    def __init__(self, page: QWidget, file: Callable[[], Path],
                 reading: Callable[[], tuple[Stamp, object]], read: Callable[[], None]) -> None:
        super().__init__(page)
        self.page, self.file, self.reading, self.read = page, file, reading, read
        self.last: tuple[Stamp, object] | None = None
        progress_changes().changed.connect(self._heard)

    def note(self) -> None:
        """A read starts now: what it is of."""
        self.last = self.reading()

    def adopt(self, kept: tuple[Stamp, Stamp] | None) -> None:
        """The page's read kept something in the file, moving its stamp from ``kept[0]`` to
        ``kept[1]``: unless something else changed it first, that is what was read."""
        if kept is not None and self.last is not None and self.last[0] == kept[0]:
            self.last = (kept[1], self.last[1])

    def check(self) -> None:
        """Read again if what a read would be of changed since the last."""
        if self.reading() != self.last:
            self.read()

    @pyqtSlot(str)   # a slot of this object: Qt drops the connection when it is deleted
    def _heard(self, path: str) -> None:
        if self.page.isVisible() and same_file(path, self.file()):
            self.check()


__all__ = ["ReadAgain"]
