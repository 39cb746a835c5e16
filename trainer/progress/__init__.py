"""Progress store: every graded decision in SQLite, and the review queries over it."""

from trainer.progress.errors import (
    CorruptDatabaseError,
    DatabaseLockedError,
    NewerDatabaseError,
    ProgressStoreError,
    StorageError,
)
from trainer.progress.filters import Filter
from trainer.progress.location import database_path
from trainer.progress.store import ProgressStore, ShoeRound, StoredDecision

__all__ = [
    "CorruptDatabaseError",
    "DatabaseLockedError",
    "Filter",
    "NewerDatabaseError",
    "ProgressStore",
    "ProgressStoreError",
    "ShoeRound",
    "StorageError",
    "StoredDecision",
    "database_path",
]
