"""Drill fixtures: the preset catalogs, a private table cache, a clock moved by hand."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from trainer.drills.catalog import Catalog, catalog
from trainer.rules import preset


@pytest.fixture(scope="session", autouse=True)
def table_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tables built on demand (the standard counterparts) go to a temporary cache of this test
    session, shared by its xdist workers (whose base folders sit in the session's), never to
    the user's cache."""
    base = tmp_path_factory.getbasetemp()
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "table-cache"
    root.mkdir(parents=True, exist_ok=True)
    before = os.environ.get("FREEBET_TABLE_CACHE")
    os.environ["FREEBET_TABLE_CACHE"] = str(root)
    yield
    if before is None:
        os.environ.pop("FREEBET_TABLE_CACHE", None)
    else:
        os.environ["FREEBET_TABLE_CACHE"] = before


@pytest.fixture(autouse=True)
def private_progress(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Never let a test touch the user's progress file."""
    monkeypatch.setenv("FREEBET_TRAINER_DATA", str(tmp_path_factory.mktemp("progress")))


@pytest.fixture(scope="session")
def evolution() -> Catalog:
    """The evolution preset's catalog (loaded from data/ once)."""
    return catalog(preset("evolution"))


@pytest.fixture(scope="session")
def pot_of_gold() -> Catalog:
    """The pot-of-gold preset's catalog."""
    return catalog(preset("pot-of-gold"))


@pytest.fixture(scope="session")
def evolution_differences(evolution: Catalog) -> frozenset[str]:
    """Where evolution differs from its standard counterpart (built once per session)."""
    return evolution.differences()


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time on."""
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> FakeClock:
    """A fresh hand-moved clock."""
    return FakeClock()
