"""What the window may ask of a page, each a typed protocol: a page has a hook by having its
method or signal, and the window (and its warm-up) asks through these, checked, instead of by
attribute names in strings and unchecked calls.

The protocols are ``runtime_checkable``: ``isinstance(page, Ends)`` says whether the page has
the method (a page that must have it is asserted to: its lack is a bug, not a player's
problem); mypy checks the call's types.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PyQt6.QtCore import pyqtBoundSignal


@runtime_checkable
class Ends(Protocol):
    """A page with loads, timers or a progress file to end with the window."""

    def shutdown(self) -> None: ...


@runtime_checkable
class FollowsDataFolder(Protocol):
    """A page that saves answers: it follows a new data folder at once."""

    def data_folder_changed(self) -> None: ...


@runtime_checkable
class Refreshes(Protocol):
    """A page showing settings: it shows them again after a change made elsewhere."""

    def refresh(self) -> None: ...


@runtime_checkable
class Loads(Protocol):
    """A page that deals afresh with the settings as they are now."""

    def load(self) -> None: ...


@runtime_checkable
class DrillsSituations(Protocol):
    """Flashcards: a drill on exactly these situations."""

    def drill_on(self, keys: list[str]) -> None: ...


@runtime_checkable
class CountsShoes(Protocol):
    """Shoe practice: a shoe of these rules counted with this count."""

    def count_shoe(self, count: str, rules: str) -> None: ...


@runtime_checkable
class DrillsIndices(Protocol):
    """Counting: index plays of these cells alone, and the counting review."""

    def drill_index(self, count: str, rules: str, cells: list[str]) -> None: ...

    def show_review(self) -> None: ...


@runtime_checkable
class RendersAhead(Protocol):
    """A page with charts the warm-up renders unseen (once it has read what it shows, if it
    :class:`Reads`)."""

    def render_ahead(self) -> None: ...


@runtime_checkable
class Reads(Protocol):
    """A page that reads what it shows off the UI thread: True while it does."""

    def reading(self) -> bool: ...


@runtime_checkable
class Deals(Protocol):
    """A drill page: ``dealt`` once its first card is on the table."""

    dealt: pyqtBoundSignal


@runtime_checkable
class AsksForLeakDrills(Protocol):
    """A page listing situations to drill (leaks, a shoe's mistakes)."""

    drill_requested: pyqtBoundSignal


@runtime_checkable
class AsksForCountedShoes(Protocol):
    """The Counting page's "Count a shoe"."""

    shoe_requested: pyqtBoundSignal


@runtime_checkable
class AsksForIndexDrills(Protocol):
    """A shoe's missed index plays, drilled on the Counting page."""

    index_drill_requested: pyqtBoundSignal


@runtime_checkable
class AsksForCountingReview(Protocol):
    """The Progress page's "Review counting"."""

    counting_requested: pyqtBoundSignal


__all__ = ["AsksForCountedShoes", "AsksForCountingReview", "AsksForIndexDrills",
           "AsksForLeakDrills", "CountsShoes", "Deals", "DrillsIndices", "DrillsSituations",
           "Ends", "FollowsDataFolder", "Loads", "Reads", "Refreshes",
           "RendersAhead"]
