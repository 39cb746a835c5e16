"""The count lab table of a rule set, saved and cached like the strategy tables: a preset's
ships in ``data/`` as ``NAME.counts.json.gz`` (``freebet-charts build --counts``); any other rule
set's is built on first use and cached by fingerprint, as :func:`strategy_charts.tables.
load_or_build` does; a player's own tags get a table of their own, cached by rules and tags.
Files are gzipped JSON with sorted keys and rounded values, so a rebuild is byte-identical. The
build itself is :mod:`.lab_build`'s.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from trainer.rules import PRESETS, RuleSet
from trainer.rules.atomic_file import atomic_write

from ..artifacts import Artifact
from ..cluster import default_lab_workers
from ..tables import (
    ENGINE_VERSION,
    DamagedTableError,
    TableError,
    TableMismatchError,
    data_dir,
    decode,
    encode,
)
from .cells import Cell
from .lab_build import LAB_VERSION, build_lab, quick_figures
from .precision import is_default
from .systems import TRAINED, CountSystem
from .valuing import Progress, Workers, default_workers

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


def write_lab(rules: RuleSet, folder: Path, workers: Workers = 1,
              progress: Progress | None = None, precision: float | None = None) -> Path:
    """Build and atomically write a preset's lab table into ``folder`` (to ``precision``)."""
    name = file_name(rules)
    if name is None:
        raise ValueError(f"{rules.name} is not a preset: its count lab is cached, not shipped")
    path = folder / name
    with atomic_write(path, "wb") as handle:
        handle.write(encode(build_lab(rules, workers=workers, progress=progress,
                                      precision=precision)))
    return path


def _shipped_lab(rules: RuleSet) -> Path | None:
    """A preset's shipped lab file (exactly its rules: the lab depends on the cut card too)."""
    name = file_name(rules)
    return None if name is None else data_dir() / name


def _read_lab(path: Path) -> dict[str, Any]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MissingLabError(str(path), exc.strerror or str(exc),
                              path.name.removesuffix(".counts.json.gz")) from exc
    return decode(data, str(path))


#: The count lab as built data: shipped for the presets, else cached per user (built on first
#: use, on all cores or the cluster :data:`strategy_charts.cluster.SCHEDULER_VARIABLE` names:
#: :func:`strategy_charts.cluster.default_lab_workers`).
LABS = Artifact(kind="count lab", folder="counts", version=f"{LAB_VERSION}-{ENGINE_VERSION}",
                shipped=_shipped_lab, check=_check, read=_read_lab,
                build=lambda rules, progress: build_lab(rules, workers=default_lab_workers(),
                                                        progress=progress),
                faults=(TableError,))


def _artifact(count: CountSystem | None, workers: Workers | None,
              precision: float | None = None) -> Artifact:
    """The lab as built data for ``count``: the shipped or cached table of the trained counts,
    or for a player's own tags a table of that count alone, cached by rules and tags; built to
    ``precision`` (:mod:`.precision`) when it is not the default, cached by it too."""
    custom = count if count is not None and count.key not in TRAINED else None
    fine = None if is_default(precision) else precision
    if custom is None and fine is None:
        if workers is None:
            return LABS
        return replace(LABS, build=lambda r, p: build_lab(r, workers=workers, progress=p))
    tags = hashlib.sha256(custom.key.encode()).hexdigest()[:16] if custom is not None else ""

    def check(lab: dict[str, Any], rules: RuleSet, source: str) -> dict[str, Any]:
        lab = _check(lab, rules, source)
        if custom is not None and custom.key not in lab.get("counts", {}):
            raise TableMismatchError(f"{source} is the count lab of other tags")
        if lab["method"].get("precision") != fine:
            raise TableMismatchError(f"{source} is the count lab of another precision")
        return lab

    key = "-".join(part for part in (tags, f"p{fine:g}" if fine is not None else "") if part)
    return replace(LABS, version=f"{key}-{LABS.version}", shipped=lambda rules: None,
                   check=check,
                   build=lambda r, p: build_lab(r, workers=workers or default_lab_workers(),
                                                progress=p, precision=fine,
                                                counts={custom.key: custom} if custom else None))


def lab_ready(rules: RuleSet, count: CountSystem | None = None,
              precision: float | None = None) -> bool:
    """True when the lab table of ``rules`` (for ``count``: a player's tags have their own;
    to ``precision``: a finer one has its own) need not be built (shipped or cached)."""
    return _artifact(count, None, precision).ready(rules)


def load_or_build_lab(rules: RuleSet, workers: Workers | None = None,
                      progress: Progress | None = None,
                      count: CountSystem | None = None,
                      precision: float | None = None) -> dict[str, Any]:
    """The lab table of ``rules``: shipped for a preset, else cached by fingerprint (built on
    first use on ``workers``, by default :func:`strategy_charts.cluster.default_lab_workers`);
    with ``count`` a player's own tags, a table of that count alone, cached by rules and tags;
    with ``precision`` (not the default) one built to it, cached by it."""
    return _artifact(count, workers, precision).load_or_build(rules, progress)


def count_lab(rules: RuleSet, count: CountSystem, workers: Workers | None = None,
              progress: Progress | None = None) -> dict[str, Any]:
    """``count``'s part of the lab table of ``rules`` (built first if need be)."""
    return load_or_build_lab(rules, workers, progress, count)["counts"][count.key]


__all__ = ["LABS", "LAB_VERSION", "Cell", "DamagedTableError", "build_lab", "count_lab",
           "default_workers", "lab_ready", "load_lab", "load_or_build_lab", "quick_figures",
           "write_lab"]
