"""A memoizing decorator whose value is built once even when two threads ask for it at once.

``functools.cache`` lets two threads that miss at the same moment both build the value: at the
window's start a head start and the Flashcards page's load both ask for the same catalog and
curriculum (about a second each), and would share two cores' worth of work for one result.
:func:`built_once` keeps one lock per argument: the second caller waits for the first one's
value. A build that raises caches nothing (the next caller tries again).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from functools import update_wrapper
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


class BuiltOnce(Generic[P, T]):
    """``function``'s values by argument, each built at most once at a time."""

    def __init__(self, function: Callable[P, T]) -> None:
        self.function = function
        self._values: dict[Hashable, T] = {}
        self._locks: dict[Hashable, threading.Lock] = {}
        self._guard = threading.Lock()
        update_wrapper(self, function)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        key: Hashable = (args, tuple(sorted(kwargs.items())))
        try:
            return self._values[key]
        except KeyError:
            pass
        with self._guard:
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:
            if key not in self._values:
                self._values[key] = self.function(*args, **kwargs)
            return self._values[key]

    def cache_clear(self) -> None:
        """Forget every value (tests that change what a value is built from)."""
        with self._guard:
            self._values.clear()


def built_once(function: Callable[P, T]) -> BuiltOnce[P, T]:
    """Memoize ``function`` by its (hashable) arguments, each value built by one caller while
    any other asking for it waits."""
    return BuiltOnce(function)


__all__ = ["BuiltOnce", "built_once"]
