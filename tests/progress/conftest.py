"""Fixtures for the progress store: a temporary database opened with a fixed clock."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.progress.factories import FIXED_NOW
from trainer.progress.store import ProgressStore


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where a fresh progress file goes (not created yet)."""
    return tmp_path / "data" / "progress.sqlite3"


@pytest.fixture
def open_store(db_path: Path) -> Iterator[Callable[..., ProgressStore]]:
    """Open the store at db_path with a fixed clock; every store opened is closed at teardown."""
    opened: list[ProgressStore] = []

    def opener(**kwargs: object) -> ProgressStore:
        store = ProgressStore.open(db_path, clock=lambda: FIXED_NOW, **kwargs)  # type: ignore[arg-type]
        opened.append(store)
        return store

    yield opener
    for store in opened:
        store.close()


@pytest.fixture
def store(open_store: Callable[..., ProgressStore]) -> ProgressStore:
    """An open, empty progress store in a temporary folder."""
    return open_store()
