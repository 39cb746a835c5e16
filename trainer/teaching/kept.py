"""Work kept across launches in the user's cache folder, read back instead of done again.

Working out a preset's catalog (:class:`~trainer.teaching.catalog.Catalog`: every table entry
classified into its situation, their natural frequencies, the cost of a mistake in each), its
classic play and the study queue's plan for a player whose sessions are days apart
(:class:`~trainer.scheduler.plan.Plan`) take a good part of a second, and a later launch's first
card waited for them every time. A :class:`Shelf` keeps such work's plain form (JSON's values)
in the cache folder (:func:`strategy_charts.artifacts.cache_dir`, one sub-folder a kind),
under a key of everything it depends on: what the caller names (the rules, their strategy
table's bytes, the memory parameters...) and the code that does it (the bytes of every source
file of the packages in :data:`WORKERS`, :data:`FORMAT` and the trainer's version). Kept work
of another key, or damaged (its checksum fails), or of any shape but the kind's is not used:
the work is done again and kept anew. A cache that cannot be written or read only costs the
work next time. A bundle holds its code compiled, not as source files: it carries the digest of
the sources it was built from (:data:`BUILT`, written when the bundle is built), and reads that.

It sits in what is taught, the lowest layer that keeps work, so the scheduler above can use it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
import zlib
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

import trainer
from strategy_charts.artifacts import cache_dir
from trainer.rules.atomic_file import atomic_write

#: Bump when how work is kept changes (a change of code changes every key anyway).
FORMAT = 1
#: The packages whose code does the work kept: what keeps it (what is taught, the scheduler) and
#: all they read (the rules, the engine). A change to any of their files makes a new key.
WORKERS = ("strategy_charts", "trainer.rules", "trainer.teaching", "trainer.scheduler")
#: The file of this package a bundle carries with the digest of the sources it was built from
#: (``packaging/freebet-trainer.spec`` writes it; a checkout has none).
BUILT = "code_digest.txt"
#: Bytes of the checksum kept work starts with.
SEAL = hashlib.sha256().digest_size


def sources() -> dict[str, Path] | None:
    """Each package of :data:`WORKERS` by its folder, found without importing it; None when
    one has no folder of files (a bundle holding compiled code only)."""
    found = {}
    for name in WORKERS:
        spec = importlib.util.find_spec(name)
        places = spec.submodule_search_locations if spec is not None else None
        if not places:
            return None
        found[name] = Path(next(iter(places)))
    return found


@cache
def code_digest() -> str | None:
    """:func:`digest_of` the packages of :data:`WORKERS` (cached: the code does not change
    while the process runs); in a bundle, whose code is compiled, the digest it was built with
    (:func:`built_digest`)."""
    roots = sources()
    found = None if roots is None else digest_of(roots)
    if found is None and getattr(sys, "frozen", False):
        return built_digest()
    return found


def built_file() -> Traversable:
    """Where a bundle carries :data:`BUILT`."""
    return resources.files(__package__ or "trainer.teaching") / BUILT


def built_digest() -> str | None:
    """The digest of the sources a bundle was built from, as its :data:`BUILT` holds it (None:
    no such file, unreadable, or not a digest: then nothing is kept)."""
    try:
        text = built_file().read_text(encoding="ascii").strip()
    except (OSError, ValueError):
        return None
    return text if re.fullmatch("[0-9a-f]{64}", text) else None


def digest_of(roots: dict[str, Path]) -> str | None:
    """A digest of every source file under ``roots`` (each package's name, the file's path in
    it and its bytes), or None when one cannot be read or a package has none (a bundle
    holding compiled code only): then nothing is kept, as a key must not miss a change of
    code."""
    digest = hashlib.sha256()
    try:
        for package, root in sorted(roots.items()):
            found = sorted(root.rglob("*.py"))
            if not found:
                return None
            for path in found:
                data = path.read_bytes()
                name = f"{package}:{path.relative_to(root).as_posix()}".encode()
                digest.update(len(name).to_bytes(8, "little") + name)
                digest.update(len(data).to_bytes(8, "little") + data)
    except OSError:
        return None
    return digest.hexdigest()


@dataclass(frozen=True)
class Shelf:
    """Where one piece of work is kept, and the key it must be kept under."""

    path: Path
    key: str

    @classmethod
    def of(cls, kind: str, name: str, depends: list[Any]) -> Shelf | None:
        """The shelf of a piece of work of ``kind`` (its folder), known as ``name`` (one
        file a name: newer work replaces older), that depends on ``depends`` (JSON's values)
        besides the code; None when the code cannot be read."""
        code = code_digest()
        if code is None:
            return None
        plain = [FORMAT, trainer.__version__, code, kind, depends]
        key = hashlib.sha256(json.dumps(plain).encode()).hexdigest()
        file = hashlib.sha256(name.encode()).hexdigest()[:32]
        return cls(cache_dir() / kind / f"{file}.kept", key)

    def read(self) -> dict[str, Any] | None:
        """The plain work kept here under this key, or None (none kept, another key,
        damaged, unreadable)."""
        try:
            data = self.path.read_bytes()
        except OSError:
            return None
        return unpack(data, self.key)

    def write(self, plain: dict[str, Any], most: int | None = None) -> None:
        """Keep ``plain`` here (whole or not at all; a cache that cannot be written keeps
        nothing), and at most ``most`` pieces of its kind (the newest)."""
        with suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with atomic_write(self.path, "wb") as handle:
                handle.write(pack(plain, self.key))
            if most is not None:
                kept = sorted(self.path.parent.glob("*.kept"),
                              key=lambda p: p.stat().st_mtime_ns, reverse=True)
                for older in kept[most:]:
                    if older != self.path:
                        older.unlink(missing_ok=True)


def pack(plain: dict[str, Any], key: str) -> bytes:
    """``plain`` as kept bytes: a checksum, the key, then the plain form as compressed JSON."""
    content = key.encode() + zlib.compress(json.dumps(plain).encode(), 1)
    return hashlib.sha256(content).digest() + content


def unpack(data: bytes, key: str) -> dict[str, Any] | None:
    """The plain form :func:`pack` kept under ``key``, or None for bytes that are not that
    (another key, a checksum that fails, not compressed JSON of a mapping)."""
    content = memoryview(data)[SEAL:]
    if len(data) < SEAL or hashlib.sha256(content).digest() != data[:SEAL]:
        return None
    size = len(key.encode())
    if bytes(content[:size]) != key.encode():
        return None
    try:
        found = json.loads(zlib.decompress(content[size:]))
    except (ValueError, zlib.error, RecursionError):
        return None
    return found if isinstance(found, dict) else None


__all__ = ["BUILT", "FORMAT", "WORKERS", "Shelf", "built_digest", "built_file", "code_digest",
           "digest_of", "pack", "sources", "unpack"]
