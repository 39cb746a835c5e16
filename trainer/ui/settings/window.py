"""The window's own setting: the page shown at start (its choices are the window's pages, so
it is declared here, with the core's :class:`~trainer.settings.Setting`), and the names the
window gives Qt (the old settings file's place: :mod:`.carried`)."""

from __future__ import annotations

from trainer import PROGRAM
from trainer.settings import Choices, Setting

from ..pages import PAGES

ORGANIZATION = PROGRAM
APPLICATION = "Free Bet Trainer"

WINDOW_PAGE = Setting("window.page", str, PAGES[0].key, "The page shown at start.",
                      allowed=Choices({page.key: page.title for page in PAGES}))

__all__ = ["APPLICATION", "ORGANIZATION", "WINDOW_PAGE"]
