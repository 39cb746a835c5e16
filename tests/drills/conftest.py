"""Drill fixtures: the preset catalogs and a clock moved by hand (the private folders and table
cache come from tests/conftest.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from trainer.drills.catalog import Catalog, catalog
from trainer.rules import preset


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
