"""Built data a rule set needs (its strategy table, its count lab): shipped, else cached by
fingerprint, else built — one mechanism for every kind, with its errors.

An :class:`Artifact` says how one kind is found and made: where a shipped copy lives for
these rules (if one ships), how a file is checked against the rules it is for, how it is built,
and what the cache file's name depends on beyond the rules (the engine's version, the lab's).
:func:`load_or_build` then does for every kind what a player expects: the shipped copy, else a
copy built before and kept in the user's cache (a damaged or unreadable one is built again),
else a build now, kept for next time (a cache that cannot be written only costs a build next
time). Files are gzipped JSON written whole (:mod:`trainer.rules.atomic_file`).

A later kind of built data is one more :class:`Artifact`, not one more copy of this logic.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer import PROGRAM
from trainer.rules import RuleSet
from trainer.rules.atomic_file import atomic_write

from .table_build import Progress

Data = dict[str, Any]


@dataclass(frozen=True)
class Artifact:
    """One kind of built data and how it is found, checked and built."""

    kind: str                                   # what a player calls it ("strategy table")
    folder: str                                 # its folder in the user's cache
    version: str                                # beyond the rules, what a build depends on
    shipped: Callable[[RuleSet], Path | None]   # the shipped file for these rules, if one ships
    check: Callable[[Data, RuleSet, str], Data]  # the data if built for the rules, else raise
    read: Callable[[Path], Data]                 # a file's data (raises the kind's own errors)
    build: Callable[[RuleSet, Progress | None], Data]
    faults: tuple[type[Exception], ...]          # the kind's errors for a file it cannot use

    def cached(self, rules: RuleSet) -> Path:
        """Where a build for ``rules`` is kept."""
        return cache_dir() / self.folder / f"{rules.fingerprint()}-v{self.version}.json.gz"

    def source(self, rules: RuleSet) -> Path:
        """The file :meth:`load_or_build` reads for ``rules`` (the shipped one when one ships,
        else the cached one; after a build, the one it kept)."""
        shipped = self.shipped(rules)
        return shipped if shipped is not None and shipped.exists() else self.cached(rules)

    def ready(self, rules: RuleSet) -> bool:
        """True when nothing need be built for ``rules`` (shipped or cached)."""
        shipped = self.shipped(rules)
        return (shipped is not None and shipped.exists()) or self.cached(rules).exists()

    def load_or_build(self, rules: RuleSet, progress: Progress | None = None) -> Data:
        """The data for ``rules``: shipped, else cached, else built now and kept. Only a build
        reports to ``progress``. A shipped file that exists but cannot be used raises (it is
        the installation's fault, said with its remedy); a cached one is built again."""
        shipped = self.shipped(rules)
        if shipped is not None and shipped.exists():
            return self.check(self.read(shipped), rules, str(shipped))
        path = self.cached(rules)
        with suppress(OSError, *self.faults):   # a damaged or unreadable entry: built again
            return self.check(self.read(path), rules, str(path))
        data = self.build(rules, progress)
        with suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            with atomic_write(path, "wb") as handle:
                handle.write(encode(data))
        return data


def cache_dir() -> Path:
    """Where data built on demand for rule sets that ship none are kept (per user;
    ``$FREEBET_TABLE_CACHE`` moves it)."""
    from platformdirs import user_cache_dir
    return Path(os.environ.get("FREEBET_TABLE_CACHE") or user_cache_dir(PROGRAM))


def encode(data: Data) -> bytes:
    """Data as deterministic gzipped JSON (sorted keys, no gzip time: rebuilds are
    byte-identical)."""
    import gzip
    import json
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


__all__ = ["Artifact", "Data", "cache_dir", "encode"]
