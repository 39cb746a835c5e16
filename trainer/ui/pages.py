"""The main window's pages: each one's stable key, title, summary and where its widget is made.

A registry only: the pages are named by the function that makes them (``module:function``), so
this module imports none of them, and none imports it back. The window makes a page the first
time it is shown (:class:`~trainer.ui.lazy_page.LazyPage`), so it opens without importing
matplotlib or loading tables.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PyQt6.QtWidgets import QWidget

    from trainer.settings import Settings

#: Makes a page's widget, given the player's settings.
PageFactory = Callable[["Settings"], "QWidget"]


@dataclass(frozen=True)
class PageSpec:
    """One navigation entry: stable key (stored in settings), title, one-line summary, the
    function that makes the page, as ``"package.module:function"``, and whether the window's
    warm-up makes the page ahead of its first visit: not a drill (it deals, and its clock
    starts, when made)."""

    key: str
    title: str
    summary: str
    factory: str
    ahead: bool = True

    def load(self) -> PageFactory:
        """Import the page's module; return the function that makes the page."""
        module, _, name = self.factory.partition(":")
        factory: PageFactory = getattr(importlib.import_module(module), name)
        return factory

    def make(self, settings: Settings) -> QWidget:
        """Import the page's module and make the page."""
        return self.load()(settings)


PAGES: tuple[PageSpec, ...] = (
    PageSpec("flashcards", "Flashcards",
             "One decision at a time, dealt at once: the study queue's due cards, or the kind "
             "of hand you choose.",
             "trainer.ui.practice.flashcards_page:flashcards_page", ahead=False),
    PageSpec("shoe", "Shoe practice",
             "Whole shoes with bankroll, bets and side bets, settled bet by bet.",
             "trainer.ui.practice.shoe_page:shoe_page", ahead=False),
    PageSpec("charts", "Strategy charts",
             "The exact strategy chart of each preset, cell by cell.",
             "trainer.ui.charts.page:charts_page"),
    PageSpec("progress", "Progress",
             "What your play costs, accuracy and your costliest leaks over time.",
             "trainer.ui.progress.page:progress_page"),
    PageSpec("counting", "Counting",
             "Running count, true count, index plays and a counted shoe, with their review.",
             "trainer.ui.counting.page:counting_page", ahead=False),
    PageSpec("settings", "Settings",
             "Rules, feedback, timer, dealer speed, theme and data location.",
             "trainer.ui.settings.page:settings_page"),
)

#: The pages' keys in navigation order (what the window/page setting may hold).
PAGE_KEYS: tuple[str, ...] = tuple(page.key for page in PAGES)


__all__ = ["PAGES", "PAGE_KEYS", "PageFactory", "PageSpec"]
