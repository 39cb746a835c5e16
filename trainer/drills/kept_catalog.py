"""A catalog kept across launches in the user's cache folder, read instead of worked out again.

Working out a preset's catalog (:class:`~trainer.drills.catalog.Catalog`: every table entry
classified into its situation, their natural frequencies, the cost of a mistake in each) takes
about a third of a second, and a later launch's first card waited for it every time. A
:class:`Shelf` keeps what the catalog worked out (its plain form,
:meth:`~trainer.drills.catalog.Catalog.to_plain`) in the cache folder
(:func:`strategy_charts.artifacts.cache_dir`, ``catalogs/``), under a key of everything it
depends on: the rules (their fingerprint and the label their situations are filed under), the
strategy table (what it says it is and its file's bytes), and the code that works it out (the
bytes of every source file of ``strategy_charts``, ``trainer.rules`` and ``trainer.drills``,
and :data:`FORMAT`). A kept file of another key, or damaged (its checksum fails), or of any
shape but a catalog's is not used: the catalog is worked out again and kept anew. A cache that
cannot be written or read only costs the work next time.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import strategy_charts
import trainer
from strategy_charts.artifacts import cache_dir
from strategy_charts.tables import table_source
from trainer.rules import RuleSet
from trainer.rules.atomic_file import atomic_write

#: Bump when what a kept catalog holds changes (a change of code changes the key anyway).
FORMAT = 1
#: The cache folder's sub-folder of kept catalogs.
FOLDER = "catalogs"
#: The packages whose code works a catalog out: any change to them makes a new key.
SOURCES = (Path(strategy_charts.__file__).parent, Path(trainer.__file__).parent / "rules",
           Path(trainer.__file__).parent / "drills")
#: Bytes of the checksum a kept catalog starts with.
SEAL = hashlib.sha256().digest_size


@cache
def code_digest() -> str | None:
    """A digest of every source file of :data:`SOURCES` (its path and bytes), or None when one
    cannot be read (then nothing is kept: a key must not miss a change of code)."""
    digest = hashlib.sha256()
    try:
        for root in SOURCES:
            for path in sorted(root.rglob("*.py")):
                data = path.read_bytes()
                name = path.relative_to(root.parent).as_posix().encode()
                digest.update(len(name).to_bytes(8, "little") + name)
                digest.update(len(data).to_bytes(8, "little") + data)
    except OSError:
        return None
    return digest.hexdigest()


@dataclass(frozen=True)
class Shelf:
    """Where the catalog of one rule set is kept, and the key it must be kept under."""

    path: Path
    key: str

    @classmethod
    def of(cls, rules: RuleSet, label: str, table: dict[str, Any]) -> Shelf | None:
        """The shelf of the catalog of ``rules`` (its situations filed under ``label``) worked
        out from ``table`` (loaded by :func:`strategy_charts.tables.load_or_build`); None when
        what it depends on cannot be read (the table's file, the code)."""
        code = code_digest()
        if code is None:
            return None
        try:
            table_bytes = table_source(rules).read_bytes()
        except OSError:
            return None
        plain = [FORMAT, trainer.__version__, code, rules.fingerprint(), label,
                 table.get("fingerprint"), table.get("engine_version"), table.get("format"),
                 hashlib.sha256(table_bytes).hexdigest()]
        key = hashlib.sha256(json.dumps(plain).encode()).hexdigest()
        name = hashlib.sha256(f"{label}\n{rules.fingerprint()}".encode()).hexdigest()[:32]
        return cls(cache_dir() / FOLDER / f"{name}.catalog", key)

    def read(self) -> dict[str, Any] | None:
        """The plain catalog kept here under this key, or None (none kept, another key,
        damaged, unreadable)."""
        try:
            data = self.path.read_bytes()
        except OSError:
            return None
        return unpack(data, self.key)

    def write(self, plain: dict[str, Any]) -> None:
        """Keep ``plain`` here (whole or not at all; a cache that cannot be written keeps
        nothing)."""
        with suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with atomic_write(self.path, "wb") as handle:
                handle.write(pack(plain, self.key))


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


__all__ = ["FOLDER", "FORMAT", "Shelf", "code_digest", "pack", "unpack"]
