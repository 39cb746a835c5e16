"""Strategy table files: the shipped ones in ``data/``, custom ones cached per user; loading,
checking and writing them.

A table (built by :mod:`.table_build`) records the rule set's fingerprint and the engine
version; loading it for another rule set raises :class:`TableMismatchError`. Files are gzipped
JSON with sorted keys, rounded values and a fixed gzip header, so rebuilding is byte-identical.
"""

from __future__ import annotations

import gzip
import json
from importlib import resources
from pathlib import Path
from typing import Any

from trainer.rules import PRESETS, RuleSet
from trainer.rules.atomic_file import atomic_write

from .artifacts import Artifact, cache_dir, encode
from .pot_of_gold import LammerChances, reads_lammers
from .table_build import ENGINE_VERSION, FORMAT, Progress, build_table


class TableError(Exception):
    """A table file is missing, unreadable or malformed."""


class TableMismatchError(TableError):
    """A table was built for another rule set or engine version than the one asked for."""


#: How a player gets a shipped table back (said by every error about one).
RESTORE = ("Reinstall the trainer to restore it, or rebuild it with "
           "'python -m strategy_charts build --preset {name}'.")


class DamagedTableError(TableError):
    """A table file that cannot be read as a table (truncated, empty, overwritten)."""

    def __init__(self, source: str, detail: str) -> None:
        name = Path(source).name.removesuffix(".json.gz")
        restore = (RESTORE.format(name=name) if name in PRESETS
                   else "Delete it: it is rebuilt when next needed.")
        super().__init__(f"The strategy table {source} is damaged: {detail}. {restore}")
        self.source = source


class MissingTableError(TableError):
    """A table file that is not there or cannot be opened."""

    def __init__(self, source: str, detail: str) -> None:
        name = Path(source).name.removesuffix(".json.gz")
        restore = RESTORE.format(name=name) if name in PRESETS else (
            "Build it with 'python -m strategy_charts build'.")
        super().__init__(f"No strategy table at {source} ({detail}). {restore}")
        self.source = source


def decode(data: bytes, source: str = "table") -> dict[str, Any]:
    """Read a table from gzipped JSON bytes; DamagedTableError names ``source`` if they are not
    one."""
    try:
        table = json.loads(gzip.decompress(data))
    except (OSError, EOFError, ValueError, RecursionError) as exc:
        raise DamagedTableError(source, f"it is not a valid strategy table ({exc})") from exc
    if not isinstance(table, dict) or table.get("format") != FORMAT:
        raise DamagedTableError(source, "it has an unknown table format")
    return table


def shipped_rules(presets: list[RuleSet] | None = None) -> list[RuleSet]:
    """The rule sets whose tables ship in ``data/``: each preset (default: all) and its
    standard-blackjack counterpart (for the differences between the two games)."""
    return [rules for base in (presets or list(PRESETS.values()))
            for rules in (base, base.standard_counterpart())]


def file_name(rules: RuleSet) -> str:
    """The table's file name: a preset's name for exactly that preset's rules
    ("evolution.json.gz"), the preset's name and "standard" for its standard counterpart
    ("evolution.standard.json.gz"); any other rule set is named by its fingerprint, so no rules
    file (whatever ``name`` it gives) can replace a shipped table or reach outside the table
    folder."""
    for name, base in PRESETS.items():
        if rules == base:
            return f"{name}.json.gz"
        if rules == base.standard_counterpart():
            return f"{name}.standard.json.gz"
    return f"custom-{rules.fingerprint()}.json.gz"


def _shipped_file(rules: RuleSet) -> Path | None:
    """The shipped table of these rules (by fingerprint, whatever their name), if any."""
    fingerprint = rules.fingerprint()
    for shipped in shipped_rules():
        if shipped.fingerprint() == fingerprint:
            return data_dir() / file_name(shipped)
    return None


def data_dir() -> Path:
    """The shipped ``data/`` folder (the ``freebet_data`` package once installed)."""
    return Path(str(resources.files("freebet_data")))


def write_table(rules: RuleSet, folder: Path) -> Path:
    """Build and atomically write the table of ``rules`` into ``folder``; returns its path.

    The folder is checked (and the temporary file made) before the build, so a folder that
    cannot be written is reported at once, not after the build's minute of work.
    """
    path = folder / file_name(rules)
    with atomic_write(path, "wb") as handle:
        handle.write(encode(build_table(rules)))
    return path


def check(table: dict[str, Any], rules: RuleSet, source: str) -> dict[str, Any]:
    """Return ``table`` if it was built for ``rules`` by this engine, else raise."""
    if table.get("fingerprint") != rules.fingerprint():
        raise TableMismatchError(
            f"{source} was built for other rules (fingerprint {table.get('fingerprint')}, "
            f"rules {rules.name!r} have {rules.fingerprint()}); rebuild it with "
            "'python -m strategy_charts build'")
    if table.get("engine_version") != ENGINE_VERSION:
        raise TableMismatchError(
            f"{source} was built by engine version {table.get('engine_version')}, this is "
            f"{ENGINE_VERSION}; rebuild it with 'python -m strategy_charts build'")
    if reads_lammers(rules) and "lammers" not in table:
        raise TableMismatchError(
            f"{source} was built before tables kept the chance of each lammer count; rebuild "
            "it with 'python -m strategy_charts build'")
    return table


def load_table(rules: RuleSet, folder: Path | None = None) -> dict[str, Any]:
    """Load the table for ``rules`` from ``folder`` (default: the shipped data) and check it."""
    path = (folder or data_dir()) / file_name(rules)
    return check(read_table(path), rules, str(path))


def read_table(path: Path) -> dict[str, Any]:
    """A table file's data (MissingTableError, DamagedTableError when it cannot be used)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MissingTableError(str(path), exc.strerror or str(exc)) from exc
    return decode(data, str(path))


#: The strategy table as built data: shipped for the presets and their standard counterparts
#: (whatever a rule set's name, by its fingerprint), else cached per user.
TABLES = Artifact(kind="strategy table", folder="tables", version=str(ENGINE_VERSION),
                  shipped=_shipped_file, check=check, read=read_table,
                  build=lambda rules, progress: build_table(rules, progress),
                  faults=(TableError,))


def load_or_build(rules: RuleSet, progress: Progress | None = None) -> dict[str, Any]:
    """The table for ``rules``: the shipped one for a preset or a preset's standard
    counterpart (also for the same rules under another name), else a cached or new build,
    cached by the rule set's fingerprint (:mod:`.artifacts`). Only a build reports to
    ``progress``."""
    return TABLES.load_or_build(rules, progress)


def table_source(rules: RuleSet) -> Path:
    """The file :func:`load_or_build` reads the table of ``rules`` from (see
    :meth:`.artifacts.Artifact.source`)."""
    return TABLES.source(rules)


def lammer_chances(rules: RuleSet) -> LammerChances | None:
    """The chance of each lammer count of the first round from a full shoe at ``rules`` (their
    table, shipped, cached or built), None where they offer no lammer bet."""
    return LammerChances.in_table(load_or_build(rules)) if reads_lammers(rules) else None


def load_standard(rules: RuleSet, progress: Progress | None = None) -> dict[str, Any]:
    """The standard-blackjack table of ``rules`` (:meth:`RuleSet.standard_counterpart`):
    shipped for the presets, else cached or built as :func:`load_or_build` does."""
    return load_or_build(rules.standard_counterpart(), progress)


__all__ = [
    "ENGINE_VERSION",
    "DamagedTableError",
    "MissingTableError",
    "Progress",
    "TableError",
    "TableMismatchError",
    "build_table",
    "cache_dir",
    "check",
    "data_dir",
    "decode",
    "encode",
    "file_name",
    "lammer_chances",
    "load_or_build",
    "load_standard",
    "load_table",
    "shipped_rules",
    "table_source",
    "write_table",
]
