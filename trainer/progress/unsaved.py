"""Answers the trainer could not save when it had to stop, kept for its next start.

When the program is ended (a closed terminal, SIGTERM, Ctrl-C) while the progress file cannot
take what waits (another program holds it locked past the busy timeout, the disk is full),
the waiting writes are written, as plain JSON, to a file of their own beside the progress file
(``progress.sqlite3.unsaved-<time>-<process>.json``; never the progress file itself, which
only SQLite touches). The next program to open the progress file for writing saves them there
in one transaction, records the file's name in the same transaction (so that a file is saved
once, even if that program is stopped before it can remove it), then removes it.

Only what the player did is kept: sessions, answers, undos, shoe rounds and card marks; the
memory model and its kept picture are rebuilt from the answers.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.progress.errors import ProgressStoreError
from trainer.rules.atomic_file import atomic_write
from trainer.teaching.records import GradedDecision, Mode

if TYPE_CHECKING:
    from trainer.progress.store import ProgressStore

#: A kept write: its kind and what it holds, plain JSON values.
Entry = Mapping[str, Any]
_NAME = "{name}.unsaved-{stamp}-{pid}.json"


def keep(path: Path, entries: Sequence[Entry], *, now: datetime | None = None) -> Path:
    """Write ``entries`` to a new file beside the progress file ``path``; returns it."""
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target = path.with_name(_NAME.format(name=path.name, stamp=stamp, pid=os.getpid()))
    with atomic_write(target, encoding="utf-8") as out:
        json.dump({"format": 1, "entries": list(entries)}, out)
    return target


def waiting(path: Path) -> list[Path]:
    """The files of kept answers beside the progress file ``path``, oldest first."""
    pattern = _NAME.format(name=glob.escape(path.name), stamp="*", pid="*")
    return sorted(path.parent.glob(pattern))


def restore(store: ProgressStore) -> int:
    """Save every file of kept answers beside ``store``'s file into it and remove the file;
    returns the answers saved. A file that cannot be read is left where it is."""
    saved = 0
    for kept in waiting(store.path):
        try:
            entries = json.loads(kept.read_text(encoding="utf-8"))["entries"]
            saved += store.restore_kept(kept.name, entries)
        except (OSError, ValueError, KeyError, TypeError, ProgressStoreError):
            continue         # unreadable, or the file cannot take them now: kept for later
        with contextlib.suppress(OSError):
            kept.unlink()
    return saved


def replay(store: ProgressStore, entries: Sequence[Entry],
           decision_of: Callable[[Mapping[str, Any]], GradedDecision]) -> int:
    """Apply kept ``entries`` through ``store`` (inside the caller's transaction), a kept
    decision read back by ``decision_of``; returns the answers among them. A reference to a
    row saved before the stop is its row id; to a row kept in the same file, its ``ref``."""
    rows: dict[int, int] = {}

    def row(reference: Mapping[str, int]) -> int:
        return reference["id"] if "id" in reference else rows[reference["ref"]]

    answers = 0
    for entry in entries:
        kind = entry["kind"]
        at = _time(entry.get("at"))
        if kind == "session":
            rows[entry["ref"]] = store.start_session(entry["preset"], Mode(entry["mode"]),
                                                     entry["settings"], at=at)
        elif kind == "decision":
            rows[entry["ref"]] = store.record_decision(row(entry["session"]),
                                                       decision_of(entry["decision"]))
            answers += 1
        elif kind == "undo":
            store.undo_decision(row(entry["decision"]))
        elif kind == "round":
            store.record_round(row(entry["session"]), entry["number"], at=at,
                               **entry["values"])
        elif kind == "end":
            store.end_session(row(entry["session"]), at=at)
        elif kind == "marks":
            store.mark_cards(entry["preset"], entry["situations"], entry["mark"], at=at)
    return answers


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


__all__ = ["Entry", "keep", "replay", "restore", "waiting"]
