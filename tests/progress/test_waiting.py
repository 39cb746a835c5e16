"""How long the store waits for another program's lock before it says the file is locked:
docs/history.md ("A write waits up to 5 s for another program's lock"), the store's default."""

from __future__ import annotations

from pathlib import Path

from trainer.progress.store import ProgressStore


def test_the_store_waits_five_seconds_for_a_lock_by_default(db_path: Path) -> None:
    """SQLite's busy timeout of every connection the store opens, read back from SQLite."""
    with ProgressStore.open(db_path) as store:
        assert store.tuples("PRAGMA busy_timeout") == [(5000,)]
    with ProgressStore.open(db_path, read_only=True) as store:
        assert store.tuples("PRAGMA busy_timeout") == [(5000,)]
