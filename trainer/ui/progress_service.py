"""The window's one door to the progress core: what its pages ask of the player's history,
and the types they show, named in one place.

Anki's front end reaches its collection through one seam (``aqt.operations``); here every
``trainer/ui`` module takes what it needs of :mod:`trainer.progress` from this module, and the
architecture test holds it so (``tests/test_architecture.py``): a change inside the progress
core shows here, not in twenty pages. What the terminal and the window both run is composed in
the core (:mod:`trainer.session`, :mod:`trainer.progress.writers` for the one writer of a file
in a process); nothing here writes by itself.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # the names as the type checker sees them (re-exported); at run time, on
    # first use (see _FROM)
    from trainer.progress import changes as changes
    from trainer.progress.apart import KeptApart as KeptApart
    from trainer.progress.backup import BackedUp as BackedUp
    from trainer.progress.changes import (
        Stamp as Stamp,
    )
    from trainer.progress.changes import (
        same_file as same_file,
    )
    from trainer.progress.counting import (
        CountDay as CountDay,
    )
    from trainer.progress.counting import (
        IndexRecord as IndexRecord,
    )
    from trainer.progress.counting import (
        count_days as count_days,
    )
    from trainer.progress.counting import (
        index_record as index_record,
    )
    from trainer.progress.counting import (
        skill_answers as skill_answers,
    )
    from trainer.progress.dashboard import (
        DueLoad as DueLoad,
    )
    from trainer.progress.dashboard import (
        ProgressData as ProgressData,
    )
    from trainer.progress.dashboard import (
        ProgressQuery as ProgressQuery,
    )
    from trainer.progress.dashboard import (
        cost_rules as cost_rules,
    )
    from trainer.progress.dashboard import (
        grid_rows as grid_rows,
    )
    from trainer.progress.dashboard import (
        load_cards as load_cards,
    )
    from trainer.progress.dashboard import (
        load_progress as load_progress,
    )
    from trainer.progress.dashboard import (
        load_trends as load_trends,
    )
    from trainer.progress.dashboard import (
        preset_title as preset_title,
    )
    from trainer.progress.errors import (
        CorruptDatabaseError as CorruptDatabaseError,
    )
    from trainer.progress.errors import (
        DatabaseLockedError as DatabaseLockedError,
    )
    from trainer.progress.errors import (
        DiskFullError as DiskFullError,
    )
    from trainer.progress.errors import (
        ProgressStoreError as ProgressStoreError,
    )
    from trainer.progress.errors import (
        ReadOnlyError as ReadOnlyError,
    )
    from trainer.progress.errors import (
        StorageError as StorageError,
    )
    from trainer.progress.errors import (
        fault_kind as fault_kind,
    )
    from trainer.progress.errors import (
        translate_os as translate_os,
    )
    from trainer.progress.export import export_problem as export_problem
    from trainer.progress.heat_grid import (
        HeatGrid as HeatGrid,
    )
    from trainer.progress.heat_grid import (
        heatmap_grid as heatmap_grid,
    )
    from trainer.progress.heat_grid import (
        row_labels as row_labels,
    )
    from trainer.progress.location import database_path as database_path
    from trainer.progress.review import (
        DayStats as DayStats,
    )
    from trainer.progress.review import (
        ResponseDay as ResponseDay,
    )
    from trainer.progress.review import (
        Retention as Retention,
    )
    from trainer.progress.review import (
        SessionStats as SessionStats,
    )
    from trainer.progress.saving import (
        Row as Row,
    )
    from trainer.progress.saving import (
        SaveState as SaveState,
    )
    from trainer.progress.saving import (
        SessionSaver as SessionSaver,
    )
    from trainer.progress.shares import own_shares as own_shares
    from trainer.progress.store import (
        PlayedRound as PlayedRound,
    )
    from trainer.progress.store import (
        ProgressStore as ProgressStore,
    )
    from trainer.progress.trend import LeakTrend as LeakTrend
    from trainer.progress.writers import SharedStores as SharedStores

#: Each name the pages take, and the core module that states it (imported on first use: the
#: window's first paint loads only what its first page needs).
_FROM = {
    "BackedUp": "trainer.progress.backup",
    "changes": "trainer.progress.changes",
    "CorruptDatabaseError": "trainer.progress.errors",
    "cost_rules": "trainer.progress.dashboard",
    "count_days": "trainer.progress.counting",
    "CountDay": "trainer.progress.counting",
    "database_path": "trainer.progress.location",
    "DatabaseLockedError": "trainer.progress.errors",
    "DayStats": "trainer.progress.review",
    "DiskFullError": "trainer.progress.errors",
    "DueLoad": "trainer.progress.dashboard",
    "export_problem": "trainer.progress.export",
    "fault_kind": "trainer.progress.errors",
    "grid_rows": "trainer.progress.dashboard",
    "HeatGrid": "trainer.progress.heat_grid",
    "heatmap_grid": "trainer.progress.heat_grid",
    "index_record": "trainer.progress.counting",
    "IndexRecord": "trainer.progress.counting",
    "KeptApart": "trainer.progress.apart",
    "LeakTrend": "trainer.progress.trend",
    "load_cards": "trainer.progress.dashboard",
    "load_progress": "trainer.progress.dashboard",
    "load_trends": "trainer.progress.dashboard",
    "own_shares": "trainer.progress.shares",
    "PlayedRound": "trainer.progress.store",
    "preset_title": "trainer.progress.dashboard",
    "ProgressData": "trainer.progress.dashboard",
    "ProgressQuery": "trainer.progress.dashboard",
    "ProgressStore": "trainer.progress.store",
    "ProgressStoreError": "trainer.progress.errors",
    "ReadOnlyError": "trainer.progress.errors",
    "ResponseDay": "trainer.progress.review",
    "Retention": "trainer.progress.review",
    "Row": "trainer.progress.saving",
    "row_labels": "trainer.progress.heat_grid",
    "same_file": "trainer.progress.changes",
    "SaveState": "trainer.progress.saving",
    "SessionSaver": "trainer.progress.saving",
    "SessionStats": "trainer.progress.review",
    "SharedStores": "trainer.progress.writers",
    "skill_answers": "trainer.progress.counting",
    "Stamp": "trainer.progress.changes",
    "StorageError": "trainer.progress.errors",
    "translate_os": "trainer.progress.errors",
}


def __getattr__(name: str) -> Any:
    """A name of the progress core, imported when a page first asks for it."""
    if name not in _FROM:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(_FROM[name])
    return module if module.__name__.endswith(f".{name}") else getattr(module, name)


def _read_only(database: Path) -> ProgressStore:
    """``database`` opened to read (an operating-system fault as the store's own error)."""
    from trainer.progress.errors import translate_os
    from trainer.progress.store import ProgressStore
    try:
        return ProgressStore.open(database, read_only=True)
    except OSError as exc:
        raise translate_os(database, exc) from exc


def export_history(database: Path, target: Path) -> int:
    """Write every stored decision of ``database`` to ``target`` as CSV; returns the count."""
    from trainer.progress.export import export_csv
    with _read_only(database) as store:
        return export_csv(store, target)


def backup_history(database: Path, target: Path) -> BackedUp:
    """Copy the whole history of ``database`` into ``target``; what the copy holds."""
    from trainer.progress.backup import back_up
    with _read_only(database) as store:
        return back_up(store, target)


def stored_decisions(database: Path) -> int:
    """How many decisions ``database`` holds (the self-test reads its answer back)."""
    with _read_only(database) as store:
        return len(list(store.decisions()))


__all__ = [*_FROM, "backup_history", "export_history", "stored_decisions"]
