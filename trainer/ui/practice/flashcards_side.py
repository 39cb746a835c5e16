"""What the Flashcards page keeps beside the drill: the day's counts in words (outside due
mode read again after each answer), and the card browser's window (one, read afresh each time
it opens; a mark reloads the page's queue, "drill these" drills the chosen cards on the
page)."""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtWidgets import QWidget

from trainer.scheduler.study import Counts
from trainer.session import FlashcardPlan, day_counts
from trainer.teaching.grading import Clock

from ..background import Job, Latest
from ..progress_service import SessionSaver
from ..widgets import to_front
from .card_browser import CardBrowser


def day_text(title: str, counts: Counts, limit: int) -> str:
    """The day's cards as the study queue counts them, with the daily limit of new cards:
    'Today: Due 3 · Learning 1 · New 17 (of 20 a day)'."""
    return (f"<b>{title}:</b> Due {counts.due} · Learning {counts.learning} · New {counts.new}"
            f" (of {limit} a day)")


def day_line(counts: Counts | None, outside: Counts | None, limit: int) -> str:
    """The day's line: due mode's live counts; another mode's, as the kept answers give them
    (:class:`DayRecount`: this mode's answers count too); else a drill on chosen situations."""
    if counts is not None:
        return day_text("Today", counts, limit)
    if outside is not None:
        return (day_text("Due for review today", outside, limit)
                + "<br>Your answers in this mode count towards them.")
    return "A drill on chosen situations."


class DayRecount:
    """Outside due mode, the day's counts the load found, then read again from the file after
    each answer (off the UI thread, the newest read only), so they are the Progress page's
    (before: "Your leaks" said Learning 24, kept from the load, while Progress said 14)."""

    def __init__(self, page: QWidget, saver: SessionSaver, clock: Clock,
                 shown: Callable[[], None]) -> None:
        self.page, self.saver, self.clock, self.shown = page, saver, clock, shown
        self.plan: FlashcardPlan | None = None
        self.counts: Counts | None = None
        self.reading = Latest()

    def follow(self, plan: FlashcardPlan | None, counts: Counts | None = None) -> None:
        """A new session of ``plan`` (None: due mode, whose queue counts itself), with the
        counts its load found."""
        self.reading.cancel()
        self.plan, self.counts = plan, counts

    def again(self) -> None:
        """An answer was given or taken back: read the counts again."""
        plan, saver, clock = self.plan, self.saver, self.clock
        if plan is None:
            return
        job = Job(self.page, lambda: day_counts(plan, saver, clock()),
                  name="flashcards: the day's counts")
        self.reading.start(job.succeeded(self._read))

    def _read(self, counts: Counts | None) -> None:
        if counts is not None:
            self.counts = counts
            self.shown()


class Browsing:
    """The card browser of a page: opened on ``plan()`` (the study queue's rules, starting
    point and settings), marks saved through ``saver``; ``reload`` after a mark, ``drill``
    for the cards chosen to drill."""

    def __init__(self, page: QWidget, saver: SessionSaver,
                 plan: Callable[[], FlashcardPlan | None], reload: Callable[[], None],
                 drill: Callable[[list[str]], None]) -> None:
        self.page, self.saver, self.plan = page, saver, plan
        self.reload, self.drill = reload, drill
        self.window: CardBrowser | None = None

    def open(self) -> CardBrowser:
        """Open the browser, read afresh, in front."""
        if self.window is None:
            self.window = CardBrowser(self.plan, self.saver, self.page)
            self.window.drill_requested.connect(self._drill)
            self.window.marked.connect(lambda _mark: self.reload())
        self.window.load()
        self.window.show()
        to_front(self.window)
        return self.window

    def _drill(self, keys: list[str]) -> None:
        self.drill(keys)
        window = self.page.window()
        if window is not None:
            to_front(window)

    def shutdown(self) -> None:
        """Close the browser's window (its reads end first)."""
        if self.window is not None:
            self.window.shutdown()
            self.window.close()


__all__ = ["Browsing", "DayRecount", "day_line", "day_text"]
