"""CSV export of every decision (``freebet-trainer export --csv FILE``), written atomically.

One row per decision with a header: row id, session id, then every GradedDecision field in
order (``evs`` as JSON text, ``timed_out`` as 0/1, the grade at a depleted shoe as
``shoe_best``, ``shoe_verdict``, ``shoe_ev_loss``, ``shoe_evs``, empty when there is none,
``apart`` as 0/1), then ``undone`` (1 for an answer the player took back: kept, like everything
stored). Floats are written exactly (shortest
round-trip form), so :func:`read_csv` gives back the very records that were stored. The file
is written beside its destination under a temporary name, flushed to disk, then renamed over
it, so a crash never leaves a half-written export; a folder, a device or a read-only file is
refused (:mod:`trainer.rules.atomic_file`), and so are the progress file itself and the files
SQLite keeps beside it (renaming an export over them would destroy the history).
:func:`export_problem` says a failed export in one plain sentence.
"""

from __future__ import annotations

import csv
import errno
import os
from collections.abc import Iterator
from pathlib import Path

from trainer.progress.files import same_history
from trainer.progress.filters import Filter
from trainer.progress.store import (
    DECISION_COLUMNS,
    ProgressStore,
    StoredDecision,
    decision_from_row,
)
from trainer.rules.atomic_file import RefusedTargetError, atomic_write

HEADER = list(DECISION_COLUMNS)
#: Every decision, undone ones, damaged ones and plays kept apart included (the default of an
#: export: the history as stored).
ALL_KEPT = Filter(with_undone=True, with_damaged=True, with_apart=True)
ENCODING = "utf-8-sig"  # with a BOM, so spreadsheets read the card suits (♠ ♦) correctly


def export_csv(store: ProgressStore, path: str | os.PathLike[str],
               only: Filter = ALL_KEPT) -> int:
    """Write every decision matching ``only`` to ``path`` atomically; returns the row count.

    Raises OSError (RefusedTargetError for a target that must not be written)."""
    if same_history(store.path, Path(path)):
        raise RefusedTargetError(errno.EINVAL, "it is the progress file itself", str(path))
    count = 0
    with atomic_write(path, encoding=ENCODING, newline="") as out:
        writer = csv.writer(out)
        writer.writerow(HEADER)
        for row in store.decision_rows(only):
            writer.writerow(row)
            count += 1
    return count


def read_csv(path: str | os.PathLike[str]) -> Iterator[StoredDecision]:
    """The decisions in a CSV written by :func:`export_csv`."""
    with Path(path).open(encoding=ENCODING, newline="") as source:
        for row in csv.DictReader(source):
            yield StoredDecision(int(row["id"]), int(row["session_id"]), decision_from_row(row))


def export_problem(target: str | os.PathLike[str], error: OSError, *,
                   done: str = "exported", again: str = "export again") -> str:
    """Why an export (or a backup: ``done`` "backed up", ``again`` "back up again") to
    ``target`` failed and what to do, in one plain sentence."""
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return (f"Not {done} to {target}: the disk is full. Free some space on that disk, "
                f"or choose a folder on another disk, and {again}; your progress is "
                "unchanged.")
    reason = error.strerror or str(error)
    return (f"Not {done} to {target}: {reason}. Choose another file or folder and {again}; "
            "your progress is unchanged.")
