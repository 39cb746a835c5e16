"""Each decision button's share, read off the UI thread when a decision is awaited.

The core counts them (:mod:`trainer.drills.shares`, :func:`trainer.progress.shares.own_shares`);
here a page asks for the decision it awaits: the player's own latest decisions in the exact
situation are read from the progress file by the page's saver in a :class:`~..background.Job`,
and once read, while the same decision is still awaited, each button says its share ('Hit 3
of 5 (H)') and the felt's message says whose ('your last 5 here'). The player's own are
shown where there are any, else the computer seats' this session. Nothing is shown with the
setting off, or in due-mode flashcards (:func:`trainer.drills.shares.shown`).
"""

from __future__ import annotations

from dataclasses import replace

from PyQt6.QtCore import QObject

from trainer import settings as cfg
from trainer.drills.flashcards import FlashMode
from trainer.drills.shares import Shares, Whose, shown
from trainer.settings import Settings

from ..background import Job, Latest
from ..progress_service import own_shares
from ..table.action_bar import ActionBar
from ..table.widget import TableWidget
from .progress_link import ProgressLink


class DecisionShares:
    """The shares of the decision a page awaits, on its bar and its felt."""

    def __init__(self, parent: QObject, settings: Settings, link: ProgressLink,
                 bar: ActionBar, table: TableWidget) -> None:
        self._parent, self._settings, self._link = parent, settings, link
        self._bar, self._table = bar, table
        self.reading = Latest()
        self._key: str | None = None
        #: the shares on the buttons now (None: none shown)
        self.on_buttons: Shares | None = None
        #: how many reads were started (none with the shares not shown)
        self.reads = 0

    def ask(self, key: str, seats: Shares | None = None,
            flash_mode: FlashMode | None = None) -> None:
        """The decision in the situation of ``key`` is awaited (``seats``: the computer seats'
        decisions in it; ``flash_mode``: the flashcards' mode, None elsewhere)."""
        self.reading.cancel()
        self._key, self.on_buttons = None, None
        if not shown(self._settings.get(cfg.DECISION_SHARES), flash_mode):
            return
        self._key = key
        self.reads += 1
        saver, none = self._link.saver, Shares(Whose.YOURS)
        job: Job[Shares] = Job(self._parent, lambda: saver.read(
            lambda store: own_shares(store, key), none), name="shares: read")
        self.reading.start(job.succeeded(lambda own: self._read(key, own, seats)))

    def _read(self, key: str, own: Shares, seats: Shares | None) -> None:
        if key != self._key or not self._bar.offered():
            return                                   # the decision was taken meanwhile
        chosen = seats if not own.total and seats is not None and seats.total else own
        if not chosen.total:
            return
        self.on_buttons = chosen
        self._bar.set_shares(chosen)
        view = self._table.view()
        message = f"{view.message} · {chosen.words}" if view.message else chosen.words
        self._table.set_view(replace(view, message=message))

    def cancel(self) -> None:
        """No decision is awaited any more: a read on its way is dropped."""
        self.reading.cancel()
        self._key = None


__all__ = ["DecisionShares"]
