"""The count lab table of a rule set, saved and cached like the strategy tables: a preset's
ships in ``data/`` as ``NAME.counts.json.gz`` (``freebet-charts build --counts``); any other rule
set's is built on first use and cached by fingerprint, as :func:`strategy_charts.tables.
load_or_build` does; a player's own tags get a table of their own, cached by rules and tags.
Files are gzipped JSON with sorted keys and rounded values, so a rebuild is byte-identical. The
build itself is :mod:`.lab_build`'s.
"""

from __future__ import annotations

import hashlib
from contextlib import suppress
from pathlib import Path
from typing import Any

from trainer.rules import PRESETS, RuleSet
from trainer.rules.atomic_file import atomic_write

from ..tables import (
    ENGINE_VERSION,
    DamagedTableError,
    TableError,
    TableMismatchError,
    cache_dir,
    data_dir,
    decode,
    encode,
)
from .cells import Cell
from .lab_build import LAB_VERSION, build_lab, quick_figures
from .systems import TRAINED, CountSystem
from .valuing import Progress, default_workers

# ----- files -------------------------------------------------------------------------------


def file_name(rules: RuleSet) -> str | None:
    """A preset's shipped lab file name ("evolution.counts.json.gz"), None for other rules."""
    for name, base in PRESETS.items():
        if rules == base:
            return f"{name}.counts.json.gz"
    return None


def _check(lab: dict[str, Any], rules: RuleSet, source: str) -> dict[str, Any]:
    if lab.get("fingerprint") != rules.fingerprint():
        raise TableMismatchError(f"{source} is the count lab of other rules; rebuild it with "
                                 "'python -m strategy_charts build --counts'")
    if (lab.get("lab_version"), lab.get("engine_version")) != (LAB_VERSION, ENGINE_VERSION):
        raise TableMismatchError(f"{source} was built by another version of the count lab; "
                                 "rebuild it with 'python -m strategy_charts build --counts'")
    return lab


class MissingLabError(TableError):
    """A preset's count lab table that is not there or cannot be opened."""

    def __init__(self, source: str, detail: str, preset: str) -> None:
        super().__init__(f"No count lab table at {source} ({detail}). Reinstall the trainer, "
                         "or rebuild it with 'python -m strategy_charts build --counts "
                         f"--preset {preset}'.")


def load_lab(rules: RuleSet, folder: Path | None = None) -> dict[str, Any]:
    """The shipped (or ``folder``'s) lab table of a preset, checked."""
    name = file_name(rules)
    if name is None:
        raise MissingLabError(rules.name, "only the presets' count labs ship", rules.name)
    path = (folder or data_dir()) / name
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MissingLabError(str(path), exc.strerror or str(exc), rules.name) from exc
    return _check(decode(data, str(path)), rules, str(path))


def write_lab(rules: RuleSet, folder: Path, workers: int = 1,
              progress: Progress | None = None) -> Path:
    """Build and atomically write a preset's lab table into ``folder``."""
    name = file_name(rules)
    if name is None:
        raise ValueError(f"{rules.name} is not a preset: its count lab is cached, not shipped")
    path = folder / name
    with atomic_write(path, "wb") as handle:
        handle.write(encode(build_lab(rules, workers=workers, progress=progress)))
    return path


def _cached(rules: RuleSet, count: CountSystem | None = None) -> Path:
    """Where a built lab table of rules that ship none (or of a player's own tags) is kept."""
    tags = "" if count is None or count.key in TRAINED else (
        "-" + hashlib.sha256(count.key.encode()).hexdigest()[:16])
    return (cache_dir() / "counts"
            / f"{rules.fingerprint()}{tags}-v{LAB_VERSION}-{ENGINE_VERSION}.json.gz")


def lab_ready(rules: RuleSet, count: CountSystem | None = None) -> bool:
    """True when the lab table of ``rules`` (for ``count``: a player's tags have their own)
    need not be built (shipped or cached)."""
    if count is not None and count.key not in TRAINED:
        return _cached(rules, count).exists()
    name = file_name(rules)
    return ((name is not None and (data_dir() / name).exists()) or _cached(rules).exists())


def load_or_build_lab(rules: RuleSet, workers: int | None = None,
                      progress: Progress | None = None,
                      count: CountSystem | None = None) -> dict[str, Any]:
    """The lab table of ``rules``: shipped for a preset, else cached by fingerprint (built on
    first use, in under a minute); with ``count`` a player's own tags, a table of that count
    alone, cached by rules and tags."""
    custom = count if count is not None and count.key not in TRAINED else None
    if file_name(rules) is not None and custom is None:
        with suppress(MissingLabError):
            return load_lab(rules)
    path = _cached(rules, custom)
    folder = path.parent
    with suppress(OSError, TableError, KeyError):
        lab = _check(decode(path.read_bytes(), str(path)), rules, str(path))
        if custom is None or custom.key in lab["counts"]:
            return lab
    lab = build_lab(rules, workers=workers or default_workers(), progress=progress,
                    counts=None if custom is None else {custom.key: custom})
    with suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        with atomic_write(path, "wb") as handle:
            handle.write(encode(lab))
    return lab


def count_lab(rules: RuleSet, count: CountSystem, workers: int | None = None,
              progress: Progress | None = None) -> dict[str, Any]:
    """``count``'s part of the lab table of ``rules`` (built first if need be)."""
    return load_or_build_lab(rules, workers, progress, count)["counts"][count.key]


__all__ = ["LAB_VERSION", "Cell", "DamagedTableError", "build_lab", "count_lab", "lab_ready",
           "load_lab", "load_or_build_lab", "quick_figures", "write_lab"]
